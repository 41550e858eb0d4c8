/**
 * Repeat supply (docs/domain.md#repeat-supply): a repeat request on the shopper's own verified prescription with
 * repeats left, once however many clicks; and Buy again, which puts a past order back in the cart through cart add.
 */
import { PRESCRIPTION_REFUSALS } from '@pharmacy/contracts';
import type { PrescriptionDoc } from '../src/prescriptions/supply';
import { REPEAT_REFUSALS } from '../src/prescriptions/repeat';
import { createHarness, placeOrder, type Harness } from './harness';
import { addPrescription, daysFromToday, prescriptionNow } from './dispense-fixtures';

jest.setTimeout(60_000);

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const repeat = (userId: string, id: string) => h.app.inject({ method: 'POST', url: `/api/shop/prescriptions/${id}/repeat`, headers: h.as(userId) });
const medicine = () => h.addProduct({ requiresPrescription: true, title: 'Sertraline 50mg Tablets', totalStock: 100 });

describe('request a repeat', () => {
  test('makes a repeat awaiting the pharmacist, prefilled with nothing to dispense, and counts it on the original', async () => {
    const productId = await medicine();
    const rx = await addPrescription(h, { userId: 'u-repeat', items: [{ productId, quantity: 28, quantityLeft: 0, repeatsAllowed: 2, directions: '1 tablet once a day' }] });
    const res = await repeat('u-repeat', rx._id);
    expect(res.statusCode).toBe(200);
    const made = res.json().data;
    expect(made).toMatchObject({ source: 'repeat', status: 'awaiting_check', standing: 'awaiting_check', repeatOf: rx._id, hasFile: false, refusal: PRESCRIPTION_REFUSALS.PRESCRIPTION_AWAITING_CHECK });
    expect(made.items).toEqual([expect.objectContaining({ productId, quantity: 28, quantityLeft: 0, directions: '1 tablet once a day', repeatsAllowed: 0, repeatsUsed: 0 })]);
    expect((await prescriptionNow(h, rx._id))!.items[0].repeatsUsed).toBe(1);
    // One waiting at a time.
    const again = await repeat('u-repeat', rx._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, code: 'REPEAT_WAITING', message: REPEAT_REFUSALS.REPEAT_WAITING });
  });

  test('a double click makes one repeat and uses one', async () => {
    const productId = await medicine();
    const rx = await addPrescription(h, { userId: 'u-double', items: [{ productId, repeatsAllowed: 3 }] });
    const results = await Promise.all([repeat('u-double', rx._id), repeat('u-double', rx._id), repeat('u-double', rx._id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await prescriptionNow(h, rx._id))!.items[0].repeatsUsed).toBe(1);
    expect(await h.store.collection('prescriptions').countDocuments({ repeatOf: rx._id })).toBe(1);
  });

  test('refused with words: no repeats left, expired, not verified; someone else’s is not found', async () => {
    const productId = await medicine();
    const none = await addPrescription(h, { userId: 'u-no-repeat', items: [{ productId, repeatsAllowed: 1, repeatsUsed: 1 }] });
    expect((await repeat('u-no-repeat', none._id)).json()).toEqual({ success: false, code: 'NO_REPEATS_LEFT', message: REPEAT_REFUSALS.NO_REPEATS_LEFT });
    const old = await addPrescription(h, { userId: 'u-no-repeat', writtenOn: daysFromToday(-200), items: [{ productId, repeatsAllowed: 2 }] });
    const expired = await repeat('u-no-repeat', old._id);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().code).toBe('REPEAT_NOT_AVAILABLE');
    const waiting = await addPrescription(h, { userId: 'u-no-repeat', status: 'awaiting_check', items: [] });
    expect((await repeat('u-no-repeat', waiting._id)).json().code).toBe('REPEAT_NOT_AVAILABLE');
    const mine = await addPrescription(h, { userId: 'u-owner', items: [{ productId, repeatsAllowed: 2 }] });
    expect((await repeat('u-not-owner', mine._id)).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'POST', url: `/api/shop/prescriptions/${mine._id}/repeat` })).statusCode).toBe(401);
    expect((await prescriptionNow(h, mine._id))!.items[0].repeatsUsed).toBe(0);
  });

  test('a request a stop left unwritten (counted, not stored) is written by the next ask, not counted again', async () => {
    const productId = await medicine();
    const rx = await addPrescription(h, { userId: 'u-repeat-stop', items: [{ productId, repeatsAllowed: 2 }] });
    const coll = h.store.collection<PrescriptionDoc>('prescriptions');
    // What the first write of a request leaves when the process stops before the second.
    await coll.updateOne({ _id: rx._id }, { $inc: { 'items.0.repeatsUsed': 1 }, $push: { repeatRequests: { id: 'lost-request', itemIds: [rx.items[0].id] } } });
    const res = await repeat('u-repeat-stop', rx._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: 'lost-request', repeatOf: rx._id, items: [expect.objectContaining({ productId })] });
    expect((await prescriptionNow(h, rx._id))!.items[0].repeatsUsed).toBe(1);
  });
});

describe('a rejected repeat', () => {
  const pharmacist = () => h.asStaff('pharmacist-1', ['pharmacist']);
  const reject = (id: string) => h.app.inject({ method: 'POST', url: `/api/admin/prescriptions/${id}/reject`, headers: pharmacist(), payload: { reason: 'Please see your GP first' } });
  const repeatsUsed = async (id: string) => (await prescriptionNow(h, id))!.items.map((i) => i.repeatsUsed);
  beforeEach(() => {
    h.onDuty.current = { id: 'pharmacist-1', name: 'Jane Patel', registrationNumber: '2071234' };
  });

  test('gives its repeat back to the original once, however often or at once it is rejected; the shopper can ask again', async () => {
    const productId = await medicine();
    const other = await medicine();
    const rx = await addPrescription(h, { userId: 'u-repeat-rejected', items: [{ productId, quantityLeft: 0, repeatsAllowed: 2, repeatsUsed: 1 }, { productId: other, repeatsAllowed: 1, repeatsUsed: 1 }] });
    const asked = (await repeat('u-repeat-rejected', rx._id)).json().data;
    expect(await repeatsUsed(rx._id)).toEqual([2, 1]);

    const both = await Promise.all([reject(asked._id), reject(asked._id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    // Only the item the request repeated, and only once.
    expect(await repeatsUsed(rx._id)).toEqual([1, 1]);
    expect((await reject(asked._id)).statusCode).toBe(409);
    expect(await repeatsUsed(rx._id)).toEqual([1, 1]);

    const again = await repeat('u-repeat-rejected', rx._id);
    expect(again.statusCode).toBe(200);
    expect(await repeatsUsed(rx._id)).toEqual([2, 1]);
  });

  test('a stop between the rejection and the give-back: the retried reject gives it back, once', async () => {
    const productId = await medicine();
    const rx = await addPrescription(h, { userId: 'u-repeat-reject-stop', items: [{ productId, quantityLeft: 0, repeatsAllowed: 1 }] });
    const asked = (await repeat('u-repeat-reject-stop', rx._id)).json().data;
    // What the rejection's own write leaves when the process stops before the give-back.
    await h.store.collection<PrescriptionDoc>('prescriptions').updateOne({ _id: asked._id }, { $set: { status: 'rejected', pharmacistNote: 'Please see your GP first' } });
    expect(await repeatsUsed(rx._id)).toEqual([1]);

    expect((await reject(asked._id)).statusCode).toBe(409);
    expect(await repeatsUsed(rx._id)).toEqual([0]);
    expect((await reject(asked._id)).statusCode).toBe(409);
    expect(await repeatsUsed(rx._id)).toEqual([0]);
  });

  test('rejecting a prescription that is not a repeat gives nothing to anything', async () => {
    const productId = await medicine();
    const rx = await addPrescription(h, { userId: 'u-repeat-plain', items: [{ productId, repeatsAllowed: 2, repeatsUsed: 1 }] });
    const plain = await addPrescription(h, { userId: 'u-repeat-plain', status: 'awaiting_check', items: [] });
    expect((await reject(plain._id)).statusCode).toBe(200);
    expect(await repeatsUsed(rx._id)).toEqual([1]);
  });
});

describe('buy again', () => {
  test('puts back what can be ordered, capped as cart add caps it, and lists what could not be added and why', async () => {
    const kept = await h.addProduct({ title: 'Vitamin C 1000mg', totalStock: 50 });
    const scarce = await h.addProduct({ title: 'Plasters', totalStock: 20 });
    const gone = await h.addProduct({ title: 'Hand Cream', totalStock: 20 });
    const order = await placeOrder(h, 'u-again', [{ productId: kept, quantity: 2 }, { productId: scarce, quantity: 3 }, { productId: gone, quantity: 1 }]);
    await h.app.inject({ method: 'DELETE', url: '/api/shop/cart/clear/u-again', headers: h.as('u-again') });
    // Since then: the plasters ran low, the hand cream was withdrawn, and a prescription medicine joins for the check.
    await h.app.inject({ method: 'POST', url: `/api/admin/products/${scarce}/stock`, headers: h.as('staff-1', true), payload: { delta: -16, reason: 'damaged' } });
    await h.app.inject({ method: 'DELETE', url: `/api/admin/products/delete/${gone}`, headers: h.as('staff-1', true) });

    const res = await h.app.inject({ method: 'POST', url: `/api/shop/order/buy-again/${order.orderId}`, headers: h.as('u-again') });
    expect(res.statusCode).toBe(200);
    const { cart, notAdded } = res.json().data;
    expect(cart.items.map((i: { title: string; quantity: number }) => [i.title, i.quantity])).toEqual([['Vitamin C 1000mg', 2], ['Plasters', 1]]);
    expect(cart.totals).toMatchObject({ deliveryMethod: 'standard' });
    expect(notAdded).toEqual([{ productId: gone, title: 'Hand Cream', reason: 'This product does not exist or is no longer sold.', code: 'NOT_FOUND' }]);
    expect(res.json().message).toMatch(/2 items were added to your cart/);
  });

  test('a prescription medicine comes back only against a usable prescription; someone else’s order is refused', async () => {
    const productId = await medicine();
    const rx = await addPrescription(h, { userId: 'u-again-rx', items: [{ productId, quantityLeft: 4 }] });
    const order = await placeOrder(h, 'u-again-rx', [{ productId, quantity: 2 }]);
    await h.app.inject({ method: 'POST', url: '/api/shop/order/cancel', headers: h.as('u-again-rx'), payload: { orderId: order.orderId } });
    await h.app.inject({ method: 'DELETE', url: '/api/shop/cart/clear/u-again-rx', headers: h.as('u-again-rx') });
    await h.store.collection<PrescriptionDoc>('prescriptions').updateOne({ _id: rx._id }, { $set: { 'items.0.quantityLeft': 0 } });

    const res = await h.app.inject({ method: 'POST', url: `/api/shop/order/buy-again/${order.orderId}`, headers: h.as('u-again-rx') });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.cart.items).toEqual([]);
    expect(res.json().data.notAdded).toEqual([{ productId, title: 'Sertraline 50mg Tablets', reason: `Sertraline 50mg Tablets: ${PRESCRIPTION_REFUSALS.PRESCRIPTION_USED_UP}`, code: 'PRESCRIPTION_USED_UP' }]);
    expect((await h.app.inject({ method: 'POST', url: `/api/shop/order/buy-again/${order.orderId}`, headers: h.as('u-someone-else') })).statusCode).toBe(403);
  });
});
