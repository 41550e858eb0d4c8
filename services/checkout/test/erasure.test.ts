import { INTERNAL_HEADER } from '@pharmacy/service-kit';
import { approveSandbox, createHarness, prepareShopper, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const erase = (userId: string, token = h.internalToken) =>
  h.app.inject({ method: 'POST', url: `/internal/checkout/users/${userId}/erase`, headers: { [INTERNAL_HEADER]: token } });

/** A shopper with a saved address, a cart and one paid order. */
async function shopperWithHistory(userId: string) {
  const p = await h.addProduct({ price: 8, totalStock: 20 });
  const addressId = await prepareShopper(h, userId, [{ productId: p, quantity: 2 }]);
  const created = await h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as(userId), payload: { addressId } });
  expect(created.statusCode).toBe(200);
  const { orderId, approvalURL } = created.json().data;
  const approved = await approveSandbox(h, approvalURL);
  const captured = await h.app.inject({ method: 'POST', url: '/api/shop/order/capture', headers: h.as(userId), payload: { ...approved, orderId } });
  expect(captured.statusCode).toBe(200);
  // Something in the cart again after the order.
  await h.app.inject({ method: 'POST', url: '/api/shop/cart/add', headers: h.as(userId), payload: { userId, productId: p, quantity: 1 } });
  return { orderId, productId: p };
}

describe('POST /internal/checkout/users/{userId}/erase (account deletion)', () => {
  it('deletes the addresses and the cart, keeps the orders with the name, address and phone replaced and the date of it', async () => {
    const { orderId, productId } = await shopperWithHistory('u-leaving');
    await shopperWithHistory('u-staying');
    const before = (await h.app.inject({ url: `/api/shop/order/details/${orderId}`, headers: h.as('u-leaving') })).json().data;

    const res = await erase('u-leaving');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { addresses: 1, carts: 1, ordersAnonymised: 1, prescriptionsDeleted: 0 } });

    expect(await h.store.collection('addresses').countDocuments({ userId: 'u-leaving' })).toBe(0);
    expect(await h.store.collection('carts').countDocuments({ _id: 'u-leaving' })).toBe(0);
    // The deleted account's token is refused here at once (before any revocation poll), so nothing is re-created.
    const late = await h.app.inject({ method: 'POST', url: '/api/shop/cart/add', headers: h.as('u-leaving'), payload: { userId: 'u-leaving', productId, quantity: 1 } });
    expect(late.statusCode).toBe(401);
    expect(await h.store.collection('carts').countDocuments({ _id: 'u-leaving' })).toBe(0);
    const kept = await h.store.collection('orders').findOne({ _id: orderId });
    expect(kept).not.toBeNull();
    expect(kept!.address).toEqual({
      addressId: '', fullName: 'Former customer', line1: '(erased)', line2: '', city: '(erased)', region: '', postalCode: '(erased)', country: '', phone: '(erased)', notes: '',
    });
    expect(JSON.stringify(kept)).not.toMatch(/Ada Lovelace|1 Main Street|London|N1 9GU|7946/);
    // The pharmacy's record stays whole: items, amounts, payment and status.
    expect(kept).toMatchObject({ userId: 'u-leaving', paymentStatus: 'paid', orderStatus: 'confirmed', paymentId: before.paymentId, totalCents: 1999 });
    expect(kept!.items).toEqual([expect.objectContaining({ productId, quantity: 2, unitPriceCents: 800 })]);

    // Staff see the order and when it was anonymised.
    const admin = await h.app.inject({ url: `/api/admin/orders/details/${orderId}`, headers: h.as('admin-1', true) });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data).toMatchObject({ address: { fullName: 'Former customer' }, subtotal: 16, totalAmount: 19.99 });
    expect(Date.parse(admin.json().data.anonymisedAt)).toBeGreaterThan(Date.now() - 60_000);

    // Another shopper's data is untouched.
    expect(await h.store.collection('addresses').countDocuments({ userId: 'u-staying' })).toBe(1);
    expect(await h.store.collection('carts').countDocuments({ _id: 'u-staying' })).toBe(1);
    const theirs = await h.store.collection('orders').findOne({ userId: 'u-staying' });
    expect(theirs!.address).toMatchObject({ fullName: 'Ada Lovelace' });
    expect(theirs!.anonymisedAt).toBeUndefined();
  });

  it('is idempotent: a retry finds nothing more to do and keeps the first date', async () => {
    const { orderId } = await shopperWithHistory('u-twice');
    await erase('u-twice');
    const first = (await h.store.collection('orders').findOne({ _id: orderId }))!.anonymisedAt;
    h.clock.offsetMs += 60_000;
    const again = await erase('u-twice');
    expect(again.json().data).toEqual({ addresses: 0, carts: 0, ordersAnonymised: 0, prescriptionsDeleted: 0 });
    expect((await h.store.collection('orders').findOne({ _id: orderId }))!.anonymisedAt).toBe(first);
    // A user who never shopped here is erased too (nothing to do).
    expect((await erase('u-never-here')).statusCode).toBe(200);
  });

  it('answers only other services: a browser (even an admin) or a wrong token gets 403, and a bad id 400', async () => {
    await shopperWithHistory('u-target');
    const browser = await h.app.inject({ method: 'POST', url: '/internal/checkout/users/u-target/erase', headers: h.as('admin-1', true) });
    expect(browser.statusCode).toBe(403);
    expect((await erase('u-target', 'guess')).statusCode).toBe(403);
    expect(await h.store.collection('addresses').countDocuments({ userId: 'u-target' })).toBe(1);
    expect((await erase('bad%20id')).statusCode).toBe(400);
  });
});
