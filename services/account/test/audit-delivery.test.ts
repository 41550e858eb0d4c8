import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openStore, type DocumentStore } from '@pharmacy/db';
import {
  AUDIT_OUTBOX, auditPlugin, createApp, injectTransport, requirePermission, serviceAuditSink, type App, type OutboxAuditSink, type ServiceTransport,
} from '@pharmacy/service-kit';
import { buildTestApp, type TestApp } from './helpers';
import { staffHeaders } from './audit-helpers';

/**
 * The path every service but this one records through (docs/architecture.md#audit-trail): a staff route of a
 * catalog-like service, its own store on disk with the outbox, and the same sink catalog's index.ts opens, delivering
 * to this service's internal route. The account service can be down, and either process can stop at any point.
 */
let account: TestApp;
let accountUp = true;
/** After the account service has taken an entry, its answer is lost (a crash or a cut connection before the outbox delete). */
let loseNextAnswer = false;
const toAccount: ServiceTransport = async (req) => {
  if (!accountUp) throw new Error('connect ECONNREFUSED');
  const res = await injectTransport(account.app)(req);
  if (loseNextAnswer) {
    loseNextAnswer = false;
    throw new Error('socket hang up');
  }
  return res;
};

interface Catalog {
  app: App;
  store: DocumentStore;
  audit: OutboxAuditSink;
  stop(): Promise<void>;
}

async function startCatalog(dataDir: string): Promise<Catalog> {
  const store = await openStore({ name: 'catalog', dataDir });
  const audit = serviceAuditSink({ internalToken: account.keys.internalToken, log: { warn: () => undefined }, peers: { account: toAccount } }, store);
  const app = await createApp({ publicKey: account.keys.publicKey, logLevel: 'silent', trustedOrigins: ['http://shop.test'] });
  await app.register(auditPlugin, { sink: audit, service: 'catalog' });
  app.put('/api/admin/products/edit/:id', { preHandler: requirePermission('catalogue.manage') }, async (request) => {
    const { id } = request.params as { id: string };
    await request.audit({ action: 'product.edit', entity: { type: 'product', id, name: 'Ibuprofen 200 mg' }, before: { price: 399 }, after: { price: 349 } });
    return { success: true, data: null };
  });
  await app.ready();
  return {
    app,
    store,
    audit,
    stop: async () => {
      await audit.stop();
      await app.close();
      await store.close();
    },
  };
}

const editProduct = (c: Catalog) =>
  c.app.inject({ method: 'PUT', url: '/api/admin/products/edit/p1', headers: { ...staffHeaders(account, ['catalogue'], { id: 'cara', name: 'Cara Catalogue' }), origin: 'http://shop.test' } });
const trail = async () =>
  (await account.app.inject({ url: '/api/admin/audit?entityType=product&limit=100', headers: staffHeaders(account, ['admin']) })).json().data as Array<{ id: string; seq: number; actor: { name: string } }>;
const waiting = (c: Catalog) => c.store.collection(AUDIT_OUTBOX).countDocuments({});

beforeEach(async () => {
  account = await buildTestApp();
  accountUp = true;
  loseNextAnswer = false;
});
afterEach(() => account.close());

const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'audit-delivery-'));

describe('an entry recorded in another service', () => {
  it('reaches the trail at once when the account service is up, and leaves nothing waiting', async () => {
    const catalog = await startCatalog(tmpDir());
    try {
      expect((await editProduct(catalog)).statusCode).toBe(200);
      expect(await catalog.audit.deliverPending()).toBe(0);
      expect(await trail()).toEqual([expect.objectContaining({ seq: 1, actor: expect.objectContaining({ name: 'Cara Catalogue', role: 'catalogue' }) })]);
    } finally {
      await catalog.stop();
    }
  });

  it('while the account service is down: the staff write still answers, the entry waits on disk, and after both restart it is in the trail once', async () => {
    const dataDir = tmpDir();
    accountUp = false;
    const first = await startCatalog(dataDir);
    expect((await editProduct(first)).statusCode).toBe(200);
    expect(await first.audit.deliverPending()).toBe(1);
    await first.stop();
    expect(await trail()).toEqual([]);

    accountUp = true;
    const second = await startCatalog(dataDir);
    try {
      second.audit.start();
      expect(await second.audit.deliverPending()).toBe(0);
      expect(await trail()).toHaveLength(1);
      // Offered again (a round after the delivery): nothing more is kept.
      await second.audit.deliverPending();
      expect(await trail()).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });

  it('a stop between the account service taking the entry and the outbox forgetting it redelivers it, and the trail keeps it once', async () => {
    const dataDir = tmpDir();
    const first = await startCatalog(dataDir);
    loseNextAnswer = true;
    expect((await editProduct(first)).statusCode).toBe(200);
    while (loseNextAnswer) await new Promise((resolve) => setTimeout(resolve, 5));
    await first.audit.stop();
    // Taken by the account service, but its answer was lost: the entry still waits here.
    expect(await waiting(first)).toBe(1);
    await first.stop();
    const taken = await trail();
    expect(taken).toHaveLength(1);

    const second = await startCatalog(dataDir);
    try {
      expect(await second.audit.deliverPending()).toBe(0);
      expect(await trail()).toEqual(taken);
      expect(await waiting(second)).toBe(0);
    } finally {
      await second.stop();
    }
  });
});
