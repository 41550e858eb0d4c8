import { createHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const get = (userId: string, as = userId) => h.app.inject({ method: 'GET', url: `/api/shop/cart/get/${userId}`, headers: h.as(as) });
const add = (userId: string, productId: string, quantity: unknown, as = userId) =>
  h.app.inject({ method: 'POST', url: '/api/shop/cart/add', headers: h.as(as), payload: { userId, productId, quantity } });
const update = (userId: string, productId: string, quantity: unknown, as = userId) =>
  h.app.inject({ method: 'PUT', url: '/api/shop/cart/update-cart', headers: h.as(as), payload: { userId, productId, quantity } });

describe('server cart', () => {
  test('add, read, update, remove and clear one user’s cart with server prices', async () => {
    const a = await h.addProduct({ price: 4.99, title: 'Ibuprofen 200mg' });
    const b = await h.addProduct({ price: 10, salePrice: 7.5 });
    expect((await add('u-basic', a, 2)).statusCode).toBe(200);
    const added = await add('u-basic', b, 1);
    expect(added.json().message).toMatch(/added to your cart/);

    const cart = (await get('u-basic')).json().data;
    expect(cart.items.map((i: { productId: string; quantity: number }) => [i.productId, i.quantity])).toEqual([[a, 2], [b, 1]]);
    expect(cart.items[0]).toMatchObject({ title: 'Ibuprofen 200mg', price: 4.99, lineTotal: 9.98, available: true, warnings: [] });
    expect(cart.items[1].price).toBe(7.5); // the sale price
    expect(cart).toMatchObject({ itemCount: 3, totalAmount: 17.48, canCheckout: true, hasWarnings: false });

    expect((await update('u-basic', a, 5)).json().data.items[0].quantity).toBe(5);
    const removed = await h.app.inject({ method: 'DELETE', url: `/api/shop/cart/u-basic/${b}`, headers: h.as('u-basic') });
    expect(removed.json().data.items).toHaveLength(1);
    expect((await h.app.inject({ method: 'DELETE', url: `/api/shop/cart/u-basic/${b}`, headers: h.as('u-basic') })).statusCode).toBe(404);

    const cleared = await h.app.inject({ method: 'DELETE', url: '/api/shop/cart/clear/u-basic', headers: h.as('u-basic') });
    expect(cleared.json().data).toMatchObject({ items: [], itemCount: 0, totalAmount: 0, canCheckout: false });
  });

  test('quantities are capped by stock and by maxPerOrder, and the answer says why', async () => {
    const scarce = await h.addProduct({ totalStock: 3 });
    const limited = await h.addProduct({ totalStock: 50, maxPerOrder: 2 });

    const r1 = await add('u-caps', scarce, 5);
    expect(r1.statusCode).toBe(200);
    expect(r1.json().message).toMatch(/Only 3 left in stock/);
    expect(r1.json().data.items[0]).toMatchObject({ quantity: 3, maxQuantity: 3 });

    const r2 = await add('u-caps', limited, 1);
    expect(r2.json().message).toMatch(/added/);
    const r3 = await add('u-caps', limited, 4); // 1 + 4 > 2
    expect(r3.json().message).toMatch(/Limited to 2 per order/);
    expect(r3.json().data.items.find((i: { productId: string }) => i.productId === limited).quantity).toBe(2);

    const r4 = await update('u-caps', limited, 9);
    expect(r4.json().message).toMatch(/Limited to 2 per order/);
    expect(r4.json().data.items.find((i: { productId: string }) => i.productId === limited).quantity).toBe(2);
  });

  test('a product without maxPerOrder is capped at the default of 10 per order, and the answer says why', async () => {
    const plain = await h.addProduct({ totalStock: 50, maxPerOrder: null });
    const res = await add('u-default-cap', plain, 11);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/Limited to 10 per order/);
    expect(res.json().data.items[0]).toMatchObject({ quantity: 10, maxQuantity: 10 });
  });

  test('stock that drops after adding lowers the line on the next read, with a notice', async () => {
    const p = await h.addProduct({ totalStock: 10 });
    await add('u-drop', p, 8);
    await h.app.inject({ method: 'POST', url: `/api/admin/products/${p}/stock`, headers: h.as('admin', true), payload: { delta: -6, reason: 'count correction' } });
    const cart = (await get('u-drop')).json();
    expect(cart.data.items[0]).toMatchObject({ quantity: 4, notice: expect.stringMatching(/Only 4 left/) });
    expect(cart.message).toMatch(/Only 4 left/);
  });

  test('deleted and out-of-stock products stay visible as unavailable and block checkout', async () => {
    const gone = await h.addProduct();
    const sold = await h.addProduct({ totalStock: 5 });
    const fine = await h.addProduct();
    await add('u-unavail', gone, 1);
    await add('u-unavail', sold, 1);
    await add('u-unavail', fine, 1);
    await h.app.inject({ method: 'DELETE', url: `/api/admin/products/delete/${gone}`, headers: h.as('admin', true) });
    await h.app.inject({ method: 'POST', url: `/api/admin/products/${sold}/stock`, headers: h.as('admin', true), payload: { delta: -5, reason: 'damaged' } });

    const cart = (await get('u-unavail')).json().data;
    const line = (id: string) => cart.items.find((i: { productId: string }) => i.productId === id);
    expect(line(gone)).toMatchObject({ available: false, problem: expect.stringMatching(/no longer sold/) });
    expect(line(sold)).toMatchObject({ available: false, problem: 'Out of stock.', quantity: 1 });
    expect(line(fine)).toMatchObject({ available: true });
    expect(line(fine).problem).toBeUndefined();
    expect(cart.canCheckout).toBe(false);
    expect(cart.totalAmount).toBe(10); // only what can be ordered
  });

  test('unknown, out-of-stock and prescription-only products are refused with nothing added', async () => {
    const none = await h.addProduct({ totalStock: 0 });
    const rx = await h.addProduct({ requiresPrescription: true });
    const unknown = await add('u-refuse', '00000000-0000-0000-0000-000000000000', 1);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const out = await add('u-refuse', none, 1);
    expect(out.statusCode).toBe(409);
    expect(out.json()).toMatchObject({ code: 'OUT_OF_STOCK', message: expect.stringMatching(/out of stock/) });
    const presc = await add('u-refuse', rx, 1);
    expect(presc.statusCode).toBe(422);
    expect(presc.json().message).toMatch(/prescription/i);
    expect((await get('u-refuse')).json().data.items).toEqual([]);
  });

  test('bad input is a 400 and changes nothing', async () => {
    const p = await h.addProduct();
    await add('u-bad', p, 1);
    const cases = [
      { userId: 'u-bad', productId: p, quantity: -1 },
      { userId: 'u-bad', productId: p, quantity: 0 },
      { userId: 'u-bad', productId: p, quantity: 1e9 },
      { userId: 'u-bad', productId: p, quantity: 1.5 },
      { userId: 'u-bad', productId: p, quantity: '2' },
      { userId: 'u-bad', productId: { $gt: '' }, quantity: 1 },
      { userId: 'u-bad', productId: '../../etc', quantity: 1 },
      { userId: 'u-bad', productId: p, quantity: 1, price: 0.01 },
      { userId: 'u-bad', productId: p },
    ];
    for (const payload of cases) {
      const res = await h.app.inject({ method: 'POST', url: '/api/shop/cart/add', headers: h.as('u-bad'), payload });
      expect([res.statusCode, payload]).toEqual([400, payload]);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
    }
    const upd = await update('u-bad', p, -3);
    expect(upd.statusCode).toBe(400);
    expect((await get('u-bad')).json().data.items).toEqual([expect.objectContaining({ productId: p, quantity: 1 })]);
  });

  test('only the signed-in owner can use a cart; visitors get 401; a state change without the CSRF header is refused', async () => {
    const p = await h.addProduct();
    await add('alice', p, 1);
    expect((await get('alice', 'bob')).statusCode).toBe(403);
    expect((await add('alice', p, 1, 'bob')).statusCode).toBe(403);
    expect((await update('alice', p, 3, 'bob')).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'DELETE', url: `/api/shop/cart/alice/${p}`, headers: h.as('bob') })).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'DELETE', url: '/api/shop/cart/clear/alice', headers: h.as('bob') })).statusCode).toBe(403);

    expect((await h.app.inject({ method: 'GET', url: '/api/shop/cart/get/alice' })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'POST', url: '/api/shop/cart/add', payload: { userId: 'alice', productId: p, quantity: 1 } })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'POST', url: '/api/shop/cart/merge', payload: { items: [] } })).statusCode).toBe(401);

    const { cookie } = h.as('alice');
    const noCsrf = await h.app.inject({ method: 'POST', url: '/api/shop/cart/add', headers: { cookie }, payload: { userId: 'alice', productId: p, quantity: 1 } });
    expect(noCsrf.statusCode).toBe(403);

    expect((await get('alice')).json().data.items[0].quantity).toBe(1);
  });

  test('merge at sign-in adds quantities, then caps them, and skips what cannot be bought', async () => {
    const a = await h.addProduct({ totalStock: 100 });
    const b = await h.addProduct({ totalStock: 100, maxPerOrder: 3 });
    const out = await h.addProduct({ totalStock: 0 });
    await add('u-merge', a, 2);
    await add('u-merge', b, 2);
    const res = await h.app.inject({
      method: 'POST', url: '/api/shop/cart/merge', headers: h.as('u-merge'),
      payload: { items: [{ productId: a, quantity: 3 }, { productId: b, quantity: 2 }, { productId: out, quantity: 1 }, { productId: 'no-such-product', quantity: 1 }] },
    });
    expect(res.statusCode).toBe(200);
    const qty = Object.fromEntries(res.json().data.items.map((i: { productId: string; quantity: number }) => [i.productId, i.quantity]));
    expect(qty).toEqual({ [a]: 5, [b]: 3 });
    expect(res.json().message).toMatch(/Limited to 3 per order/);
    expect(res.json().message).toMatch(/2 items were no longer available/);
  });

  test('a merge sent again with the same mergeId (the page lost the reply) adds nothing twice', async () => {
    const a = await h.addProduct({ totalStock: 100 });
    const merge = (mergeId: string) =>
      h.app.inject({ method: 'POST', url: '/api/shop/cart/merge', headers: h.as('u-remerge'), payload: { items: [{ productId: a, quantity: 2 }], mergeId } });
    expect((await merge('m-1')).json().data.items[0].quantity).toBe(2);
    const again = await merge('m-1');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.items[0].quantity).toBe(2);
    // another visitor cart (a new id) is another merge
    expect((await merge('m-2')).json().data.items[0].quantity).toBe(4);
    const bad = await h.app.inject({ method: 'POST', url: '/api/shop/cart/merge', headers: h.as('u-remerge'), payload: { items: [], mergeId: '{"$gt":""}' } });
    expect(bad.statusCode).toBe(400);
  });

  test('a visitor’s browser cart is priced and capped by the server without signing in', async () => {
    const p = await h.addProduct({ price: 3, totalStock: 2 });
    const res = await h.app.inject({ method: 'POST', url: '/api/shop/cart/quote', payload: { items: [{ productId: p, quantity: 5 }, { productId: 'gone-id', quantity: 1 }] } });
    expect(res.statusCode).toBe(200);
    const cart = res.json().data;
    expect(cart.items[0]).toMatchObject({ quantity: 2, price: 3, notice: expect.stringMatching(/Only 2 left/) });
    expect(cart.items[1]).toMatchObject({ available: false });
    expect(cart.canCheckout).toBe(false);
  });

  test('the signed-in user sees safety warnings for their allergies and health conditions', async () => {
    h.profiles.set('u-allergic', { allergies: ['Penicillin'], healthConditions: ['asthma'], DOB: '1980-05-05' });
    const pen = await h.addProduct({ allergens: ['penicillin'], title: 'Amoxi' });
    const nsaid = await h.addProduct({ contraindications: ['Asthma'], title: 'Nsaid' });
    await add('u-allergic', pen, 1);
    await add('u-allergic', nsaid, 1);
    const cart = (await get('u-allergic')).json().data;
    expect(cart.hasWarnings).toBe(true);
    // The catalog's answer for the stored profile, in words and as fields.
    expect(cart.items[0].safety[0]).toMatchObject({ kind: 'allergy', profileTerm: 'Penicillin', message: cart.items[0].warnings[0] });
    expect(cart.items[0].warnings[0]).toMatch(/penicillin/i);
    expect(cart.items[1].safety[0]).toMatchObject({ kind: 'condition', profileTerm: 'asthma', message: cart.items[1].warnings[0] });
    expect(cart.items[1].warnings[0]).toMatch(/asthma/i);
    expect(cart.canCheckout).toBe(true); // warnings need acknowledgement, they do not block
  });
});
