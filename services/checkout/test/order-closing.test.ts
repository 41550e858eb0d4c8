/**
 * Why an order closed is recorded where it closes (`closedReason`), so every screen words it from one map: a
 * cancelled sandbox payment reads "Payment cancelled" to the shopper and to staff, an expired one says it was not
 * paid in time, staff's rejection and a failed payment say so. orderStatus/paymentStatus keep their values.
 */
import { orderStatusWords, type Order } from '@pharmacy/contracts';
import { createHarness, prepareShopper, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const admin = () => h.as('staff-1', true);
async function unpaidOrder(userId: string): Promise<string> {
  const p = await h.addProduct({ price: 5, totalStock: 50 });
  const addressId = await prepareShopper(h, userId, [{ productId: p, quantity: 1 }]);
  const res = await h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as(userId), payload: { addressId } });
  expect(res.statusCode).toBe(200);
  return res.json().data.orderId;
}
const shopperView = async (userId: string, id: string): Promise<Order> => (await h.app.inject({ url: `/api/shop/order/details/${id}`, headers: h.as(userId) })).json().data;
const staffView = async (id: string): Promise<Order> => (await h.app.inject({ url: `/api/admin/orders/details/${id}`, headers: admin() })).json().data;

test('the shopper cancels the sandbox payment: "Payment cancelled" for the shopper and for staff, the statuses unchanged', async () => {
  const id = await unpaidOrder('u-cancel-words');
  const res = await h.app.inject({ method: 'POST', url: '/api/shop/order/cancel', headers: h.as('u-cancel-words'), payload: { orderId: id } });
  expect(res.statusCode).toBe(200);
  const mine = await shopperView('u-cancel-words', id);
  expect(mine).toMatchObject({ orderStatus: 'rejected', paymentStatus: 'failed', closedReason: 'cancelled' });
  expect(orderStatusWords(mine, 'shopper')).toMatchObject({ order: 'Payment cancelled', payment: 'Cancelled' });
  expect(orderStatusWords(await staffView(id), 'staff')).toMatchObject({ order: 'Payment cancelled', payment: 'Cancelled' });
});

test('an order not paid in time expires with its reason', async () => {
  const id = await unpaidOrder('u-expire-words');
  h.clock.offsetMs = 31 * 60 * 1000;
  try {
    await h.controls.sweep();
  } finally {
    h.clock.offsetMs = 0;
  }
  const order = await shopperView('u-expire-words', id);
  expect(order).toMatchObject({ orderStatus: 'rejected', paymentStatus: 'failed', closedReason: 'expired' });
  expect(orderStatusWords(order, 'shopper').order).toBe('Expired: not paid in time');
});

test('staff rejecting an unpaid order, or marking its payment failed, record which', async () => {
  const rejected = await unpaidOrder('u-staff-reject');
  expect((await h.app.inject({ method: 'PUT', url: `/api/admin/orders/update/${rejected}`, headers: admin(), payload: { orderStatus: 'rejected' } })).statusCode).toBe(200);
  const r = await staffView(rejected);
  expect(r.closedReason).toBe('rejectedByStaff');
  expect(orderStatusWords(r, 'shopper').order).toBe('Cancelled by the pharmacy');

  const failed = await unpaidOrder('u-staff-failed');
  expect((await h.app.inject({ method: 'PUT', url: `/api/admin/orders/payment/${failed}`, headers: admin(), payload: { paymentStatus: 'failed' } })).statusCode).toBe(200);
  const f = await staffView(failed);
  expect(f).toMatchObject({ orderStatus: 'rejected', paymentStatus: 'failed', closedReason: 'paymentFailed' });
  expect(orderStatusWords(f, 'staff').order).toBe('Payment failed');
});

test('an open order has no closedReason', async () => {
  const id = await unpaidOrder('u-open-words');
  expect((await shopperView('u-open-words', id)).closedReason).toBeUndefined();
});
