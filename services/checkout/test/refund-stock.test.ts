/**
 * A refunded order in the staff's stock figures: the real catalog's stock panel stops counting it as sold, and its
 * units stay off the shelf (goods that come back are a `returned` adjustment). A catalog that is down when staff
 * refund only delays the figure: the sweeper tells it later.
 */
import { approveSandbox, createHarness, prepareShopper, type Harness } from './harness';

let h: Harness;
let catalogDown = false;
beforeAll(async () => {
  h = await createHarness({
    wrapCatalogFetch: (fetch) =>
      (async (input: string | URL | Request, init?: RequestInit) => {
        if (catalogDown) throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
        return fetch(input, init);
      }) as typeof fetch,
  });
});
afterEach(() => {
  catalogDown = false;
});
afterAll(() => h.close());

const admin = () => h.as('staff-1', true);
const refund = (orderId: string) =>
  h.app.inject({ method: 'PUT', url: `/api/admin/orders/payment/${orderId}`, headers: admin(), payload: { paymentStatus: 'refunded' } });
const stockPanel = async (productId: string) => {
  const res = await h.app.inject({ url: `/api/admin/products/${productId}/stock`, headers: admin() });
  expect(res.statusCode).toBe(200);
  const { available, reserved, sold } = res.json().data;
  return { available, reserved, sold };
};

async function paidOrder(userId: string, productId: string, quantity: number): Promise<string> {
  const addressId = await prepareShopper(h, userId, [{ productId, quantity }]);
  const { orderId, approvalURL } = (await h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as(userId), payload: { addressId } })).json().data;
  const { paymentId, payerId } = await approveSandbox(h, approvalURL);
  const captured = await h.app.inject({ method: 'POST', url: '/api/shop/order/capture', headers: h.as(userId), payload: { paymentId, payerId, orderId } });
  expect(captured.statusCode).toBe(200);
  return orderId;
}

test('a refunded order no longer counts as sold; the stock on the shelf is unchanged', async () => {
  const productId = await h.addProduct({ totalStock: 100 });
  const kept = await paidOrder('refund-u1', productId, 2);
  const refunded = await paidOrder('refund-u2', productId, 3);
  expect(await stockPanel(productId)).toEqual({ available: 95, reserved: 0, sold: 5 });

  const res = await refund(refunded);
  expect(res.statusCode).toBe(200);
  expect(res.json().data.paymentStatus).toBe('refunded');
  expect(await stockPanel(productId)).toEqual({ available: 95, reserved: 0, sold: 2 });
  // The other paid order is still a sale.
  expect((await h.app.inject({ url: `/api/admin/orders/details/${kept}`, headers: admin() })).json().data.paymentStatus).toBe('paid');
});

test('with the catalog down, the refund is recorded at once and the figure follows on the next sweep', async () => {
  const productId = await h.addProduct({ totalStock: 50 });
  const orderId = await paidOrder('refund-u3', productId, 4);
  catalogDown = true;
  const res = await refund(orderId);
  expect(res.statusCode).toBe(200);
  expect(res.json().data.paymentStatus).toBe('refunded');
  catalogDown = false;
  expect(await stockPanel(productId)).toEqual({ available: 46, reserved: 0, sold: 4 });
  await h.controls.sweep();
  expect(await stockPanel(productId)).toEqual({ available: 46, reserved: 0, sold: 0 });
  // Told once: a later sweep does not ask again.
  await h.controls.sweep();
  expect(await stockPanel(productId)).toEqual({ available: 46, reserved: 0, sold: 0 });
});
