/**
 * The contracts' order helpers every screen uses (My Orders, the admin, mails): the short order number, the status
 * words from one map and the tracking timeline, for each path an order can take.
 */
import { orderNumber, orderStatusWords, orderTimeline, startedReview, type OrderStateView, type TimelineStep } from '@pharmacy/contracts';

const T0 = '2026-01-01T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
type Entry = OrderStateView['history'][number];
const h = (field: Entry['field'], from: string, to: string, minutes: number, note?: string): Entry => ({ field, from, to, at: at(minutes), by: 'system', ...(note ? { note } : {}) });

const placed: OrderStateView = { orderStatus: 'pending', paymentStatus: 'pending', orderDate: T0, history: [] };
const paid: OrderStateView = {
  orderStatus: 'confirmed', paymentStatus: 'paid', orderDate: T0,
  history: [h('paymentStatus', 'pending', 'paid', 5), h('orderStatus', 'pending', 'confirmed', 5)],
};
const moved = (o: OrderStateView, ...steps: Array<[string, string, number]>): OrderStateView => ({
  ...o,
  orderStatus: steps[steps.length - 1][1] as OrderStateView['orderStatus'],
  history: [...o.history, ...steps.map(([from, to, m]) => h('orderStatus', from, to, m))],
});
const shape = (steps: TimelineStep[]) => steps.map((s) => `${s.key}:${s.state}`);

describe('orderNumber', () => {
  test('the first 8 characters of the id in capitals, after #', () => {
    expect(orderNumber('fc34a420-1b2c-4d5e-8f90-123456789abc')).toBe('#FC34A420');
  });
});

describe('orderStatusWords: one map for shoppers and staff', () => {
  const closed = (note: string, by = 'system'): OrderStateView => ({
    orderStatus: 'rejected', paymentStatus: 'failed', orderDate: T0,
    history: [{ ...h('orderStatus', 'pending', 'rejected', 3, note), by }, { ...h('paymentStatus', 'pending', 'failed', 3, note), by }],
  });

  test('a cancelled payment reads "Payment cancelled" for everyone, never Rejected / Failed', () => {
    const order = { ...closed('Cancelled by the shopper', 'u-1'), closedReason: 'cancelled' as const };
    for (const audience of ['shopper', 'staff'] as const) {
      const words = orderStatusWords(order, audience);
      expect(words.order).toBe('Payment cancelled');
      expect(words.payment).toBe('Cancelled');
      expect(words.tone).toBe('neutral');
    }
  });

  test('an expired order says it was not paid in time, and no payment failed', () => {
    const order = { ...closed('Not paid within 30 minutes'), closedReason: 'expired' as const };
    expect(orderStatusWords(order, 'shopper')).toEqual({ order: 'Expired: not paid in time', payment: 'Not taken', tone: 'neutral' });
    expect(orderStatusWords(order, 'staff').order).toBe('Expired unpaid');
  });

  test('a payment the provider refused or could not start reads as failed', () => {
    expect(orderStatusWords({ ...closed('The payment could not be started'), closedReason: 'paymentFailed' }, 'shopper')).toEqual({ order: 'Payment failed', payment: 'Failed', tone: 'danger' });
  });

  test("a pharmacist's rejection: staff read who rejected it, the shopper that our pharmacist did not approve it, both that it was refunded", () => {
    const order: OrderStateView = {
      ...moved(paid, ['confirmed', 'rejected', 9]),
      paymentStatus: 'refunded', closedReason: 'rejectedByPharmacist',
      review: { status: 'rejected', reasons: ['Pharmacy medicine: X'], decidedBy: 'ph-1', decidedAt: at(9), note: 'Not suitable with your other medicines.' },
    };
    expect(orderStatusWords(order, 'staff')).toEqual({ order: 'Rejected by pharmacist', payment: 'Refunded', tone: 'danger' });
    expect(orderStatusWords(order, 'shopper')).toEqual({ order: 'Not approved by our pharmacist', payment: 'Refunded', tone: 'danger' });
  });

  test('orders closed before closedReason existed read from their history', () => {
    expect(orderStatusWords(closed('Cancelled by the shopper', 'u-1'), 'staff').order).toBe('Payment cancelled');
    expect(orderStatusWords(closed('Not paid within 30 minutes'), 'staff').order).toBe('Expired unpaid');
    expect(orderStatusWords({ ...closed('x'), history: [h('orderStatus', 'pending', 'rejected', 3)] }, 'shopper').order).toBe('Cancelled by the pharmacy');
  });

  test('open orders: the audience words of their state, a click-and-collect parcel is ready to collect, an unpaid one awaits payment', () => {
    expect(orderStatusWords(placed, 'shopper')).toEqual({ order: 'Awaiting payment', payment: 'Awaiting payment', tone: 'warning' });
    expect(orderStatusWords(placed, 'staff')).toEqual({ order: 'Pending', payment: 'Awaiting payment', tone: 'warning' });
    const shipped = moved(paid, ['confirmed', 'inProcess', 10], ['inProcess', 'inShipping', 20]);
    expect(orderStatusWords(shipped, 'shopper').order).toBe('On its way');
    expect(orderStatusWords(shipped, 'staff').order).toBe('In shipping');
    const collect = { method: 'collect' as const, label: 'Click and collect', fee: 0, pharmacy: { id: 'p', name: 'P', address: 'A' } };
    expect(orderStatusWords({ ...shipped, delivery: collect }, 'shopper').order).toBe('Ready to collect');
    expect(orderStatusWords({ ...paid, review: { status: 'awaiting', reasons: ['x'], decidedBy: null, decidedAt: null, note: null } }, 'shopper'))
      .toMatchObject({ order: 'Awaiting pharmacist review', payment: 'Paid', tone: 'warning' });
  });
});

describe('the pharmacist review is spoken of once the order is paid', () => {
  const awaiting = { status: 'awaiting' as const, reasons: ['Pharmacy medicine: X'], decidedBy: null, decidedAt: null, note: null };

  test('unpaid: the shopper reads "Awaiting payment", the review is not under way, the timeline names the check to come', () => {
    const unpaid = { ...placed, review: awaiting };
    expect(orderStatusWords(unpaid, 'shopper')).toEqual({ order: 'Awaiting payment', payment: 'Awaiting payment', tone: 'warning' });
    expect(startedReview(unpaid)).toBeNull();
    const steps = orderTimeline(unpaid, 'shopper');
    expect(steps.map((s) => `${s.label}:${s.state}`)).toEqual(['Order placed:done', 'Paid:current', 'Pharmacist check:upcoming', 'Being prepared:upcoming', 'On its way:upcoming', 'Delivered:upcoming']);
    expect(JSON.stringify(steps)).not.toContain('Awaiting pharmacist review');
  });

  test('an order staff confirmed before it was paid still does not await the pharmacist', () => {
    const confirmedUnpaid: OrderStateView = { ...placed, orderStatus: 'confirmed', review: awaiting };
    for (const audience of ['shopper', 'staff'] as const) expect(orderStatusWords(confirmedUnpaid, audience).order).toBe('Confirmed');
    expect(startedReview(confirmedUnpaid)).toBeNull();
  });

  test('closed unpaid: no review is under way', () => {
    const cancelled: OrderStateView = { ...placed, orderStatus: 'rejected', paymentStatus: 'failed', closedReason: 'cancelled', review: awaiting };
    expect(startedReview(cancelled)).toBeNull();
    expect(orderStatusWords(cancelled, 'shopper').order).toBe('Payment cancelled');
  });

  test('paid: awaiting the pharmacist, in the words and on the timeline; decided reviews are always spoken of', () => {
    const held = { ...paid, review: awaiting };
    expect(startedReview(held)).toEqual(awaiting);
    expect(orderStatusWords(held, 'shopper').order).toBe('Awaiting pharmacist review');
    expect(orderTimeline(held, 'shopper').find((s) => s.key === 'review')).toMatchObject({ label: 'Awaiting pharmacist review', state: 'current' });
    const approved = { ...moved(paid, ['confirmed', 'inProcess', 8]), review: { ...awaiting, status: 'approved' as const, decidedBy: 'ph', decidedAt: at(8) } };
    expect(startedReview(approved)?.status).toBe('approved');
    expect(startedReview({ ...paid, review: { ...awaiting, status: 'notNeeded' as const } })).toBeNull();
  });
});

describe('orderTimeline', () => {
  test('placed and unpaid: placed done, paid current, the rest upcoming', () => {
    const steps = orderTimeline(placed, 'shopper');
    expect(shape(steps)).toEqual(['placed:done', 'paid:current', 'packed:upcoming', 'shipped:upcoming', 'delivered:upcoming']);
    expect(steps[0].at).toBe(T0);
    expect(steps[1].at).toBeNull();
  });

  test('delivered: every step done with the time it was reached', () => {
    const delivered = moved(paid, ['confirmed', 'inProcess', 10], ['inProcess', 'inShipping', 20], ['inShipping', 'delivered', 30]);
    const steps = orderTimeline(delivered, 'shopper');
    expect(shape(steps)).toEqual(['placed:done', 'paid:done', 'packed:done', 'shipped:done', 'delivered:done']);
    expect(steps.map((s) => s.at)).toEqual([T0, at(5), at(10), at(20), at(30)]);
    expect(steps.map((s) => s.label)).toEqual(['Order placed', 'Paid', 'Being prepared', 'On its way', 'Delivered']);
    expect(orderTimeline(delivered, 'staff').map((s) => s.label)).toEqual(['Order placed', 'Paid', 'Packed', 'Shipped', 'Delivered']);
  });

  test('click and collect: ready to collect, then collected', () => {
    const order: OrderStateView = {
      ...moved(paid, ['confirmed', 'inProcess', 10], ['inProcess', 'inShipping', 20]),
      delivery: { method: 'collect', label: 'Click and collect', fee: 0, pharmacy: { id: 'p', name: 'P', address: 'A' } },
    };
    expect(shape(orderTimeline(order, 'shopper'))).toEqual(['placed:done', 'paid:done', 'packed:done', 'readyToCollect:done', 'collected:current']);
  });

  test("a pharmacist's review is a step where it applies: current while awaited, done once approved", () => {
    const review = { status: 'awaiting' as const, reasons: ['x'], decidedBy: null, decidedAt: null, note: null };
    expect(shape(orderTimeline({ ...paid, review }, 'shopper'))).toEqual(['placed:done', 'paid:done', 'review:current', 'packed:upcoming', 'shipped:upcoming', 'delivered:upcoming']);
    const approved = { ...moved(paid, ['confirmed', 'inProcess', 8]), review: { ...review, status: 'approved' as const, decidedBy: 'ph', decidedAt: at(8) } };
    const steps = orderTimeline(approved, 'shopper');
    expect(shape(steps)).toEqual(['placed:done', 'paid:done', 'review:done', 'packed:done', 'shipped:current', 'delivered:upcoming']);
    expect(steps[2]).toMatchObject({ label: 'Approved by our pharmacist', at: at(8) });
    // Without a review (most orders) there is no such step.
    expect(orderTimeline(paid, 'shopper').some((s) => s.key === 'review')).toBe(false);
  });

  test('a cancelled payment stops the timeline with its words; the steps it never reached are left out', () => {
    const cancelled: OrderStateView = {
      orderStatus: 'rejected', paymentStatus: 'failed', orderDate: T0, closedReason: 'cancelled',
      history: [h('orderStatus', 'pending', 'rejected', 2, 'Cancelled by the shopper'), h('paymentStatus', 'pending', 'failed', 2, 'Cancelled by the shopper')],
    };
    const steps = orderTimeline(cancelled, 'shopper');
    expect(shape(steps)).toEqual(['placed:done', 'closed:stopped']);
    expect(steps[1]).toMatchObject({ label: 'Payment cancelled', at: at(2), detail: 'Cancelled by the shopper' });
  });

  test("a pharmacist's rejection stops after paid with the pharmacist's reason", () => {
    const rejected: OrderStateView = {
      ...moved(paid, ['confirmed', 'rejected', 9]),
      paymentStatus: 'refunded', closedReason: 'rejectedByPharmacist',
      review: { status: 'rejected', reasons: ['x'], decidedBy: 'ph', decidedAt: at(9), note: 'Not suitable with your other medicines.' },
    };
    const steps = orderTimeline(rejected, 'shopper');
    expect(shape(steps)).toEqual(['placed:done', 'paid:done', 'closed:stopped']);
    expect(steps[2]).toMatchObject({ label: 'Not approved by our pharmacist', detail: 'Not suitable with your other medicines.', at: at(9) });
  });

  test('staff rejecting an order being packed: the packed step stays done, then it stops', () => {
    const order = { ...moved(paid, ['confirmed', 'inProcess', 10], ['inProcess', 'rejected', 15]), closedReason: 'rejectedByStaff' as const };
    const steps = orderTimeline(order, 'staff');
    expect(shape(steps)).toEqual(['placed:done', 'paid:done', 'packed:done', 'closed:stopped']);
    expect(steps[3].label).toBe('Rejected by staff');
  });
});
