/**
 * Batches (docs/domain.md#batches): earliest expiry first, units given back to the batch they came from, expiry at
 * the edge of the day, receiving, per-batch adjustments, the short-dated list and a recall's quarantine.
 */
import { PRODUCTS, type ProductDoc } from '../src/products/model';
import type { BatchDoc } from '../src/stock/batches';
import { as, buildTestCatalog, internal, product, type TestCatalog } from './helpers';

const admin = as('admin-1', true, 'Asha Admin');
const pharmacist = as('ph-1', ['pharmacist']);

const batch = (id: string, lot: string, expiresOn: string, remaining: number, over: Partial<BatchDoc> = {}): BatchDoc => ({
  id,
  lot,
  expiresOn,
  receivedAt: new Date('2026-01-01T00:00:00Z'),
  received: remaining,
  remaining,
  state: 'sellable',
  ...over,
});

/** A product whose stock is these batches (totalStock is their sellable units, as the store keeps it). */
const stocked = (id: string, batches: BatchDoc[], over: Parameters<typeof product>[0] = {}): ProductDoc => ({
  ...product({ id, title: `Stocked ${id}`, maxPerOrder: 100, ...over }),
  batches,
  totalStock: batches.filter((b) => b.state === 'sellable').reduce((s, b) => s + b.remaining, 0),
});

let t: TestCatalog;

/** Polls `check` until it passes (the sweep runs on its own interval). */
async function waitFor(check: () => Promise<void>, timeoutMs = 3000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (e) {
      if (Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}
let clock = new Date('2026-11-27T10:00:00Z');
afterEach(() => t?.close());

async function open(products: ProductDoc[]) {
  t = await buildTestCatalog({ products, now: () => clock });
  return t;
}
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: internal(t.internalToken), payload });
const reserve = (reservationId: string, items: Array<{ productId: string; quantity: number }>) => post('/internal/catalog/stock/reserve', { reservationId, items });
const stockOf = async (id: string) => {
  const res = await t.app.inject({ url: `/api/admin/products/${id}/stock`, headers: admin });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    available: number;
    batches: Array<{ id: string; lot: string; state: string; remaining: number; reserved: number; expiresOn: string }>;
    history: Array<{ delta: number; reason: string; lot?: string; batchId?: string; note: string; availableAfter: number }>;
  };
};
const remaining = async (id: string) => Object.fromEntries((await stockOf(id)).batches.map((b) => [b.id, b.remaining]));
const shopStock = async (id: string) => (await t.app.inject({ url: `/api/shop/products/get/${id}` })).json().data.totalStock as number;

describe('earliest expiry first', () => {
  beforeEach(() => {
    clock = new Date('2026-11-27T10:00:00Z');
  });

  it('takes from the batch that expires first, across batches, and the reservation and its commit name them', async () => {
    await open([
      stocked('para', [
        batch('late', 'PCM-26-900', '2028-03-31', 10),
        batch('soon', 'PCM-25-100', '2027-01-31', 3),
        batch('mid-b', 'PCM-26-200', '2027-06-30', 5, { receivedAt: new Date('2026-03-01T00:00:00Z') }),
        batch('mid-a', 'PCM-26-199', '2027-06-30', 5, { receivedAt: new Date('2026-02-01T00:00:00Z') }),
      ]),
    ]);
    const res = await reserve('order-1', [{ productId: 'para', quantity: 10 }]);
    expect(res.statusCode).toBe(200);
    const taken = [
      { batchId: 'soon', lot: 'PCM-25-100', expiresOn: '2027-01-31', quantity: 3 },
      { batchId: 'mid-a', lot: 'PCM-26-199', expiresOn: '2027-06-30', quantity: 5 },
      { batchId: 'mid-b', lot: 'PCM-26-200', expiresOn: '2027-06-30', quantity: 2 },
    ];
    expect(res.json().data.items).toEqual([{ productId: 'para', quantity: 10, batches: taken }]);
    expect(await remaining('para')).toEqual({ soon: 0, 'mid-a': 0, 'mid-b': 3, late: 10 });
    expect((await stockOf('para')).batches.find((b) => b.id === 'mid-b')).toMatchObject({ reserved: 2 });
    expect(await shopStock('para')).toBe(13);

    const commit = await post('/internal/catalog/stock/commit', { reservationId: 'order-1' });
    expect(commit.json().data.items[0].batches).toEqual(taken);
    // A retried reserve answers the same batches, and takes nothing more.
    expect((await reserve('order-1', [{ productId: 'para', quantity: 10 }])).json().data.items[0].batches).toEqual(taken);
    expect((await stockOf('para')).available).toBe(13);
  });

  it('a released reservation gives each batch its units back; to a recalled batch they stay off sale', async () => {
    await open([stocked('para', [batch('a', 'LOT-A', '2027-01-31', 4), batch('b', 'LOT-B', '2027-09-30', 10)])]);
    await reserve('unpaid', [{ productId: 'para', quantity: 6 }]);
    expect(await remaining('para')).toEqual({ a: 0, b: 8 });
    const q = await post('/internal/catalog/batches/quarantine', { recallId: 'recall-1', batchIds: ['a'] });
    expect(q.statusCode).toBe(200);
    await post('/internal/catalog/stock/release', { reservationId: 'unpaid' });
    const view = await stockOf('para');
    expect(view.batches.map((b) => [b.id, b.state, b.remaining])).toEqual([
      ['a', 'recalled', 4],
      ['b', 'sellable', 10],
    ]);
    expect(view.available).toBe(10);
    expect(await shopStock('para')).toBe(10);
  });

  it('refuses a reserve that the sellable batches cannot cover, naming what is left, and takes nothing', async () => {
    await open([stocked('para', [batch('a', 'LOT-A', '2027-01-31', 2), batch('r', 'LOT-R', '2027-02-28', 50, { state: 'recalled' })])]);
    const res = await reserve('big', [{ productId: 'para', quantity: 3 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'OUT_OF_STOCK', message: 'Only 2 of Stocked para left in stock.' });
    expect(await remaining('para')).toEqual({ a: 2, r: 50 });
  });

  it('many concurrent reserves never oversell a batch nor the product', async () => {
    await open([stocked('para', [batch('a', 'LOT-A', '2027-01-31', 7), batch('b', 'LOT-B', '2027-05-31', 11), batch('c', 'LOT-C', '2027-09-30', 13)])]);
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => reserve(`r-${i}`, [{ productId: 'para', quantity: (i % 3) + 1 }])));
    const ok = results.filter((r) => r.statusCode === 200).map((r) => r.json().data.items[0]);
    expect(results.every((r) => r.statusCode === 200 || r.json().code === 'OUT_OF_STOCK')).toBe(true);
    const sold = ok.reduce((s, i) => s + i.quantity, 0);
    const perBatch: Record<string, number> = {};
    for (const item of ok) {
      expect(item.batches.reduce((s: number, b: { quantity: number }) => s + b.quantity, 0)).toBe(item.quantity);
      for (const b of item.batches) perBatch[b.batchId] = (perBatch[b.batchId] ?? 0) + b.quantity;
    }
    const left = await remaining('para');
    expect(sold).toBeLessThanOrEqual(31);
    for (const [id, start] of Object.entries({ a: 7, b: 11, c: 13 })) {
      expect(left[id]).toBeGreaterThanOrEqual(0);
      expect(left[id] + (perBatch[id] ?? 0)).toBe(start);
    }
    expect((await stockOf('para')).available).toBe(31 - sold);
  });
});

describe('expiry', () => {
  const products = () => [stocked('para', [batch('edge', 'PCM-EDGE', '2026-12-01', 5), batch('next', 'PCM-NEXT', '2027-12-01', 20)])];

  it('the last day is sellable: a reserve at 23:59 on the expiry date takes from that batch', async () => {
    clock = new Date('2026-12-01T23:59:59Z');
    await open(products());
    const res = await reserve('last-day', [{ productId: 'para', quantity: 2 }]);
    expect(res.json().data.items[0].batches).toEqual([{ batchId: 'edge', lot: 'PCM-EDGE', expiresOn: '2026-12-01', quantity: 2 }]);
  });

  it('the next day it is not: a reserve moves it to expired with its history line, takes from the next batch, and "In stock" falls', async () => {
    clock = new Date('2026-12-01T12:00:00Z');
    await open(products());
    expect(await shopStock('para')).toBe(25);
    clock = new Date('2026-12-02T00:00:00Z'); // the sweep has not run since midnight
    const res = await reserve('next-day', [{ productId: 'para', quantity: 2 }]);
    expect(res.json().data.items[0].batches).toEqual([{ batchId: 'next', lot: 'PCM-NEXT', expiresOn: '2027-12-01', quantity: 2 }]);
    const view = await stockOf('para');
    expect(view.batches.map((b) => [b.id, b.state, b.remaining])).toEqual([
      ['edge', 'expired', 5],
      ['next', 'sellable', 18],
    ]);
    expect(view.available).toBe(18);
    expect(view.history.find((h) => h.reason === 'expired')).toMatchObject({ delta: -5, lot: 'PCM-EDGE', batchId: 'edge', note: 'Expired: lot PCM-EDGE, 5 units off sale.', availableAfter: 20 });
    expect(await shopStock('para')).toBe(18);
  });

  it('the day is the pharmacy\'s (London): in summer time the expiry day ends at 23:00 UTC, not at midnight UTC', async () => {
    const summer = () => [stocked('para', [batch('edge', 'PCM-EDGE', '2027-06-30', 5), batch('next', 'PCM-NEXT', '2027-12-01', 20)])];
    clock = new Date('2027-06-30T22:59:00Z'); // 23:59 BST on the expiry day: still sold
    await open(summer());
    expect((await reserve('last-bst-minute', [{ productId: 'para', quantity: 1 }])).json().data.items[0].batches[0].batchId).toBe('edge');
    await t.close();
    clock = new Date('2027-06-30T23:30:00Z'); // 00:30 BST on 1 July, still 30 June in UTC: expired
    await open(summer());
    expect((await reserve('after-bst-midnight', [{ productId: 'para', quantity: 1 }])).json().data.items[0].batches[0].batchId).toBe('next');
    expect((await stockOf('para')).batches.find((b) => b.id === 'edge')?.state).toBe('expired');
  });

  it('while the service runs, the sweep takes a batch off sale once its day has passed, without any order', async () => {
    clock = new Date('2026-12-01T23:59:00Z');
    t = await buildTestCatalog({ products: products(), now: () => clock, expirySweepMs: 20 });
    expect(await shopStock('para')).toBe(25);
    clock = new Date('2026-12-02T00:00:30Z');
    await waitFor(async () => expect(await shopStock('para')).toBe(20));
    expect((await stockOf('para')).history.filter((h) => h.reason === 'expired')).toHaveLength(1);
  });

  it('a batch already past its expiry leaves sale at start, once, with one history line', async () => {
    clock = new Date('2026-12-05T08:00:00Z');
    await open(products());
    const view = await stockOf('para');
    expect(view.batches.find((b) => b.id === 'edge')?.state).toBe('expired');
    expect(view.available).toBe(20);
    expect(await shopStock('para')).toBe(20);
    // Another product read at once and a reserve find nothing more to expire: the line is not written twice.
    await reserve('later', [{ productId: 'para', quantity: 1 }]);
    expect((await stockOf('para')).history.filter((h) => h.reason === 'expired')).toHaveLength(1);
    // Expired units are no one's to sell, but staff can still take them off the shelf (disposed of).
    const disposed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/para/stock',
      headers: admin,
      payload: { delta: -5, reason: 'damaged', batchId: 'edge', note: 'Destroyed: expired' },
    });
    expect(disposed.statusCode).toBe(200);
    expect(disposed.json().data.available).toBe(19);
    expect(disposed.json().data.history[0]).toMatchObject({ delta: 0, lot: 'PCM-EDGE' });
  });
});

describe('receiving stock as batches and per-batch adjustments', () => {
  beforeEach(() => {
    clock = new Date('2026-11-27T10:00:00Z');
  });
  const receive = (payload: object, id = 'para') => t.app.inject({ method: 'POST', url: `/api/admin/products/${id}/batches`, headers: admin, payload });

  it('adds a batch, adds to the same lot with the same expiry, and refuses another expiry under that lot naming it', async () => {
    await open([stocked('para', [batch('a', 'LOT-A', '2027-01-31', 4)])]);
    const first = await receive({ lot: ' PCM-26-114 ', expiresOn: '2028-06-30', quantity: 24, note: 'Delivery 4412' });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Received 24 of lot PCM-26-114: 28 available.');
    const added = first.json().data.batches.find((b: { lot: string }) => b.lot === 'PCM-26-114');
    expect(added).toMatchObject({ expiresOn: '2028-06-30', state: 'sellable', received: 24, remaining: 24 });
    expect(first.json().data.history[0]).toMatchObject({ delta: 24, reason: 'received', lot: 'PCM-26-114', batchId: added.id, note: 'Delivery 4412', availableAfter: 28 });

    const again = await receive({ lot: 'PCM-26-114', expiresOn: '2028-06-30', quantity: 6 });
    expect(again.json().data.batches.find((b: { id: string }) => b.id === added.id)).toMatchObject({ received: 30, remaining: 30 });
    const other = await receive({ lot: 'pcm-26-114', expiresOn: '2028-07-31', quantity: 6 });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'BATCH_CONFLICT' });
    expect(other.json().message).toContain('Lot PCM-26-114 is already on this product with expiry 2028-06-30');
    expect((await stockOf('para')).available).toBe(34);
  });

  it('refuses an expiry today or in the past, a date that does not exist, and a lot over 40 characters, changing nothing', async () => {
    await open([stocked('para', [batch('a', 'LOT-A', '2027-01-31', 4)])]);
    const today = await receive({ lot: 'X-1', expiresOn: '2026-11-27', quantity: 5 });
    expect(today.statusCode).toBe(400);
    expect(today.json().message).toBe('Lot X-1 expires on 2026-11-27: stock that expires today or earlier cannot be received for sale.');
    expect((await receive({ lot: 'X-1', expiresOn: '2026-11-01', quantity: 5 })).statusCode).toBe(400);
    expect((await receive({ lot: 'X-1', expiresOn: '2027-02-30', quantity: 5 })).json().message).toBe('2027-02-30 is not a date: enter the expiry as YYYY-MM-DD.');
    expect((await receive({ lot: 'X'.repeat(41), expiresOn: '2027-02-28', quantity: 5 })).statusCode).toBe(400);
    expect((await receive({ lot: '   ', expiresOn: '2027-02-28', quantity: 5 })).statusCode).toBe(400);
    expect((await receive({ lot: 'X-1', expiresOn: '2027-02-28', quantity: 5 }, 'gone')).statusCode).toBe(404);
    expect(await stockOf('para')).toMatchObject({ available: 4, history: [] });
    // Receiving is a catalogue decision: a pharmacist may read batches but not receive them.
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/products/para/batches', headers: pharmacist, payload: { lot: 'X-1', expiresOn: '2027-02-28', quantity: 5 } })).statusCode).toBe(403);
  });

  it('an adjustment names its batch when there are several, and moves only that batch', async () => {
    await open([stocked('para', [batch('a', 'LOT-A', '2027-01-31', 4), batch('b', 'LOT-B', '2027-05-31', 9)])]);
    const adjust = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/products/para/stock', headers: admin, payload });
    const unnamed = await adjust({ delta: -1, reason: 'damaged' });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toBe('Choose the batch this adjustment is for.');
    expect((await adjust({ delta: -1, reason: 'damaged', batchId: 'nope' })).statusCode).toBe(404);
    const tooMany = await adjust({ delta: -5, reason: 'count correction', batchId: 'a' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe('Only 4 units of lot LOT-A on the shelf, so 5 units cannot be removed (held and sold units are not on the shelf count).');
    const ok = await adjust({ delta: -2, reason: 'damaged', batchId: 'b' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.batches.map((b: { remaining: number }) => b.remaining)).toEqual([4, 7]);
    expect(ok.json().data.history[0]).toMatchObject({ delta: -2, reason: 'damaged', lot: 'LOT-B', batchId: 'b', availableAfter: 11 });
  });
});

describe('short-dated batches and the lookup by lot', () => {
  beforeEach(() => {
    clock = new Date('2026-11-27T10:00:00Z');
  });

  it('lists sellable batches with units within 90 days of expiry, soonest first, for every member of staff', async () => {
    await open([
      stocked('para', [batch('p90', 'PCM-90', '2027-02-25', 6), batch('p91', 'PCM-91', '2027-02-26', 6), batch('p0', 'PCM-0', '2026-11-27', 2)]),
      stocked('chl', [
        batch('c30', 'CHL-30', '2026-12-27', 8),
        batch('cr', 'CHL-R', '2026-12-01', 9, { state: 'recalled' }),
        batch('c-empty', 'CHL-E', '2026-12-02', 0),
      ]),
    ]);
    const res = await t.app.inject({ url: '/api/admin/products/batches/short-dated', headers: pharmacist });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { batchId: 'p0', productId: 'para', productTitle: 'Stocked para', lot: 'PCM-0', expiresOn: '2026-11-27', daysLeft: 0, units: 2 },
      { batchId: 'c30', productId: 'chl', productTitle: 'Stocked chl', lot: 'CHL-30', expiresOn: '2026-12-27', daysLeft: 30, units: 8 },
      { batchId: 'p90', productId: 'para', productTitle: 'Stocked para', lot: 'PCM-90', expiresOn: '2027-02-25', daysLeft: 90, units: 6 },
    ]);
    expect((await t.app.inject({ url: '/api/admin/products/batches/short-dated', headers: as('shopper-1') })).statusCode).toBe(403);
    const lot = await t.app.inject({ url: '/api/admin/products/batches?lot=chl-r', headers: pharmacist });
    expect(lot.json().data).toEqual([{ batchId: 'cr', productId: 'chl', productTitle: 'Stocked chl', lot: 'CHL-R', expiresOn: '2026-12-01', state: 'recalled', remaining: 9 }]);
  });

  it('says so with an empty list when nothing is short-dated', async () => {
    await open([stocked('para', [batch('far', 'PCM-FAR', '2028-01-31', 6)])]);
    expect((await t.app.inject({ url: '/api/admin/products/batches/short-dated', headers: admin })).json().data).toEqual([]);
  });
});

describe('quarantine for a recall', () => {
  beforeEach(() => {
    clock = new Date('2026-11-27T10:00:00Z');
  });

  it('takes the batches off sale at once with a history line, answers each, and a retry changes nothing', async () => {
    await open([
      stocked('chl', [batch('demo-batch-recalled', 'CHL-24-117', '2027-10-31', 30), batch('chl-2', 'CHL-26-301', '2028-05-31', 50)]),
      stocked('para', [batch('p1', 'PCM-1', '2027-10-31', 12)]),
    ]);
    const body = { recallId: 'recall-7', batchIds: ['demo-batch-recalled', 'p1'] };
    const first = await post('/internal/catalog/batches/quarantine', body);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.batches).toEqual([
      { batchId: 'demo-batch-recalled', productId: 'chl', productTitle: 'Stocked chl', lot: 'CHL-24-117', expiresOn: '2027-10-31', quarantined: 30 },
      { batchId: 'p1', productId: 'para', productTitle: 'Stocked para', lot: 'PCM-1', expiresOn: '2027-10-31', quarantined: 12 },
    ]);
    expect(await shopStock('chl')).toBe(50);
    expect(await shopStock('para')).toBe(0);
    const view = await stockOf('chl');
    expect(view.history[0]).toMatchObject({ reason: 'recalled', delta: -30, lot: 'CHL-24-117', note: 'Recalled: CHL-24-117 (recall recall-7).', availableAfter: 50 });
    // No reserve can take recalled units.
    expect((await reserve('after-recall', [{ productId: 'para', quantity: 1 }])).json().code).toBe('OUT_OF_STOCK');

    const retry = await post('/internal/catalog/batches/quarantine', body);
    expect(retry.json().data.batches.map((b: { quarantined: number }) => b.quarantined)).toEqual([0, 0]);
    expect((await stockOf('chl')).history.filter((h) => h.reason === 'recalled')).toHaveLength(1);
  });

  it('an unknown batch is 404 naming it, and nothing moves; without the internal token it is refused', async () => {
    await open([stocked('para', [batch('p1', 'PCM-1', '2027-10-31', 12)])]);
    const res = await post('/internal/catalog/batches/quarantine', { recallId: 'recall-8', batchIds: ['p1', 'no-such-batch'] });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No batch no-such-batch: check the batch id.');
    expect(await shopStock('para')).toBe(12);
    const outsider = await t.app.inject({ method: 'POST', url: '/internal/catalog/batches/quarantine', payload: { recallId: 'r', batchIds: ['p1'] } });
    expect(outsider.statusCode).toBe(403);
  });
});

describe('products stored before batches', () => {
  it('hold their stock in one "Opening stock" batch whose expiry is not recorded, sorted after every real expiry', async () => {
    const legacy = { ...product({ id: 'old', totalStock: 17 }) } as Partial<ProductDoc>;
    delete legacy.batches;
    delete legacy.stockRevision;
    t = await buildTestCatalog({ products: [legacy as ProductDoc], now: () => new Date('2026-11-27T10:00:00Z') });
    const stored = await t.store.collection<ProductDoc>(PRODUCTS).findOne({ _id: 'old' });
    expect(stored!.batches).toEqual([expect.objectContaining({ id: 'opening-old', lot: 'Opening stock', expiresOn: '9999-12-31', received: 17, remaining: 17, state: 'sellable' })]);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/products/old/batches', headers: admin, payload: { lot: 'NEW-1', expiresOn: '2027-03-31', quantity: 3 } });
    expect(res.json().data.batches.map((b: { lot: string }) => b.lot)).toEqual(['NEW-1', 'Opening stock']);
    const taken = await post('/internal/catalog/stock/reserve', { reservationId: 'r-old', items: [{ productId: 'old', quantity: 5 }] });
    expect(taken.json().data.items[0].batches.map((b: { lot: string; quantity: number }) => [b.lot, b.quantity])).toEqual([
      ['NEW-1', 3],
      ['Opening stock', 2],
    ]);
  });
});
