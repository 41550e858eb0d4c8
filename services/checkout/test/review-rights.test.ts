/**
 * Who may review a product (docs/domain.md#reviews), asked the way production asks it: the catalog's review calls go
 * through its client to this checkout's internal purchases endpoint, over real orders. A buyer may review once their
 * order is delivered (or collected); a paid order still on its way, a rejected or a refunded one grants nothing.
 */
import { CONSULTATION_QUESTIONS } from '@pharmacy/contracts';
import { createHarness, payOrder, placeOrder, type Harness } from './harness';

jest.setTimeout(30_000);

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const staff = () => h.as('staff-1', true);
const setStatus = async (orderId: string, orderStatus: string) => {
  const res = await h.app.inject({ method: 'PUT', url: `/api/admin/orders/update/${orderId}`, headers: staff(), payload: { orderStatus } });
  expect(res.statusCode).toBe(200);
};
const setPayment = async (orderId: string, paymentStatus: string) => {
  const res = await h.app.inject({ method: 'PUT', url: `/api/admin/orders/payment/${orderId}`, headers: staff(), payload: { paymentStatus } });
  expect(res.statusCode).toBe(200);
};
/** Staff take a paid order the whole way: prepared, shipped, delivered. */
const deliver = async (orderId: string) => {
  for (const status of ['inProcess', 'inShipping', 'delivered']) await setStatus(orderId, status);
};

const place = (userId: string, productId: string, extra: object = {}) => placeOrder(h, userId, [{ productId, quantity: 1 }], extra);
const pay = (userId: string, order: { orderId: string; approvalURL: string }) => payOrder(h, userId, order);
async function buy(userId: string, productId: string) {
  const order = await place(userId, productId);
  await pay(userId, order);
  return order.orderId;
}

const review = (userId: string, productId: string) =>
  h.app.inject({ method: 'POST', url: '/api/shop/review/add', headers: h.as(userId), payload: { productId, reviewMessage: 'Works well for me.', reviewValue: 5 } });
const eligibility = async (userId: string, productId: string) =>
  (await h.app.inject({ url: `/api/shop/review/can-review/${productId}`, headers: h.as(userId) })).json().data;

const NOT_DELIVERED = { success: false, code: 'NOT_DELIVERED', message: 'You can review this once your order has been delivered or collected.' };

test('unpaid: not a buyer; paid and on its way: refused with when they can; delivered: the review is accepted', async () => {
  const p = await h.addProduct({ totalStock: 5 });
  const order = await place('u-rr-journey', p);
  expect(await eligibility('u-rr-journey', p)).toEqual({ canReview: false, reason: 'NOT_A_BUYER' });
  expect((await review('u-rr-journey', p)).statusCode).toBe(403);

  await pay('u-rr-journey', order);
  expect(await eligibility('u-rr-journey', p)).toEqual({ canReview: false, reason: 'NOT_DELIVERED' });
  for (const status of ['inProcess', 'inShipping']) {
    const refused = await review('u-rr-journey', p);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(NOT_DELIVERED);
    await setStatus(order.orderId, status);
  }
  const onItsWay = await review('u-rr-journey', p);
  expect(onItsWay.json()).toEqual(NOT_DELIVERED);

  await setStatus(order.orderId, 'delivered');
  expect(await eligibility('u-rr-journey', p)).toEqual({ canReview: true });
  const accepted = await review('u-rr-journey', p);
  expect(accepted.statusCode).toBe(200);
  expect(accepted.json().data).toMatchObject({ reviewCount: 1, review: { userId: 'u-rr-journey', productId: p } });
});

test('a collected click-and-collect order grants the review like a delivered one', async () => {
  const p = await h.addProduct({ totalStock: 5 });
  const order = await place('u-rr-collect', p, { delivery: { method: 'collect', pharmacyId: 'riverside' } });
  await pay('u-rr-collect', order);
  expect((await review('u-rr-collect', p)).json()).toEqual(NOT_DELIVERED);
  await deliver(order.orderId); // ready to collect, then collected
  expect((await review('u-rr-collect', p)).statusCode).toBe(200);
});

test('someone who never bought the product, or bought only another one, is 403 NOT_A_BUYER', async () => {
  const p = await h.addProduct({ totalStock: 5 });
  const q = await h.addProduct({ totalStock: 5 });
  await deliver(await buy('u-rr-other', q));
  for (const [userId, productId] of [['u-rr-stranger', p], ['u-rr-other', p]]) {
    const res = await review(userId, productId);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_A_BUYER', message: 'Only customers who bought this product can review it.' });
  }
  // Another shopper's delivered order grants nothing to anyone else.
  expect(await eligibility('u-rr-stranger', q)).toEqual({ canReview: false, reason: 'NOT_A_BUYER' });
});

test('an order the pharmacist rejected (and refunded) does not grant a review', async () => {
  const p = await h.addProduct({ totalStock: 5, pharmacyOnly: true, title: 'Codeine linctus' });
  const consultation = CONSULTATION_QUESTIONS.map((q) => ({ questionId: q.id, answer: 'None' }));
  const order = await place('u-rr-rejected', p, { consultation });
  await pay('u-rr-rejected', order);
  expect(await eligibility('u-rr-rejected', p)).toEqual({ canReview: false, reason: 'NOT_DELIVERED' });
  const rejected = await h.app.inject({ method: 'POST', url: `/api/admin/orders/review/${order.orderId}`, headers: staff(), payload: { decision: 'reject', reason: 'Not suitable with your other medicines.' } });
  expect(rejected.statusCode).toBe(200);
  expect(rejected.json().data).toMatchObject({ orderStatus: 'rejected', paymentStatus: 'refunded' });
  expect(await eligibility('u-rr-rejected', p)).toEqual({ canReview: false, reason: 'NOT_A_BUYER' });
  expect((await review('u-rr-rejected', p)).json()).toMatchObject({ code: 'NOT_A_BUYER' });
});

test('a paid order staff rejected, or a delivered one refunded afterwards, does not grant a review', async () => {
  const p = await h.addProduct({ totalStock: 5 });
  const rejectedId = await buy('u-rr-staff', p);
  await setStatus(rejectedId, 'rejected');
  expect(await eligibility('u-rr-staff', p)).toEqual({ canReview: false, reason: 'NOT_A_BUYER' });

  const refundedId = await buy('u-rr-refund', p);
  await deliver(refundedId);
  expect(await eligibility('u-rr-refund', p)).toEqual({ canReview: true });
  await setPayment(refundedId, 'refunded');
  expect(await eligibility('u-rr-refund', p)).toEqual({ canReview: false, reason: 'NOT_A_BUYER' });
  expect((await review('u-rr-refund', p)).statusCode).toBe(403);
});

test('the internal endpoint answers only with the internal token', async () => {
  const res = await h.app.inject({ url: '/internal/checkout/purchases/u-rr-journey/p1', headers: { 'x-internal-token': 'wrong' } });
  expect(res.statusCode).toBe(403);
});
