import { createHarness, type Harness } from './harness';

/** Every call the checkout service makes to the catalog's quote route (the real catalog answers them). */
const quoteCalls: string[] = [];
let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    wrapCatalogFetch: (fetch) => async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith('/internal/catalog/products/quote')) quoteCalls.push(url);
      return fetch(input, init);
    },
  });
});
afterAll(() => h.close());

const add = (userId: string, productId: string, quantity: number) =>
  h.app.inject({ method: 'POST', url: '/api/shop/cart/add', headers: h.as(userId), payload: { productId, quantity } });
const update = (userId: string, productId: string, quantity: number) =>
  h.app.inject({ method: 'PUT', url: '/api/shop/cart/update-cart', headers: h.as(userId), payload: { productId, quantity } });

/** How many quotes the catalog was asked for while `change` ran. */
async function quotesDuring(change: () => Promise<{ statusCode: number; body: string }>): Promise<number> {
  const before = quoteCalls.length;
  const res = await change();
  expect(res.statusCode).toBe(200);
  return quoteCalls.length - before;
}

describe('one quote per cart change', () => {
  test('adding, adding again, changing a quantity, removing and merging each ask the catalog for exactly one quote', async () => {
    const a = await h.addProduct({ totalStock: 40 });
    const b = await h.addProduct({ totalStock: 40 });
    const c = await h.addProduct({ totalStock: 40 });

    expect(await quotesDuring(() => add('u-quotes', a, 1))).toBe(1); // a new line in an empty cart
    expect(await quotesDuring(() => add('u-quotes', b, 2))).toBe(1); // a new line beside another
    expect(await quotesDuring(() => add('u-quotes', a, 1))).toBe(1); // more of a line already there
    expect(await quotesDuring(() => update('u-quotes', b, 5))).toBe(1);
    expect(await quotesDuring(() => h.app.inject({ method: 'DELETE', url: `/api/shop/cart/u-quotes/${b}`, headers: h.as('u-quotes') }))).toBe(1);
    expect(
      await quotesDuring(() =>
        h.app.inject({ method: 'POST', url: '/api/shop/cart/merge', headers: h.as('u-quotes'), payload: { items: [{ productId: c, quantity: 1 }, { productId: a, quantity: 1 }] } }),
      ),
    ).toBe(1);

    const cart = (await h.app.inject({ method: 'GET', url: '/api/shop/cart/get/u-quotes', headers: h.as('u-quotes') })).json().data;
    expect(cart.items.map((i: { productId: string; quantity: number }) => [i.productId, i.quantity])).toEqual([[a, 3], [c, 1]]);
  });

  test('a refused add (prescription only) still asks only once and changes nothing', async () => {
    const rx = await h.addProduct({ requiresPrescription: true });
    const before = quoteCalls.length;
    const res = await add('u-quotes-rx', rx, 1);
    expect(res.statusCode).toBe(422);
    expect(quoteCalls.length - before).toBe(1);
  });
});

describe('the server says in a field when it capped a quantity', () => {
  test('an add over the stock left answers capped { requested, allowed, reason: "stock" } beside the cart', async () => {
    const scarce = await h.addProduct({ totalStock: 3, maxPerOrder: 8 });
    const res = await add('u-capped', scarce, 5);
    expect(res.statusCode).toBe(200);
    expect(res.json().capped).toEqual({ requested: 5, allowed: 3, reason: 'stock' });
    expect(res.json().data.items[0]).toMatchObject({ quantity: 3 });
  });

  test('an add over the per-order limit counts what the line already holds: requested 5, allowed 2, reason "maxPerOrder"', async () => {
    const limited = await h.addProduct({ totalStock: 50, maxPerOrder: 2 });
    const first = await add('u-capped-limit', limited, 1);
    expect(first.json()).not.toHaveProperty('capped');
    const res = await add('u-capped-limit', limited, 4);
    expect(res.json().capped).toEqual({ requested: 5, allowed: 2, reason: 'maxPerOrder' });
    expect(res.json().data.items[0].quantity).toBe(2);
  });

  test('the default per-order cap of 10 is reported as "maxPerOrder"', async () => {
    const plain = await h.addProduct({ totalStock: 50, maxPerOrder: null });
    expect((await add('u-capped-default', plain, 11)).json().capped).toEqual({ requested: 11, allowed: 10, reason: 'maxPerOrder' });
  });

  test('an update over the stock answers capped; an update that fits answers none', async () => {
    const p = await h.addProduct({ totalStock: 4 });
    await add('u-capped-update', p, 1);
    const over = await update('u-capped-update', p, 9);
    expect(over.json().capped).toEqual({ requested: 9, allowed: 4, reason: 'stock' });
    const fits = await update('u-capped-update', p, 2);
    expect(fits.statusCode).toBe(200);
    expect(fits.json()).not.toHaveProperty('capped');
  });

  test('a line the server lowered (a visitor cart quoted over the stock) carries capped on the line', async () => {
    const p = await h.addProduct({ totalStock: 2 });
    const res = await h.app.inject({ method: 'POST', url: '/api/shop/cart/quote', payload: { items: [{ productId: p, quantity: 5 }] } });
    expect(res.json().data.items[0]).toMatchObject({ quantity: 2, capped: { requested: 5, allowed: 2, reason: 'stock' } });
  });
});
