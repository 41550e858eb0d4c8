/**
 * Creating an order records its held stock with its payment in one write (services/checkout/src/orders/placing,
 * step `started`): a started order reads `held` with its payment id, and an order staff closed while its payment was being
 * started keeps the stock's release instead of being marked held again.
 */
import { createSandboxProvider } from '../src/payments/providers/sandbox';
import { createHarness, ORIGIN, prepareShopper, type Harness } from './harness';

/** Runs once, inside the provider's createPayment: what staff do while the payment is being started. */
let duringPayment: ((orderId: string) => Promise<void>) | null = null;

let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    payments: (store) => {
      const sandbox = createSandboxProvider({ store, publicOrigin: ORIGIN });
      return {
        ...sandbox,
        async createPayment(input) {
          const step = duringPayment;
          duringPayment = null;
          if (step) await step(input.orderId);
          return sandbox.createPayment(input);
        },
      };
    },
  });
});
afterAll(() => h.close());

const orderDoc = (id: string) => h.store.collection('orders').findOne({ _id: id });

async function place(userId: string, productId: string) {
  const addressId = await prepareShopper(h, userId, [{ productId, quantity: 2 }]);
  const res = await h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as(userId), payload: { addressId } });
  expect(res.statusCode).toBe(200);
  return res.json().data as { orderId: string; approvalURL: string };
}

test('a started order holds its stock and carries its payment', async () => {
  const p = await h.addProduct({ price: 4, totalStock: 10 });
  const { orderId, approvalURL } = await place('u-start', p);
  const doc = await orderDoc(orderId);
  expect(doc).toMatchObject({ stock: 'held', paymentURL: approvalURL });
  expect(doc?.paymentId).toMatch(/^SBX-/);
  expect(await h.stockOf(p)).toBe(8);
});

test('staff rejecting the order while its payment starts: the stock goes back and stays released', async () => {
  const p = await h.addProduct({ price: 4, totalStock: 10 });
  duringPayment = async (orderId) => {
    const res = await h.app.inject({
      method: 'PUT', url: `/api/admin/orders/update/${orderId}`, headers: h.as('staff-1', true), payload: { orderStatus: 'rejected' },
    });
    expect(res.statusCode).toBe(200);
  };
  const { orderId } = await place('u-start-rejected', p);
  expect(duringPayment).toBeNull();
  const doc = await orderDoc(orderId);
  expect(doc).toMatchObject({ orderStatus: 'rejected', paymentStatus: 'failed', stock: 'released' });
  expect(doc?.paymentId).toMatch(/^SBX-/);
  expect(await h.stockOf(p)).toBe(10);
});
