/**
 * The account, catalog and checkout services as distributed mode deploys them: each a Fastify server listening on
 * its own port over one data folder, opened the way its server.ts opens it (without its signal handling), so a test
 * can stop one and start it again on the same port.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openAccountService } from '@pharmacy/account-service';
import { openCatalogService } from '@pharmacy/catalog-service';
import { openCheckoutService } from '@pharmacy/checkout-service';
import { createApp, ensureKeys, httpPeers, loadConfig, loadInternalToken, loadKeys, type App, type OpenService } from '@pharmacy/service-kit';

export type ServiceName = 'account' | 'catalog' | 'checkout';
const OPENERS: Record<ServiceName, OpenService> = { account: openAccountService, catalog: openCatalogService, checkout: openCheckoutService };
/** Started in this order (catalog and checkout follow the account service), stopped in the reverse. */
const START_ORDER: ServiceName[] = ['account', 'catalog', 'checkout'];

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface RealServices {
  dataDir: string;
  ports: Record<ServiceName, number>;
  urls: Record<ServiceName, string>;
  /** Opens the service on its data and listens on its port again. */
  start(name: ServiceName): Promise<void>;
  /** Closes the service (its port then refuses connections). */
  stop(name: ServiceName): Promise<void>;
  stopAll(): Promise<void>;
}

/**
 * Starts the three services on fresh ports over a new data folder (with keys) whose name starts with `prefix`,
 * with `env` added to their configuration.
 */
export async function startRealServices(prefix: string, env: Record<string, string> = {}): Promise<RealServices> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  ensureKeys(dataDir);
  const ports = { account: await freePort(), catalog: await freePort(), checkout: await freePort() };
  const urls = { account: `http://127.0.0.1:${ports.account}`, catalog: `http://127.0.0.1:${ports.catalog}`, checkout: `http://127.0.0.1:${ports.checkout}` };
  const running: Partial<Record<ServiceName, App>> = {};

  async function start(name: ServiceName): Promise<void> {
    // The demo seed draws dozens of PNGs, which is slow inside jest; tests add the products they need.
    const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PORT: String(ports[name]), CATALOG_SEED: 'false', ...env }), logLevel: 'silent' };
    const keys = loadKeys({ dataDir, withPrivate: name === 'account' });
    const app = await createApp({ publicKey: keys.publicKey, logLevel: 'silent', trustProxy: '127.0.0.1', trustedOrigins: [config.publicOrigin] });
    const handle = await OPENERS[name]({ config, log: app.log, internalToken: loadInternalToken(dataDir), peers: httpPeers(urls), privateKey: keys.privateKey });
    await handle.register(app);
    app.addHook('onClose', () => handle.close());
    await app.listen({ port: ports[name], host: '127.0.0.1' });
    running[name] = app;
  }

  async function stop(name: ServiceName): Promise<void> {
    await running[name]?.close();
    delete running[name];
  }

  for (const name of START_ORDER) await start(name);
  return {
    dataDir,
    ports,
    urls,
    start,
    stop,
    async stopAll() {
      for (const name of [...START_ORDER].reverse()) await stop(name);
    },
  };
}
