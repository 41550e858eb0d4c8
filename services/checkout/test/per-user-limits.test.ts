import { DEFAULT_RATE_LIMITS } from '../src/deps';
import { createHarness, prepareShopper, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  // The shipped limits (20 order creations a minute), not the harness's generous ones.
  h = await createHarness({ deps: { rateLimits: DEFAULT_RATE_LIMITS } });
});
afterAll(() => h.close());

const NAT = '203.0.113.10';
const create = (userId: string, addressId: string) =>
  h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as(userId), payload: { addressId }, remoteAddress: NAT });

describe('signed-in limits count per shopper, not per address', () => {
  it('25 shoppers behind one address each place an order with no 429', async () => {
    const product = await h.addProduct({ price: 4, totalStock: 100 });
    const shoppers = Array.from({ length: 25 }, (_, i) => `nat-shopper-${i}`);
    const addresses = new Map<string, string>();
    for (const userId of shoppers) addresses.set(userId, await prepareShopper(h, userId, [{ productId: product, quantity: 1 }]));
    const statuses: number[] = [];
    for (const userId of shoppers) statuses.push((await create(userId, addresses.get(userId)!)).statusCode);
    expect(statuses).toEqual(Array(25).fill(200));
    expect(await h.stockOf(product)).toBe(75);
  });

  it('one shopper is still held to the per-route limit (20 creations a minute), from any address', async () => {
    const userId = 'busy-shopper';
    const product = await h.addProduct({ price: 4, totalStock: 100 });
    const addressId = await prepareShopper(h, userId, [{ productId: product, quantity: 1 }]);
    // Whatever the order rules answer (a cart emptied, a cap on unpaid orders), each attempt counts.
    for (let i = 0; i < 20; i++) expect((await create(userId, addressId)).statusCode).not.toBe(429);
    const over = await h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as(userId), payload: { addressId }, remoteAddress: '198.51.100.77' });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});
