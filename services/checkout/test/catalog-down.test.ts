import { ErrorCodes, UNAVAILABLE_MESSAGES } from '@pharmacy/contracts';
import { PRICES_UNAVAILABLE_MESSAGE } from '../src/cart/service';
import { createHarness, prepareShopper, type Harness } from './harness';

// Fault injection: the checkout's calls to the catalog fail as they do when its process is gone (fetch rejects).
let catalogDown = false;
let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    wrapCatalogFetch: (fetch) =>
      (async (input: string | URL | Request, init?: RequestInit) => {
        if (catalogDown) throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
        return fetch(input, init);
      }) as typeof fetch,
  });
});
afterAll(() => h.close());
afterEach(() => {
  catalogDown = false;
});

const getCart = (userId: string) => h.app.inject({ method: 'GET', url: `/api/shop/cart/get/${userId}`, headers: h.as(userId) });

describe('checkout while the catalog service is down', () => {
  test('the cart still loads with the lines it holds, flagged as unpriced, and cannot be checked out', async () => {
    const a = await h.addProduct({ price: 4.99 });
    const b = await h.addProduct({ price: 12 });
    await prepareShopper(h, 'u-down-cart', [
      { productId: a, quantity: 2 },
      { productId: b, quantity: 1 },
    ]);

    catalogDown = true;
    const res = await getCart('u-down-cart');
    expect(res.statusCode).toBe(200);
    const { data: cart, message } = res.json();
    expect(message).toBe(PRICES_UNAVAILABLE_MESSAGE);
    expect(cart).toMatchObject({ userId: 'u-down-cart', itemCount: 3, totalAmount: 0, canCheckout: false, pricesUnavailable: true });
    expect(cart.items.map((i: { productId: string; quantity: number }) => [i.productId, i.quantity])).toEqual([[a, 2], [b, 1]]);
    expect(cart.items[0]).toMatchObject({ available: false, price: 0, problem: 'Price and stock cannot be checked right now.' });

    // a line can still be removed; the stored quantities are untouched by the outage
    const removed = await h.app.inject({ method: 'DELETE', url: `/api/shop/cart/u-down-cart/${b}`, headers: h.as('u-down-cart') });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.items.map((i: { productId: string; quantity: number }) => [i.productId, i.quantity])).toEqual([[a, 2]]);

    catalogDown = false;
    const back = (await getCart('u-down-cart')).json();
    expect(back.data.pricesUnavailable).toBeUndefined();
    expect(back.data).toMatchObject({ itemCount: 2, totalAmount: 9.98, canCheckout: true });
    expect(back.data.items[0]).toMatchObject({ productId: a, quantity: 2, price: 4.99, available: true });
  });

  test('adding to the cart and creating an order answer 503 naming the catalogue, with Retry-After; no order or stock hold is left', async () => {
    const p = await h.addProduct({ price: 8, totalStock: 40 });
    const addressId = await prepareShopper(h, 'u-down-order', [{ productId: p, quantity: 3 }]);

    catalogDown = true;
    const add = await h.app.inject({
      method: 'POST', url: '/api/shop/cart/add', headers: h.as('u-down-order'), payload: { userId: 'u-down-order', productId: p, quantity: 1 },
    });
    expect(add.statusCode).toBe(503);
    expect(add.json()).toEqual({ success: false, code: ErrorCodes.UNAVAILABLE, message: UNAVAILABLE_MESSAGES.catalog });
    // the browser (and any client) is told when to try again
    expect(add.headers['retry-after']).toBe('5');

    const order = await h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as('u-down-order'), payload: { addressId } });
    expect(order.statusCode).toBe(503);
    expect(order.json()).toEqual({ success: false, code: ErrorCodes.UNAVAILABLE, message: UNAVAILABLE_MESSAGES.catalog });
    expect(order.headers['retry-after']).toBe('5');

    catalogDown = false;
    const orders = await h.app.inject({ method: 'GET', url: '/api/shop/order/list/u-down-order', headers: h.as('u-down-order') });
    expect(orders.json().data).toEqual([]);
    expect(await h.stockOf(p)).toBe(40);
    expect((await getCart('u-down-order')).json().data.items).toEqual([expect.objectContaining({ productId: p, quantity: 3 })]);
  });
});
