/**
 * Mail at every step that matters (docs/domain.md#mail), through the account service's notify (a double here that
 * keeps one mail per key, as the real one does): placed and paid, approved by the pharmacist, dispatched or ready to
 * collect, delivered or collected, cancelled by the pharmacy, refunded. Each change mails once however often or
 * concurrently it is asked; a mail that fails waits for the sweep and never holds the order back; nobody is mailed
 * once their account is gone.
 */
import { formatMoney, orderNumber, type Order } from '@pharmacy/contracts';
import type { OrderDoc } from '../src/orders/store';
import { approveSandbox, createHarness, ORIGIN, prepareShopper, CONSULTATION_ANSWERS, type Harness } from './harness';

jest.setTimeout(30_000);

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const staff = () => h.as('staff-1', true);
const setStatus = (orderId: string, orderStatus: string) => h.app.inject({ method: 'PUT', url: `/api/admin/orders/update/${orderId}`, headers: staff(), payload: { orderStatus } });
const setPayment = (orderId: string, paymentStatus: string) => h.app.inject({ method: 'PUT', url: `/api/admin/orders/payment/${orderId}`, headers: staff(), payload: { paymentStatus } });
const adminOrder = async (orderId: string): Promise<Order> => (await h.app.inject({ url: `/api/admin/orders/details/${orderId}`, headers: staff() })).json().data;
const rawOrder = (orderId: string) => h.store.collection<OrderDoc>('orders').findOne({ _id: orderId });
const mailsOf = (orderId: string) => h.mails.filter((m) => m.key.endsWith(`:${orderId}`));
const asked = (key: string) => h.asked.filter((k) => k === key).length;

interface Placed {
  orderId: string;
  approvalURL: string;
  userId: string;
}

async function place(userId: string, opts: { title?: string; price?: number; quantity?: number; pharmacyOnly?: boolean; delivery?: object } = {}): Promise<Placed> {
  const productId = await h.addProduct({ title: opts.title ?? `Plasters ${userId}`, price: opts.price ?? 4.5, totalStock: 50, ...(opts.pharmacyOnly ? { pharmacyOnly: true } : {}) });
  const addressId = await prepareShopper(h, userId, [{ productId, quantity: opts.quantity ?? 2 }]);
  const payload = { addressId, ...(opts.pharmacyOnly ? { consultation: CONSULTATION_ANSWERS } : {}), ...(opts.delivery ? { delivery: opts.delivery } : {}) };
  const created = await h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as(userId), payload });
  expect(created.statusCode).toBe(200);
  return { ...(created.json().data as { orderId: string; approvalURL: string }), userId };
}

async function capture(order: Placed) {
  const { paymentId, payerId } = await approveSandbox(h, order.approvalURL);
  const send = () => h.app.inject({ method: 'POST', url: '/api/shop/order/capture', headers: h.as(order.userId), payload: { paymentId, payerId, orderId: order.orderId } });
  const res = await send();
  expect(res.statusCode).toBe(200);
  return { res, again: send };
}

async function paidOrder(userId: string, opts: Parameters<typeof place>[1] = {}) {
  const order = await place(userId, opts);
  await capture(order);
  return order;
}

/** The order's number, every item with its quantity and total, and the order's total, in the text and in the HTML. */
function expectOrderSummary(mail: { text: string; html?: string }, order: Order) {
  const ref = orderNumber(order._id);
  for (const part of [mail.text, mail.html ?? '']) {
    expect(part).toContain(ref);
    for (const item of order.items) {
      expect(part).toContain(formatMoney(item.lineTotal, order.currency));
    }
    expect(part).toContain(formatMoney(order.totalAmount, order.currency));
    expect(part).toContain(formatMoney(order.subtotal, order.currency));
  }
  for (const item of order.items) expect(mail.text).toContain(`${item.quantity} × ${item.title}`);
  expect(mail.html).toMatch(/^<!doctype html>/);
  expect(mail.text).toContain(`${ORIGIN}/my-orders`);
}

describe('placed and paid: one mail when the payment is recorded, none for an unpaid order', () => {
  test('a capture mails the number, items, totals and delivery address once; repeating the capture asks nothing more', async () => {
    const order = await place('m-paid', { title: 'Ibuprofen 200mg Tablets', quantity: 3 });
    expect(mailsOf(order.orderId)).toEqual([]); // placed, not paid: nothing yet
    const { again } = await capture(order);
    const details = await adminOrder(order.orderId);
    const mails = mailsOf(order.orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ userId: 'm-paid', key: `order-paid:${order.orderId}`, subject: `Order ${orderNumber(order.orderId)} is confirmed: thank you` });
    expectOrderSummary(mails[0], details);
    expect(mails[0].text).toContain('Ada Lovelace, 1 Main Street, London, N1 9GU');
    expect(mails[0].text).toContain('Standard delivery');

    expect((await again()).statusCode).toBe(200);
    await h.controls.sweep();
    expect(mailsOf(order.orderId)).toHaveLength(1);
    expect(asked(`order-paid:${order.orderId}`)).toBe(1);
    expect((await rawOrder(order.orderId))?.mailsDue).toEqual([]);
  });

  test('an order holding a pharmacy medicine says a pharmacist checks it first; the approval is a mail of its own', async () => {
    const order = await paidOrder('m-held', { pharmacyOnly: true, title: 'Hay fever nasal spray' });
    const [paid] = mailsOf(order.orderId);
    expect(paid.subject).toBe(`Order ${orderNumber(order.orderId)}: paid, and waiting for our pharmacist’s check`);
    expect(paid.text).toMatch(/one of our pharmacists checks it before we prepare it/);

    const approve = () => h.app.inject({ method: 'POST', url: `/api/admin/orders/review/${order.orderId}`, headers: staff(), payload: { decision: 'approve' } });
    expect((await approve()).statusCode).toBe(200);
    expect((await approve()).statusCode).toBe(200); // a repeated decision
    const approved = mailsOf(order.orderId).filter((m) => m.key === `order-approved:${order.orderId}`);
    expect(approved).toHaveLength(1);
    expect(approved[0].subject).toBe(`Order ${orderNumber(order.orderId)} was approved by our pharmacist`);
    expectOrderSummary(approved[0], await adminOrder(order.orderId));
    expect(asked(`order-approved:${order.orderId}`)).toBe(1);
  });

  test('an unpaid order cancelled by the shopper, or whose payment staff mark failed, is not mailed', async () => {
    const cancelled = await place('m-cancel');
    await h.app.inject({ method: 'POST', url: '/api/shop/order/cancel', headers: h.as('m-cancel'), payload: { orderId: cancelled.orderId } });
    const failed = await place('m-failed');
    expect((await setPayment(failed.orderId, 'failed')).statusCode).toBe(200);
    await h.controls.sweep();
    expect(mailsOf(cancelled.orderId)).toEqual([]);
    expect(mailsOf(failed.orderId)).toEqual([]);
  });
});

describe('on its way, delivered, cancelled, refunded', () => {
  test('dispatched and delivered: each change mails once, worded for delivery', async () => {
    const order = await paidOrder('m-ship', { delivery: { method: 'express' } });
    expect((await setStatus(order.orderId, 'inProcess')).statusCode).toBe(200);
    expect(mailsOf(order.orderId).map((m) => m.key)).toEqual([`order-paid:${order.orderId}`]); // packing is not a step shoppers are mailed about
    expect((await setStatus(order.orderId, 'inShipping')).statusCode).toBe(200);
    const details = await adminOrder(order.orderId);
    const dispatched = mailsOf(order.orderId).find((m) => m.key === `order-dispatched:${order.orderId}`);
    expect(dispatched?.subject).toBe(`Order ${orderNumber(order.orderId)} is on its way`);
    expectOrderSummary(dispatched!, details);
    expect(dispatched?.text).toContain('Express delivery');
    expect((await setStatus(order.orderId, 'delivered')).statusCode).toBe(200);
    const delivered = mailsOf(order.orderId).find((m) => m.key === `order-delivered:${order.orderId}`);
    expect(delivered?.subject).toBe(`Order ${orderNumber(order.orderId)} was delivered`);
    expectOrderSummary(delivered!, details);
    expect(mailsOf(order.orderId)).toHaveLength(3);
  });

  test('click and collect: ready to collect at the pharmacy the order keeps, then collected', async () => {
    const { pharmacies } = (await h.app.inject({ url: '/api/shop/delivery/options' })).json().data;
    const order = await paidOrder('m-collect', { delivery: { method: 'collect', pharmacyId: pharmacies[0].id } });
    const details = await adminOrder(order.orderId);
    const pharmacy = details.delivery.pharmacy!;
    const [paid] = mailsOf(order.orderId);
    expect(paid.text).toContain(`Collect from: ${pharmacy.name}, ${pharmacy.address}`);
    expect(paid.text).toContain(`Bring: your order number ${orderNumber(order.orderId)}`);

    expect((await setStatus(order.orderId, 'inProcess')).statusCode).toBe(200);
    expect((await setStatus(order.orderId, 'inShipping')).statusCode).toBe(200);
    const ready = mailsOf(order.orderId).find((m) => m.key === `order-dispatched:${order.orderId}`);
    expect(ready?.subject).toBe(`Order ${orderNumber(order.orderId)} is ready to collect`);
    expect(ready?.text).toContain(pharmacy.name);
    expectOrderSummary(ready!, details);
    expect((await setStatus(order.orderId, 'delivered')).statusCode).toBe(200);
    expect(mailsOf(order.orderId).find((m) => m.key === `order-delivered:${order.orderId}`)?.subject).toBe(`Order ${orderNumber(order.orderId)} was collected`);
  });

  test('staff cancel a paid order, then record its refund: two mails, each once', async () => {
    const order = await paidOrder('m-refund', { price: 12 });
    expect((await setStatus(order.orderId, 'rejected')).statusCode).toBe(200);
    expect((await setPayment(order.orderId, 'refunded')).statusCode).toBe(200);
    const details = await adminOrder(order.orderId);
    const byKey = Object.fromEntries(mailsOf(order.orderId).map((m) => [m.key.split(':')[0], m]));
    expect(Object.keys(byKey).sort()).toEqual(['order-cancelled', 'order-paid', 'order-refunded']);
    expect(byKey['order-cancelled'].subject).toBe(`Order ${orderNumber(order.orderId)} was cancelled by the pharmacy`);
    expect(byKey['order-cancelled'].text).toContain(`We will refund the full ${formatMoney(details.totalAmount, details.currency)}`);
    expectOrderSummary(byKey['order-cancelled'], details);
    expect(byKey['order-refunded'].subject).toBe(`Order ${orderNumber(order.orderId)} has been refunded`);
    expectOrderSummary(byKey['order-refunded'], details);
  });

  test('two staff moving the same order at once: one change, one mail', async () => {
    const order = await paidOrder('m-race');
    expect((await setStatus(order.orderId, 'inProcess')).statusCode).toBe(200);
    const answers = await Promise.all([setStatus(order.orderId, 'inShipping'), setStatus(order.orderId, 'inShipping'), setStatus(order.orderId, 'inShipping')]);
    // One wins; the others find it changed (409) or already moved on (422).
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409 || r.statusCode === 422)).toBe(true);
    await h.controls.sweep();
    expect(mailsOf(order.orderId).filter((m) => m.key === `order-dispatched:${order.orderId}`)).toHaveLength(1);
    expect(asked(`order-dispatched:${order.orderId}`)).toBe(1);
  });
});

describe('a mail that cannot be sent', () => {
  test('never holds the order back: the step stays owed, the sweep sends it once the account service answers, then never again', async () => {
    const order = await place('m-down');
    h.mailDown.on = true;
    try {
      const { res } = await capture(order);
      expect(res.json().data).toMatchObject({ paymentStatus: 'paid', orderStatus: 'confirmed' });
      expect((await setStatus(order.orderId, 'inProcess')).statusCode).toBe(200);
      expect((await setStatus(order.orderId, 'inShipping')).statusCode).toBe(200);
      expect(mailsOf(order.orderId)).toEqual([]);
      expect((await rawOrder(order.orderId))?.mailsDue).toEqual(['paid', 'dispatched']);
      await h.controls.sweep();
      expect(mailsOf(order.orderId)).toEqual([]);
    } finally {
      h.mailDown.on = false;
    }
    await h.controls.sweep();
    // In the order the shopper would read them.
    expect(mailsOf(order.orderId).map((m) => m.key)).toEqual([`order-paid:${order.orderId}`, `order-dispatched:${order.orderId}`]);
    expect((await rawOrder(order.orderId))?.mailsDue).toEqual([]);
    const askedBefore = h.asked.length;
    await h.controls.sweep();
    expect(h.asked.slice(askedBefore).filter((k) => k.endsWith(order.orderId))).toEqual([]);
    expect(mailsOf(order.orderId)).toHaveLength(2);
  });
});

describe('an erased account', () => {
  test('is not mailed: an order of a deleted account owes nothing, and one the account service no longer knows is dropped', async () => {
    const erasedHere = await paidOrder('m-erased');
    const erase = await h.app.inject({ method: 'POST', url: '/internal/checkout/users/m-erased/erase', headers: { 'x-internal-token': h.internalToken } });
    expect(erase.statusCode).toBe(200);
    const askedBefore = h.asked.length;
    expect((await setStatus(erasedHere.orderId, 'inProcess')).statusCode).toBe(200);
    expect((await setStatus(erasedHere.orderId, 'inShipping')).statusCode).toBe(200);
    await h.controls.sweep();
    expect(h.asked.slice(askedBefore).filter((k) => k.endsWith(erasedHere.orderId))).toEqual([]);
    expect(mailsOf(erasedHere.orderId).map((m) => m.key)).toEqual([`order-paid:${erasedHere.orderId}`]);

    // Deleted at the account service, its erasure not here yet: the notify's 404 drops the mail for good.
    const gone = await paidOrder('m-gone');
    h.erased.add('m-gone');
    expect((await setStatus(gone.orderId, 'inProcess')).statusCode).toBe(200);
    expect((await setStatus(gone.orderId, 'inShipping')).statusCode).toBe(200);
    expect((await rawOrder(gone.orderId))?.mailsDue).toEqual([]);
    await h.controls.sweep();
    expect(asked(`order-dispatched:${gone.orderId}`)).toBe(1);
    expect(mailsOf(gone.orderId).map((m) => m.key)).toEqual([`order-paid:${gone.orderId}`]);
  });
});

test('what staff or a shopper typed is text in the HTML part, never markup', async () => {
  const order = await paidOrder('m-escape', { title: 'Rash & Itch <img src=x onerror=alert(1)> Cream' });
  const [mail] = mailsOf(order.orderId);
  expect(mail.text).toContain('Rash & Itch <img src=x onerror=alert(1)> Cream');
  expect(mail.html).toContain('Rash &amp; Itch &lt;img src=x onerror=alert(1)&gt; Cream');
  expect(mail.html).not.toContain('<img');
});
