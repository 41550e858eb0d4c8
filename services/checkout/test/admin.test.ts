import { approveSandbox, createHarness, prepareShopper, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const admin = () => h.as('staff-1', true);
const setStatus = (id: string, orderStatus: string) => h.app.inject({ method: 'PUT', url: `/api/admin/orders/update/${id}`, headers: admin(), payload: { orderStatus } });
const setPayment = (id: string, paymentStatus: string) => h.app.inject({ method: 'PUT', url: `/api/admin/orders/payment/${id}`, headers: admin(), payload: { paymentStatus } });

async function order(userId: string, productId: string, pay: boolean): Promise<string> {
  const addressId = await prepareShopper(h, userId, [{ productId, quantity: 1 }]);
  const { orderId, approvalURL } = (await h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as(userId), payload: { addressId } })).json().data;
  if (pay) {
    const { paymentId, payerId } = await approveSandbox(h, approvalURL);
    await h.app.inject({ method: 'POST', url: '/api/shop/order/capture', headers: h.as(userId), payload: { paymentId, payerId, orderId } });
  }
  return orderId;
}

let product: string;
const ids: string[] = [];
beforeAll(async () => {
  product = await h.addProduct({ price: 20, totalStock: 100 });
  for (let i = 0; i < 5; i++) ids.push(await order(`adm-u${i}`, product, i < 3)); // 3 paid, 2 pending
});

test('lists orders newest first, filtered by status, paginated with the total', async () => {
  const all = (await h.app.inject({ method: 'GET', url: '/api/admin/orders/get?page=1&limit=2', headers: admin() })).json();
  expect(all).toMatchObject({ total: 5, page: 1, limit: 2 });
  expect(all.data.map((o: { _id: string }) => o._id)).toEqual([ids[4], ids[3]]);
  const page3 = (await h.app.inject({ method: 'GET', url: '/api/admin/orders/get?page=3&limit=2', headers: admin() })).json();
  expect(page3.data.map((o: { _id: string }) => o._id)).toEqual([ids[0]]);
  const confirmed = (await h.app.inject({ method: 'GET', url: '/api/admin/orders/get?status=confirmed', headers: admin() })).json();
  expect(confirmed.total).toBe(3);
  expect((await h.app.inject({ method: 'GET', url: '/api/admin/orders/get?status=lost', headers: admin() })).statusCode).toBe(400);
  expect((await h.app.inject({ method: 'GET', url: '/api/admin/orders/get?limit=1000', headers: admin() })).statusCode).toBe(400);
});

test('staff move an order along the allowed path; anything else is 422; history records who and when', async () => {
  const id = ids[0]; // confirmed + paid
  expect((await setStatus(id, 'delivered')).statusCode).toBe(422);
  expect((await setStatus(id, 'pending')).statusCode).toBe(422);
  expect((await setStatus(id, 'inProcess')).statusCode).toBe(200);
  expect((await setStatus(id, 'inShipping')).statusCode).toBe(200);
  const rej = await setStatus(id, 'rejected');
  expect(rej.statusCode).toBe(422);
  expect(rej.json()).toMatchObject({ code: 'INVALID_TRANSITION', message: expect.stringMatching(/inShipping to rejected/) });
  const done = await setStatus(id, 'delivered');
  expect(done.statusCode).toBe(200);
  expect((await setPayment(id, 'failed')).statusCode).toBe(422);
  expect((await setPayment(id, 'refunded')).statusCode).toBe(200);
  expect((await setPayment(id, 'paid')).statusCode).toBe(422);

  const details = (await h.app.inject({ method: 'GET', url: `/api/admin/orders/details/${id}`, headers: admin() })).json().data;
  expect(details).toMatchObject({ orderStatus: 'delivered', paymentStatus: 'refunded' });
  const staffEntries = details.history.filter((e: { by: string }) => e.by === 'staff-1');
  expect(staffEntries.map((e: { field: string; from: string; to: string }) => `${e.field}:${e.from}>${e.to}`)).toEqual([
    'orderStatus:confirmed>inProcess', 'orderStatus:inProcess>inShipping', 'orderStatus:inShipping>delivered', 'paymentStatus:paid>refunded',
  ]);
  for (const e of staffEntries) expect(Number.isNaN(Date.parse(e.at))).toBe(false);
});

test('rejecting an unpaid order fails its payment and releases its stock; marking one paid commits it and confirms it', async () => {
  const before = await h.stockOf(product);
  const r = await setStatus(ids[3], 'rejected');
  expect(r.json().data).toMatchObject({ orderStatus: 'rejected', paymentStatus: 'failed' });
  expect(await h.stockOf(product)).toBe(before + 1);

  const paid = await setPayment(ids[4], 'paid');
  expect(paid.json().data).toMatchObject({ paymentStatus: 'paid', orderStatus: 'confirmed' });
  expect(await h.stockOf(product)).toBe(before + 1); // stays sold
});

test('stats come from real orders: revenue of paid orders today and over 30 days, counts by status, a 30-day series', async () => {
  const stats = (await h.app.inject({ method: 'GET', url: '/api/admin/orders/stats', headers: admin() })).json().data;
  // ids[0] refunded (not revenue), ids[1], ids[2], ids[4] paid 23.99 each: 20 of items and 3.99 of standard delivery.
  expect(stats.today).toEqual({ revenue: 71.97, orders: 5, paidOrders: 3 });
  expect(stats.last30Days).toEqual({ revenue: 71.97, orders: 5, paidOrders: 3 });
  expect(stats.byPaymentStatus).toEqual({ pending: 0, paid: 3, refunded: 1, failed: 1 });
  expect(stats.byOrderStatus).toMatchObject({ delivered: 1, rejected: 1, confirmed: 3 });
  expect(stats.dailyRevenue).toHaveLength(30);
  expect(stats.dailyRevenue[29]).toEqual({ date: new Date().toISOString().slice(0, 10), revenue: 71.97, orders: 5 });
});

test('admin routes need an admin: 401 for visitors, 403 for shoppers; unknown ids are 404', async () => {
  for (const [method, url, payload] of [
    ['GET', '/api/admin/orders/get', undefined],
    ['GET', '/api/admin/orders/stats', undefined],
    ['GET', `/api/admin/orders/details/${ids[1]}`, undefined],
    ['PUT', `/api/admin/orders/update/${ids[1]}`, { orderStatus: 'inProcess' }],
    ['PUT', `/api/admin/orders/payment/${ids[1]}`, { paymentStatus: 'refunded' }],
  ] as const) {
    expect((await h.app.inject({ method, url, payload })).statusCode).toBe(401);
    expect((await h.app.inject({ method, url, payload, headers: h.as('adm-u1') })).statusCode).toBe(403);
  }
  expect((await h.app.inject({ method: 'GET', url: '/api/admin/orders/details/nope', headers: admin() })).statusCode).toBe(404);
  expect((await h.app.inject({ method: 'PUT', url: `/api/admin/orders/update/${ids[1]}`, headers: admin(), payload: { orderStatus: 'confirmed', note: 'x' } })).statusCode).toBe(400);
  const untouched = (await h.app.inject({ method: 'GET', url: `/api/admin/orders/details/${ids[1]}`, headers: admin() })).json().data;
  expect(untouched).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid' });
});
