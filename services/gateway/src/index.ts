export { buildGateway, type GatewayMode, type GatewayOptions } from './gateway';
export { startBanner } from './banner';
export { SERVICE_PREFIXES, SERVICE_NAMES, type ServiceName } from './routes-table';
export { remotesManifest, spaFallback } from './static-files';
export { DEFAULT_UPSTREAM_TIMEOUT_MS } from './upstreams';
