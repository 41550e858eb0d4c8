import path from 'node:path';
import { assertDevMailboxPrivate, loadConfig, startOrExit } from '@pharmacy/service-kit';
import { startBanner } from './banner';
import { buildGateway } from './gateway';

/** distributed mode, a *_SERVICE_URL unset: the port that service's own server.ts listens on by default. */
const DEFAULT_SERVICE_URLS = { account: 'http://127.0.0.1:4001', catalog: 'http://127.0.0.1:4002', checkout: 'http://127.0.0.1:4003' };

/** Start: `node dist/server.js` (GATEWAY_MODE=embedded by default; distributed proxies to *_SERVICE_URL). */
async function main() {
  // A bad value stops here, before anything opens, with the variable's name and what it accepts.
  const config = loadConfig(process.env, { port: 5000 });
  assertDevMailboxPrivate(config);
  const { mode, staticRoot, remoteUrls, upstreamTimeoutMs } = config.gateway;
  const app = await buildGateway({
    mode,
    config,
    static: {
      root: staticRoot ?? path.resolve(__dirname, '..', '..', '..'),
      // A remote deployed elsewhere (or a dev server): REMOTE_URLS='{"catalog":"https://…/mf-manifest.json"}'.
      remoteUrls,
    },
    serviceUrls:
      mode === 'distributed'
        ? {
            account: config.serviceUrls.account ?? DEFAULT_SERVICE_URLS.account,
            catalog: config.serviceUrls.catalog ?? DEFAULT_SERVICE_URLS.catalog,
            checkout: config.serviceUrls.checkout ?? DEFAULT_SERVICE_URLS.checkout,
          }
        : undefined,
    upstreamTimeoutMs,
  });
  const stop = () => void app.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  await app.listen({ port: config.port, host: config.host });
  for (const line of startBanner(config, mode)) app.log.info(line);
}

void startOrExit('gateway', main);
