/**
 * Recording a payment (orders/ledger.ts recordPayment): the stock's commit and the "paid" mail are crossed off in
 * one order write after both happened, and the capture answers the order as that write left it. Whichever of them
 * fails stays owed on the order, and the sweep finishes it once, without undoing the other.
 */
import type { OrderDoc } from '../src/orders/store';
import { approveSandbox, createHarness, prepareShopper, type Harness } from './harness';

let h: Harness;
let commitDown = false;
beforeAll(async () => {
  h = await createHarness({
    wrapCatalogFetch: (fetch) =>
      (async (input: string | URL | Request, init?: RequestInit) => {
        if (commitDown && String(input).includes('/commit')) throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
        return fetch(input, init);
      }) as typeof fetch,
  });
});
afterEach(() => {
  commitDown = false;
  h.mailDown.on = false;
});
afterAll(() => h.close());

const rawOrder = (orderId: string) => h.store.collection<OrderDoc>('orders').findOne({ _id: orderId });
const mailsOf = (orderId: string) => h.mails.filter((m) => m.key === `order-paid:${orderId}`);

async function pay(userId: string) {
  const productId = await h.addProduct({ title: `Plasters ${userId}`, price: 4.5, totalStock: 50 });
  const addressId = await prepareShopper(h, userId, [{ productId, quantity: 2 }]);
  const created = await h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as(userId), payload: { addressId } });
  expect(created.statusCode).toBe(200);
  const { orderId, approvalURL } = created.json().data as { orderId: string; approvalURL: string };
  const { paymentId, payerId } = await approveSandbox(h, approvalURL);
  const res = await h.app.inject({ method: 'POST', url: '/api/shop/order/capture', headers: h.as(userId), payload: { paymentId, payerId, orderId } });
  expect(res.statusCode).toBe(200);
  return { orderId, answer: res.json().data as { paymentStatus: string; orderStatus: string } };
}

it('records the commit and the mail taken in the order, and answers the order as recorded', async () => {
  const { orderId, answer } = await pay('pr-both');
  expect(answer).toMatchObject({ paymentStatus: 'paid', orderStatus: 'confirmed' });
  expect(await rawOrder(orderId)).toMatchObject({ paymentStatus: 'paid', stock: 'committed', mailsDue: [] });
  expect(mailsOf(orderId)).toHaveLength(1);
});

it('a commit that fails leaves the stock owed while the mail is crossed off; the sweep commits once and mails nothing more', async () => {
  commitDown = true;
  const { orderId, answer } = await pay('pr-commit-down');
  expect(answer.paymentStatus).toBe('paid');
  expect(await rawOrder(orderId)).toMatchObject({ stock: 'commit-pending', mailsDue: [] });
  expect(mailsOf(orderId)).toHaveLength(1);
  commitDown = false;
  await h.controls.sweep();
  expect(await rawOrder(orderId)).toMatchObject({ stock: 'committed', mailsDue: [] });
  expect(mailsOf(orderId)).toHaveLength(1);
});

it('a mail that fails stays owed while the stock is marked committed; the sweep sends it once', async () => {
  h.mailDown.on = true;
  const { orderId } = await pay('pr-mail-down');
  expect(await rawOrder(orderId)).toMatchObject({ stock: 'committed', mailsDue: ['paid'] });
  expect(mailsOf(orderId)).toHaveLength(0);
  h.mailDown.on = false;
  await h.controls.sweep();
  expect(await rawOrder(orderId)).toMatchObject({ stock: 'committed', mailsDue: [] });
  expect(mailsOf(orderId)).toHaveLength(1);
});
