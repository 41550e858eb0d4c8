/**
 * Placing an order is a declared sequence of steps (src/orders/placing): stopped at any one of them, what a caller
 * can see is as before: the catalog's stock, the prescription's quantity left, the shopper's order list (nothing
 * pending) and the provider's payments (none left open). And before the sweeper expires an order, the provider is asked (a capture it holds wins).
 */
import type { Doc, DocumentStore } from '@pharmacy/db';
import { PLACING_STEPS, type PlacingStep } from '../src/orders/placing';
import { PaymentError, type PaymentProvider } from '../src/payments/port';
import { createSandboxProvider } from '../src/payments/providers/sandbox';
import { approveSandbox, createHarness, ORIGIN, placeOrder, prepareShopper, type Harness } from './harness';
import { addPrescription, leftOn } from './dispense-fixtures';

let fault: PlacingStep | null = null;
const stopped = (step: PlacingStep) => new Error(`process stopped at ${step}`);

/** The checkout's store with the order insert, the hold slot's claim or the payment's record failing on cue. */
function faultyStore(store: DocumentStore): DocumentStore {
  const fails: Record<string, Partial<Record<string, (args: unknown[]) => PlacingStep | null>>> = {
    orders: {
      insertOne: () => 'order',
      updateOne: (args) => ((args[1] as { $set?: { paymentId?: string } }).$set?.paymentId ? 'started' : null),
    },
    orderHolds: { insertOne: () => 'limits' },
    supply_windows: { insertOne: () => 'supply', updateOne: () => 'supply' },
    prescriptions: { updateOne: (args) => ((args[1] as { $push?: object }).$push ? 'prescriptions' : null) },
  };
  return {
    kind: store.kind,
    close: () => store.close(),
    collection<T extends Doc>(name: string) {
      const real = store.collection<T>(name);
      const rules = fails[name];
      if (!rules) return real;
      return new Proxy(real, {
        get(target, prop) {
          const value = Reflect.get(target, prop);
          const rule = rules[String(prop)];
          if (typeof value !== 'function') return value;
          if (!rule) return value.bind(target);
          return async (...args: unknown[]) => {
            const step = rule(args);
            if (step && step === fault) throw stopped(step);
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
    },
  };
}

let provider: PaymentProvider;
let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    wrapStore: faultyStore,
    wrapCatalogFetch: (fetch) => async (input, init) => {
      const url = String(input);
      if (fault === 'quote' && url.includes('/products/quote')) return new Response(JSON.stringify({ success: false, message: 'down', code: 'UNAVAILABLE' }), { status: 503 });
      const res = await fetch(input, init);
      // The reservation was made, and its answer lost: the worst case for the undo.
      if (fault === 'stock' && url.includes('/stock/reserve')) return new Response(JSON.stringify({ success: false, message: 'down', code: 'UNAVAILABLE' }), { status: 503 });
      return res;
    },
    payments: (store) => {
      const sandbox = createSandboxProvider({ store, publicOrigin: ORIGIN });
      provider = {
        ...sandbox,
        // The payment is made at the provider, and its answer lost.
        async createPayment(input) {
          const made = await sandbox.createPayment(input);
          if (fault === 'payment') throw new PaymentError('timeout', 'The payment provider did not answer in time.');
          return made;
        },
      };
      return provider;
    },
  });
});
afterAll(() => h.close());

const openPayments = (orderIds: string[]) =>
  h.store.collection<{ _id: string; orderId: string; status: string }>('sandboxPayments').find({ orderId: { $in: orderIds }, status: { $in: ['created', 'approved'] } });

test('every declared step has a failure injected below', () => {
  expect([...PLACING_STEPS]).toEqual(['quote', 'order', 'limits', 'supply', 'prescriptions', 'stock', 'payment', 'started']);
});

test.each(PLACING_STEPS.map((s, i) => [i + 1, s] as const))('stopped at step %i (%s): no stock held, no payment open, no order half-made', async (_n, step) => {
  const userId = `u-step-${step}`;
  // Every shopper here delivers to the same address: earlier steps' orders would count on its codeine window.
  await h.store.collection('supply_windows').deleteMany({});
  const p = await h.addProduct({ price: 4.5, totalStock: 10 });
  const medicine = await h.addProduct({ requiresPrescription: true, totalStock: 10 });
  const rx = await addPrescription(h, { userId, items: [{ productId: medicine, quantityLeft: 5 }] });
  // A codeine pack counts on the shopper's and the address's supply windows (docs/domain.md#supply-limits).
  const codeine = await h.addProduct({ totalStock: 10, activeIngredients: ['Codeine phosphate 8mg'], packSize: '16 tablets', dosageForm: 'Tablets' });
  const addressId = await prepareShopper(h, userId, [{ productId: p, quantity: 3 }, { productId: medicine, quantity: 2 }, { productId: codeine, quantity: 1 }]);
  fault = step;
  let res;
  try {
    res = await h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as(userId), payload: { addressId } });
  } finally {
    fault = null;
  }
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.json()).toMatchObject({ success: false });
  expect(res.body).not.toMatch(/process stopped|at Object|\.ts:/);

  expect(await h.stockOf(p)).toBe(10);
  expect(await leftOn(h, rx._id)).toBe(5);
  const orders = (await h.app.inject({ method: 'GET', url: `/api/shop/order/list/${userId}`, headers: h.as(userId) })).json().data as Array<{ _id: string; orderStatus: string; paymentStatus: string }>;
  // A payment that could not start leaves the order closed as "Payment failed"; otherwise there is none.
  expect(orders.map((o) => `${o.orderStatus}/${o.paymentStatus}`)).toEqual(step === 'payment' || step === 'started' ? ['rejected/failed'] : []);
  const stored = await h.store.collection<{ _id: string; userId: string }>('orders').find({ userId });
  expect(await openPayments(stored.map((o) => o._id))).toEqual([]);
  expect(await h.store.collection('orderHolds').find({ userId })).toEqual([]);
  const windows = await h.store.collection<{ _id: string; entries: unknown[] }>('supply_windows').find({ _id: `person:${userId}` });
  expect(windows.flatMap((w) => w.entries)).toEqual([]);
  // The cart is kept, and the same order goes through once nothing fails.
  const again = await h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as(userId), payload: { addressId } });
  expect(again.statusCode).toBe(200);
  expect(await h.stockOf(p)).toBe(7);
  expect(await leftOn(h, rx._id)).toBe(3);
});

test('before expiry the provider is asked: a capture it holds that the order never recorded makes the order paid', async () => {
  const p = await h.addProduct({ price: 6, totalStock: 5 });
  const order = await placeOrder(h, 'u-unknown-capture', [{ productId: p, quantity: 2 }]);
  const { paymentId, payerId } = await approveSandbox(h, order.approvalURL);
  // The provider took the money; our record never heard (no capture intent, nothing).
  await provider.capture(paymentId, payerId);
  const before = await h.store.collection<{ _id: string; capturing: unknown; paymentStatus: string }>('orders').findOne({ _id: order.orderId });
  expect(before).toMatchObject({ capturing: null, paymentStatus: 'pending' });

  h.clock.offsetMs = 31 * 60 * 1000;
  try {
    await h.controls.sweep();
  } finally {
    h.clock.offsetMs = 0;
  }
  const res = await h.app.inject({ method: 'GET', url: `/api/shop/order/details/${order.orderId}`, headers: h.as('u-unknown-capture') });
  expect(res.json().data).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid' });
  expect(res.json().data.closedReason).toBeUndefined();
  // Sold, not put back on the shelf.
  expect(await h.stockOf(p)).toBe(3);
});

test('an unpaid order the provider did not charge still expires', async () => {
  const p = await h.addProduct({ price: 6, totalStock: 5 });
  const order = await placeOrder(h, 'u-unpaid-expiry', [{ productId: p, quantity: 2 }]);
  await approveSandbox(h, order.approvalURL);
  h.clock.offsetMs = 31 * 60 * 1000;
  try {
    await h.controls.sweep();
  } finally {
    h.clock.offsetMs = 0;
  }
  const res = await h.app.inject({ method: 'GET', url: `/api/shop/order/details/${order.orderId}`, headers: h.as('u-unpaid-expiry') });
  expect(res.json().data).toMatchObject({ orderStatus: 'rejected', paymentStatus: 'failed', closedReason: 'expired' });
  expect(await h.stockOf(p)).toBe(5);
});
