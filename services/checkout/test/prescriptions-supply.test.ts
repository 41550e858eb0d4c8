/**
 * Ordering a prescription medicine against the shopper's verified prescription (docs/domain.md#ordering-against-a-prescription),
 * against the real catalog: the cart and the order match it to a usable prescription item, cap the quantity at what
 * is left, refuse with the reason's code and words, and two orders racing for the last tablets cannot both get them.
 */
import { PRESCRIPTION_REFUSALS, type PrescriptionRefusalCode } from '@pharmacy/contracts';
import { CONSULTATION_ANSWERS, createHarness, payOrder, prepareShopper, type Harness } from './harness';
import { addPrescription, beforeUpdates, daysFromToday, leftOn, type PrescriptionFixture } from './dispense-fixtures';

jest.setTimeout(60_000);

/**
 * While `race.size` is set, each reservation of prescription quantity waits until that many have arrived, so racing
 * orders both pass every read before either writes: only the conditional update can tell them apart.
 */
const race: { size: number; arrived: number; go?: () => void; gate?: Promise<void> } = { size: 0, arrived: 0 };
const gatedReservations = beforeUpdates(async (name, _filter, update) => {
  if (name !== 'prescriptions' || race.size === 0 || !update.$push) return;
  race.gate ??= new Promise((resolve) => (race.go = resolve));
  if (++race.arrived >= race.size) race.go!();
  await race.gate;
});

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ wrapStore: gatedReservations });
});
afterAll(() => h.close());

const addToCart = (userId: string, productId: string, quantity: number) =>
  h.app.inject({ method: 'POST', url: '/api/shop/cart/add', headers: h.as(userId), payload: { userId, productId, quantity } });
const create = (userId: string, addressId: string, extra: object = {}) =>
  h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as(userId), payload: { addressId, ...extra } });
const cartOf = async (userId: string) => (await h.app.inject({ url: `/api/shop/cart/get/${userId}`, headers: h.as(userId) })).json().data;
/** The cart as it was before the prescription changed: written as stored, past the add's checks. */
const keepInCart = (userId: string, productId: string, quantity: number) =>
  h.store.collection('carts').insertOne({ _id: userId, items: [{ productId, quantity }], version: 1, updatedAt: Date.now() });
const address = (userId: string) => prepareShopper(h, userId, []);
const medicine = () => h.addProduct({ requiresPrescription: true, title: 'Amlodipine 5mg Tablets', totalStock: 100 });

describe('no usable prescription: 422 with the reason on cart add and on order create, and the cart line says it', () => {
  const cases: Array<[PrescriptionRefusalCode, (userId: string, productId: string) => PrescriptionFixture | null]> = [
    ['PRESCRIPTION_NEEDED', () => null],
    ['PRESCRIPTION_AWAITING_CHECK', (userId, productId) => ({ userId, status: 'awaiting_check', items: [], forProduct: { productId, title: 'Amlodipine' } })],
    ['PRESCRIPTION_REJECTED', (userId, productId) => ({ userId, status: 'rejected', items: [], forProduct: { productId, title: 'Amlodipine' } })],
    ['PRESCRIPTION_EXPIRED', (userId, productId) => ({ userId, writtenOn: daysFromToday(-200), items: [{ productId }] })],
    ['PRESCRIPTION_USED_UP', (userId, productId) => ({ userId, items: [{ productId, quantityLeft: 0 }] })],
  ];

  test.each(cases)('%s', async (code, fixture) => {
    const userId = `u-${code.toLowerCase()}`;
    const productId = await medicine();
    const p = fixture(userId, productId);
    if (p) await addPrescription(h, p);

    const added = await addToCart(userId, productId, 1);
    expect(added.statusCode).toBe(422);
    expect(added.json()).toEqual({ success: false, code, message: `Amlodipine 5mg Tablets: ${PRESCRIPTION_REFUSALS[code]}` });
    expect((await cartOf(userId)).items).toEqual([]);

    // Put in the cart while it was usable (another tab, before the pharmacist's decision changed): the line shows why.
    await keepInCart(userId, productId, 1);
    const cart = await cartOf(userId);
    expect(cart.items[0]).toMatchObject({ productId, problem: PRESCRIPTION_REFUSALS[code], problemCode: 'PRESCRIPTION_REQUIRED', prescriptionRefusal: code });
    expect(cart.canCheckout).toBe(false);
    const placed = await create(userId, await address(userId));
    expect(placed.statusCode).toBe(422);
    expect(placed.json()).toEqual({ success: false, code, message: `Amlodipine 5mg Tablets: ${PRESCRIPTION_REFUSALS[code]}` });
    expect(await h.store.collection('orders').countDocuments({ userId })).toBe(0);
    expect(await h.stockOf(productId)).toBe(100);
  });

  test('a visitor cart cannot hold one: the quote shows why, and signing in does not bring it in', async () => {
    const productId = await medicine();
    const quoted = await h.app.inject({ method: 'POST', url: '/api/shop/cart/quote', payload: { items: [{ productId, quantity: 1 }] } });
    expect(quoted.json().data.items[0]).toMatchObject({ problem: PRESCRIPTION_REFUSALS.PRESCRIPTION_NEEDED, prescriptionRefusal: 'PRESCRIPTION_NEEDED' });
    const merged = await h.app.inject({ method: 'POST', url: '/api/shop/cart/merge', headers: h.as('u-visitor-rx'), payload: { items: [{ productId, quantity: 1 }] } });
    expect(merged.json().data.items).toEqual([]);
    expect(merged.json().message).toMatch(/1 item was no longer available/);
  });

  test('a prescription for another medicine does not cover this one', async () => {
    const productId = await medicine();
    await addPrescription(h, { userId: 'u-other-med', items: [{ productId: await medicine() }] });
    expect((await addToCart('u-other-med', productId, 1)).json().code).toBe('PRESCRIPTION_NEEDED');
  });
});

describe('against a verified prescription', () => {
  test('cart add caps the quantity at what is left; the line carries the prescription and its directions', async () => {
    const productId = await medicine();
    const rx = await addPrescription(h, { userId: 'u-cap', items: [{ productId, quantityLeft: 3, directions: 'Take one tablet each morning' }] });
    const res = await addToCart('u-cap', productId, 5);
    expect(res.statusCode).toBe(200);
    expect(res.json().capped).toEqual({ requested: 5, allowed: 3, reason: 'prescription' });
    expect(res.json().message).toBe('Amlodipine 5mg Tablets: Your prescription has 3 left, so the quantity was set to 3.');
    const line = res.json().data.items[0];
    expect(line).toMatchObject({ quantity: 3, maxQuantity: 3, prescription: { prescriptionId: rx._id, itemId: rx.items[0].id, directions: 'Take one tablet each morning', quantityLeft: 3, expiresOn: rx.expiresOn } });
    expect(line.problem).toBeUndefined();
    // The cart's update is capped the same way; the prescription itself is not touched by a cart.
    const updated = await h.app.inject({ method: 'PUT', url: '/api/shop/cart/update-cart', headers: h.as('u-cap'), payload: { userId: 'u-cap', productId, quantity: 9 } });
    expect(updated.json().capped).toEqual({ requested: 9, allowed: 3, reason: 'prescription' });
    expect(await leftOn(h, rx._id)).toBe(3);
  });

  test('the prescription expiring soonest is used first; an expired one beside it is ignored', async () => {
    const productId = await medicine();
    await addPrescription(h, { userId: 'u-soonest', writtenOn: daysFromToday(-200), items: [{ productId }] });
    await addPrescription(h, { userId: 'u-soonest', writtenOn: daysFromToday(-7), items: [{ productId }] });
    const sooner = await addPrescription(h, { userId: 'u-soonest', writtenOn: daysFromToday(-70), items: [{ productId, quantityLeft: 10 }] });
    const line = (await addToCart('u-soonest', productId, 1)).json().data.items[0];
    expect(line.prescription.prescriptionId).toBe(sooner._id);
  });

  test('an order holds the quantity when it is placed, keeps the directions, and My Orders shows them', async () => {
    const productId = await medicine();
    const rx = await addPrescription(h, { userId: 'u-directions', items: [{ productId, quantityLeft: 28, directions: '1 tablet twice a day with food' }] });
    const addressId = await prepareShopper(h, 'u-directions', [{ productId, quantity: 8 }]);
    const placed = await create('u-directions', addressId);
    expect(placed.statusCode).toBe(200);
    expect(await leftOn(h, rx._id)).toBe(20);
    await payOrder(h, 'u-directions', placed.json().data);
    expect(await leftOn(h, rx._id)).toBe(20);
    const details = (await h.app.inject({ url: `/api/shop/order/details/${placed.json().data.orderId}`, headers: h.as('u-directions') })).json().data;
    expect(details.items[0].prescription).toEqual({ prescriptionId: rx._id, itemId: rx.items[0].id, directions: '1 tablet twice a day with food', expiresOn: rx.expiresOn });
  });

  test('order create refuses more than is left (the prescription changed after the cart): 422 PRESCRIPTION_QUANTITY', async () => {
    const productId = await medicine();
    await addPrescription(h, { userId: 'u-less-left', items: [{ productId, quantityLeft: 2 }] });
    await keepInCart('u-less-left', productId, 3);
    const res = await create('u-less-left', await address('u-less-left'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ success: false, code: 'PRESCRIPTION_QUANTITY', message: `Amlodipine 5mg Tablets: ${PRESCRIPTION_REFUSALS.PRESCRIPTION_QUANTITY}` });
  });

  test('two orders racing for the last 2 tablets: exactly one wins, the other gets 422 PRESCRIPTION_QUANTITY and holds nothing', async () => {
    const productId = await medicine();
    const rx = await addPrescription(h, { userId: 'u-race', items: [{ productId, quantityLeft: 2 }] });
    const addressId = await prepareShopper(h, 'u-race', [{ productId, quantity: 2 }]);
    Object.assign(race, { size: 2, arrived: 0, gate: undefined });
    const results = await Promise.all([create('u-race', addressId), create('u-race', addressId)]).finally(() => (race.size = 0));
    expect(race.arrived).toBe(2);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.statusCode === 422)!.json()).toEqual({
      success: false, code: 'PRESCRIPTION_QUANTITY', message: `Amlodipine 5mg Tablets: ${PRESCRIPTION_REFUSALS.PRESCRIPTION_QUANTITY}`,
    });
    expect(await leftOn(h, rx._id)).toBe(0);
    expect(await h.store.collection('orders').countDocuments({ userId: 'u-race' })).toBe(1);
    expect(await h.stockOf(productId)).toBe(98);
    // A third try, once the winner holds it all, is told there is none left.
    expect((await create('u-race', addressId)).json().code).toBe('PRESCRIPTION_USED_UP');
  });
});

describe('the quantity comes back when the order does not go ahead', () => {
  async function held(userId: string, quantity = 2, extra: Array<{ productId: string; quantity: number }> = [], body: object = {}) {
    const productId = await medicine();
    const rx = await addPrescription(h, { userId, items: [{ productId, quantityLeft: 10 }] });
    const addressId = await prepareShopper(h, userId, [{ productId, quantity }, ...extra]);
    const res = await create(userId, addressId, body);
    expect(res.statusCode).toBe(200);
    expect(await leftOn(h, rx._id)).toBe(10 - quantity);
    return { rx, order: res.json().data as { orderId: string; approvalURL: string } };
  }

  test('cancelled by the shopper', async () => {
    const { rx, order } = await held('u-back-cancel');
    const res = await h.app.inject({ method: 'POST', url: '/api/shop/order/cancel', headers: h.as('u-back-cancel'), payload: { orderId: order.orderId } });
    expect(res.statusCode).toBe(200);
    expect(await leftOn(h, rx._id)).toBe(10);
  });

  test('expired unpaid (so what is left falls for good only when the order is paid)', async () => {
    const { rx } = await held('u-back-expiry');
    h.clock.offsetMs = 31 * 60 * 1000;
    try {
      expect(await h.controls.sweep()).toBeGreaterThanOrEqual(1);
    } finally {
      h.clock.offsetMs = 0;
    }
    expect(await leftOn(h, rx._id)).toBe(10);
    await h.controls.sweep();
    expect(await leftOn(h, rx._id)).toBe(10);
  });

  test('refunded by staff', async () => {
    const { rx, order } = await held('u-back-refund');
    await payOrder(h, 'u-back-refund', order);
    const res = await h.app.inject({ method: 'PUT', url: `/api/admin/orders/payment/${order.orderId}`, headers: h.as('staff-1', true), payload: { paymentStatus: 'refunded' } });
    expect(res.statusCode).toBe(200);
    expect(await leftOn(h, rx._id)).toBe(10);
  });

  test('rejected at the pharmacist review', async () => {
    const pharmacyMedicine = await h.addProduct({ pharmacyOnly: true, totalStock: 10 });
    const { rx, order } = await held('u-back-review', 2, [{ productId: pharmacyMedicine, quantity: 1 }], { consultation: CONSULTATION_ANSWERS });
    await payOrder(h, 'u-back-review', order);
    const res = await h.app.inject({
      method: 'POST', url: `/api/admin/orders/review/${order.orderId}`, headers: h.as('pharmacist-1', true), payload: { decision: 'reject', reason: 'Not suitable with the other medicine' },
    });
    expect(res.statusCode).toBe(200);
    expect(await leftOn(h, rx._id)).toBe(10);
  });
});
