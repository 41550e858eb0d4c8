/**
 * The route table in shared/contracts is what every client builds its URLs from (docs/architecture.md#routes): each
 * route it names must be one the services register, with that method, or a client would call a path nobody serves.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AccountRoutes, CatalogRoutes, CheckoutRoutes, type AnyRoute } from '@pharmacy/contracts';
import { loadConfig } from '@pharmacy/service-kit';
import { buildGateway } from '../src';

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
});
