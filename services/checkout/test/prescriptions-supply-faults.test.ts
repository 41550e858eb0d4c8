/**
 * A prescription's quantity comes back exactly once (docs/domain.md#ordering-against-a-prescription), whatever stops
 * between the two writes: the return on the prescription and the stock's mark on the order. The sweeper retries
 * the move; the prescription's own record of the reservation makes the retry give back nothing twice.
 */
import type { OrderDoc } from '../src/orders/store';
import { createPrescriptionSupply } from '../src/prescriptions/supply';
import { createHarness, payOrder, prepareShopper, type Harness } from './harness';
import { addPrescription, beforeUpdates, leftOn } from './dispense-fixtures';

jest.setTimeout(60_000);

/** `markStock`: the order's write recording the stock moved throws (a stop right after the quantity came back). `giveBack`: the return itself throws. */
const faults = { markStock: false, giveBack: false };
const faulty = beforeUpdates((name, _filter, update) => {
  const stock = (update.$set as { stock?: string } | undefined)?.stock;
  if (faults.markStock && name === 'orders' && ['released', 'refunded', 'restocked'].includes(String(stock))) throw new Error('process stopped before the stock mark');
  if (faults.giveBack && name === 'prescriptions' && update.$pull) throw new Error('store unavailable for the give back');
});

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ wrapStore: faulty });
});
afterEach(() => Object.assign(faults, { markStock: false, giveBack: false }));
afterAll(() => h.close());

async function placed(userId: string) {
  const productId = await h.addProduct({ requiresPrescription: true, totalStock: 50 });
  const rx = await addPrescription(h, { userId, items: [{ productId, quantityLeft: 6 }] });
  const addressId = await prepareShopper(h, userId, [{ productId, quantity: 4 }]);
  const res = await h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as(userId), payload: { addressId } });
  expect(res.statusCode).toBe(200);
  expect(await leftOn(h, rx._id)).toBe(2);
  return { rx, order: res.json().data as { orderId: string; approvalURL: string } };
}
const stockMark = async (orderId: string) => (await h.store.collection('orders').findOne({ _id: orderId }))!.stock;

test('a stop after the quantity came back and before the order recorded it: the sweeper finishes, and gives back nothing twice', async () => {
  const { rx, order } = await placed('u-fault-mark');
  faults.markStock = true;
  const cancelled = await h.app.inject({ method: 'POST', url: '/api/shop/order/cancel', headers: h.as('u-fault-mark'), payload: { orderId: order.orderId } });
  expect(cancelled.statusCode).toBe(200);
  expect(await leftOn(h, rx._id)).toBe(6);
  expect(await stockMark(order.orderId)).toBe('release-pending');

  // Still stopping: each retry gives back nothing more.
  await h.controls.sweep();
  await h.controls.sweep();
  expect(await leftOn(h, rx._id)).toBe(6);
  faults.markStock = false;
  await h.controls.sweep();
  expect(await stockMark(order.orderId)).toBe('released');
  expect(await leftOn(h, rx._id)).toBe(6);
});

test('a give back that failed is retried by the sweeper until it lands, once', async () => {
  const { rx, order } = await placed('u-fault-giveback');
  await payOrder(h, 'u-fault-giveback', order);
  faults.giveBack = true;
  const refunded = await h.app.inject({ method: 'PUT', url: `/api/admin/orders/payment/${order.orderId}`, headers: h.as('staff-1', true), payload: { paymentStatus: 'refunded' } });
  expect(refunded.statusCode).toBe(200);
  expect(await leftOn(h, rx._id)).toBe(2);
  expect(await stockMark(order.orderId)).toBe('refund-pending');

  faults.giveBack = false;
  await h.controls.sweep();
  expect(await leftOn(h, rx._id)).toBe(6);
  expect(await stockMark(order.orderId)).toBe('refunded');
  await h.controls.sweep();
  expect(await leftOn(h, rx._id)).toBe(6);
});

test('an order placed twice over the same reservation (a retried step) holds the quantity once', async () => {
  const { rx, order } = await placed('u-fault-twice');
  // What a retried reserve of the same order meets: its reservation is already recorded.
  const orders = h.store.collection<OrderDoc>('orders');
  const supply = await createPrescriptionSupply({ store: h.store, orders, market: 'GB', now: () => new Date() });
  await supply.reserve(order.orderId, (await orders.findOne({ _id: order.orderId }))!.items);
  expect(await leftOn(h, rx._id)).toBe(2);
});
