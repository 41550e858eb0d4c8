/**
 * Orders keep their batches and a recall reaches everyone who received one (docs/domain.md#recalls): the batches
 * an order took (reserve's answer, then commit's), the recall recorded then quarantined at the catalog, unpaid
 * orders holding the units cancelled, one notice per shopper mailed (classes 1 and 2 at once, 3 and 4 at the daily
 * pass), opened by its owner only, and the affected list for staff, exported as CSV; all audited. The catalog's
 * batches are its contract's shapes laid over the real catalog (fake-batches.ts) until the catalog has them.
 */
import { DEMO_SHOPPER, marketFor } from '@pharmacy/contracts';
import { openStore } from '@pharmacy/db';
import { injectFetch, memoryAuditSink } from '@pharmacy/service-kit';
import { createAccountClient } from '../src/clients/account';
import { createCatalogClient } from '../src/clients/catalog';
import { createDeliveryPricing } from '../src/delivery/pricing';
import type { OrderDoc } from '../src/orders/store';
import { DEMO_RECALL, seedDemoRecall } from '../src/recalls/demo';
import { createOrderBatches, type OrderBatchDoc } from '../src/recalls/order-batches';
import { recallName } from '../src/recalls/routes';
import { createRecalls, nextDailyPass } from '../src/recalls/service';
import { orderBatchesCollection, recallCollections } from '../src/recalls/store';
import { fakeBatches, type FakeBatches } from './fake-batches';
import { ORIGIN, createHarness, payOrder, placeOrder, type Harness } from './harness';

const audit = memoryAuditSink();
let fake: FakeBatches;
let h: Harness;
const PHARMACIST = 'ph-recalls';

beforeAll(async () => {
  fake = fakeBatches();
  h = await createHarness({ wrapCatalogFetch: (fetch) => fake.wrap(fetch), deps: { audit } });
  h.names.set(PHARMACIST, 'Priya Shah');
});
afterAll(() => h.close());
afterEach(() => {
  fake.down.on = false;
  h.clock.offsetMs = 0;
});

let n = 0;
/** A product with two batches: `-early` (expires first, `early` units) and `-late`. */
async function productWithBatches(early = 5, late = 50) {
  const productId = await h.addProduct({ title: `Chlorphenamine ${++n}`, totalStock: early + late });
  const title = `Chlorphenamine ${n}`;
  fake.add({ batchId: `b${n}-early`, lot: `CHL-${n}-A`, expiresOn: '2027-03-31', units: early, productId, productTitle: title });
  fake.add({ batchId: `b${n}-late`, lot: `CHL-${n}-B`, expiresOn: '2028-01-31', units: late, productId, productTitle: title });
  return { productId, title, early: `b${n}-early`, late: `b${n}-late` };
}

const rowsOf = (orderId: string) => h.store.collection<OrderBatchDoc>('order_batches').find({ orderId }, { sort: { batchId: 1 } });
const staffOrder = async (orderId: string) => (await h.app.inject({ method: 'GET', url: `/api/admin/orders/details/${orderId}`, headers: h.as('admin-1', true) })).json().data;
const record = (body: object, headers = h.asStaff(PHARMACIST, ['pharmacist'])) => h.app.inject({ method: 'POST', url: '/api/admin/recalls', headers, payload: body });
const detailsOf = async (recallId: string) => (await h.app.inject({ method: 'GET', url: `/api/admin/recalls/${recallId}`, headers: h.asStaff(PHARMACIST, ['pharmacist']) })).json().data;
const RECALL = { recallClass: 2, reason: 'Tablets may contain the wrong strength.', action: 'Stop taking them and bring them back to the pharmacy for a refund.' };

describe('orders keep their batches', () => {
  test('an unpaid order keeps what reserve took (earliest expiry first); paid, it keeps what commit answered, one row per batch', async () => {
    const p = await productWithBatches(3, 20);
    const order = await placeOrder(h, 'u-keep', [{ productId: p.productId, quantity: 5 }]);

    const unpaid = await staffOrder(order.orderId);
    expect(unpaid.items[0].batches).toEqual([
      { batchId: p.early, lot: expect.stringMatching(/-A$/), expiresOn: '2027-03-31', quantity: 3 },
      { batchId: p.late, lot: expect.stringMatching(/-B$/), expiresOn: '2028-01-31', quantity: 2 },
    ]);
    expect((await rowsOf(order.orderId)).map((r) => [r._id, r.quantity, r.paid, r.userId])).toEqual([
      [`${order.orderId}:${p.early}`, 3, false, 'u-keep'],
      [`${order.orderId}:${p.late}`, 2, false, 'u-keep'],
    ]);

    await payOrder(h, 'u-keep', order);
    expect((await rowsOf(order.orderId)).map((r) => [r.batchId, r.quantity, r.paid])).toEqual([
      [p.early, 3, true],
      [p.late, 2, true],
    ]);
    expect((await staffOrder(order.orderId)).items[0].batches.map((b: { batchId: string }) => b.batchId)).toEqual([p.early, p.late]);
  });

  test('a commit whose answer was lost is finished by the sweep, and the rows are written once', async () => {
    const p = await productWithBatches(10, 10);
    const order = await placeOrder(h, 'u-retry', [{ productId: p.productId, quantity: 2 }]);
    fake.failCommits.count = 1;
    await payOrder(h, 'u-retry', order);
    expect((await h.store.collection('orders').findOne({ _id: order.orderId }))?.stock).toBe('commit-pending');
    expect((await rowsOf(order.orderId)).map((r) => r.paid)).toEqual([false]);

    await h.controls.sweep();
    await h.controls.sweep();
    expect((await h.store.collection('orders').findOne({ _id: order.orderId }))?.stock).toBe('committed');
    expect((await rowsOf(order.orderId)).map((r) => [r.batchId, r.quantity, r.paid])).toEqual([[p.early, 2, true]]);
  });
  test("a commit naming the batches reserve took leaves the order's lines alone; one naming others rewrites them", async () => {
    const store = await openStore({ name: 'checkout', inMemory: true });
    try {
      const orders = store.collection<OrderDoc>('orders');
      const batches = createOrderBatches(store.collection<OrderBatchDoc>('order_batches'), orders, () => new Date('2026-11-27T10:00:00Z'));
      await orders.insertOne({ _id: 'o-same', userId: 'u-same', items: [{ productId: 'p-1', quantity: 2 }] } as unknown as OrderDoc);
      const take = (batchId: string) => ({ batchId, lot: `LOT-${batchId}`, expiresOn: '2027-03-31', quantity: 2 });
      const reservation = (status: 'reserved' | 'committed', batchId: string) => ({
        reservationId: 'r-same', status, createdAt: '2026-11-27T10:00:00Z', items: [{ productId: 'p-1', quantity: 2, batches: [take(batchId)] }],
      });
      const writes = jest.spyOn(orders, 'updateOne');
      await batches.record('o-same', reservation('reserved', 'b-1'), false);
      expect(writes).toHaveBeenCalledTimes(1);
      await batches.record('o-same', reservation('committed', 'b-1'), true);
      expect(writes).toHaveBeenCalledTimes(1);
      expect((await orders.findOne({ _id: 'o-same' }))?.items[0].batches).toEqual([take('b-1')]);
      // The catalog's answer is the truth: a commit from another batch replaces the lines' batches and the rows.
      await batches.record('o-same', reservation('committed', 'b-2'), true);
      expect(writes).toHaveBeenCalledTimes(2);
      expect((await orders.findOne({ _id: 'o-same' }))?.items[0].batches).toEqual([take('b-2')]);
      expect((await store.collection<OrderBatchDoc>('order_batches').find({ orderId: 'o-same' })).map((r) => [r.batchId, r.paid])).toEqual([['b-2', true]]);
    } finally {
      await store.close();
    }
  });
});

describe('recording a recall', () => {
  test('quarantines the batch, cancels the unpaid order holding it, lists every order and shopper, and mails each shopper once', async () => {
    const p = await productWithBatches(4, 40);
    const paid = await placeOrder(h, 'u-paid', [{ productId: p.productId, quantity: 3 }]);
    await payOrder(h, 'u-paid', paid);
    const unpaid = await placeOrder(h, 'u-unpaid', [{ productId: p.productId, quantity: 1 }]);
    // Takes only the later batch, which is not recalled.
    const other = await placeOrder(h, 'u-other', [{ productId: p.productId, quantity: 2 }]);
    const stockBefore = await h.stockOf(p.productId);
    audit.entries.splice(0);

    const res = await record({ ...RECALL, batchIds: [p.early] });
    expect(res.statusCode).toBe(200);
    const recall = res.json().data;
    expect(recall).toMatchObject({ state: 'quarantined', recallClass: 2, batchIds: [p.early], orders: 2, shoppers: 2, createdBy: { id: PHARMACIST, name: 'Priya Shah' } });
    expect(recall.batches).toEqual([expect.objectContaining({ batchId: p.early, productTitle: p.title })]);
    expect(fake.batches.get(p.early)?.recalled).toBe(recall._id);

    // The unpaid order is cancelled with words naming the product and the recall; its hold is given back.
    const closed = await h.app.inject({ method: 'GET', url: `/api/shop/order/details/${unpaid.orderId}`, headers: h.as('u-unpaid') });
    expect(closed.json().data).toMatchObject({ orderStatus: 'rejected', paymentStatus: 'failed', closedReason: 'recalled' });
    expect(closed.json().data.history.find((e: { to: string }) => e.to === 'rejected').note).toBe(`Cancelled: ${p.title} was recalled (recall ${recall._id}). Nothing was charged.`);
    expect(await h.stockOf(p.productId)).toBe(stockBefore + 1);
    expect((await staffOrder(other.orderId)).orderStatus).toBe('pending');

    const { affected } = await detailsOf(recall._id);
    expect(affected.map((a: { orderId: string; userId: string; shopperName: string; outcome: string; quantity: number }) => [a.orderId, a.userId, a.shopperName, a.outcome, a.quantity]).sort()).toEqual(
      [
        [paid.orderId, 'u-paid', 'Ada Lovelace', 'paid', 3],
        [unpaid.orderId, 'u-unpaid', 'Ada Lovelace', 'released', 1],
      ].sort(),
    );
    expect(affected.every((a: { notice: { mail: string; openedAt: null } }) => a.notice.mail === 'sent' && a.notice.openedAt === null)).toBe(true);

    const mails = h.mails.filter((m) => m.key.startsWith('recall-notice:') && ['u-paid', 'u-unpaid'].includes(m.userId));
    expect(mails.map((m) => m.userId).sort()).toEqual(['u-paid', 'u-unpaid']);
    const toPaid = mails.find((m) => m.userId === 'u-paid')!;
    expect(toPaid.text).toContain(`Lot ${fake.batches.get(p.early)!.lot}`);
    expect(toPaid.text).toContain(RECALL.action);
    expect(mails.find((m) => m.userId === 'u-unpaid')!.text).toContain('Nothing was charged.');
    expect(h.mails.some((m) => m.userId === 'u-other' && m.key.startsWith('recall-notice:'))).toBe(false);

    expect(audit.entries.map((e) => [e.action, e.entity.type, e.entity.id, e.actor.role])).toEqual([['recall.record', 'recall', recall._id, 'pharmacist']]);
    expect(audit.entries[0].entity.name).toBe(`Class 2 recall of ${p.title}, lot ${fake.batches.get(p.early)!.lot}`);
  });

  test('the notice page is the shopper’s own; the first opening is recorded and staff see it; the export lists it and is audited', async () => {
    const p = await productWithBatches(5, 5);
    const order = await placeOrder(h, 'u-open', [{ productId: p.productId, quantity: 1 }]);
    await payOrder(h, 'u-open', order);
    const recall = (await record({ ...RECALL, recallClass: 1, batchIds: [p.early] })).json().data;
    const noticeId = (await detailsOf(recall._id)).affected[0].notice.id;
    expect(h.mails.find((m) => m.key === `recall-notice:${noticeId}`)?.text).toContain(`/recalls/${noticeId}`);

    expect((await h.app.inject({ method: 'GET', url: `/api/shop/recalls/${noticeId}`, headers: h.as('u-stranger') })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: `/api/shop/recalls/${noticeId}` })).statusCode).toBe(401);

    h.clock.offsetMs = 60_000;
    const opened = await h.app.inject({ method: 'GET', url: `/api/shop/recalls/${noticeId}`, headers: h.as('u-open') });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toMatchObject({ recallClass: 1, action: RECALL.action, lines: [{ orderId: order.orderId, productTitle: p.title, lot: fake.batches.get(p.early)!.lot, quantity: 1, outcome: 'paid' }] });
    const firstOpen = opened.json().data.openedAt;
    expect(firstOpen).toEqual(expect.any(String));
    h.clock.offsetMs = 120_000;
    expect((await h.app.inject({ method: 'GET', url: `/api/shop/recalls/${noticeId}`, headers: h.as('u-open') })).json().data.openedAt).toBe(firstOpen);
    expect((await h.app.inject({ method: 'GET', url: '/api/shop/recalls', headers: h.as('u-open') })).json().data.map((x: { _id: string }) => x._id)).toEqual([noticeId]);

    expect((await detailsOf(recall._id)).affected[0].notice.openedAt).toBe(firstOpen);
    audit.entries.splice(0);
    const csv = await h.app.inject({ method: 'GET', url: `/api/admin/recalls/${recall._id}/export.csv`, headers: h.asStaff(PHARMACIST, ['pharmacist']) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const [header, row] = csv.body.trim().split(/\r?\n/);
    expect(header).toContain('Opened at (UTC)');
    expect(row).toContain(firstOpen);
    expect(row).toContain('u-open');
    expect(header.startsWith('Order,Shopper,Shopper id,')).toBe(true);
    expect(row).toContain(',Ada Lovelace,u-open,');
    expect(audit.entries.map((e) => [e.action, e.entity.id])).toEqual([['recall.export', recall._id]]);
    expect(audit.entries[0].entity.name).toBe(`Class 1 recall of ${p.title}, lot ${fake.batches.get(p.early)!.lot}`);
  });

  test('classes 3 and 4 are mailed at the next daily pass, not at once', async () => {
    const p = await productWithBatches(5, 5);
    const order = await placeOrder(h, 'u-class3', [{ productId: p.productId, quantity: 1 }]);
    await payOrder(h, 'u-class3', order);
    const recall = (await record({ ...RECALL, recallClass: 3, batchIds: [p.early] })).json().data;
    const notice = (await detailsOf(recall._id)).affected[0].notice;
    expect(notice).toMatchObject({ mail: 'due', mailDueAt: new Date(nextDailyPass(Date.now())).toISOString(), sentAt: null });
    await h.controls.sweep();
    expect(h.mails.some((m) => m.key === `recall-notice:${notice.id}`)).toBe(false);

    h.clock.offsetMs = nextDailyPass(Date.now()) - Date.now() + 1000;
    await h.controls.sweep();
    expect(h.mails.filter((m) => m.key === `recall-notice:${notice.id}`)).toHaveLength(1);
    expect((await detailsOf(recall._id)).affected[0].notice.mail).toBe('sent');
  });

  test('with the catalog down the recall is recorded and audited; the sweep quarantines it when it is back, and everything happens once', async () => {
    const p = await productWithBatches(5, 5);
    const order = await placeOrder(h, 'u-down', [{ productId: p.productId, quantity: 2 }]);
    await payOrder(h, 'u-down', order);
    audit.entries.splice(0);

    fake.down.on = true;
    const res = await record({ ...RECALL, batchIds: [p.early] });
    expect(res.statusCode).toBe(200);
    const recall = res.json().data;
    expect(recall).toMatchObject({ state: 'quarantining', batches: [], orders: 0 });
    expect(res.json().message).toMatch(/could not be reached/);
    expect(audit.entries.map((e) => [e.action, e.entity.name])).toEqual([['recall.record', `Class 2 recall of batch ${p.early}`]]);
    await h.controls.sweep();
    expect((await detailsOf(recall._id)).recall.state).toBe('quarantining');
    expect(fake.batches.get(p.early)?.recalled).toBeUndefined();

    fake.down.on = false;
    await h.controls.sweep();
    await h.controls.sweep();
    const done = await detailsOf(recall._id);
    expect(done.recall).toMatchObject({ state: 'quarantined', orders: 1, shoppers: 1 });
    expect(fake.batches.get(p.early)?.recalled).toBe(recall._id);
    expect(fake.quarantines.filter((id) => id === recall._id)).toHaveLength(1);
    expect(h.mails.filter((m) => m.userId === 'u-down' && m.key.startsWith('recall-notice:'))).toHaveLength(1);
    expect(audit.entries.map((e) => e.action)).toEqual(['recall.record']);
  });

  test('only a pharmacist records one; an unknown batch is refused and nothing is kept; bad input is 400', async () => {
    const p = await productWithBatches(1, 1);
    expect((await record({ ...RECALL, batchIds: [p.early] }, h.asStaff('cat-1', ['catalogue']))).statusCode).toBe(403);
    expect((await record({ ...RECALL, batchIds: [p.early] }, h.as('u-shopper'))).statusCode).toBe(403);
    expect((await record({ ...RECALL, recallClass: 5, batchIds: [p.early] })).statusCode).toBe(400);
    expect((await record({ ...RECALL, batchIds: [] })).statusCode).toBe(400);
    const before = await h.store.collection('recalls').countDocuments({});
    const unknown = await record({ ...RECALL, batchIds: ['no-such-batch'] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('no-such-batch');
    expect(await h.store.collection('recalls').countDocuments({})).toBe(before);
    expect((await h.app.inject({ method: 'GET', url: '/api/admin/recalls/nope', headers: h.asStaff(PHARMACIST, ['pharmacist']) })).statusCode).toBe(404);
  });
});

describe('a recall’s name in the audit trail', () => {
  test('names each product once with its lots, in the order the batches were given', () => {
    const batch = (batchId: string, productTitle: string, lot: string) => ({ batchId, productId: `p-${productTitle}`, productTitle, lot, expiresOn: '2027-03-31', quarantined: 1 });
    const batches = [batch('b1', 'Chlorphenamine 4mg Allergy Tablets', 'CHL-24-117'), batch('b2', 'Paracetamol 500mg Tablets', 'PAR-9'), batch('b3', 'Chlorphenamine 4mg Allergy Tablets', 'CHL-24-118')];
    expect(recallName({ recallClass: 1, batchIds: ['b1', 'b2', 'b3', 'b4'], batches })).toBe(
      'Class 1 recall of Chlorphenamine 4mg Allergy Tablets, lots CHL-24-117, CHL-24-118; Paracetamol 500mg Tablets, lot PAR-9; batch b4',
    );
  });
});

describe('the demo recall', () => {
  test('records a class 2 recall of demo-batch-recalled after the demo shopper’s delivered order of it, once', async () => {
    const productId = await h.addProduct({ title: DEMO_RECALL.productTitle, totalStock: 30 });
    fake.add({ batchId: DEMO_RECALL.batchId, lot: 'CHL-24-117', expiresOn: '2026-12-31', units: 30, productId, productTitle: DEMO_RECALL.productTitle });
    h.emails.set('demo-shopper', DEMO_SHOPPER.email);
    const fetch = fake.wrap(injectFetch(h.app));
    const catalog = createCatalogClient({ baseUrl: 'http://catalog.internal', token: h.internalToken, fetch, timeoutMs: 30_000 });
    const account = createAccountClient({ baseUrl: 'http://account.internal', token: h.internalToken, fetch: injectFetch(h.app) });
    const store = await recallCollections(h.store);
    const orders = h.store.collection<OrderDoc>('orders');
    const batches = createOrderBatches(await orderBatchesCollection(h.store), orders, () => new Date());
    const market = marketFor('GB');
    const recalls = createRecalls({
      ...store, orders, batches, catalog, account, publicOrigin: ORIGIN, now: () => new Date(), log: h.app.log,
      ledger: { closeUnpaid: async () => { throw new Error('the demo holds no unpaid order'); } },
    });
    const deps = { recalls, recallDocs: store.recalls, orders, batches, catalog, account, market, pricing: createDeliveryPricing(market), now: () => new Date() };

    expect(await seedDemoRecall(deps)).toBe(true);
    expect(await seedDemoRecall(deps)).toBe(true);

    const { recall, affected } = await detailsOf(DEMO_RECALL.recallId);
    expect(recall).toMatchObject({ state: 'quarantined', recallClass: 2, batchIds: [DEMO_RECALL.batchId], orders: 1, shoppers: 1 });
    expect(affected).toEqual([expect.objectContaining({ orderId: DEMO_RECALL.orderId, userId: 'demo-shopper', lot: 'CHL-24-117', outcome: 'paid' })]);
    const order = (await h.app.inject({ method: 'GET', url: `/api/shop/order/details/${DEMO_RECALL.orderId}`, headers: h.as('demo-shopper') })).json().data;
    expect(order).toMatchObject({ orderStatus: 'delivered', paymentStatus: 'paid', items: [expect.objectContaining({ title: DEMO_RECALL.productTitle, batches: [expect.objectContaining({ batchId: DEMO_RECALL.batchId })] })] });
    expect(h.mails.filter((m) => m.userId === 'demo-shopper' && m.key.startsWith('recall-notice:'))).toHaveLength(1);
    expect(fake.quarantines.filter((id) => id === DEMO_RECALL.recallId)).toHaveLength(1);
  });
});
