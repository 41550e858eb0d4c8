import { approveSandbox, createHarness, followProviderReturn, prepareShopper, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const create = (userId: string, addressId: string, extra: object = {}) =>
  h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as(userId), payload: { addressId, ...extra } });
const capture = (userId: string, body: object) => h.app.inject({ method: 'POST', url: '/api/shop/order/capture', headers: h.as(userId), payload: body });
const cartOf = async (userId: string) => (await h.app.inject({ method: 'GET', url: `/api/shop/cart/get/${userId}`, headers: h.as(userId) })).json().data;

/** Create → approve on the sandbox page → the body the return page sends to capture. */
async function placeAndApprove(userId: string, items: Array<{ productId: string; quantity: number }>) {
  const addressId = await prepareShopper(h, userId, items);
  const res = await create(userId, addressId);
  expect(res.statusCode).toBe(200);
  const { orderId, approvalURL } = res.json().data;
  const { paymentId, payerId } = await approveSandbox(h, approvalURL);
  return { orderId, approvalURL, paymentId, payerId, addressId };
}

describe('order journey with the sandbox provider', () => {
  test('create reserves stock and returns the approval link; capture commits, marks paid + confirmed and clears the cart', async () => {
    const p = await h.addProduct({ price: 12.5, totalStock: 10, title: 'Vitamin D' });
    const addressId = await prepareShopper(h, 'u-journey', [{ productId: p, quantity: 2 }]);
    const res = await create('u-journey', addressId);
    expect(res.statusCode).toBe(200);
    const { orderId, approvalURL } = res.json().data;
    expect(approvalURL).toMatch(/^http:\/\/shop\.test\/api\/payments\/sandbox\/approve\/SBX-/);
    expect(await h.stockOf(p)).toBe(8); // reserved

    const pending = (await h.app.inject({ method: 'GET', url: `/api/shop/order/details/${orderId}`, headers: h.as('u-journey') })).json().data;
    // 25.00 of items under the free-delivery threshold: standard delivery (the default) adds 3.99.
    expect(pending).toMatchObject({ orderStatus: 'pending', paymentStatus: 'pending', subtotal: 25, deliveryFee: 3.99, totalAmount: 28.99, paymentMethod: 'sandbox' });
    expect(pending.address).toMatchObject({ addressId, fullName: 'Ada Lovelace', city: 'London' });
    expect(pending.items).toEqual([expect.objectContaining({ productId: p, title: 'Vitamin D', price: 12.5, quantity: 2, lineTotal: 25 })]);

    // The approval page is clearly a sandbox and shows the amount.
    const page = await h.app.inject({ method: 'GET', url: new URL(approvalURL).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Test payment: no money is taken');
    expect(page.body).toContain('Sandbox payment provider');
    expect(page.body).toContain('£28.99');
    expect(page.body).toMatch(/>Approve</);
    expect(page.body).toMatch(/>Cancel</);

    const confirm = await h.app.inject({ method: 'GET', url: `${new URL(approvalURL).pathname}/confirm` });
    expect(confirm.statusCode).toBe(302);
    // Back to the shop's return route, which reads the sandbox's words and hands the page only ours.
    const back = new URL(String(confirm.headers.location));
    expect(back.origin + back.pathname).toBe('http://shop.test/api/payments/return');
    const returnPage = await followProviderReturn(h, back.href);
    expect(returnPage.origin + returnPage.pathname).toBe('http://shop.test/secure/checkout/return');
    expect([...returnPage.searchParams.keys()].sort()).toEqual(['orderId', 'payerId', 'paymentId']);
    expect(returnPage.searchParams.get('orderId')).toBe(orderId);
    const paymentId = returnPage.searchParams.get('paymentId')!;
    const payerId = returnPage.searchParams.get('payerId')!;
    expect(paymentId).toBe(pending.paymentId);
    expect(payerId).toMatch(/^SBXPAYER/);

    const done = await capture('u-journey', { paymentId, payerId, orderId });
    expect(done.statusCode).toBe(200);
    const order = done.json().data;
    expect(order).toMatchObject({ _id: orderId, orderStatus: 'confirmed', paymentStatus: 'paid', payerId });
    expect(order.history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'paymentStatus', from: 'pending', to: 'paid', by: 'system' }),
        expect.objectContaining({ field: 'orderStatus', from: 'pending', to: 'confirmed', by: 'system' }),
      ]),
    );
    expect(await h.stockOf(p)).toBe(8); // committed, not given back
    expect((await cartOf('u-journey')).items).toEqual([]);

    const list = await h.app.inject({ method: 'GET', url: '/api/shop/order/list/u-journey', headers: h.as('u-journey') });
    expect(list.json().data.map((o: { _id: string }) => o._id)).toEqual([orderId]);

    const bought = await h.app.inject({ method: 'GET', url: `/internal/checkout/purchases/u-journey/${p}`, headers: { 'x-internal-token': 'wrong' } });
    expect(bought.statusCode).toBe(403);
  });

  test('capture replayed 5 times has one effect and returns the same order', async () => {
    const p = await h.addProduct({ totalStock: 10 });
    const other = await h.addProduct({ totalStock: 10 });
    const { orderId, paymentId, payerId } = await placeAndApprove('u-replay', [{ productId: p, quantity: 3 }]);
    const first = await capture('u-replay', { paymentId, payerId, orderId });
    expect(first.statusCode).toBe(200);
    // The shopper starts a new cart; replays must not clear it again or touch stock.
    await h.app.inject({ method: 'POST', url: '/api/shop/cart/add', headers: h.as('u-replay'), payload: { userId: 'u-replay', productId: other, quantity: 1 } });

    const replays = await Promise.all(Array.from({ length: 4 }, () => capture('u-replay', { paymentId, payerId, orderId })));
    for (const r of replays) {
      expect(r.statusCode).toBe(200);
      expect(r.json().data).toEqual(first.json().data);
    }
    expect(await h.stockOf(p)).toBe(7);
    expect((await cartOf('u-replay')).items).toHaveLength(1);
    expect(first.json().data.history.filter((e: { field: string }) => e.field === 'paymentStatus')).toHaveLength(1);
  });

  test('a payment id that belongs to another order is refused; someone else’s order is 403', async () => {
    const p = await h.addProduct({ totalStock: 10 });
    const a = await placeAndApprove('u-mixa', [{ productId: p, quantity: 1 }]);
    const b = await placeAndApprove('u-mixb', [{ productId: p, quantity: 1 }]);
    // B's approved payment used to pay A's order (same shopper A cannot, and B's id does not match A's order).
    const mixed = await capture('u-mixa', { paymentId: b.paymentId, payerId: b.payerId, orderId: a.orderId });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json()).toMatchObject({ code: 'PAYMENT_MISMATCH' });
    const foreign = await capture('u-mixa', { paymentId: b.paymentId, payerId: b.payerId, orderId: b.orderId });
    expect(foreign.statusCode).toBe(403);
    for (const [userId, o] of [['u-mixa', a], ['u-mixb', b]] as const) {
      const d = (await h.app.inject({ method: 'GET', url: `/api/shop/order/details/${o.orderId}`, headers: h.as(userId) })).json().data;
      expect(d.paymentStatus).toBe('pending');
    }
    expect((await h.app.inject({ method: 'GET', url: `/api/shop/order/details/${a.orderId}`, headers: h.as('u-mixb') })).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'POST', url: '/api/shop/order/cancel', headers: h.as('u-mixb'), payload: { orderId: a.orderId } })).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'GET', url: '/api/shop/order/list/u-mixa', headers: h.as('u-mixb') })).statusCode).toBe(403);
  });

  test('capture before the shopper approved is refused and the order stays pending', async () => {
    const p = await h.addProduct({ totalStock: 5 });
    const addressId = await prepareShopper(h, 'u-early', [{ productId: p, quantity: 1 }]);
    const { orderId } = (await create('u-early', addressId)).json().data;
    const order = (await h.app.inject({ method: 'GET', url: `/api/shop/order/details/${orderId}`, headers: h.as('u-early') })).json().data;
    const res = await capture('u-early', { paymentId: order.paymentId, payerId: 'SOMEONE', orderId });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/not been approved/);
    expect(await h.stockOf(p)).toBe(4);
  });

  test('cancel releases the reservation, keeps the cart, and capture is refused afterwards', async () => {
    const p = await h.addProduct({ totalStock: 6 });
    const { orderId, approvalURL, paymentId, payerId } = await placeAndApprove('u-cancel', [{ productId: p, quantity: 4 }]);
    expect(await h.stockOf(p)).toBe(2);

    // The sandbox Cancel button leads to the shop's cancel page with the order id.
    const cancelLink = await h.app.inject({ method: 'GET', url: new URL(approvalURL).pathname.replace('/approve/', '/cancel/') });
    expect(cancelLink.statusCode).toBe(302);
    const to = await followProviderReturn(h, String(cancelLink.headers.location));
    expect(to.pathname).toBe('/secure/checkout/cancel');
    expect([...to.searchParams.entries()]).toEqual([['orderId', orderId]]);

    const res = await h.app.inject({ method: 'POST', url: '/api/shop/order/cancel', headers: h.as('u-cancel'), payload: { orderId } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ orderStatus: 'rejected', paymentStatus: 'failed' });
    expect(res.json().data.history[0]).toMatchObject({ by: 'u-cancel', from: 'pending', to: 'rejected' });
    expect(await h.stockOf(p)).toBe(6);
    expect((await cartOf('u-cancel')).items).toEqual([expect.objectContaining({ productId: p, quantity: 4 })]);

    // Cancelling again changes nothing; capturing is refused with a clear message.
    expect((await h.app.inject({ method: 'POST', url: '/api/shop/order/cancel', headers: h.as('u-cancel'), payload: { orderId } })).statusCode).toBe(200);
    const late = await capture('u-cancel', { paymentId, payerId, orderId });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/cancelled or expired/);
    expect(await h.stockOf(p)).toBe(6);
  });

  test('a paid order cannot be cancelled', async () => {
    const p = await h.addProduct({ totalStock: 5 });
    const o = await placeAndApprove('u-paidcancel', [{ productId: p, quantity: 1 }]);
    await capture('u-paidcancel', { paymentId: o.paymentId, payerId: o.payerId, orderId: o.orderId });
    const res = await h.app.inject({ method: 'POST', url: '/api/shop/order/cancel', headers: h.as('u-paidcancel'), payload: { orderId: o.orderId } });
    expect(res.statusCode).toBe(409);
    expect(await h.stockOf(p)).toBe(4);
  });

  test('orders not captured within 30 minutes expire: rejected, failed, recorded, stock released', async () => {
    const p = await h.addProduct({ totalStock: 5 });
    const fresh = await h.addProduct({ totalStock: 5 });
    const { orderId, paymentId, payerId } = await placeAndApprove('u-expire', [{ productId: p, quantity: 2 }]);
    expect(await h.stockOf(p)).toBe(3);

    h.clock.offsetMs = 29 * 60 * 1000;
    const recent = await placeAndApprove('u-expire2', [{ productId: fresh, quantity: 1 }]);
    expect(await h.controls.sweep()).toBe(0); // 29 minutes: still held
    expect(await h.stockOf(p)).toBe(3);

    h.clock.offsetMs = 31 * 60 * 1000;
    expect(await h.controls.sweep()).toBeGreaterThanOrEqual(1); // earlier tests left pending orders too
    expect(await h.stockOf(p)).toBe(5);
    expect(await h.stockOf(fresh)).toBe(4); // the younger order still holds its unit
    const order = (await h.app.inject({ method: 'GET', url: `/api/shop/order/details/${orderId}`, headers: h.as('u-expire') })).json().data;
    expect(order).toMatchObject({ orderStatus: 'rejected', paymentStatus: 'failed' });
    expect(order.history).toEqual([
      expect.objectContaining({ field: 'orderStatus', from: 'pending', to: 'rejected', by: 'system', note: expect.stringMatching(/30 minutes/) }),
      expect.objectContaining({ field: 'paymentStatus', from: 'pending', to: 'failed', by: 'system' }),
    ]);
    expect((await capture('u-expire', { paymentId, payerId, orderId })).statusCode).toBe(409);
    expect((await capture('u-expire2', { paymentId: recent.paymentId, payerId: recent.payerId, orderId: recent.orderId })).statusCode).toBe(200);
    h.clock.offsetMs = 0;
  });

  test('the order list is empty (not 404) for a user without orders; details of an unknown order are 404', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/shop/order/list/u-none', headers: h.as('u-none') });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
    expect((await h.app.inject({ method: 'GET', url: '/api/shop/order/details/nope', headers: h.as('u-none') })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: '/api/shop/order/list/u-none' })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'POST', url: '/api/shop/order/create', payload: { addressId: 'x' } })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'POST', url: '/api/shop/order/capture', payload: { paymentId: 'a', payerId: 'b', orderId: 'c' } })).statusCode).toBe(401);
  });
});

describe('order rules', () => {
  test('safety warnings must be acknowledged, and the acknowledgement is recorded on the order', async () => {
    h.profiles.set('u-ack', { allergies: ['lactose'], healthConditions: [], DOB: '1985-01-01' });
    const p = await h.addProduct({ allergens: ['Lactose'], title: 'Chewable' });
    const addressId = await prepareShopper(h, 'u-ack', [{ productId: p, quantity: 1 }]);
    const refused = await create('u-ack', addressId);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'SAFETY_ACK_REQUIRED', message: expect.stringMatching(/Chewable: .*lactose/i) });
    expect(await h.stockOf(p)).toBe(100);

    const ok = await create('u-ack', addressId, { acknowledgeSafetyWarnings: true });
    expect(ok.statusCode).toBe(200);
    const order = (await h.app.inject({ method: 'GET', url: `/api/shop/order/details/${ok.json().data.orderId}`, headers: h.as('u-ack') })).json().data;
    expect(order.acknowledgedWarnings).toEqual([`Chewable: ${order.items[0].warnings[0]}`]);
    expect(order.items[0].warnings[0]).toMatch(/lactose/i);
    expect(order.acknowledgedAt).toEqual(expect.any(String));
    expect(order.items[0].warnings).toHaveLength(1);
  });

  test('minimum age is checked against the date of birth from the account, also for lines that came in with a visitor cart', async () => {
    const p = await h.addProduct({ minAge: 18 });
    const born = new Date();
    born.setUTCFullYear(born.getUTCFullYear() - 16);
    h.profiles.set('u-young', { allergies: [], healthConditions: [], DOB: born.toISOString().slice(0, 10) });
    h.profiles.set('u-nodob', { allergies: [], healthConditions: [], DOB: null });
    // Adding is refused for them (safety.test.ts); a visitor cart merged at sign-in is how such a line gets in.
    const mergedCart = async (userId: string) => {
      await h.app.inject({ method: 'POST', url: '/api/shop/cart/merge', headers: h.as(userId), payload: { items: [{ productId: p, quantity: 1 }] } });
      return prepareShopper(h, userId, []);
    };
    const young = await create('u-young', await mergedCart('u-young'));
    expect(young.statusCode).toBe(422);
    expect(young.json()).toMatchObject({ code: 'AGE_RESTRICTED', message: expect.stringMatching(/at least 18/) });
    const nodob = await create('u-nodob', await mergedCart('u-nodob'));
    expect(nodob.statusCode).toBe(422);
    expect(nodob.json().message).toMatch(/date of birth/);
    expect(await h.stockOf(p)).toBe(100);
  });

  test('an empty cart, an unknown address, someone else’s address and bad bodies are refused with nothing reserved', async () => {
    const p = await h.addProduct({ totalStock: 5 });
    const mine = await prepareShopper(h, 'u-rules', []);
    expect((await create('u-rules', mine)).json().message).toMatch(/cart is empty/);
    await h.app.inject({ method: 'POST', url: '/api/shop/cart/add', headers: h.as('u-rules'), payload: { userId: 'u-rules', productId: p, quantity: 1 } });
    const theirs = await prepareShopper(h, 'u-rules-other', []);
    expect((await create('u-rules', theirs)).statusCode).toBe(404);
    expect((await create('u-rules', 'no-such-address')).statusCode).toBe(404);
    for (const payload of [{}, { addressId: mine, totalAmount: 0.01 }, { addressId: { $ne: null } }, { addressId: mine, acknowledgeSafetyWarnings: 'yes' }]) {
      const res = await h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as('u-rules'), payload });
      expect(res.statusCode).toBe(400);
    }
    expect(await h.stockOf(p)).toBe(5);
    expect((await h.app.inject({ method: 'GET', url: '/api/shop/order/list/u-rules', headers: h.as('u-rules') })).json().data).toEqual([]);
  });

  test('a product that went out of stock or over its limit after it was added is refused at order time', async () => {
    const p = await h.addProduct({ totalStock: 5 });
    const addressId = await prepareShopper(h, 'u-late', [{ productId: p, quantity: 3 }]);
    await h.app.inject({ method: 'PUT', url: `/api/admin/products/edit/${p}`, headers: h.as('admin', true), payload: { maxPerOrder: 2, version: 1 } });
    const over = await create('u-late', addressId);
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toMatch(/at most 2/);
    await h.app.inject({ method: 'PUT', url: `/api/admin/products/edit/${p}`, headers: h.as('admin', true), payload: { maxPerOrder: null, version: 2 } });
    await h.app.inject({ method: 'POST', url: `/api/admin/products/${p}/stock`, headers: h.as('admin', true), payload: { delta: -5, reason: 'damaged' } });
    const gone = await create('u-late', addressId);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().code).toBe('OUT_OF_STOCK');
  });
});
