/**
 * Staff's payment moves on an unpaid order (docs/domain.md#orders): Paid (taken outside the provider) moves the order
 * on as a capture does, Failed closes it and gives its stock back. Every change names the member of staff as their
 * token named them then (no other service is asked), and goes ahead by id when it named nobody.
 */
import { orderActorLabel } from '@pharmacy/contracts';
import type { OrderDoc } from '../src/orders/store';
import { createHarness, prepareShopper, CONSULTATION_ANSWERS, type Harness } from './harness';

jest.setTimeout(30_000);

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  h.names.set('staff-ada', 'Ada Lovelace');
});
afterAll(() => h.close());

const staff = (id = 'staff-ada') => h.as(id, true);
const setPayment = (orderId: string, paymentStatus: string, id?: string) =>
  h.app.inject({ method: 'PUT', url: `/api/admin/orders/payment/${orderId}`, headers: staff(id), payload: { paymentStatus } });
const stockPanel = async (productId: string) => {
  const { available, reserved, sold } = (await h.app.inject({ url: `/api/admin/products/${productId}/stock`, headers: staff() })).json().data;
  return { available, reserved, sold };
};
const cartOf = async (userId: string) => (await h.app.inject({ url: `/api/shop/cart/get/${userId}`, headers: h.as(userId) })).json().data.items;

async function unpaidOrder(userId: string, opts: { pharmacyOnly?: boolean } = {}) {
  const productId = await h.addProduct({ totalStock: 20, price: 6, ...(opts.pharmacyOnly ? { pharmacyOnly: true } : {}) });
  const addressId = await prepareShopper(h, userId, [{ productId, quantity: 2 }]);
  const created = await h.app.inject({
    method: 'POST', url: '/api/shop/order/create', headers: h.as(userId), payload: { addressId, ...(opts.pharmacyOnly ? { consultation: CONSULTATION_ANSWERS } : {}) },
  });
  expect(created.statusCode).toBe(200);
  return { orderId: created.json().data.orderId as string, productId };
}

describe('staff mark an unpaid order Paid', () => {
  test('it moves on as a capture does: paid and confirmed, stock sold, out of the cart, recorded by the member of staff, the shopper mailed once', async () => {
    const { orderId, productId } = await unpaidOrder('s-paid');
    expect(await stockPanel(productId)).toEqual({ available: 18, reserved: 2, sold: 0 });

    const res = await setPayment(orderId, 'paid');
    expect(res.statusCode).toBe(200);
    const order = res.json().data;
    expect(order).toMatchObject({ paymentStatus: 'paid', orderStatus: 'confirmed', review: { status: 'notNeeded' } });
    expect(order.history).toEqual([
      expect.objectContaining({ field: 'paymentStatus', from: 'pending', to: 'paid', by: 'staff-ada', byName: 'Ada Lovelace', note: expect.stringMatching(/outside the payment provider/) }),
      expect.objectContaining({ field: 'orderStatus', from: 'pending', to: 'confirmed', by: 'staff-ada', byName: 'Ada Lovelace' }),
    ]);
    expect(orderActorLabel(order.history[0], order.userId)).toBe('Ada Lovelace (staff)');
    expect(await stockPanel(productId)).toEqual({ available: 18, reserved: 0, sold: 2 });
    expect(await cartOf('s-paid')).toEqual([]);
    expect(h.mails.filter((m) => m.key === `order-paid:${orderId}`)).toHaveLength(1);
    expect((await h.store.collection<OrderDoc>('orders').findOne({ _id: orderId }))?.stock).toBe('committed');

    // Paid is not a step twice, and a paid order does not fail.
    expect((await setPayment(orderId, 'paid')).statusCode).toBe(422);
    expect((await setPayment(orderId, 'failed')).statusCode).toBe(422);
    expect(h.mails.filter((m) => m.key === `order-paid:${orderId}`)).toHaveLength(1);
  });

  test("an order holding a pharmacy medicine joins the pharmacist's queue", async () => {
    const { orderId } = await unpaidOrder('s-held', { pharmacyOnly: true });
    const queue = async () => (await h.app.inject({ url: '/api/admin/orders/get?review=awaiting&limit=100', headers: staff() })).json();
    expect((await queue()).data.map((o: { _id: string }) => o._id)).not.toContain(orderId);
    expect((await setPayment(orderId, 'paid')).json().data).toMatchObject({ orderStatus: 'confirmed', review: { status: 'awaiting' } });
    expect((await queue()).data.map((o: { _id: string }) => o._id)).toContain(orderId);
    expect(h.mails.find((m) => m.key === `order-paid:${orderId}`)?.subject).toMatch(/waiting for our pharmacist’s check/);
  });

  test('refused while a capture through the provider is under way (409): the money may be being taken there', async () => {
    const { orderId, productId } = await unpaidOrder('s-capturing');
    await h.store.collection<OrderDoc>('orders').updateOne({ _id: orderId }, { $set: { capturing: { payerId: 'PAYER', at: Date.now() } } });
    const res = await setPayment(orderId, 'paid');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'CONFLICT' });
    expect(await stockPanel(productId)).toEqual({ available: 18, reserved: 2, sold: 0 });
    expect((await h.app.inject({ url: `/api/admin/orders/details/${orderId}`, headers: staff() })).json().data).toMatchObject({ paymentStatus: 'pending', orderStatus: 'pending' });
  });
});

test('staff mark an unpaid order Failed: it is rejected (payment failed), its stock goes back, and the shopper is not mailed', async () => {
  const { orderId, productId } = await unpaidOrder('s-failed');
  const res = await setPayment(orderId, 'failed');
  expect(res.statusCode).toBe(200);
  expect(res.json().data).toMatchObject({ paymentStatus: 'failed', orderStatus: 'rejected', closedReason: 'paymentFailed' });
  expect(res.json().data.history).toEqual([
    expect.objectContaining({ field: 'paymentStatus', from: 'pending', to: 'failed', by: 'staff-ada', byName: 'Ada Lovelace' }),
    expect.objectContaining({ field: 'orderStatus', from: 'pending', to: 'rejected', by: 'staff-ada', byName: 'Ada Lovelace', note: 'Payment failed' }),
  ]);
  expect(await stockPanel(productId)).toEqual({ available: 20, reserved: 0, sold: 0 });
  await h.controls.sweep();
  expect(h.mails.filter((m) => m.key.endsWith(orderId))).toEqual([]);
  expect((await setPayment(orderId, 'paid')).statusCode).toBe(422); // final
});

test('a member of staff whose token names nobody: the change goes ahead, recorded by id and worded by its start', async () => {
  const { orderId } = await unpaidOrder('s-unnamed');
  const res = await setPayment(orderId, 'paid', 'staff-unknown-42');
  expect(res.statusCode).toBe(200);
  const [entry] = res.json().data.history;
  expect(entry).toMatchObject({ by: 'staff-unknown-42' });
  expect(entry).not.toHaveProperty('byName');
  expect(orderActorLabel(entry, 's-unnamed')).toBe('staff member staff-un');
});

test("a pharmacist's decision keeps their name with it", async () => {
  const { orderId } = await unpaidOrder('s-decided', { pharmacyOnly: true });
  await setPayment(orderId, 'paid');
  const res = await h.app.inject({ method: 'POST', url: `/api/admin/orders/review/${orderId}`, headers: staff(), payload: { decision: 'approve' } });
  expect(res.json().data.review).toMatchObject({ status: 'approved', decidedBy: 'staff-ada', decidedByName: 'Ada Lovelace' });
  expect(res.json().data.history.at(-1)).toMatchObject({ by: 'staff-ada', byName: 'Ada Lovelace' });
});
