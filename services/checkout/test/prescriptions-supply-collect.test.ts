/**
 * Controlled and refrigerated medicines are click and collect only (docs/domain.md#controlled-and-refrigerated-medicines):
 * the cart's totals are collect's, and an order sent any other way is refused with the reason.
 */
import { COLLECT_ONLY_MESSAGE } from '@pharmacy/contracts';
import { createHarness, prepareShopper, type Harness } from './harness';
import { addPrescription } from './dispense-fixtures';

jest.setTimeout(60_000);

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const create = (userId: string, addressId: string, delivery?: object) =>
  h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as(userId), payload: { addressId, ...(delivery ? { delivery } : {}) } });

test.each([
  ['refrigerated', { refrigerated: true }],
  ['controlled', { controlled: true }],
])('a %s medicine: the cart offers collect only; standard or express is refused with why, collect goes through', async (flag, fields) => {
  const userId = `u-collect-${flag}`;
  const medicine = await h.addProduct({ requiresPrescription: true, totalStock: 10, ...fields });
  const plain = await h.addProduct({ totalStock: 10, price: 60 });
  await addPrescription(h, { userId, items: [{ productId: medicine, quantityLeft: 5 }] });
  const addressId = await prepareShopper(h, userId, [{ productId: medicine, quantity: 1 }, { productId: plain, quantity: 1 }]);

  const cart = (await h.app.inject({ url: `/api/shop/cart/get/${userId}?delivery=standard`, headers: h.as(userId) })).json().data;
  expect(cart.collectOnly).toBe(COLLECT_ONLY_MESSAGE);
  expect(cart.totals).toMatchObject({ deliveryMethod: 'collect', delivery: 0 });

  for (const method of ['standard', 'express']) {
    const refused = await create(userId, addressId, { method });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ success: false, code: 'COLLECT_ONLY', message: COLLECT_ONLY_MESSAGE });
  }
  // An older client sending no method means standard delivery: refused the same way.
  expect((await create(userId, addressId)).json().code).toBe('COLLECT_ONLY');
  expect(await h.store.collection('orders').countDocuments({ userId })).toBe(0);

  const collected = await create(userId, addressId, { method: 'collect', pharmacyId: 'riverside' });
  expect(collected.statusCode).toBe(200);
});

test('a cart without one keeps every method', async () => {
  const plain = await h.addProduct({ totalStock: 10 });
  const addressId = await prepareShopper(h, 'u-collect-none', [{ productId: plain, quantity: 1 }]);
  const cart = (await h.app.inject({ url: '/api/shop/cart/get/u-collect-none?delivery=express', headers: h.as('u-collect-none') })).json().data;
  expect(cart.collectOnly).toBeUndefined();
  expect(cart.totals.deliveryMethod).toBe('express');
  expect((await create('u-collect-none', addressId, { method: 'standard' })).statusCode).toBe(200);
});
