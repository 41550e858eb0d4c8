import {
  MISSING_VALUE,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  formatMoney,
  orderStatusLabel,
  paymentStatusLabel,
  statusChangeLabel,
  statusTone,
} from '../src/browser';

describe('formatMoney: one way every screen writes an amount', () => {
  it('writes pounds and pence, with thousands grouped and negative amounts signed', () => {
    expect(formatMoney(12.5, 'GBP')).toBe('£12.50');
    expect(formatMoney(0, 'GBP')).toBe('£0.00');
    expect(formatMoney(1234.5, 'GBP')).toBe('£1,234.50');
    expect(formatMoney(-3, 'GBP')).toBe('-£3.00');
  });

  it('writes the currency it is given: an order keeps the one it was charged in', () => {
    expect(formatMoney(9.99, 'EUR')).toBe('€9.99');
    expect(formatMoney(9.99, 'USD')).toBe('$9.99');
    expect(formatMoney(9.99, 'CAD')).toBe('CA$9.99');
    expect(formatMoney(9.99, 'XX1')).toBe('9.99 XX1');
  });

  it('shows the one missing mark, never "£NaN", for an amount it does not have', () => {
    expect(MISSING_VALUE).toBe('—');
    expect(formatMoney(undefined, 'GBP')).toBe('—');
    expect(formatMoney(null, 'GBP')).toBe('—');
    expect(formatMoney(Number.NaN, 'GBP')).toBe('—');
    expect(formatMoney(Number.POSITIVE_INFINITY, 'EUR')).toBe('—');
  });
});

describe('status labels: shoppers and staff word a status in one place', () => {
  it('gives staff the state machine’s words and shoppers what it means for their parcel', () => {
    expect(ORDER_STATUSES.map((s) => orderStatusLabel(s, 'staff'))).toEqual(['Pending', 'Confirmed', 'In process', 'In shipping', 'Delivered', 'Rejected']);
    expect(ORDER_STATUSES.map((s) => orderStatusLabel(s, 'shopper'))).toEqual(['Pending', 'Confirmed', 'Being prepared', 'On its way', 'Delivered', 'Cancelled']);
  });

  it('words payments alike for both, and a history entry by the field it changed', () => {
    expect(PAYMENT_STATUSES.map(paymentStatusLabel)).toEqual(['Pending', 'Paid', 'Refunded', 'Failed']);
    expect(statusChangeLabel('orderStatus', 'rejected', 'shopper')).toBe('Cancelled');
    expect(statusChangeLabel('paymentStatus', 'refunded', 'shopper')).toBe('Refunded');
  });

  it('shows an unknown state as sent and a missing one as the missing mark', () => {
    expect(orderStatusLabel('onHold', 'staff')).toBe('onHold');
    expect(orderStatusLabel(undefined, 'shopper')).toBe('—');
    expect(paymentStatusLabel('')).toBe('—');
  });

  it('marks every status with one tone, neutral when unknown', () => {
    expect([...ORDER_STATUSES, ...PAYMENT_STATUSES].map(statusTone)).toEqual([
      'warning', 'brand', 'brand', 'brand', 'success', 'danger', 'warning', 'success', 'neutral', 'danger',
    ]);
    expect(statusTone('onHold')).toBe('neutral');
  });
});

describe('formatMoney without Intl for the markets’ currencies (a first Intl.NumberFormat costs a phone ~240 ms)', () => {
  const samples = [0, -0, 0.004, 0.005, -0.005, 1.005, 2.675, 12.5, 999.995, 1234.5, -1234.56, 1e6, 123456789.99, 0.1 + 0.2];
  for (let i = 0; i < 20000; i++) samples.push(i / 1000, -i / 7, i * 13.37);

  it.each([
    ['GBP', 'en-GB'],
    ['EUR', 'en-IE'],
    ['USD', 'en-US'],
  ])('writes every %s amount exactly as Intl %s does: cents, half cents, thousands, negatives, zero', (currency, locale) => {
    const intl = new Intl.NumberFormat(locale, { style: 'currency', currency });
    for (const amount of samples) expect([amount, formatMoney(amount, currency)]).toEqual([amount, intl.format(amount)]);
  });

  it('never builds an Intl.NumberFormat for them', () => {
    const spy = jest.spyOn(Intl, 'NumberFormat');
    try {
      for (const currency of ['GBP', 'EUR', 'USD']) formatMoney(1234.56, currency);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});
