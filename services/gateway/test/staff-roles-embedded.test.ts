/**
 * Embedded mode: the account service feeds the one revocation list of the process as it changes roles, so catalog
 * and checkout refuse a staff member's old token at once (docs/architecture.md#security).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type App } from '@pharmacy/service-kit';
import { buildGateway } from '../src';
import { roleChangeReachesEveryService } from './role-change';

let gateway: App;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-roles-'));
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, CATALOG_SEED: 'false' }), logLevel: 'silent' };
  gateway = await buildGateway({ mode: 'embedded', config });
  await gateway.ready();
}, 60_000);
afterAll(async () => {
  await gateway?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a change of staff roles: the old token is refused as expired by catalog and checkout in process, the refreshed one carries the new roles', async () => {
  await roleChangeReachesEveryService(gateway);
}, 60_000);
