import fastifyCompress from '@fastify/compress';
import { openAccountService } from '@pharmacy/account-service';
import { openCatalogService } from '@pharmacy/catalog-service';
import { openCheckoutService } from '@pharmacy/checkout-service';
import {
  createApp,
  ensureKeys,
  loadInternalToken,
  findInternalToken,
  followAccountRevocations,
  loadKeys,
  serviceUrlsFor,
  type App,
  type GatewayMode,
  type KitConfig,
  type OpenService,
  type ServiceContext,
  type ServiceHandle,
} from '@pharmacy/service-kit';
import { SERVICE_NAMES, type ServiceName } from './routes-table';
import { registerStatic, spaFallback, type StaticOptions } from './static-files';
import { registerUpstreams } from './upstreams';

const OPENERS: Record<ServiceName, OpenService> = {
  account: openAccountService,
  catalog: openCatalogService,
  checkout: openCheckoutService,
};

export type { GatewayMode } from '@pharmacy/service-kit';

export interface GatewayOptions {
  mode: GatewayMode;
  config: KitConfig;
  /** Built apps to serve; omit to serve the API only. */
  static?: StaticOptions;
  /** distributed mode: where each service listens. */
  serviceUrls?: Record<ServiceName, string>;
  /** distributed mode: how long a service may take to answer before the shopper gets 504 (default 45 s). */
  upstreamTimeoutMs?: number;
  /** Where the gateway's log lines go (default stdout). */
  logStream?: { write(line: string): void };
}

/**
 * The one public origin: /api routing, the built host and remotes, and /remotes.json.
 * Embedded: every service's plugin in this process. Distributed: each /api prefix proxied to its service.
 */
export async function buildGateway(opts: GatewayOptions): Promise<App> {
  const { config } = opts;
  if (opts.mode === 'embedded') ensureKeys(config.dataDir);
  const keys = loadKeys({ dataDir: config.dataDir, withPrivate: opts.mode === 'embedded', given: config.jwtKeys });
  const app = await createApp({
    publicKey: keys.publicKey,
    logLevel: config.logLevel,
    logStream: opts.logStream,
    docs: opts.mode === 'embedded',
    trustedOrigins: [config.publicOrigin],
    production: config.production,
    onNotFound: opts.static ? spaFallback(opts.static) : undefined,
  });
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });

  if (opts.mode === 'embedded') {
    const handles: ServiceHandle[] = [];
    const base: Omit<ServiceContext, 'privateKey'> = {
      config,
      log: app.log,
      internalToken: loadInternalToken(config.dataDir, config.internalToken),
      serviceUrls: serviceUrlsFor(config, `http://127.0.0.1:${config.port}`),
    };
    app.addHook('onClose', async () => {
      for (const h of handles.reverse()) await h.close();
    });
    for (const name of SERVICE_NAMES) {
      // Only the account service is handed the signing key.
      const handle = await OPENERS[name]({ ...base, privateKey: name === 'account' ? keys.privateKey : undefined });
      handles.push(handle);
      await handle.register(app);
    }
  } else {
    const urls = opts.serviceUrls;
    if (!urls) throw new Error('distributed mode needs ACCOUNT_SERVICE_URL, CATALOG_SERVICE_URL and CHECKOUT_SERVICE_URL');
    await registerUpstreams(app, { urls, timeoutMs: opts.upstreamTimeoutMs });
    // check-auth is answered from the token while the account service is down: it must still know who signed out.
    const internalToken = findInternalToken(config.dataDir, config.internalToken);
    if (internalToken) followAccountRevocations(app, { serviceUrls: urls, internalToken, log: app.log, config });
    else app.log.warn('INTERNAL_TOKEN not set: the gateway cannot read session revocations from the account service');
  }

  if (opts.static) await registerStatic(app, opts.static);
  return app;
}
