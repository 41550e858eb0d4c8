/**
 * The pharmacist's review (docs/domain.md#pharmacist-review) against the real catalog: an order holding a pharmacy
 * medicine, an acknowledged warning or an unrecognised health term is paid but held back until a pharmacist
 * approves it (on to processing) or rejects it (refund through the provider, stock back on the shelf, shopper mailed).
 */
import { CONSULTATION_QUESTIONS, ageOn, formatMoney } from '@pharmacy/contracts';
import type { PaymentProvider } from '../src/payments/port';
import { PaymentError } from '../src/payments/port';
import { createSandboxProvider } from '../src/payments/providers/sandbox';
import { CONSULTATION_ANSWERS, createHarness, ORIGIN, payOrder, placeOrder as placeOrderIn, prepareShopper, type Harness } from './harness';

jest.setTimeout(30_000);


let h: Harness;
/** Every refund the checkout asked the provider for; `failNext` makes the next ones fail as a provider outage. */
const refunds: Array<{ captureId: string; orderId: string; amountCents: number }> = [];
const failNext: Array<PaymentError> = [];
beforeAll(async () => {
  h = await createHarness({
    payments: (store) => {
      const sandbox = createSandboxProvider({ store, publicOrigin: ORIGIN });
      const counted: PaymentProvider = {
        ...sandbox,
        async refund(captureId, input) {
          refunds.push({ captureId, orderId: input.orderId, amountCents: input.amountCents });
          const fault = failNext.shift();
          if (fault) throw fault;
          return sandbox.refund(captureId, input);
        },
      };
      return counted;
    },
  });
});
afterAll(() => h.close());

const pharmacist = () => h.as('pharmacist-1', true);
const decide = (orderId: string, payload: object, headers = pharmacist()) =>
  h.app.inject({ method: 'POST', url: `/api/admin/orders/review/${orderId}`, headers, payload });
const setStatus = (orderId: string, orderStatus: string) =>
  h.app.inject({ method: 'PUT', url: `/api/admin/orders/update/${orderId}`, headers: pharmacist(), payload: { orderStatus } });
const adminOrder = async (orderId: string) => (await h.app.inject({ url: `/api/admin/orders/details/${orderId}`, headers: pharmacist() })).json().data;
const queue = async () => (await h.app.inject({ url: '/api/admin/orders/get?review=awaiting&limit=100', headers: pharmacist() })).json();

const placeOrder = (userId: string, items: Array<{ productId: string; quantity: number }>, body: object = {}) => placeOrderIn(h, userId, items, body);
const pay = (userId: string, order: { orderId: string; approvalURL: string }) => payOrder(h, userId, order);

/** A paid order holding one pharmacy medicine (so it awaits review). */
async function heldOrder(userId: string, quantity = 1, stock = 20) {
  const productId = await h.addProduct({ pharmacyOnly: true, title: `Pharmacy medicine ${userId}`, totalStock: stock, price: 7.5 });
  const order = await placeOrder(userId, [{ productId, quantity }], { consultation: CONSULTATION_ANSWERS });
  await pay(userId, order);
  return { orderId: order.orderId, productId };
}

describe('the hold', () => {
  test('a paid order with a pharmacy medicine is confirmed and paid but waits for the pharmacist; it joins the queue only once paid', async () => {
    const productId = await h.addProduct({ pharmacyOnly: true, title: 'Codeine Linctus', totalStock: 10 });
    const order = await placeOrder('u-hold', [{ productId, quantity: 1 }], { consultation: CONSULTATION_ANSWERS });
    const unpaid = await adminOrder(order.orderId);
    expect(unpaid.review).toEqual({ status: 'awaiting', reasons: ['Pharmacy medicine: Codeine Linctus'], decidedBy: null, decidedAt: null, note: null });
    expect((await queue()).data.map((o: { _id: string }) => o._id)).not.toContain(order.orderId);

    const captured = await pay('u-hold', order);
    expect(captured.message).toMatch(/our pharmacist checks this order before we prepare it/);
    expect(captured.data).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid', review: { status: 'awaiting' } });
    const listed = await queue();
    expect(listed.data.map((o: { _id: string }) => o._id)).toContain(order.orderId);
    expect(listed.data.every((o: { paymentStatus: string; review: { status: string } }) => o.paymentStatus === 'paid' && o.review.status === 'awaiting')).toBe(true);
    expect(listed.awaitingReview).toBe(listed.total);
    // Every admin list answer carries the queue's size, whatever it is filtered by.
    const all = (await h.app.inject({ url: '/api/admin/orders/get?status=delivered', headers: pharmacist() })).json();
    expect(all.awaitingReview).toBe(listed.total);
  });

  test('an order awaiting review cannot be moved on, rejected or refunded by the status routes (422 REVIEW_PENDING)', async () => {
    const { orderId } = await heldOrder('u-skip');
    for (const to of ['inProcess', 'inShipping', 'delivered', 'rejected']) {
      const res = await setStatus(orderId, to);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ success: false, code: 'REVIEW_PENDING', message: expect.stringMatching(/waits for a pharmacist's review/) });
    }
    const refund = await h.app.inject({ method: 'PUT', url: `/api/admin/orders/payment/${orderId}`, headers: pharmacist(), payload: { paymentStatus: 'refunded' } });
    expect(refund.json()).toMatchObject({ code: 'REVIEW_PENDING' });
    expect(await adminOrder(orderId)).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid', history: expect.not.arrayContaining([expect.objectContaining({ field: 'review' })]) });
  });

  test('an order with nothing for a pharmacist needs no review and moves on as before', async () => {
    const productId = await h.addProduct({ title: 'Plasters' });
    const order = await placeOrder('u-plain', [{ productId, quantity: 1 }]);
    const captured = await pay('u-plain', order);
    expect(captured.message).toBe('Thank you! Payment received; we are preparing your order.');
    expect(captured.data).toMatchObject({ review: { status: 'notNeeded', reasons: [] }, consultation: [], unrecognisedTerms: [] });
    expect((await setStatus(order.orderId, 'inProcess')).statusCode).toBe(200);
    const res = await decide(order.orderId, { decision: 'approve' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('INVALID_TRANSITION');
  });

  test('acknowledged warnings and unrecognised health terms are reasons too, in plain words, and the terms are kept on the order', async () => {
    h.profiles.set('u-reasons', { allergies: ['Ibuprofen', 'Zorblaxin'], healthConditions: [], DOB: '1980-01-01' });
    const productId = await h.addProduct({ title: 'Ibuprofen 200mg Tablets', activeIngredients: ['Ibuprofen'] });
    const order = await placeOrder('u-reasons', [{ productId, quantity: 1 }], { acknowledgeSafetyWarnings: true });
    const saved = await adminOrder(order.orderId);
    expect(saved.unrecognisedTerms).toEqual(['Zorblaxin']);
    expect(saved.review.status).toBe('awaiting');
    expect(saved.items[0].warnings.length).toBeGreaterThan(0);
    expect(saved.items[0].warnings[0]).toMatch(/ibuprofen/i);
    expect(saved.review.reasons).toEqual([
      ...saved.items[0].warnings.map((w: string) => `Acknowledged warning: ${w} (Ibuprofen 200mg Tablets)`),
      "Unrecognised health term: 'Zorblaxin'",
    ]);
  });

  test('the dashboard still counts a held order as paid and confirmed', async () => {
    const before = (await h.app.inject({ url: '/api/admin/orders/stats', headers: pharmacist() })).json().data;
    await heldOrder('u-stats');
    const after = (await h.app.inject({ url: '/api/admin/orders/stats', headers: pharmacist() })).json().data;
    expect(after.byPaymentStatus.paid).toBe(before.byPaymentStatus.paid + 1);
    expect(after.byOrderStatus.confirmed).toBe(before.byOrderStatus.confirmed + 1);
  });
});

describe('the consultation', () => {
  test('a pharmacy medicine needs every question answered (422 CONSULTATION_REQUIRED naming what is missing), and nothing is reserved meanwhile', async () => {
    const productId = await h.addProduct({ pharmacyOnly: true, title: 'Hay fever nasal spray', totalStock: 5 });
    const addressId = await prepareShopper(h, 'u-consult', [{ productId, quantity: 1 }]);
    const cart = (await h.app.inject({ url: '/api/shop/cart/get/u-consult', headers: h.as('u-consult') })).json().data;
    expect(cart.needsConsultation).toBe(true);
    expect(cart.items[0].pharmacyOnly).toBe(true);
    const create = (payload: object) => h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as('u-consult'), payload: { addressId, ...payload } });

    const none = await create({});
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ code: 'CONSULTATION_REQUIRED', message: expect.stringMatching(/Hay fever nasal spray is a pharmacy medicine/) });
    const partial = await create({ consultation: [CONSULTATION_ANSWERS[0], { questionId: 'age', answer: '   ' }] });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().message).toContain(CONSULTATION_QUESTIONS[1].question);
    expect(partial.json().message).toContain(CONSULTATION_QUESTIONS[3].question);
    expect(partial.json().message).not.toContain(CONSULTATION_QUESTIONS[0].question);
    expect((await create({ consultation: [CONSULTATION_ANSWERS[0], CONSULTATION_ANSWERS[0], CONSULTATION_ANSWERS[1], CONSULTATION_ANSWERS[2]] })).statusCode).toBe(400);
    expect((await create({ consultation: [{ questionId: 'favouriteColour', answer: 'blue' }] })).statusCode).toBe(400);
    expect(await h.stockOf(productId)).toBe(5);

    const ok = await create({ consultation: CONSULTATION_ANSWERS.map((a) => ({ ...a, answer: ` ${a.answer} ` })) });
    expect(ok.statusCode).toBe(200);
    const order = await adminOrder(ok.json().data.orderId);
    expect(order.consultation).toEqual(CONSULTATION_QUESTIONS.map((q, i) => ({ questionId: q.id, question: q.question, answer: CONSULTATION_ANSWERS[i].answer })));
    expect(order.items[0].pharmacyOnly).toBe(true);
  });

  test('an answer that contradicts the stored profile is flagged on the order, beside the answer and among the reasons', async () => {
    h.profiles.set('u-contradict', { allergies: ['Penicillin'], healthConditions: [], DOB: '1986-01-01' });
    const productId = await h.addProduct({ pharmacyOnly: true, title: 'Antihistamine tablets' });
    const answers = CONSULTATION_ANSWERS.map((a) => (a.questionId === 'age' ? { ...a, answer: '52' } : a));
    const order = await adminOrder((await placeOrder('u-contradict', [{ productId, quantity: 1 }], { consultation: answers })).orderId);
    const age = ageOn('1986-01-01');
    expect(order.consultation.find((a: { questionId: string }) => a.questionId === 'age')).toMatchObject({
      answer: '52', contradiction: `The answer gives age 52, but the date of birth in their profile (1 Jan 1986) makes them ${age}.`,
    });
    expect(order.consultation.find((a: { questionId: string }) => a.questionId === 'conditions').contradiction).toMatch(/says no allergies, but their profile lists: Penicillin/);
    expect(order.consultation.find((a: { questionId: string }) => a.questionId === 'patient')).not.toHaveProperty('contradiction');
    expect(order.review.reasons.slice(0, 2)).toEqual([
      `Answer contradicts the health profile (How old are they?): The answer gives age 52, but the date of birth in their profile (1 Jan 1986) makes them ${age}.`,
      expect.stringMatching(/^Answer contradicts the health profile \(Do they have any health conditions or allergies/),
    ]);
  });

  test('answers sent for a cart without a pharmacy medicine are not kept', async () => {
    const productId = await h.addProduct({ title: 'Sun cream' });
    const order = await placeOrder('u-noconsult', [{ productId, quantity: 1 }], { consultation: CONSULTATION_ANSWERS });
    expect(await adminOrder(order.orderId)).toMatchObject({ consultation: [], review: { status: 'notNeeded' } });
  });
});

describe('the decision', () => {
  test('approve: the order goes on to processing, the decision is in the history with who and when; repeating it returns the order', async () => {
    const { orderId } = await heldOrder('u-approve');
    const res = await decide(orderId, { decision: 'approve', note: '  Checked the answers with the shopper.  ' });
    expect(res.statusCode).toBe(200);
    const order = res.json().data;
    expect(order).toMatchObject({
      orderStatus: 'inProcess', paymentStatus: 'paid',
      review: { status: 'approved', decidedBy: 'pharmacist-1', decidedAt: expect.any(String), note: 'Checked the answers with the shopper.' },
    });
    expect(order.history.slice(-2)).toEqual([
      expect.objectContaining({ field: 'review', from: 'awaiting', to: 'approved', by: 'pharmacist-1', note: 'Checked the answers with the shopper.' }),
      expect.objectContaining({ field: 'orderStatus', from: 'confirmed', to: 'inProcess', by: 'pharmacist-1' }),
    ]);
    expect((await queue()).data.map((o: { _id: string }) => o._id)).not.toContain(orderId);

    const again = await decide(orderId, { decision: 'approve' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.history).toHaveLength(order.history.length);
    const reject = await decide(orderId, { decision: 'reject', reason: 'Changed my mind' });
    expect(reject.statusCode).toBe(409);
    expect(reject.json()).toMatchObject({ code: 'REVIEW_PENDING', message: expect.stringMatching(/already approved/) });
    expect(refunds.some((r) => r.orderId === orderId)).toBe(false);
    // Approved, the order moves on through the ordinary status route.
    expect((await setStatus(orderId, 'inShipping')).statusCode).toBe(200);
  });

  test('reject: refunded through the provider once, the stock back on the shelf, refunded and rejected, the shopper mailed with the reason', async () => {
    const { orderId, productId } = await heldOrder('u-reject', 3, 20);
    expect(await h.stockOf(productId)).toBe(17);
    const reason = 'This medicine is not suitable with the other medicines you told us about. Please speak to your GP.';
    const res = await decide(orderId, { decision: 'reject', reason });
    expect(res.statusCode).toBe(200);
    const order = res.json().data;
    expect(order).toMatchObject({
      orderStatus: 'rejected', paymentStatus: 'refunded', closedReason: 'rejectedByPharmacist',
      review: { status: 'rejected', decidedBy: 'pharmacist-1', decidedAt: expect.any(String), note: reason },
    });
    expect(order.history.slice(-3)).toEqual([
      expect.objectContaining({ field: 'review', from: 'awaiting', to: 'rejected', by: 'pharmacist-1', note: reason }),
      expect.objectContaining({ field: 'paymentStatus', from: 'paid', to: 'refunded', by: 'pharmacist-1' }),
      expect.objectContaining({ field: 'orderStatus', from: 'confirmed', to: 'rejected', by: 'pharmacist-1' }),
    ]);
    // The whole total goes back: 22.50 of items and 3.99 of standard delivery (under the free-delivery threshold).
    expect(refunds.filter((r) => r.orderId === orderId)).toEqual([{ captureId: expect.stringMatching(/^SBXCAP-/), orderId, amountCents: 2649 }]);
    const payment = await h.store.collection('sandboxPayments').findOne({ orderId });
    expect(payment).toMatchObject({ status: 'refunded', refundedCents: 2649 });
    expect(await h.stockOf(productId)).toBe(20);

    const mail = h.mails.filter((m) => m.key === `order-rejected:${orderId}`);
    expect(mail).toEqual([expect.objectContaining({ userId: 'u-reject', subject: expect.stringMatching(/not approved by our pharmacist/) })]);
    expect(mail[0].text).toContain(reason);
    expect(mail[0].text).toContain('£26.49');
    // The order is named by its one short number.
    expect(mail[0].subject).toContain(`#${orderId.slice(0, 8).toUpperCase()}`);
    expect(mail[0].text).toContain(`order #${orderId.slice(0, 8).toUpperCase()} of`);
    expect(mail[0].text).toContain(`${ORIGIN}/my-orders`);
    // With what was ordered, in the text and in the HTML (escaped) part.
    expect(mail[0].text).toContain(`3 × ${order.items[0].title}`);
    expect(mail[0].html).toContain(formatMoney(order.items[0].lineTotal, order.currency));
    expect(mail[0].html).toMatch(/<h1[^>]*>Our pharmacist could not approve your order<\/h1>/);
    expect(mail[0].html).toContain(reason);

    // The shopper sees it in My Orders through the order's review.
    const mine = (await h.app.inject({ url: `/api/shop/order/details/${orderId}`, headers: h.as('u-reject') })).json().data;
    expect(mine).toMatchObject({ paymentStatus: 'refunded', orderStatus: 'rejected', review: { status: 'rejected', note: reason } });

    // A retried rejection returns the order and refunds nothing more; the stock is restocked once.
    const again = await decide(orderId, { decision: 'reject', reason });
    expect(again.statusCode).toBe(200);
    expect(refunds.filter((r) => r.orderId === orderId)).toHaveLength(1);
    await h.controls.sweep();
    expect(await h.stockOf(productId)).toBe(20);
    expect(h.mails.filter((m) => m.key === `order-rejected:${orderId}`)).toHaveLength(1);
    expect((await decide(orderId, { decision: 'approve' })).statusCode).toBe(409);
  });

  test('only staff decide; a rejection needs a reason; an unpaid order is not reviewed yet', async () => {
    const { orderId } = await heldOrder('u-guard');
    expect((await decide(orderId, { decision: 'approve' }, h.as('u-guard'))).statusCode).toBe(403);
    expect((await decide(orderId, { decision: 'reject' })).statusCode).toBe(400);
    expect((await decide(orderId, { decision: 'reject', reason: '' })).statusCode).toBe(400);
    expect((await decide(orderId, { decision: 'reject', reason: '      ' })).statusCode).toBe(400);
    expect((await decide(orderId, { decision: 'maybe' })).statusCode).toBe(400);
    expect((await decide(orderId, { decision: 'approve', decidedBy: 'someone-else' })).statusCode).toBe(400);
    expect((await decide('no-such-order', { decision: 'approve' })).statusCode).toBe(404);

    const productId = await h.addProduct({ pharmacyOnly: true });
    const unpaid = await placeOrder('u-guard-unpaid', [{ productId, quantity: 1 }], { consultation: CONSULTATION_ANSWERS });
    const early = await decide(unpaid.orderId, { decision: 'approve' });
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ code: 'REVIEW_PENDING', message: expect.stringMatching(/not paid yet/) });
    expect((await adminOrder(orderId)).review.status).toBe('awaiting');
    // Cancelled before it was paid, it never reaches the pharmacist and no longer reads as awaiting.
    await h.app.inject({ method: 'POST', url: '/api/shop/order/cancel', headers: h.as('u-guard-unpaid'), payload: { orderId: unpaid.orderId } });
    expect((await adminOrder(unpaid.orderId)).review).toMatchObject({ status: 'notNeeded', reasons: [expect.stringMatching(/^Pharmacy medicine: /)] });
  });

  test('a provider failure leaves the order awaiting with a 502 the pharmacist can retry; the retry refunds once', async () => {
    const { orderId, productId } = await heldOrder('u-outage', 2, 10);
    failNext.push(new PaymentError('unavailable', 'down', 'refund 503'));
    const failed = await decide(orderId, { decision: 'reject', reason: 'Not suitable for a child under 12.' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_ERROR', message: expect.stringMatching(/still awaiting review/) });
    expect(await adminOrder(orderId)).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid', review: { status: 'awaiting' } });
    expect(await h.stockOf(productId)).toBe(8);
    // While the rejection is under way it cannot be approved instead.
    expect((await decide(orderId, { decision: 'approve' })).statusCode).toBe(409);

    const retried = await decide(orderId, { decision: 'reject', reason: 'Not suitable for a child under 12.' });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data).toMatchObject({ paymentStatus: 'refunded', review: { status: 'rejected', note: 'Not suitable for a child under 12.' } });
    expect((await h.store.collection('sandboxPayments').findOne({ orderId }))?.status).toBe('refunded');
    expect(await h.stockOf(productId)).toBe(10);
  });

  test('a provider that refuses the refund leaves the order awaiting, with nothing refunded, for the pharmacist to decide again', async () => {
    const { orderId } = await heldOrder('u-refused');
    failNext.push(new PaymentError('rejected', 'The payment provider refused this payment.', 'refund 422'));
    const res = await decide(orderId, { decision: 'reject', reason: 'Not suitable.' });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/refused to refund/);
    expect((await decide(orderId, { decision: 'approve' })).statusCode).toBe(200);
  });

  test('a payment staff recorded as taken outside the provider is not sent to the provider: the history and the mail say it is refunded the same way', async () => {
    const productId = await h.addProduct({ pharmacyOnly: true, price: 3 });
    const { orderId } = await placeOrder('u-outside', [{ productId, quantity: 1 }], { consultation: CONSULTATION_ANSWERS });
    const staff = (url: string, payload: object) => h.app.inject({ method: 'PUT', url, headers: pharmacist(), payload });
    const paid = await staff(`/api/admin/orders/payment/${orderId}`, { paymentStatus: 'paid' });
    expect(paid.json().data).toMatchObject({ paymentStatus: 'paid', orderStatus: 'confirmed', review: { status: 'awaiting' } });
    const res = await decide(orderId, { decision: 'reject', reason: 'Not suitable for you.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ paymentStatus: 'refunded', orderStatus: 'rejected' });
    expect(res.json().data.history).toContainEqual(expect.objectContaining({ field: 'paymentStatus', to: 'refunded', note: expect.stringMatching(/outside the payment provider/) }));
    expect(refunds.some((r) => r.orderId === orderId)).toBe(false);
    expect(h.mails.find((m) => m.key === `order-rejected:${orderId}`)?.text).toMatch(/We will refund the full £6.99 to you the way you paid/);
  });

  test('a mail that cannot be sent never undoes the rejection: the sweep sends it later, once', async () => {
    const { orderId } = await heldOrder('u-nomail');
    h.mailDown.on = true;
    try {
      const res = await decide(orderId, { decision: 'reject', reason: 'Please see your GP first.' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.paymentStatus).toBe('refunded');
      expect(h.mails.some((m) => m.key === `order-rejected:${orderId}`)).toBe(false);
      await h.controls.sweep();
      expect(h.mails.some((m) => m.key === `order-rejected:${orderId}`)).toBe(false);
    } finally {
      h.mailDown.on = false;
    }
    await h.controls.sweep();
    await h.controls.sweep();
    expect(h.mails.filter((m) => m.key === `order-rejected:${orderId}`)).toHaveLength(1);
  });
});
