/**
 * No overselling, against the REAL catalog stock operations (atomic conditional reservation) through HTTP.
 */
import { approveSandbox, createHarness, prepareShopper, type Harness } from './harness';

jest.setTimeout(120_000);

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** Samples the stock while shoppers race, to prove it is never seen below zero. */
function watchStock(productIds: string[]) {
  let min = Number.POSITIVE_INFINITY;
  let stop = false;
  const run = (async () => {
    while (!stop) {
      for (const id of productIds) min = Math.min(min, await h.stockOf(id));
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return async () => {
    stop = true;
    await run;
    return min;
  };
}

const ordersCount = async () => (await h.store.collection('orders').find({})).length;

test('200 concurrent shoppers ordering 1 unit of a product with 50 in stock: exactly 50 orders, stock ends at 0', async () => {
  const p = await h.addProduct({ totalStock: 50, title: 'Scarce' });
  const shoppers = Array.from({ length: 200 }, (_, i) => `race-${i}`);
  const addresses = new Map<string, string>();
  for (const s of shoppers) addresses.set(s, await prepareShopper(h, s, [{ productId: p, quantity: 1 }]));
  const before = await ordersCount();

  const watch = watchStock([p]);
  const results = await Promise.all(
    shoppers.map((s) => h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as(s), payload: { addressId: addresses.get(s) } })),
  );
  const minSeen = await watch();

  const ok = results.filter((r) => r.statusCode === 200);
  const refused = results.filter((r) => r.statusCode === 409);
  expect(ok).toHaveLength(50);
  expect(refused).toHaveLength(150);
  for (const r of refused) expect(r.json()).toMatchObject({ success: false, code: 'OUT_OF_STOCK', message: expect.stringMatching(/Scarce/) });
  expect(await h.stockOf(p)).toBe(0);
  expect(minSeen).toBeGreaterThanOrEqual(0);
  expect((await ordersCount()) - before).toBe(50);

  // Every winner can pay; capturing all 50 keeps the stock at exactly 0.
  const winners = shoppers.filter((_, i) => results[i].statusCode === 200);
  const captures = await Promise.all(
    winners.map(async (s, i) => {
      const { orderId, approvalURL } = ok[i].json().data;
      const { paymentId, payerId } = await approveSandbox(h, approvalURL);
      return h.app.inject({ method: 'POST', url: '/api/shop/order/capture', headers: h.as(s), payload: { paymentId, payerId, orderId } });
    }),
  );
  expect(captures.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
  expect(await h.stockOf(p)).toBe(0);
  const paid = await h.store.collection('orders').countDocuments({ productIds: p, paymentStatus: 'paid' });
  expect(paid).toBe(50);
});

test('several products per order: an order that cannot get every item holds none of them', async () => {
  // A is plentiful, B has 30: 100 shoppers each want 1 A + 1 B, and 40 others want 2 B only.
  const a = await h.addProduct({ totalStock: 1000, title: 'Plenty' });
  const b = await h.addProduct({ totalStock: 30, title: 'Few' });
  const pairs = Array.from({ length: 100 }, (_, i) => `pair-${i}`);
  const doubles = Array.from({ length: 40 }, (_, i) => `double-${i}`);
  const addresses = new Map<string, string>();
  for (const s of pairs) addresses.set(s, await prepareShopper(h, s, [{ productId: a, quantity: 1 }, { productId: b, quantity: 1 }]));
  for (const s of doubles) addresses.set(s, await prepareShopper(h, s, [{ productId: b, quantity: 2 }]));
  const all = [...pairs, ...doubles].sort(() => Math.random() - 0.5);

  const watch = watchStock([a, b]);
  const results = await Promise.all(
    all.map((s) => h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as(s), payload: { addressId: addresses.get(s) } })),
  );
  const minSeen = await watch();
  expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);

  const won = all.filter((_, i) => results[i].statusCode === 200);
  const pairWins = won.filter((s) => s.startsWith('pair-')).length;
  const doubleWins = won.filter((s) => s.startsWith('double-')).length;
  // B is sold out exactly, and A went only to the pair orders that also got their B.
  expect(pairWins + 2 * doubleWins).toBe(30);
  expect(await h.stockOf(b)).toBe(0);
  expect(await h.stockOf(a)).toBe(1000 - pairWins);
  expect(minSeen).toBeGreaterThanOrEqual(0);

  // Cancelling every winner gives everything back: no partial reservation was left anywhere.
  await Promise.all(
    won.map((s) => {
      const orderId = results[all.indexOf(s)].json().data.orderId;
      return h.app.inject({ method: 'POST', url: '/api/shop/order/cancel', headers: h.as(s), payload: { orderId } });
    }),
  );
  expect(await h.stockOf(a)).toBe(1000);
  expect(await h.stockOf(b)).toBe(30);
});
