/**
 * A pharmacist's rejection is never half done and never refunds twice: the refund intent is recorded before the
 * provider is asked, and the sweep finishes a rejection a stop interrupted by asking the provider again with the
 * same idempotency key (the order id). Fault injection: the order write after the provider's refund throws (the
 * process "stops" there) and the service is re-opened on the same data folder; and PayPal refunds but its answer
 * never arrives.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CONSULTATION_QUESTIONS } from '@pharmacy/contracts';
import type { OrderDoc } from '../src/orders/store';
import { createPayPalProvider } from '../src/payments/providers/paypal';
import { stopBeforePaymentWrite } from './store-faults';
import { startFakePayPal } from './fake-paypal';
import { approveSandbox, createHarness, prepareShopper, type Harness } from './harness';

jest.setTimeout(60_000);

const ANSWERS = CONSULTATION_QUESTIONS.map((q) => ({ questionId: q.id, answer: q.id === 'age' ? '40' : 'None' }));
const PAST_THE_LOCK = 61_000;
const REASON = 'Not suitable with the blood thinner you take.';

const decide = (h: Harness, orderId: string, payload: object) =>
  h.app.inject({ method: 'POST', url: `/api/admin/orders/review/${orderId}`, headers: h.as('pharmacist-9', true), payload });
const rawOrder = (h: Harness, orderId: string) => h.store.collection<OrderDoc>('orders').findOne({ _id: orderId });

describe('a stop between the provider’s refund and the order update', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'checkout-refund-crash-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  test('after a restart the sweep finishes the rejection with the refund already made: refunded once, stock back, shopper mailed', async () => {
    const fault = { on: false };
    const first = await createHarness({ dataDir: dir, wrapStore: stopBeforePaymentWrite('refunded', fault) });
    const productId = await first.addProduct({ pharmacyOnly: true, totalStock: 10, price: 5 });
    const addressId = await prepareShopper(first, 'u-crash', [{ productId, quantity: 2 }]);
    const { orderId, approvalURL } = (await first.app.inject({
      method: 'POST', url: '/api/shop/order/create', headers: first.as('u-crash'), payload: { addressId, consultation: ANSWERS },
    })).json().data;
    const { paymentId, payerId } = await approveSandbox(first, approvalURL);
    expect((await first.app.inject({ method: 'POST', url: '/api/shop/order/capture', headers: first.as('u-crash'), payload: { paymentId, payerId, orderId } })).statusCode).toBe(200);

    fault.on = true;
    const lost = await decide(first, orderId, { decision: 'reject', reason: REASON });
    expect(lost.statusCode).toBe(500);
    // The provider gave the money back; our record says only that a rejection was started.
    const refunded = await first.store.collection('sandboxPayments').findOne({ _id: paymentId });
    expect(refunded).toMatchObject({ status: 'refunded', refundId: expect.stringMatching(/^SBXREF-/) });
    expect(await rawOrder(first, orderId)).toMatchObject({
      paymentStatus: 'paid', orderStatus: 'confirmed', review: { status: 'awaiting' }, refunding: { by: 'pharmacist-9', reason: REASON },
    });
    await first.close();

    const second = await createHarness({ dataDir: dir });
    try {
      // A sweep within the lock leaves it to the request that may still be running; past it, the sweep finishes.
      await second.controls.sweep();
      expect((await rawOrder(second, orderId))?.paymentStatus).toBe('paid');
      second.clock.offsetMs = PAST_THE_LOCK;
      await second.controls.sweep();
      const order = await rawOrder(second, orderId);
      expect(order).toMatchObject({
        paymentStatus: 'refunded', orderStatus: 'rejected', refundId: refunded?.refundId, refunding: null, stock: 'restocked', mailsDue: [],
        review: { status: 'rejected', decidedBy: 'pharmacist-9', note: REASON },
      });
      expect(order?.history.filter((e) => e.field === 'review')).toHaveLength(1);
      // The same refund, not a second one.
      expect((await second.store.collection('sandboxPayments').findOne({ _id: paymentId }))?.refundId).toBe(refunded?.refundId);
      expect(await second.stockOf(productId)).toBe(10);
      expect(second.mails.filter((m) => m.key === `order-rejected:${orderId}`)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

test('PayPal refunds but the answer is lost: the pharmacist gets a 503, the sweep asks again with the same request id, and PayPal refunds once', async () => {
  const creds = { clientId: 'client-abc', clientSecret: 'secret-xyz' };
  const pp = await startFakePayPal(creds);
  const h = await createHarness({ payments: () => createPayPalProvider({ ...creds, apiBase: pp.base, timeoutMs: 300 }) });
  try {
    const productId = await h.addProduct({ pharmacyOnly: true, totalStock: 4, price: 12 });
    const addressId = await prepareShopper(h, 'pp-reject', [{ productId, quantity: 1 }]);
    const { orderId, approvalURL } = (await h.app.inject({
      method: 'POST', url: '/api/shop/order/create', headers: h.as('pp-reject'), payload: { addressId, consultation: ANSWERS },
    })).json().data;
    const token = new URL(approvalURL).searchParams.get('token')!;
    pp.approve(token);
    const paid = await h.app.inject({ method: 'POST', url: '/api/shop/order/capture', headers: h.as('pp-reject'), payload: { paymentId: token, payerId: 'PAYER7', orderId } });
    expect(paid.json().data).toMatchObject({ paymentStatus: 'paid', review: { status: 'awaiting' } });
    const captureId = pp.orders.get(token)!.captureId!;

    pp.faults.set('/v2/payments/captures/', ['apply-then-hang']);
    const lost = await decide(h, orderId, { decision: 'reject', reason: REASON });
    expect(lost.statusCode).toBe(503);
    expect(lost.json().message).toMatch(/still awaiting review/);
    expect(pp.refunds.size).toBe(1);
    expect((await rawOrder(h, orderId))?.paymentStatus).toBe('paid');

    h.clock.offsetMs = PAST_THE_LOCK;
    await h.controls.sweep();
    expect(await rawOrder(h, orderId)).toMatchObject({ paymentStatus: 'refunded', orderStatus: 'rejected', refundId: [...pp.refunds.keys()][0] });
    const calls = pp.requests.filter((r) => r.path === `/v2/payments/captures/${captureId}/refund`);
    expect(calls.map((c) => c.requestId)).toEqual([`refund-${orderId}`, `refund-${orderId}`]);
    // The order's total: items and standard delivery.
    expect(calls[0].body).toMatchObject({ amount: { currency_code: 'GBP', value: '15.99' } });
    expect(pp.refunds.size).toBe(1);
    expect(await h.stockOf(productId)).toBe(4);
  } finally {
    await h.close();
    await pp.close();
  }
});
