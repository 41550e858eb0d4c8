import path from 'node:path';
import { loadConfig, startOrExit } from '@pharmacy/service-kit';
import { buildGateway, type GatewayMode } from './gateway';

function upstreamTimeout(value: string): number {
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 100) throw new Error(`GATEWAY_UPSTREAM_TIMEOUT_MS must be a whole number of milliseconds, at least 100 (got "${value}").`);
  return ms;
}

/** Start: `node dist/server.js` (GATEWAY_MODE=embedded by default; distributed proxies to *_SERVICE_URL). */
async function main() {
  const config = loadConfig(process.env, { port: 5000 });
  const mode = (process.env.GATEWAY_MODE ?? 'embedded') as GatewayMode;
  const env = process.env;
  const app = await buildGateway({
    mode,
    config,
    static: {
      root: path.resolve(env.STATIC_ROOT ?? path.join(__dirname, '..', '..', '..')),
      // A remote deployed elsewhere (or a dev server): REMOTE_URLS='{"catalog":"https://…/mf-manifest.json"}'.
      remoteUrls: env.REMOTE_URLS ? JSON.parse(env.REMOTE_URLS) : undefined,
    },
    serviceUrls:
      mode === 'distributed'
        ? {
            account: env.ACCOUNT_SERVICE_URL ?? 'http://127.0.0.1:4001',
            catalog: env.CATALOG_SERVICE_URL ?? 'http://127.0.0.1:4002',
            checkout: env.CHECKOUT_SERVICE_URL ?? 'http://127.0.0.1:4003',
          }
        : undefined,
    upstreamTimeoutMs: env.GATEWAY_UPSTREAM_TIMEOUT_MS ? upstreamTimeout(env.GATEWAY_UPSTREAM_TIMEOUT_MS) : undefined,
  });
  const stop = () => void app.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Pharmacy & Care is running on ${config.publicOrigin} (${mode} mode)`);
}

void startOrExit('gateway', main);
