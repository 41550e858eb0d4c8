/**
 * A captured payment is never lost: the capture intent is recorded before the provider is called, and an order
 * whose outcome was never recorded is settled with the provider (at start and in every sweep) before it may
 * expire. Fault injection: the order write after the provider's capture throws (the process "stops" there),
 * then the service is re-opened on the same data folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createPayPalProvider } from '../src/payments/providers/paypal';
import { PaymentError, type PaymentProvider } from '../src/payments/port';
import { createSandboxProvider } from '../src/payments/providers/sandbox';
import type { OrderDoc } from '../src/orders/store';
import { stopBeforePaymentWrite } from './store-faults';
import { startFakePayPal, type FakePayPal } from './fake-paypal';
import { ORIGIN, approveSandbox, createHarness, prepareShopper, type Harness } from './harness';

jest.setTimeout(60_000);

const THIRTY_ONE_MINUTES = 31 * 60 * 1000;

const api = (h: Harness, userId: string) => ({
  create: (addressId: string, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: { ...h.as(userId), ...headers }, payload: { addressId } }),
  capture: (body: object) => h.app.inject({ method: 'POST', url: '/api/shop/order/capture', headers: h.as(userId), payload: body }),
  cancel: (orderId: string) => h.app.inject({ method: 'POST', url: '/api/shop/order/cancel', headers: h.as(userId), payload: { orderId } }),
  details: async (orderId: string) => (await h.app.inject({ method: 'GET', url: `/api/shop/order/details/${orderId}`, headers: h.as(userId) })).json().data,
  cart: async () => (await h.app.inject({ method: 'GET', url: `/api/shop/cart/get/${userId}`, headers: h.as(userId) })).json().data,
});
const rawOrder = (h: Harness, orderId: string) => h.store.collection<OrderDoc>('orders').findOne({ _id: orderId });
const reservationOf = async (h: Harness, orderId: string) => (await h.catalogStore.collection('reservations').findOne({ _id: orderId }))?.status;

describe('a stop between the provider’s capture and the order update', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'checkout-crash-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  test('after a restart on the same data folder the order is paid and confirmed, its stock committed, and a sweep past 30 minutes does not reject it', async () => {
    const fault = { on: false };
    const first = await createHarness({ dataDir: dir, wrapStore: stopBeforePaymentWrite('paid', fault) });
    const p = await first.addProduct({ totalStock: 10, price: 4 });
    const addressId = await prepareShopper(first, 'u-crash', [{ productId: p, quantity: 3 }]);
    const created = await api(first, 'u-crash').create(addressId);
    expect(created.statusCode).toBe(200);
    const { orderId, approvalURL } = created.json().data;
    const { paymentId, payerId } = await approveSandbox(first, approvalURL);

    fault.on = true;
    const lost = await api(first, 'u-crash').capture({ paymentId, payerId, orderId });
    expect(lost.statusCode).toBe(500);
    // The provider took the money; our record says only that a capture was started.
    expect((await first.store.collection('sandboxPayments').findOne({ _id: paymentId }))?.status).toBe('captured');
    expect(await rawOrder(first, orderId)).toMatchObject({ paymentStatus: 'pending', orderStatus: 'pending', capturing: { payerId } });
    expect(await reservationOf(first, orderId)).toBe('reserved');
    await first.close();

    const second = await createHarness({ dataDir: dir });
    try {
      expect(await second.controls.started()).toBe(1); // settled when the service became ready
      const order = await api(second, 'u-crash').details(orderId);
      expect(order).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid', payerId });
      expect(order.history).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ field: 'paymentStatus', from: 'pending', to: 'paid', note: expect.stringMatching(/confirmed with the provider/) }),
          expect.objectContaining({ field: 'orderStatus', from: 'pending', to: 'confirmed' }),
        ]),
      );
      expect(await second.stockOf(p)).toBe(7);
      expect(await reservationOf(second, orderId)).toBe('committed');
      expect((await api(second, 'u-crash').cart()).items).toEqual([]);
      expect((await rawOrder(second, orderId))?.capturing).toBeNull();

      second.clock.offsetMs = THIRTY_ONE_MINUTES;
      expect(await second.controls.sweep()).toBe(0);
      expect(await api(second, 'u-crash').details(orderId)).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid' });
      expect(await second.stockOf(p)).toBe(7);
      // The return page's retry after the restart gets the paid order, not "no money was taken".
      const retry = await api(second, 'u-crash').capture({ paymentId, payerId, orderId });
      expect(retry.statusCode).toBe(200);
      expect(retry.json().data).toMatchObject({ paymentStatus: 'paid', orderStatus: 'confirmed' });
    } finally {
      await second.close();
    }
  });
});

describe('the sweep settles unfinished captures with the sandbox provider before anything expires', () => {
  test('captured at the provider: the sweep 31 minutes later records it as paid instead of expiring it', async () => {
    const fault = { on: false };
    const h = await createHarness({ wrapStore: stopBeforePaymentWrite('paid', fault) });
    try {
      const p = await h.addProduct({ totalStock: 5 });
      const { orderId, approvalURL } = (await api(h, 'u-sweep').create(await prepareShopper(h, 'u-sweep', [{ productId: p, quantity: 2 }]))).json().data;
      const { paymentId, payerId } = await approveSandbox(h, approvalURL);
      fault.on = true;
      expect((await api(h, 'u-sweep').capture({ paymentId, payerId, orderId })).statusCode).toBe(500);
      fault.on = false;

      h.clock.offsetMs = THIRTY_ONE_MINUTES;
      expect(await h.controls.sweep()).toBe(0);
      expect(await api(h, 'u-sweep').details(orderId)).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid' });
      expect(await h.stockOf(p)).toBe(3);
      expect(await reservationOf(h, orderId)).toBe('committed');
    } finally {
      await h.close();
    }
  });

  test('not captured: the marker goes and the order expires as usual; a provider that cannot answer keeps it open', async () => {
    const reachable = { yes: true };
    const h = await createHarness({
      payments: (store) => {
        const sandbox = createSandboxProvider({ store, publicOrigin: ORIGIN });
        return {
          ...sandbox,
          // The capture request never gets an answer and never reached the provider.
          capture: async () => {
            throw new PaymentError('timeout', 'The payment provider did not answer in time. Your order is still open: please try again.');
          },
          getPayment: async (id) => {
            if (!reachable.yes) throw new PaymentError('unavailable', 'down');
            return sandbox.getPayment(id);
          },
        } satisfies PaymentProvider;
      },
    });
    try {
      const p = await h.addProduct({ totalStock: 5 });
      const { orderId, approvalURL } = (await api(h, 'u-open').create(await prepareShopper(h, 'u-open', [{ productId: p, quantity: 2 }]))).json().data;
      const { paymentId, payerId } = await approveSandbox(h, approvalURL);
      const timedOut = await api(h, 'u-open').capture({ paymentId, payerId, orderId });
      expect(timedOut.statusCode).toBe(503);
      expect(await rawOrder(h, orderId)).toMatchObject({ capturing: { payerId } });
      // The outcome is unknown, so the shopper cannot cancel it either until the provider has answered.
      reachable.yes = false;
      expect((await api(h, 'u-open').cancel(orderId)).statusCode).toBe(409);

      h.clock.offsetMs = THIRTY_ONE_MINUTES;
      expect(await h.controls.sweep()).toBe(0); // provider down: not expired
      expect(await api(h, 'u-open').details(orderId)).toMatchObject({ orderStatus: 'pending', paymentStatus: 'pending' });
      expect(await h.stockOf(p)).toBe(3);

      reachable.yes = true;
      expect(await h.controls.sweep()).toBeGreaterThanOrEqual(1);
      expect(await api(h, 'u-open').details(orderId)).toMatchObject({ orderStatus: 'rejected', paymentStatus: 'failed' });
      expect(await h.stockOf(p)).toBe(5);
    } finally {
      await h.close();
    }
  });

  test('cancelling an order whose lost capture was taken settles it as paid instead', async () => {
    const fault = { on: false };
    const h = await createHarness({ wrapStore: stopBeforePaymentWrite('paid', fault) });
    try {
      const p = await h.addProduct({ totalStock: 5 });
      const { orderId, approvalURL } = (await api(h, 'u-lostcancel').create(await prepareShopper(h, 'u-lostcancel', [{ productId: p, quantity: 1 }]))).json().data;
      const { paymentId, payerId } = await approveSandbox(h, approvalURL);
      fault.on = true;
      await api(h, 'u-lostcancel').capture({ paymentId, payerId, orderId });
      fault.on = false;
      // A minute later (the capture's lock has passed) the shopper tries to cancel.
      h.clock.offsetMs = 61_000;
      const res = await api(h, 'u-lostcancel').cancel(orderId);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/already paid/);
      expect(await api(h, 'u-lostcancel').details(orderId)).toMatchObject({ paymentStatus: 'paid', orderStatus: 'confirmed' });
      expect(await h.stockOf(p)).toBe(4);
    } finally {
      await h.close();
    }
  });
});

describe('reconciliation with PayPal Orders v2 (local fake)', () => {
  const creds = { clientId: 'client-abc', clientSecret: 'secret-xyz' };
  let pp: FakePayPal;
  let h: Harness;
  beforeEach(async () => {
    pp = await startFakePayPal(creds);
    h = await createHarness({ payments: () => createPayPalProvider({ ...creds, apiBase: pp.base, timeoutMs: 300 }) });
  });
  afterEach(async () => {
    await h.close();
    await pp.close();
  });

  async function approvedOrder(userId: string, productId: string) {
    const created = await api(h, userId).create(await prepareShopper(h, userId, [{ productId, quantity: 2 }]));
    expect(created.statusCode).toBe(200);
    const { orderId, approvalURL } = created.json().data;
    const token = new URL(approvalURL).searchParams.get('token')!;
    pp.approve(token);
    return { orderId, token };
  }

  test('PayPal took the money but its answer was lost: the sweep asks GET /v2/checkout/orders/{id} and records the order as paid', async () => {
    const p = await h.addProduct({ totalStock: 6 });
    const { orderId, token } = await approvedOrder('pp-lost', p);
    pp.faults.set(`/v2/checkout/orders/${token}/capture`, ['apply-then-hang']);
    const timedOut = await api(h, 'pp-lost').capture({ paymentId: token, payerId: 'PAYERLOST1', orderId });
    expect(timedOut.statusCode).toBe(503);
    expect(timedOut.headers['retry-after']).toBe('5');
    expect(pp.orders.get(token)?.status).toBe('COMPLETED');
    expect(await api(h, 'pp-lost').details(orderId)).toMatchObject({ paymentStatus: 'pending' });

    h.clock.offsetMs = THIRTY_ONE_MINUTES;
    expect(await h.controls.sweep()).toBe(0);
    expect(pp.requests.some((r) => r.method === 'GET' && r.path === `/v2/checkout/orders/${token}`)).toBe(true);
    const order = await api(h, 'pp-lost').details(orderId);
    expect(order).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid', paymentMethod: 'paypal', payerId: 'PAYERLOST1' });
    expect((await rawOrder(h, orderId))?.captureId).toBe(pp.orders.get(token)?.captureId);
    expect(await h.stockOf(p)).toBe(4);
    expect(await reservationOf(h, orderId)).toBe('committed');
  });

  test('PayPal never captured (the request hung before reaching it): the sweep finds it APPROVED, not COMPLETED, and the order expires', async () => {
    const p = await h.addProduct({ totalStock: 6 });
    const { orderId, token } = await approvedOrder('pp-hang', p);
    pp.faults.set(`/v2/checkout/orders/${token}/capture`, ['hang']);
    expect((await api(h, 'pp-hang').capture({ paymentId: token, payerId: 'PAYERHANG1', orderId })).statusCode).toBe(503);

    h.clock.offsetMs = THIRTY_ONE_MINUTES;
    expect(await h.controls.sweep()).toBe(1);
    expect(await api(h, 'pp-hang').details(orderId)).toMatchObject({ orderStatus: 'rejected', paymentStatus: 'failed' });
    expect(pp.orders.get(token)?.status).toBe('APPROVED');
    expect(await h.stockOf(p)).toBe(6);
  });

  test('getPayment: COMPLETED is captured, an unknown order is not, an outage is an error to retry', async () => {
    // nothing here hangs (the outage is a 503): a generous limit, so a busy machine's slow local answer is no timeout
    const provider = createPayPalProvider({ ...creds, apiBase: pp.base, timeoutMs: 5_000 });
    const { paymentId } = await provider.createPayment({
      orderId: 'o-get', amountCents: 500, currency: 'USD', description: 'd', returnUrl: 'http://shop.test/r', cancelUrl: 'http://shop.test/c',
    });
    expect(await provider.getPayment(paymentId)).toEqual({ status: 'not_captured' });
    pp.approve(paymentId);
    const { captureId } = await provider.capture(paymentId, 'P');
    expect(await provider.getPayment(paymentId)).toEqual({ status: 'captured', captureId });
    expect(await provider.getPayment('NOSUCHORDER')).toEqual({ status: 'not_captured' });
    pp.faults.set(`/v2/checkout/orders/${paymentId}`, [{ status: 503, body: { name: 'SERVICE_UNAVAILABLE' } }]);
    expect(await provider.getPayment(paymentId).catch((e: PaymentError) => e.kind)).toBe('unavailable');
  });
});
