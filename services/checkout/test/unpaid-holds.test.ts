/**
 * A shopper holds at most 3 unpaid (pending) orders at once: each one holds stock until it is paid, cancelled
 * or expires, so without a bound one shopper could hold a product's whole stock.
 */
import { approveSandbox, createHarness, prepareShopper, type Harness } from './harness';

jest.setTimeout(60_000);

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const create = (userId: string, addressId: string) =>
  h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as(userId), payload: { addressId } });
const pendingCount = (userId: string) => h.store.collection('orders').countDocuments({ userId, orderStatus: 'pending', paymentStatus: 'pending' });

test('the 4th unpaid order is refused with 422 and a message to pay or cancel one first; nothing is reserved for it', async () => {
  const p = await h.addProduct({ totalStock: 100 });
  const addressId = await prepareShopper(h, 'u-holds', [{ productId: p, quantity: 5 }]);
  const placed: string[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await create('u-holds', addressId);
    expect(res.statusCode).toBe(200);
    placed.push(res.json().data.orderId);
  }
  expect(await h.stockOf(p)).toBe(85);

  const fourth = await create('u-holds', addressId);
  expect(fourth.statusCode).toBe(422);
  expect(fourth.json()).toEqual({
    success: false,
    code: 'TOO_MANY_UNPAID_ORDERS',
    message: 'You already have 3 unpaid orders. Please pay for or cancel one of them in My Orders before placing a new one.',
  });
  expect(await h.stockOf(p)).toBe(85);
  expect(await pendingCount('u-holds')).toBe(3);
  // Each unpaid order shows where to pay for it; a closed one no longer does.
  const mine = (await h.app.inject({ method: 'GET', url: '/api/shop/order/list/u-holds', headers: h.as('u-holds') })).json().data;
  expect(mine.map((o: { paymentURL?: string }) => o.paymentURL)).toEqual(mine.map(() => expect.stringMatching(/\/api\/payments\/sandbox\/approve\/SBX-/)));
  // Another shopper is not affected.
  const other = await create('u-holds-other', await prepareShopper(h, 'u-holds-other', [{ productId: p, quantity: 1 }]));
  expect(other.statusCode).toBe(200);

  // Cancelling one frees a place.
  expect((await h.app.inject({ method: 'POST', url: '/api/shop/order/cancel', headers: h.as('u-holds'), payload: { orderId: placed[0] } })).statusCode).toBe(200);
  const cancelled = (await h.app.inject({ method: 'GET', url: `/api/shop/order/details/${placed[0]}`, headers: h.as('u-holds') })).json().data;
  expect(cancelled.paymentURL).toBeUndefined();
  const afterCancel = await create('u-holds', addressId);
  expect(afterCancel.statusCode).toBe(200);
  expect((await create('u-holds', addressId)).statusCode).toBe(422);

  // Paying one frees a place too (a paid order holds nothing any more).
  const { approvalURL, orderId } = afterCancel.json().data;
  const { paymentId, payerId } = await approveSandbox(h, approvalURL);
  const paid = await h.app.inject({ method: 'POST', url: '/api/shop/order/capture', headers: h.as('u-holds'), payload: { paymentId, payerId, orderId } });
  expect(paid.statusCode).toBe(200);
  await prepareShopper(h, 'u-holds', [{ productId: p, quantity: 1 }]); // the paid items left the cart
  expect((await create('u-holds', addressId)).statusCode).toBe(200);
  expect(await pendingCount('u-holds')).toBe(3);
});

test('expired orders free their places', async () => {
  const p = await h.addProduct({ totalStock: 100 });
  const addressId = await prepareShopper(h, 'u-expiry-holds', [{ productId: p, quantity: 1 }]);
  for (let i = 0; i < 3; i++) expect((await create('u-expiry-holds', addressId)).statusCode).toBe(200);
  expect((await create('u-expiry-holds', addressId)).statusCode).toBe(422);
  h.clock.offsetMs = 31 * 60 * 1000;
  await h.controls.sweep();
  expect((await create('u-expiry-holds', addressId)).statusCode).toBe(200);
  h.clock.offsetMs = 0;
});

test('10 concurrent creates by one shopper make exactly 3 pending orders', async () => {
  const p = await h.addProduct({ totalStock: 100 });
  const addressId = await prepareShopper(h, 'u-race-holds', [{ productId: p, quantity: 2 }]);
  const results = await Promise.all(Array.from({ length: 10 }, () => create('u-race-holds', addressId)));
  const codes = results.map((r) => r.statusCode).sort();
  expect(codes).toEqual([200, 200, 200, 422, 422, 422, 422, 422, 422, 422]);
  expect(await pendingCount('u-race-holds')).toBe(3);
  expect(await h.stockOf(p)).toBe(94);
});
