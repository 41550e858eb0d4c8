/**
 * A stock adjustment (or a restock) interrupted by a crash: the process stops at a chosen store call (that call and every later
 * one fail, as if the process had died there), then the catalog is opened again on the same data folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openStore, type Collection, type DocumentStore } from '@pharmacy/db';
import { PRODUCTS, type ProductDoc } from '../src/products/model';
import { STOCK_HISTORY, type StockHistoryDoc } from '../src/stock/adjustments';
import type { BatchDoc } from '../src/stock/batches';
import { RESERVATIONS, type ReservationDoc } from '../src/stock/service';
import { as, buildTestCatalog, internal, product, type TestCatalog } from './helpers';

type Method = keyof Collection;

/**
 * The store of a process that stops at `collection.method`: from that call on every call fails. With `once`, only
 * that one call fails (a write that failed while the process lives on).
 */
function failingStore(store: DocumentStore, at: { collection: string; method: Method; once?: boolean }): DocumentStore & { failed: number } {
  let dead = false;
  const wrapper = {
    kind: store.kind,
    failed: 0,
    close: () => store.close(),
    collection(name: string) {
      const real = store.collection(name);
      return new Proxy(real, {
        get(target, prop: string) {
          const original = (target as unknown as Record<string, unknown>)[prop];
          if (typeof original !== 'function') return original;
          return (...args: unknown[]) => {
            if (dead) return Promise.reject(new Error('the process has stopped'));
            if (name === at.collection && prop === at.method && (!at.once || wrapper.failed === 0)) {
              wrapper.failed++;
              if (!at.once) dead = true;
              return Promise.reject(new Error(`stopped at ${name}.${prop}`));
            }
            return (original as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
    },
  };
  return wrapper as unknown as DocumentStore & { failed: number };
}

const admin = as('admin-1', true);
let dataDir: string;
let t: TestCatalog | undefined;

const openDisk = () => openStore({ name: 'catalog', dataDir });
/** The catalog opened again on the same data folder, as after a restart. */
async function restart(): Promise<TestCatalog> {
  await t!.close();
  t = await buildTestCatalog({ store: await openDisk() });
  return t;
}
const adjust = (payload: object, id = 'shelf') => t!.app.inject({ method: 'POST', url: `/api/admin/products/${id}/stock`, headers: admin, payload });
const stockView = async (id = 'shelf') => {
  const res = await t!.app.inject({ url: `/api/admin/products/${id}/stock`, headers: admin });
  expect(res.statusCode).toBe(200);
  return res.json().data as { available: number; reserved: number; sold: number; history: Array<{ delta: number; reason: string; availableAfter: number; by: string }> };
};
const lines = (view: Awaited<ReturnType<typeof stockView>>) => view.history.map((h) => [h.delta, h.reason, h.availableAfter, h.by]);

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-crash-'));
});
afterEach(async () => {
  await t?.close();
  t = undefined;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The catalog with a 50-unit product on disk, whose store fails at `at`. */
async function openFailing(at: { collection: string; method: Method; once?: boolean }) {
  const disk = await openDisk();
  const store = failingStore(disk, at);
  t = await buildTestCatalog({ store, products: [product({ id: 'shelf', title: 'Saline Nasal Spray', totalStock: 50 })] });
  return { disk, store };
}

describe('a stock adjustment interrupted by a crash', () => {
  it('stopped between the stock update and the history write: after restart the history has the adjustment and the figures agree', async () => {
    const { disk, store } = await openFailing({ collection: STOCK_HISTORY, method: 'updateOne' });
    const res = await adjust({ delta: 25, reason: 'received', note: 'Delivery 4411' });
    expect(store.failed).toBe(1);
    expect(res.statusCode).toBe(500);
    // What the crash left on disk: the stock moved, its history line is still pending.
    expect((await disk.collection<ProductDoc>(PRODUCTS).findOne({ _id: 'shelf' }))!.totalStock).toBe(75);
    expect((await disk.collection<StockHistoryDoc>(STOCK_HISTORY).find({ productId: 'shelf' })).map((h) => h.state)).toEqual(['pending']);

    await restart();
    // Settled at start, before anyone reads the stock.
    expect((await t!.store.collection<StockHistoryDoc>(STOCK_HISTORY).find({ productId: 'shelf' })).map((h) => h.state)).toEqual(['applied']);
    const view = await stockView();
    expect(view.available).toBe(75);
    expect(lines(view)).toEqual([[25, 'received', 75, 'admin-1']]);
    expect(view.history[0]).toMatchObject({ note: 'Delivery 4411' });
    // Settled at start, not re-applied: the next adjustment continues from 75 in the same history.
    const next = await adjust({ delta: -5, reason: 'damaged' });
    expect(next.statusCode).toBe(200);
    expect(lines(next.json().data)).toEqual([
      [-5, 'damaged', 70, 'admin-1'],
      [25, 'received', 75, 'admin-1'],
    ]);
    expect(next.json().data.available).toBe(70);
  });

  it('stopped before the stock update: after restart the line is abandoned, the stock unchanged, the history without it', async () => {
    const { disk, store } = await openFailing({ collection: PRODUCTS, method: 'findOneAndUpdate' });
    const res = await adjust({ delta: -5, reason: 'damaged' });
    expect(store.failed).toBe(1);
    expect(res.statusCode).toBe(500);
    expect((await disk.collection<ProductDoc>(PRODUCTS).findOne({ _id: 'shelf' }))!.totalStock).toBe(50);

    await restart();
    const view = await stockView();
    expect(view.available).toBe(50);
    expect(view.history).toEqual([]);
    const stored = await t!.store.collection<StockHistoryDoc>(STOCK_HISTORY).find({ productId: 'shelf' });
    expect(stored.map((h) => [h.state, h.delta])).toEqual([['abandoned', -5]]);
    // Never applied later either: a new adjustment starts from the untouched 50.
    expect((await adjust({ delta: -5, reason: 'damaged' })).json().data).toMatchObject({ available: 45, history: [{ delta: -5, availableAfter: 45 }] });
  });

  it('a history write that fails once while the service runs is settled on the read that answers the adjustment', async () => {
    const { store } = await openFailing({ collection: STOCK_HISTORY, method: 'updateOne', once: true });
    const res = await adjust({ delta: 12, reason: 'received' });
    expect(store.failed).toBe(1);
    // The stock moved, so staff are told it did (a retry would adjust twice).
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Stock increased by 12: 62 available.', data: { available: 62 } });
    expect(lines(res.json().data)).toEqual([[12, 'received', 62, 'admin-1']]);
    const stored = await t!.store.collection<StockHistoryDoc>(STOCK_HISTORY).find({ productId: 'shelf' });
    expect(stored.map((h) => h.state)).toEqual(['applied']);
  });

  it('a product added by staff keeps its initial stock line when the process stops right after inserting it', async () => {
    // The stop comes after the product is stored, so the add itself was done.
    const { disk } = await openFailing({ collection: STOCK_HISTORY, method: 'updateOne' });
    const image = (await t!.blobs.put(Buffer.from('png'), { contentType: 'image/png' })).id;
    const added = await t!.app.inject({
      method: 'POST',
      url: '/api/admin/products/add',
      headers: admin,
      payload: { title: 'Zinc Lozenges', description: 'Sore throat.', category: 'cold-and-flu', brand: 'CareWell', price: 3, totalStock: 40, image },
    });
    expect(added.statusCode).toBe(200);
    const zinc = await disk.collection<ProductDoc>(PRODUCTS).findOne({ title: 'Zinc Lozenges' });
    expect(zinc!.totalStock).toBe(40);
    expect((await disk.collection<StockHistoryDoc>(STOCK_HISTORY).find({ productId: zinc!._id })).map((h) => h.state)).toEqual(['pending']);

    await restart();
    expect(lines(await stockView(zinc!._id))).toEqual([[40, 'initial stock', 40, 'admin-1']]);
  });

  it('a product whose insert never happened leaves its initial stock line abandoned', async () => {
    const { disk } = await openFailing({ collection: PRODUCTS, method: 'insertOne' });
    const image = (await t!.blobs.put(Buffer.from('png'), { contentType: 'image/png' })).id;
    const added = await t!.app.inject({
      method: 'POST',
      url: '/api/admin/products/add',
      headers: admin,
      payload: { title: 'Zinc Lozenges', description: 'Sore throat.', category: 'cold-and-flu', brand: 'CareWell', price: 3, totalStock: 40, image },
    });
    expect(added.statusCode).toBe(500);
    expect(await disk.collection<ProductDoc>(PRODUCTS).countDocuments({ title: 'Zinc Lozenges' })).toBe(0);

    await restart();
    const stored = await t!.store.collection<StockHistoryDoc>(STOCK_HISTORY).find({});
    expect(stored.map((h) => [h.state, h.reason, h.delta])).toEqual([['abandoned', 'initial stock', 40]]);
  });

  it('a read while an adjustment is between its history line and its stock update leaves that line alone', async () => {
    const disk = await openDisk();
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const atUpdate = new Promise<void>((resolve) => (reached = resolve));
    // Holds the adjustment's stock update until the read below has run.
    const store = {
      kind: disk.kind,
      close: () => disk.close(),
      collection(name: string) {
        const real = disk.collection(name);
        if (name !== PRODUCTS) return real;
        return new Proxy(real, {
          get(target, prop: string) {
            const original = (target as unknown as Record<string, (...a: unknown[]) => unknown>)[prop];
            if (prop !== 'findOneAndUpdate') return typeof original === 'function' ? original.bind(target) : original;
            return async (...args: unknown[]) => {
              reached();
              await paused;
              return original.apply(target, args);
            };
          },
        });
      },
    } as unknown as DocumentStore;
    t = await buildTestCatalog({ store, products: [product({ id: 'shelf', title: 'Saline Nasal Spray', totalStock: 50 })] });
    const adjusting = adjust({ delta: 10, reason: 'received' });
    await atUpdate;
    const during = await stockView();
    expect(during).toMatchObject({ available: 50, history: [] });
    expect((await disk.collection<StockHistoryDoc>(STOCK_HISTORY).find({})).map((h) => h.state)).toEqual(['pending']);
    release();
    expect((await adjusting).json().data).toMatchObject({ available: 60, history: [{ delta: 10, availableAfter: 60 }] });
    expect((await t.store.collection<StockHistoryDoc>(STOCK_HISTORY).find({})).map((h) => h.state)).toEqual(['applied']);
  });
});

describe('a restock interrupted by a crash', () => {
  /** A paid order of 2 units on disk (the product down from 50 to 48), whose store fails at `at`. */
  async function paidOrderFailingAt(at: { collection: string; method: Method }) {
    const disk = await openDisk();
    const now = new Date();
    await disk.collection<ReservationDoc>(RESERVATIONS).insertOne({ _id: 'order-9', items: [{ productId: 'shelf', quantity: 2 }], status: 'committed', applied: ['shelf'], createdAt: now, updatedAt: now });
    const store = failingStore(disk, at);
    t = await buildTestCatalog({ store, products: [product({ id: 'shelf', title: 'Ibuprofen 200mg', totalStock: 48 })] });
    return { disk, store };
  }
  const restock = () => t!.app.inject({ method: 'POST', url: '/internal/catalog/stock/restock', headers: internal(t!.internalToken), payload: { reservationId: 'order-9' } });
  const returned = (view: Awaited<ReturnType<typeof stockView>>) => view.history.filter((h) => h.reason === 'returned').map((h) => [h.delta, h.availableAfter]);

  it('stopped before the stock moved: the restart puts the units back, once', async () => {
    const { disk, store } = await paidOrderFailingAt({ collection: PRODUCTS, method: 'findOneAndUpdate' });
    expect((await restock()).statusCode).toBe(500);
    expect(store.failed).toBe(1);
    expect((await disk.collection<ProductDoc>(PRODUCTS).findOne({ _id: 'shelf' }))!.totalStock).toBe(48);
    expect((await disk.collection<ReservationDoc>(RESERVATIONS).findOne({ _id: 'order-9' }))!.status).toBe('restocking');

    await restart();
    expect((await t!.store.collection<ReservationDoc>(RESERVATIONS).findOne({ _id: 'order-9' }))!.status).toBe('restocked');
    const view = await stockView();
    expect(view.available).toBe(50);
    expect(returned(view)).toEqual([[2, 50]]);
    // A retry from checkout afterwards changes nothing.
    expect((await restock()).json().data.status).toBe('restocked');
    expect((await stockView()).available).toBe(50);
  });

  it('stopped between the stock move and its history line: the restart settles the line and does not move the stock again', async () => {
    const { disk, store } = await paidOrderFailingAt({ collection: STOCK_HISTORY, method: 'updateOne' });
    expect((await restock()).statusCode).toBe(500);
    expect(store.failed).toBe(1);
    expect((await disk.collection<ProductDoc>(PRODUCTS).findOne({ _id: 'shelf' }))!.totalStock).toBe(50);

    await restart();
    const view = await stockView();
    expect(view.available).toBe(50);
    expect(returned(view)).toEqual([[2, 50]]);
    expect((await t!.store.collection<ReservationDoc>(RESERVATIONS).findOne({ _id: 'order-9' }))!.status).toBe('restocked');
    expect((await restock()).statusCode).toBe(200);
    expect((await stockView()).available).toBe(50);
  });
});

describe('a reserve interrupted by a crash', () => {
  const reserve = (reservationId: string, quantity = 1) =>
    t!.app.inject({ method: 'POST', url: '/internal/catalog/stock/reserve', headers: internal(t!.internalToken), payload: { reservationId, items: [{ productId: 'shelf', quantity }] } });
  const accounted = (view: Awaited<ReturnType<typeof stockView>>) => view.available + view.reserved + view.sold;
  const reservationsOnDisk = () => t!.store.collection<ReservationDoc>(RESERVATIONS).find({});

  // A one-line reserve records its take with the status `reserved`, in one write (src/stock/service.ts reserve).
  it('stopped between taking the stock and recording the take on the reservation: the restart gives the units back', async () => {
    const { disk, store } = await openFailing({ collection: RESERVATIONS, method: 'findOneAndUpdate' });
    expect((await reserve('order-1', 3)).statusCode).toBe(500);
    expect(store.failed).toBe(1);
    // What the kill left on disk: the units taken, the reservation pending without the take listed.
    expect((await disk.collection<ProductDoc>(PRODUCTS).findOne({ _id: 'shelf' }))!.totalStock).toBe(47);
    expect(await disk.collection<ReservationDoc>(RESERVATIONS).findOne({ _id: 'order-1' })).toMatchObject({ status: 'pending', applied: [] });

    await restart();
    const view = await stockView();
    expect(view).toMatchObject({ available: 50, reserved: 0, sold: 0 });
    expect(await reservationsOnDisk()).toEqual([]);
    // The order can be placed again with the same id, and takes its units once.
    expect((await reserve('order-1', 3)).json().data.status).toBe('reserved');
    expect(accounted(await stockView())).toBe(50);
    expect((await stockView()).available).toBe(47);
  });

  it('stopped again while the restart gives the units back: the next restart does not give them twice', async () => {
    const { store } = await openFailing({ collection: RESERVATIONS, method: 'findOneAndUpdate' });
    expect((await reserve('order-2', 4)).statusCode).toBe(500);
    expect(store.failed).toBe(1);
    await t!.close();
    t = undefined;
    // The restart dies after giving the units back, before forgetting the reservation.
    const disk = await openDisk();
    const dying = failingStore(disk, { collection: RESERVATIONS, method: 'deleteOne' });
    await expect(buildTestCatalog({ store: dying })).rejects.toThrow('stopped at reservations.deleteOne');
    expect(dying.failed).toBe(1);
    expect((await disk.collection<ProductDoc>(PRODUCTS).findOne({ _id: 'shelf' }))!.totalStock).toBe(50);
    await disk.close();

    t = await buildTestCatalog({ store: await openDisk() });
    expect(await stockView()).toMatchObject({ available: 50, reserved: 0, sold: 0 });
    expect(await reservationsOnDisk()).toEqual([]);
  });

  it('a reserve that completed keeps its units after a restart, while one of the same product was interrupted', async () => {
    const { store } = await openFailing({ collection: RESERVATIONS, method: 'findOneAndUpdate', once: true });
    // The first reserve's record of its take fails (the process lives on: it gives the units back itself).
    expect((await reserve('order-3', 2)).statusCode).toBe(500);
    expect(store.failed).toBe(1);
    expect((await reserve('order-4', 5)).json().data.status).toBe('reserved');
    await restart();
    expect(await stockView()).toMatchObject({ available: 45, reserved: 5, sold: 0 });
    expect((await reservationsOnDisk()).map((r) => [r._id, r.status])).toEqual([['order-4', 'reserved']]);
  });
});

describe('batches through a crash (each batch gets back exactly what was taken from it)', () => {
  const TWO_BATCHES: BatchDoc[] = [
    { id: 'soon', lot: 'SAL-25-010', expiresOn: '2027-01-31', receivedAt: new Date('2026-01-01T00:00:00Z'), received: 3, remaining: 3, state: 'sellable' },
    { id: 'late', lot: 'SAL-26-200', expiresOn: '2028-01-31', receivedAt: new Date('2026-06-01T00:00:00Z'), received: 10, remaining: 10, state: 'sellable' },
  ];
  async function openTwoBatches(at: { collection: string; method: Method; once?: boolean }) {
    const store = failingStore(await openDisk(), at);
    t = await buildTestCatalog({ store, products: [{ ...product({ id: 'shelf', title: 'Saline Nasal Spray', maxPerOrder: 20 }), batches: TWO_BATCHES, totalStock: 13 }] });
    return store;
  }
  const onDisk = async () => {
    const p = (await t!.store.collection<ProductDoc>(PRODUCTS).findOne({ _id: 'shelf' }))!;
    return { total: p.totalStock, ...Object.fromEntries(p.batches!.map((b) => [b.id, b.remaining])) };
  };
  const call = (move: string, payload: object) => t!.app.inject({ method: 'POST', url: `/internal/catalog/stock/${move}`, headers: internal(t!.internalToken), payload });

  it('a reserve stopped after its take from two batches, before the reservation recorded it: the restart gives each batch its units, once', async () => {
    const store = await openTwoBatches({ collection: RESERVATIONS, method: 'findOneAndUpdate' });
    expect((await call('reserve', { reservationId: 'order-b', items: [{ productId: 'shelf', quantity: 5 }] })).statusCode).toBe(500);
    expect(store.failed).toBe(1);
    await restart();
    expect(await onDisk()).toEqual({ total: 13, soon: 3, late: 10 });
    await restart();
    expect(await onDisk()).toEqual({ total: 13, soon: 3, late: 10 });
    expect((await stockView()).available).toBe(13);
  });

  it('a restock stopped between a batch move and its history line: the restart settles it and puts back the other batch, never twice', async () => {
    await openTwoBatches({ collection: STOCK_HISTORY, method: 'updateOne' });
    const reserved = await call('reserve', { reservationId: 'order-r', items: [{ productId: 'shelf', quantity: 5 }] });
    expect(reserved.json().data.items[0].batches.map((b: { batchId: string; quantity: number }) => [b.batchId, b.quantity])).toEqual([
      ['soon', 3],
      ['late', 2],
    ]);
    await call('commit', { reservationId: 'order-r' });
    expect((await call('restock', { reservationId: 'order-r' })).statusCode).toBe(500);
    await restart();
    expect(await onDisk()).toEqual({ total: 13, soon: 3, late: 10 });
    const view = await stockView();
    expect(view.history.filter((h) => h.reason === 'returned').map((h) => [h.delta, h.availableAfter])).toEqual([
      [2, 13],
      [3, 11],
    ]);
    expect((await call('restock', { reservationId: 'order-r' })).json().data.status).toBe('restocked');
    expect(await onDisk()).toEqual({ total: 13, soon: 3, late: 10 });
  });
});
