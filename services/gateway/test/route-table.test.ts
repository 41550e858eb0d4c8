/**
 * The route table in shared/contracts is what every client builds its URLs from (docs/architecture.md#routes): each
 * route it names must be one the services register, with that method, or a client would call a path nobody serves;
 * and each route a service registers must be in its table, so a path is written in one place.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AccountRoutes, CatalogRoutes, CheckoutRoutes, PAYMENT_PROVIDERS, type AnyRoute } from '@pharmacy/contracts';
import { createApp, generateTestKeys, inProcessPeers, loadConfig } from '@pharmacy/service-kit';
import { buildGateway } from '../src';
import { embeddedServices } from '../src/embedded';
import { SERVICE_NAMES, type ServiceName } from '../src/routes-table';

/** Every route of a table, however deep its groups. */
function routesOf(table: object): AnyRoute[] {
  return Object.values(table).flatMap((v: AnyRoute | object) => ('method' in v && 'path' in v ? [v as AnyRoute] : routesOf(v)));
}

describe('the route table', () => {
  it('names only routes the embedded gateway serves, with their methods', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-routes-'));
    const config = { ...loadConfig({ DATA_DIR: dataDir, CATALOG_SEED: 'false' }), logLevel: 'silent' };
    const app = await buildGateway({ mode: 'embedded', config });
    try {
      const table = [AccountRoutes, CatalogRoutes, CheckoutRoutes].flatMap(routesOf);
      expect(table.length).toBeGreaterThan(60);
      const missing = table.filter((r) => !app.hasRoute({ method: r.method, url: r.path })).map((r) => `${r.method} ${r.path}`);
      expect(missing).toEqual([]);
    } finally {
      await app.close();
    }
  }, 60_000);

  const tables: Record<ServiceName, object> = { account: AccountRoutes, catalog: CatalogRoutes, checkout: CheckoutRoutes };
  /** A payment provider's own pages live in its folder, not the table (adding a provider touches only its folder). */
  const providerPage = (url: string) => PAYMENT_PROVIDERS.some((p) => url.startsWith(`/api/payments/${p}/`));

  it.each(SERVICE_NAMES)('holds every route the %s service registers, and no other of its routes', async (name) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `gw-routes-${name}-`));
    const config = { ...loadConfig({ DATA_DIR: dataDir, CATALOG_SEED: 'false' }), logLevel: 'silent' };
    const keys = generateTestKeys();
    const app = await createApp({ publicKey: keys.publicKey, logLevel: 'silent' });
    const registered: string[] = [];
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD' && /^\/(api|internal)\//.test(route.url) && !providerPage(route.url)) registered.push(`${method} ${route.url}`);
      }
    });
    const open = (await embeddedServices())[name];
    const handle = await open({ config, log: app.log, internalToken: keys.internalToken, peers: inProcessPeers(app), privateKey: keys.privateKey });
    try {
      await handle.register(app);
      await app.ready();
      const table = routesOf(tables[name]).map((r) => `${r.method} ${r.path}`);
      expect(registered.length).toBeGreaterThan(10);
      expect([...registered].sort()).toEqual([...table].sort());
    } finally {
      await app.close();
      await handle.close();
    }
  }, 60_000);
});
