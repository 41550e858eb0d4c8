/**
 * A power cut at each step of a purchase loses no paid order and refuses none (docs/operations.md#data-on-disk).
 * A pharmacy-only purchase runs through the real catalog and checkout services on disk, paid with PayPal (a local
 * fake: the provider lives outside the shop and keeps what it did). At one step the data folder is copied as a
 * power cut would leave it (each datafile cut at its last flushed byte: @pharmacy/db's copyAsAfterPowerCut); a
 * provider call already under way when the power went completes, as it would at PayPal. The services then start on
 * the copy, the shopper and the pharmacist carry on, the 30-minute sweep runs, and the order must be there, paid or
 * refunded exactly as the provider says, its stock accounted for.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CONSULTATION_QUESTIONS } from '@pharmacy/contracts';
import { copyAsAfterPowerCut } from '@pharmacy/db';
import type { OrderDoc } from '../src/orders/store';
import { createPayPalProvider } from '../src/payments/providers/paypal';
import type { PaymentProvider } from '../src/payments/port';
import { startFakePayPal, type FakePayPal } from './fake-paypal';
import { createHarness, prepareShopper, type Harness } from './harness';

jest.setTimeout(120_000);

const STEPS = ['order placed', 'capture intent', 'paid', 'refund intent', 'refunded'] as const;
type Step = (typeof STEPS)[number];

const ANSWERS = CONSULTATION_QUESTIONS.map((q) => ({ questionId: q.id, answer: q.id === 'age' ? '40' : 'None' }));
const THIRTY_ONE_MINUTES = 31 * 60 * 1000;
const REASON = 'Not suitable with the blood thinner you take.';
const SHOPPER = 'u-power';
const STOCK = 10;
const creds = { clientId: 'client-power', clientSecret: 'secret-power' };

let pp: FakePayPal;
const folders: string[] = [];
const folder = async (name: string) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), `checkout-power-${name}-`));
  folders.push(dir);
  return dir;
};
beforeEach(async () => {
  pp = await startFakePayPal(creds);
});
afterEach(async () => {
  await pp.close();
  await Promise.all(folders.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** PayPal, with `before` told when the shop calls it to take or give back money (the intent is recorded by then). */
function payPal(before: (call: 'capture' | 'refund') => void): PaymentProvider {
  const provider = createPayPalProvider({ ...creds, apiBase: pp.base, timeoutMs: 5000 });
  return new Proxy(provider, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if ((prop !== 'capture' && prop !== 'refund') || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        before(prop);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

const post = (h: Harness, url: string, headers: Record<string, string>, payload: object) => h.app.inject({ method: 'POST', url, headers, payload });
const decide = (h: Harness, orderId: string) => post(h, `/api/admin/orders/review/${orderId}`, h.as('pharmacist-9', true), { decision: 'reject', reason: REASON });
const capture = (h: Harness, orderId: string, token: string) => post(h, '/api/shop/order/capture', h.as(SHOPPER), { paymentId: token, payerId: 'PAYERPOWER', orderId });
const orderOf = (h: Harness, orderId: string) => h.store.collection<OrderDoc>('orders').findOne({ _id: orderId });

/** Runs the purchase until `step`, cuts the power there; returns the copy and the order. */
async function purchaseCutAt(step: Step) {
  const dataDir = await folder('live');
  const copy = await folder('cut');
  let cut = false;
  const powerCut = (at: Step) => {
    if (at !== step || cut) return;
    copyAsAfterPowerCut(dataDir, copy);
    cut = true;
  };
  const h = await createHarness({ dataDir, payments: () => payPal((call) => powerCut(call === 'capture' ? 'capture intent' : 'refund intent')) });
  try {
    const productId = await h.addProduct({ pharmacyOnly: true, totalStock: STOCK, price: 12 });
    const addressId = await prepareShopper(h, SHOPPER, [{ productId, quantity: 2 }]);
    const created = await post(h, '/api/shop/order/create', h.as(SHOPPER), { addressId, consultation: ANSWERS });
    expect(created.statusCode).toBe(200);
    const { orderId, approvalURL } = created.json().data;
    const token = new URL(approvalURL).searchParams.get('token')!;
    powerCut('order placed');
    if (!cut) {
      pp.approve(token);
      const paid = await capture(h, orderId, token);
      expect(paid.json().data).toMatchObject({ paymentStatus: 'paid', review: { status: 'awaiting' } });
      powerCut('paid');
    }
    if (!cut) {
      expect((await decide(h, orderId)).json().data).toMatchObject({ paymentStatus: 'refunded', orderStatus: 'rejected' });
      powerCut('refunded');
    }
    expect(cut).toBe(true);
    return { copy, productId, orderId, token };
  } finally {
    await h.close();
  }
}

describe.each(STEPS)('a power cut at "%s"', (step) => {
  test('the services restarted on what reached the disk keep the order, the 30-minute sweep refuses no paid order, and the stock adds up', async () => {
    const { copy, productId, orderId, token } = await purchaseCutAt(step);
    const h = await createHarness({ dataDir: copy, payments: () => payPal(() => undefined) });
    try {
      await h.controls.started();
      // Not lost: the order the shop had answered for is there.
      const restarted = await orderOf(h, orderId);
      expect(restarted).not.toBeNull();
      if (step === 'order placed') {
        // The shopper approves at PayPal and comes back to the restarted shop, which takes the payment.
        pp.approve(token);
        expect((await capture(h, orderId, token)).json().data).toMatchObject({ paymentStatus: 'paid' });
      }
      if (step !== 'refund intent' && step !== 'refunded') expect((await orderOf(h, orderId))?.paymentStatus).toBe('paid');

      h.clock.offsetMs = THIRTY_ONE_MINUTES;
      await h.controls.sweep();
      await h.controls.sweep();
      const order = (await orderOf(h, orderId))!;
      const refunded = pp.refunds.size > 0;
      // What the provider did is what the order says: money taken is a paid order, money given back a refunded one.
      expect(pp.orders.get(token)?.status).toBe('COMPLETED');
      expect(pp.refunds.size).toBeLessThanOrEqual(1);
      if (refunded) {
        expect(order).toMatchObject({ paymentStatus: 'refunded', orderStatus: 'rejected', review: { status: 'rejected' } });
        expect(await h.stockOf(productId)).toBe(STOCK);
      } else {
        expect(order).toMatchObject({ paymentStatus: 'paid', orderStatus: 'confirmed', review: { status: 'awaiting' } });
        expect(await h.stockOf(productId)).toBe(STOCK - 2);
      }
      expect(refunded).toBe(step === 'refund intent' || step === 'refunded');
    } finally {
      await h.close();
    }
  });
});
