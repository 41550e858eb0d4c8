/**
 * The distributed gateway runs on contracts and service-kit alone (docs/architecture.md#services): a deployment that
 * only proxies does not carry the services' code. Here every service package fails as soon as it is loaded, as it
 * would if it were not installed: the distributed gateway starts and proxies, the embedded one says what is missing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureKeys, loadConfig } from '@pharmacy/service-kit';
import { buildGateway } from '../src';

jest.mock('@pharmacy/account-service', () => {
  throw new Error('not installed');
});
jest.mock('@pharmacy/catalog-service', () => {
  throw new Error('not installed');
});
jest.mock('@pharmacy/checkout-service', () => {
  throw new Error('not installed');
});

const config = () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-needs-'));
  // The account service, run elsewhere, wrote the keys the gateway verifies with.
  ensureKeys(dataDir);
  return { ...loadConfig({ DATA_DIR: dataDir, CATALOG_SEED: 'false' }), logLevel: 'silent' };
};

describe('without the services installed', () => {
  it('the distributed gateway starts and routes /api to its upstreams', async () => {
    const dead = 'http://127.0.0.1:9';
    const app = await buildGateway({ mode: 'distributed', config: config(), serviceUrls: { account: dead, catalog: dead, checkout: dead } });
    try {
      const res = await app.inject('/api/shop/products/get');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ success: false });
    } finally {
      await app.close();
    }
  });

  it('the embedded gateway refuses to start, naming what to install', async () => {
    await expect(buildGateway({ mode: 'embedded', config: config() })).rejects.toThrow(/install @pharmacy\/account-service/);
  });

  it('the package lists the services as optional only', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '../package.json'), 'utf8')) as Record<string, Record<string, string>>;
    const services = ['@pharmacy/account-service', '@pharmacy/catalog-service', '@pharmacy/checkout-service'];
    expect(Object.keys(pkg.dependencies).filter((d) => services.includes(d))).toEqual([]);
    expect(Object.keys(pkg.optionalDependencies).sort()).toEqual(services);
  });
});
