/**
 * The dashboard's figures (src/admin/figures-store.ts) are kept as orders change: after creations, payments, staff's
 * status and payment changes, a refund, an expiry, a cancel and a pharmacist's decisions they equal a scan of every
 * order (closed orders by why they closed, the pharmacist's queue oldest first), and a process stopped before it wrote
 * the figures it counted in memory is right again after a restart (or at the next read).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ORDER_CLOSED_REASONS, REVIEW_QUEUE_PREVIEW } from '@pharmacy/contracts';
import type { Doc, DocumentStore } from '@pharmacy/db';
import { reviewOf, type OrderDoc } from '../src/orders/store';
import { approveSandbox, createHarness, prepareShopper, CONSULTATION_ANSWERS, type Harness } from './harness';

const DAY_MS = 24 * 60 * 60 * 1000;
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const admin = (h: Harness) => h.as('staff-1', true);


/** An order of one unit; a pharmacy medicine's order carries the consultation (and, paid, joins the queue). */
async function order(h: Harness, userId: string, productId: string, pay: boolean, consultation?: typeof CONSULTATION_ANSWERS): Promise<string> {
  const addressId = await prepareShopper(h, userId, [{ productId, quantity: 1 }]);
  const created = await h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as(userId), payload: { addressId, ...(consultation ? { consultation } : {}) } });
  const { orderId, approvalURL } = created.json().data;
  if (pay) {
    const { paymentId, payerId } = await approveSandbox(h, approvalURL);
    await h.app.inject({ method: 'POST', url: '/api/shop/order/capture', headers: h.as(userId), payload: { paymentId, payerId, orderId } });
  }
  return orderId;
}
const stats = async (h: Harness) => (await h.app.inject({ method: 'GET', url: '/api/admin/orders/stats', headers: admin(h) })).json().data;
const put = (h: Harness, id: string, what: 'update' | 'payment', body: object) =>
  h.app.inject({ method: 'PUT', url: `/api/admin/orders/${what}/${id}`, headers: admin(h), payload: body });

/** The oracle: the dashboard's figures read from every order, as they were before figures were kept. */
async function scan(store: DocumentStore, now: Date) {
  const orders = await store.collection<OrderDoc>('orders').find({});
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Array.from({ length: 30 }, (_, i) => todayStart - (29 - i) * DAY_MS);
  const within = (o: OrderDoc, from: number, to: number) => o.createdAt >= from && o.createdAt < to;
  const figure = (list: OrderDoc[]) => {
    const paid = list.filter((o) => o.paymentStatus === 'paid');
    return { revenue: paid.reduce((s, o) => s + o.totalCents, 0) / 100, orders: list.length, paidOrders: paid.length };
  };
  const count = (field: 'orderStatus' | 'paymentStatus' | 'closedReason', values: readonly string[]) => Object.fromEntries(values.map((v) => [v, orders.filter((o) => o[field] === v).length]));
  const queue = orders.filter((o) => reviewOf(o).status === 'awaiting' && o.paymentStatus === 'paid').sort((a, b) => a.createdAt - b.createdAt);
  return {
    today: figure(orders.filter((o) => within(o, todayStart, todayStart + DAY_MS))),
    last30Days: figure(orders.filter((o) => within(o, days[0], todayStart + DAY_MS))),
    byOrderStatus: count('orderStatus', ['pending', 'confirmed', 'inProcess', 'inShipping', 'delivered', 'rejected']),
    byPaymentStatus: count('paymentStatus', ['pending', 'paid', 'refunded', 'failed']),
    byClosedReason: count('closedReason', ORDER_CLOSED_REASONS),
    awaitingReview: queue.length,
    reviewQueue: queue.slice(0, REVIEW_QUEUE_PREVIEW).map((o) => ({
      _id: o._id, orderNumber: o.orderNumber, orderDate: new Date(o.createdAt).toISOString(), customer: o.address.fullName, totalAmount: o.totalCents / 100, currency: o.currency,
    })),
    dailyRevenue: days.map((d) => {
      const f = figure(orders.filter((o) => within(o, d, d + DAY_MS)));
      return { date: new Date(d).toISOString().slice(0, 10), revenue: f.revenue, orders: f.orders };
    }),
  };
}

describe('figures kept as orders change', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  test('equal a scan of the orders after creations, payments, status and payment changes, a rejection, a refund and an expiry', async () => {
    const product = await h.addProduct({ price: 12.5, totalStock: 100 });
    const now = () => new Date(Date.now() + h.clock.offsetMs);
    h.clock.offsetMs = -3 * DAY_MS; // orders on three different days
    const early = [await order(h, 'fig-a', product, true), await order(h, 'fig-b', product, false)];
    h.clock.offsetMs = -1 * DAY_MS;
    const yesterday = [await order(h, 'fig-c', product, true), await order(h, 'fig-d', product, true)];
    h.clock.offsetMs = 0;
    const today = [await order(h, 'fig-e', product, true), await order(h, 'fig-f', product, false), await order(h, 'fig-g', product, false)];
    expect(await stats(h)).toEqual(await scan(h.store, now()));

    expect((await put(h, early[0], 'update', { orderStatus: 'inProcess' })).statusCode).toBe(200);
    expect((await put(h, yesterday[0], 'payment', { paymentStatus: 'refunded' })).statusCode).toBe(200);
    expect((await put(h, today[1], 'update', { orderStatus: 'rejected' })).statusCode).toBe(200); // unpaid: payment failed
    expect((await put(h, today[2], 'payment', { paymentStatus: 'paid' })).statusCode).toBe(200);
    expect((await put(h, today[0], 'update', { orderStatus: 'delivered' })).statusCode).toBe(422); // refused: nothing moves
    expect(await stats(h)).toEqual(await scan(h.store, now()));

    // The unpaid order of three days ago expires in a sweep.
    await h.controls.sweep();
    const expired = await h.store.collection<OrderDoc>('orders').findOne({ _id: early[1] });
    expect(expired?.paymentStatus).toBe('failed');
    const figures = await stats(h);
    expect(figures).toEqual(await scan(h.store, now()));
    expect(figures.byPaymentStatus).toEqual({ pending: 0, paid: 4, refunded: 1, failed: 2 });
    expect(figures.today).toMatchObject({ orders: 3, paidOrders: 2 });
  });

  test('closed orders are counted by why they closed: payments not completed apart from refusals by staff or a pharmacist', async () => {
    const plain = await h.addProduct({ price: 5, totalStock: 100 });
    const medicine = await h.addProduct({ price: 8, totalStock: 100, pharmacyOnly: true });
    const before = (await stats(h)).byClosedReason;

    const cancelled = await order(h, 'why-cancel', plain, false);
    await h.app.inject({ method: 'POST', url: '/api/shop/order/cancel', headers: h.as('why-cancel'), payload: { orderId: cancelled } });
    const failed = await order(h, 'why-failed', plain, false);
    expect((await put(h, failed, 'payment', { paymentStatus: 'failed' })).statusCode).toBe(200);
    const refusedByStaff = await order(h, 'why-staff', plain, true);
    expect((await put(h, refusedByStaff, 'update', { orderStatus: 'rejected' })).statusCode).toBe(200);
    const refusedByPharmacist = await order(h, 'why-pharmacist', medicine, true, CONSULTATION_ANSWERS);
    const rejected = await h.app.inject({
      method: 'POST', url: `/api/admin/orders/review/${refusedByPharmacist}`, headers: admin(h), payload: { decision: 'reject', reason: 'Not suitable for you.' },
    });
    expect(rejected.statusCode).toBe(200);

    const figures = await stats(h);
    expect(figures).toEqual(await scan(h.store, new Date(Date.now() + h.clock.offsetMs)));
    const added = Object.fromEntries(ORDER_CLOSED_REASONS.map((r) => [r, figures.byClosedReason[r] - before[r]]));
    expect(added).toEqual({ cancelled: 1, expired: 0, paymentFailed: 1, outOfStock: 0, rejectedByStaff: 1, rejectedByPharmacist: 1, recalled: 0 });
  });

  test("the pharmacist's queue: its size and its oldest orders first, kept as orders join it (paid) and leave it (decided)", async () => {
    const medicine = await h.addProduct({ price: 9, totalStock: 100, pharmacyOnly: true });
    const start = (await stats(h)).awaitingReview;
    h.clock.offsetMs = -2 * 60_000;
    const oldest = await order(h, 'queue-a', medicine, true, CONSULTATION_ANSWERS);
    h.clock.offsetMs = -60_000;
    const middle = await order(h, 'queue-b', medicine, true, CONSULTATION_ANSWERS);
    const unpaid = await order(h, 'queue-c', medicine, false, CONSULTATION_ANSWERS); // not in the queue until paid
    h.clock.offsetMs = 0;
    const newest = await order(h, 'queue-d', medicine, true, CONSULTATION_ANSWERS);

    let figures = await stats(h);
    expect(figures.awaitingReview).toBe(start + 3);
    const listed = figures.reviewQueue.map((o: { _id: string }) => o._id);
    expect(listed.filter((id: string) => [oldest, middle, newest, unpaid].includes(id))).toEqual([oldest, middle, newest]);
    expect(figures.reviewQueue[0]).toMatchObject({ orderNumber: expect.stringMatching(/^#[0-9A-F]{8}$/), customer: 'Ada Lovelace', currency: expect.any(String) });
    expect(figures).toEqual(await scan(h.store, new Date()));
    // A role that may not see orders (catalogue) gets the queue's size, not the shoppers' names on it.
    const forCatalogue = (await h.app.inject({ method: 'GET', url: '/api/admin/orders/stats', headers: h.asStaff('cat-1', ['catalogue']) })).json().data;
    expect(forCatalogue).toMatchObject({ awaitingReview: start + 3, reviewQueue: [] });
    expect(JSON.stringify(forCatalogue)).not.toContain('Ada Lovelace');

    const approved = await h.app.inject({ method: 'POST', url: `/api/admin/orders/review/${oldest}`, headers: admin(h), payload: { decision: 'approve' } });
    expect(approved.statusCode).toBe(200);
    expect((await put(h, unpaid, 'payment', { paymentStatus: 'paid' })).statusCode).toBe(200); // staff Paid: it joins the queue
    figures = await stats(h);
    expect(figures.awaitingReview).toBe(start + 3);
    expect(figures.reviewQueue.map((o: { _id: string }) => o._id)).not.toContain(oldest);
    expect(figures).toEqual(await scan(h.store, new Date()));
  });
});

/** The checkout's store, except that every write of the figures throws while `fault.on` (as a process stopped before them). */
function stopBeforeFigures(fault: { on: boolean }) {
  return (store: DocumentStore): DocumentStore => ({
    kind: store.kind,
    close: () => store.close(),
    collection<T extends Doc>(name: string) {
      const real = store.collection<T>(name);
      if (name !== 'orderFigures') return real;
      return new Proxy(real, {
        get(target, prop) {
          const value = Reflect.get(target, prop);
          if (prop !== 'updateOne') return typeof value === 'function' ? value.bind(target) : value;
          return async (...args: Parameters<typeof real.updateOne>) => {
            if (fault.on) throw new Error('process stopped between the order write and its figures');
            return target.updateOne(...args);
          };
        },
      });
    },
  });
}

test('a stop before the figures counted in memory are written: they are right after a restart, and at the next read', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pharmacy-figures-'));
  dirs.push(dataDir);
  const fault = { on: false };
  let h = await createHarness({ dataDir, wrapStore: stopBeforeFigures(fault) });
  const product = await h.addProduct({ price: 10, totalStock: 50 });
  const medicine = await h.addProduct({ price: 6, totalStock: 50, pharmacyOnly: true });
  const paid = await order(h, 'crash-a', product, true);
  const unpaid = await order(h, 'crash-b', product, false);
  const held = await order(h, 'crash-c', medicine, false, CONSULTATION_ANSWERS);
  const toCancel = await order(h, 'crash-d', product, false);
  expect(await stats(h)).toEqual(await scan(h.store, new Date()));

  fault.on = true;
  const warned = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
  expect((await put(h, unpaid, 'payment', { paymentStatus: 'paid' })).statusCode).toBe(200); // the order is written
  expect((await put(h, paid, 'update', { orderStatus: 'inProcess' })).statusCode).toBe(200);
  expect((await put(h, held, 'payment', { paymentStatus: 'paid' })).statusCode).toBe(200); // joins the pharmacist's queue
  expect((await h.app.inject({ method: 'POST', url: '/api/shop/order/cancel', headers: h.as('crash-d'), payload: { orderId: toCancel } })).statusCode).toBe(200);
  // The process stops: what it counted never reaches the figures, which stay marked as being counted.
  await h.close();
  expect(warned).toHaveBeenCalledWith(expect.stringMatching(/figures not updated/), expect.anything());
  warned.mockRestore();

  fault.on = false;
  h = await createHarness({ dataDir, wrapStore: stopBeforeFigures(fault) }); // the restart
  const figures = await stats(h);
  expect(figures).toEqual(await scan(h.store, new Date()));
  expect(figures.byPaymentStatus).toMatchObject({ paid: 3, pending: 0, failed: 1 });
  expect(figures.byOrderStatus).toMatchObject({ inProcess: 1, confirmed: 2, pending: 0, rejected: 1 });
  expect(figures.byClosedReason).toMatchObject({ cancelled: 1, rejectedByStaff: 0, rejectedByPharmacist: 0 });
  expect(figures).toMatchObject({ awaitingReview: 1, reviewQueue: [expect.objectContaining({ _id: held })] });
  expect(figures.today).toMatchObject({ orders: 4, paidOrders: 3 });

  // Within one process: figures whose write failed are rebuilt by the read that found it.
  fault.on = true;
  jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
  expect((await put(h, paid, 'update', { orderStatus: 'inShipping' })).statusCode).toBe(200);
  const repaired = await stats(h);
  jest.restoreAllMocks();
  fault.on = false;
  expect(repaired.byOrderStatus).toMatchObject({ inShipping: 1, inProcess: 0 });
  expect(repaired).toEqual(await scan(h.store, new Date()));
  await h.close();
});

test('a purchase does not wait for the figures: they are written within a second, and a clean close leaves them trusted', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pharmacy-figures-'));
  dirs.push(dataDir);
  let h = await createHarness({ dataDir });
  type Totals = { _id: string; orderStatus: Record<string, number>; open: boolean };
  const figuresDoc = async () => (await h.store.collection<Totals>('orderFigures').findOne({ _id: 'totals' })) as Totals;
  try {
    const product = await h.addProduct({ price: 10, totalStock: 50 });
    const before = await figuresDoc();
    expect(before.open).toBe(true);
    await order(h, 'later-a', product, true);
    // Answered before its figures were written: the stored totals do not count it yet.
    expect((await figuresDoc()).orderStatus.confirmed ?? 0).toBe(before.orderStatus.confirmed ?? 0);
    await new Promise((r) => setTimeout(r, 1200));
    expect((await figuresDoc()).orderStatus.confirmed).toBe((before.orderStatus.confirmed ?? 0) + 1);
    await order(h, 'later-b', product, true);
  } finally {
    await h.close();
  }
  // Closed cleanly with everything written: the figures at the next start are the orders' own.
  h = await createHarness({ dataDir });
  try {
    const totals = await figuresDoc();
    expect(totals.open).toBe(true); // counting again
    expect(await stats(h)).toEqual(await scan(h.store, new Date()));
  } finally {
    await h.close();
  }
});

test('figures from before closing reasons and the queue were counted are rebuilt at the next start, older orders by their history', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pharmacy-figures-'));
  dirs.push(dataDir);
  let h = await createHarness({ dataDir });
  const product = await h.addProduct({ price: 10, totalStock: 50 });
  const medicine = await h.addProduct({ price: 6, totalStock: 50, pharmacyOnly: true });
  const cancelled = await order(h, 'old-a', product, false);
  await h.app.inject({ method: 'POST', url: '/api/shop/order/cancel', headers: h.as('old-a'), payload: { orderId: cancelled } });
  const held = await order(h, 'old-b', medicine, true, CONSULTATION_ANSWERS);
  // As the store held them before this version: the order without its closing reason, the totals without the new figures.
  await h.store.collection<OrderDoc>('orders').updateOne({ _id: cancelled }, { $unset: { closedReason: '' } });
  await h.store.collection('orderFigures').updateOne({ _id: 'totals' }, { $set: { version: 1 }, $unset: { closedReason: '', awaitingReview: '' } });
  await h.close();

  h = await createHarness({ dataDir });
  try {
    const figures = await stats(h);
    expect(figures.byClosedReason.cancelled).toBe(1);
    expect(figures).toMatchObject({ awaitingReview: 1, reviewQueue: [expect.objectContaining({ _id: held })] });
    const { byClosedReason: _, ...rest } = await scan(h.store, new Date());
    expect(figures).toMatchObject(rest);
  } finally {
    await h.close();
  }
});
