import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { Address, AdminOrderListResponse, OkList, Order, OrderCreatedResponse } from '@pharmacy/contracts';
import { createHarness, prepareShopper, type Harness } from './harness';

// The calls as a client written from the product brief makes them: lists answer `data` as the array with
// their figures beside it, order create answers approvalURL and orderId at the top level, and a body may name
// its user only as the signed-in one.

let h: Harness;
let product: string;
beforeAll(async () => {
  h = await createHarness();
  product = await h.addProduct({ price: 4, totalStock: 1000, title: 'Plasters' });
});
afterAll(() => h.close());

const matches = (schema: TSchema, body: unknown) => expect([...Value.Errors(schema, body)].map((e) => `${e.path}: ${e.message}`)).toEqual([]);
const send = (method: 'POST' | 'PUT', url: string, userId: string, payload: object) => h.app.inject({ method, url, headers: h.as(userId), payload });
const cartOf = async (userId: string) => (await h.app.inject({ url: `/api/shop/cart/get/${userId}`, headers: h.as(userId) })).json().data;
const addressesOf = async (userId: string) => (await h.app.inject({ url: `/api/shop/address/get/${userId}`, headers: h.as(userId) })).json().data;
const ordersOf = async (userId: string) => (await h.app.inject({ url: `/api/shop/order/list/${userId}`, headers: h.as(userId) })).json().data;
const address = { fullName: 'Ada Lovelace', line1: '1 Main Street', city: 'London', postalCode: 'N1 9GU', phone: '+44 20 7946 0000' };

describe('lists are arrays', () => {
  it('GET /api/admin/orders/get: data is the array of orders, total, page, limit and the review queue’s size beside it', async () => {
    for (const shopper of ['u-list-1', 'u-list-2', 'u-list-3']) {
      const addressId = await prepareShopper(h, shopper, [{ productId: product, quantity: 1 }]);
      expect((await send('POST', '/api/shop/order/create', shopper, { addressId })).statusCode).toBe(200);
    }
    const res = await h.app.inject({ url: '/api/admin/orders/get?limit=2&page=2&status=pending', headers: h.as('staff', true) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    matches(AdminOrderListResponse, body);
    expect(Object.keys(body).sort()).toEqual(['awaitingReview', 'data', 'limit', 'page', 'success', 'total']);
    expect(body).toMatchObject({ total: 3, page: 2, limit: 2, awaitingReview: 0 });
    expect(body.data).toHaveLength(1);
    const empty = (await h.app.inject({ url: '/api/admin/orders/get?status=delivered', headers: h.as('staff', true) })).json();
    expect(empty).toEqual({ success: true, data: [], total: 0, page: 1, limit: 20, awaitingReview: 0 });
  });

  it('GET /api/shop/order/list/{userId} and /api/shop/address/get/{userId}: data is the array', async () => {
    const orders = (await h.app.inject({ url: '/api/shop/order/list/u-list-1', headers: h.as('u-list-1') })).json();
    matches(OkList(Order), orders);
    expect(orders.data).toHaveLength(1);
    const addresses = (await h.app.inject({ url: '/api/shop/address/get/u-list-1', headers: h.as('u-list-1') })).json();
    matches(OkList(Address), addresses);
    expect(addresses.data).toHaveLength(1);
  });
});

describe('POST /api/shop/order/create', () => {
  it('answers approvalURL and orderId at the top level, and the same in data', async () => {
    const addressId = await prepareShopper(h, 'u-create', [{ productId: product, quantity: 2 }]);
    const res = await send('POST', '/api/shop/order/create', 'u-create', { addressId });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    matches(OrderCreatedResponse, body);
    expect(body.approvalURL).toMatch(/^http:\/\/shop\.test\/api\/payments\/sandbox\/approve\/SBX-/);
    expect(body.orderId).toEqual(expect.any(String));
    expect(body.data).toEqual({ approvalURL: body.approvalURL, orderId: body.orderId });
    expect((await ordersOf('u-create')).map((o: { _id: string }) => o._id)).toEqual([body.orderId]);
  });
});

describe('userId in a body: optional, only the signed-in user, and the session decides', () => {
  const cases = {
    'cart add': async (userId: string, named: object) => ({
      res: await send('POST', '/api/shop/cart/add', userId, { ...named, productId: product, quantity: 2 }),
      effect: async () => (await cartOf(userId)).items.map((i: { quantity: number }) => i.quantity),
      none: [],
      done: [2],
    }),
    'cart update': async (userId: string, named: object) => {
      await send('POST', '/api/shop/cart/add', userId, { productId: product, quantity: 1 });
      return {
        res: await send('PUT', '/api/shop/cart/update-cart', userId, { ...named, productId: product, quantity: 3 }),
        effect: async () => (await cartOf(userId)).items.map((i: { quantity: number }) => i.quantity),
        none: [1],
        done: [3],
      };
    },
    'address add': async (userId: string, named: object) => ({
      res: await send('POST', '/api/shop/address/add', userId, { ...named, ...address }),
      effect: async () => (await addressesOf(userId)).length,
      none: 0,
      done: 1,
    }),
    'order create': async (userId: string, named: object) => {
      const addressId = await prepareShopper(h, userId, [{ productId: product, quantity: 1 }]);
      return {
        res: await send('POST', '/api/shop/order/create', userId, { ...named, addressId }),
        effect: async () => (await ordersOf(userId)).length,
        none: 0,
        done: 1,
      };
    },
  };

  describe.each(Object.entries(cases))('%s', (name, run) => {
    const user = (who: string) => `u-${name.replace(' ', '-')}-${who}`;

    it('without userId: done for the signed-in user', async () => {
      const { res, effect, done } = await run(user('absent'), {});
      expect(res.statusCode).toBe(200);
      expect(await effect()).toEqual(done);
    });

    it('with the signed-in user\'s id: done for them', async () => {
      const { res, effect, done } = await run(user('self'), { userId: user('self') });
      expect(res.statusCode).toBe(200);
      expect(await effect()).toEqual(done);
    });

    it('with someone else\'s id: 403, and neither user\'s data changes', async () => {
      const victim = user('victim');
      const { res, effect, none } = await run(user('other'), { userId: victim });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, code: 'FORBIDDEN', message: 'You can only access your own account data.' });
      expect(await effect()).toEqual(none);
      expect((await cartOf(victim)).items).toEqual([]);
      expect(await addressesOf(victim)).toEqual([]);
      expect(await ordersOf(victim)).toEqual([]);
    });

    it('with a userId that is not an id: 400', async () => {
      const { res } = await run(user('bad'), { userId: { $ne: null } });
      expect(res.statusCode).toBe(400);
    });
  });
});
