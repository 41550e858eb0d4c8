import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDate } from '@pharmacy/contracts';
import { fakeApi, renderWithStore, shopper } from '@pharmacy/test-kit';
import { MyOrdersPage } from '../src/orders/MyOrdersPage';
import { orderRows, timelineIn } from './orderHelpers';

afterEach(() => jest.restoreAllMocks());

const PLACED = '2026-03-12T14:05:00.000Z';
const PAID = '2026-03-12T14:06:00.000Z';
const PACKED = '2026-03-13T09:00:00.000Z';
const SHIPPED = '2026-03-13T16:30:00.000Z';
const DELIVERED = '2026-03-14T11:15:00.000Z';
const at = (iso: string) => formatDate(iso, { withTime: true });

const step = (field: string, from: string, to: string, when: string, note?: string) => ({ field, from, to, at: when, by: 'system', ...(note ? { note } : {}) });
const TO_DELIVERED = [
  step('paymentStatus', 'pending', 'paid', PAID),
  step('orderStatus', 'pending', 'confirmed', PAID),
  step('orderStatus', 'confirmed', 'inProcess', PACKED),
  step('orderStatus', 'inProcess', 'inShipping', SHIPPED),
  step('orderStatus', 'inShipping', 'delivered', DELIVERED),
];

/** An order as the checkout service sends it now: its number, delivery, totals and tax. */
const order = (id: string, over: Record<string, unknown> = {}) => ({
  _id: id,
  orderNumber: `#${id.slice(0, 8).toUpperCase()}`,
  userId: 'u-1',
  items: [{ productId: 'p-1', title: 'Ibuprofen 200 mg, 24 tablets', image: '', brand: 'Care', price: 10, quantity: 2, lineTotal: 20, warnings: [] }],
  address: { addressId: 'a-1', fullName: 'Ada Lovelace', line1: '12 St James Sq', line2: '', city: 'London', region: '', postalCode: 'SW1Y 4JH', country: 'GB', phone: '+44 20 7946 0958', notes: '' },
  subtotal: 20,
  deliveryFee: 3.99,
  totalAmount: 23.99,
  taxIncluded: 4,
  taxRatePercent: 20,
  currency: 'GBP',
  delivery: { method: 'standard', label: 'Standard delivery', fee: 3.99, pharmacy: null },
  orderStatus: 'delivered',
  paymentStatus: 'paid',
  paymentMethod: 'paypal',
  orderDate: PLACED,
  history: TO_DELIVERED,
  review: { status: 'notNeeded', reasons: [], decidedBy: null, decidedAt: null, note: null },
  ...over,
});

async function showOrders(...orders: ReturnType<typeof order>[]) {
  fakeApi((call) =>
    call.url.startsWith('/api/shop/order/details/')
      ? { body: { success: true, data: orders.find((o) => call.url.endsWith(o._id)) } }
      : { body: { success: true, data: orders } },
  );
  renderWithStore(<MyOrdersPage />, { path: '/my-orders', user: shopper });
  return orderRows();
}

describe('My orders: tracking', () => {
  it('shows a delivered order’s whole way, each step with its date, Delivered as where it is now', async () => {
    const [row] = await showOrders(order('fc34a420-1111-4000-8000-000000000001'));
    expect(row).toHaveTextContent('Order #FC34A420');
    expect(row).toHaveTextContent(`${formatDate(PLACED)} · Standard delivery`);
    const { list, steps, current } = timelineIn(row, '#FC34A420');
    expect(list.tagName).toBe('OL');
    expect(steps).toEqual([
      `Order placed, done${at(PLACED)}`,
      `Paid, done${at(PAID)}`,
      `Being prepared, done${at(PACKED)}`,
      `On its way, done${at(SHIPPED)}`,
      `Delivered${at(DELIVERED)}`,
    ]);
    expect(current).toEqual([`Delivered${at(DELIVERED)}`]);
    // the date and the time are each kept whole (two pieces in the <time>), read as one
    expect(within(list).getByText((_, el) => el?.tagName === 'TIME' && el.textContent === at(DELIVERED))).toHaveAttribute('datetime', DELIVERED);
  });

  it('marks an order on its way as such, with delivery still to come and no date for it', async () => {
    const history = TO_DELIVERED.slice(0, 4);
    const [row] = await showOrders(order('aa000001-2222-4000-8000-000000000002', { orderStatus: 'inShipping', history }));
    const { steps, current } = timelineIn(row, '#AA000001');
    expect(current).toEqual([`On its way${at(SHIPPED)}`]);
    expect(steps.at(-1)).toBe('Delivered, not yet');
    expect(row).toHaveTextContent('On its way');
    expect(row).toHaveTextContent('Payment: Paid');
  });

  it('a click-and-collect order is ready to collect at its pharmacy, free, and says where', async () => {
    const collect = order('cc000001-3333-4000-8000-000000000003', {
      orderStatus: 'inShipping',
      history: TO_DELIVERED.slice(0, 4),
      deliveryFee: 0,
      totalAmount: 20,
      taxIncluded: 3.33,
      delivery: { method: 'collect', label: 'Click and collect', fee: 0, pharmacy: { id: 'high-street', name: 'High Street Pharmacy', address: '1 High Street, Leeds LS1 1AA' } },
    });
    const user = userEvent.setup();
    const [row] = await showOrders(collect);
    const { steps, current } = timelineIn(row, '#CC000001');
    expect(current).toEqual([`Ready to collect${at(SHIPPED)}`]);
    expect(steps.at(-1)).toBe('Collected, not yet');
    expect(steps.join()).not.toMatch(/On its way|Delivered/);
    expect(row).toHaveTextContent('Click and collect');

    await user.click(within(row).getByRole('button', { name: 'View details of order #CC000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #CC000001' });
    expect(await within(dialog).findByText('High Street Pharmacy')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Collect from High Street Pharmacy1 High Street, Leeds LS1 1AA');
    expect(dialog).toHaveTextContent('Subtotal£20.00Click and collectFreeTotal£20.00');
    expect(dialog).toHaveTextContent('Includes £3.33 VAT (20%)');
    expect(timelineIn(dialog, '#CC000001').current).toEqual([`Ready to collect${at(SHIPPED)}`]);
  });

  it('a cancelled sandbox payment reads "Payment cancelled", never "Failed", and the timeline stops there', async () => {
    const CLOSED = '2026-03-12T14:20:00.000Z';
    const cancelled = order('dd000001-4444-4000-8000-000000000004', {
      orderStatus: 'rejected',
      paymentStatus: 'failed',
      paymentMethod: 'sandbox',
      closedReason: 'cancelled',
      history: [step('orderStatus', 'pending', 'rejected', CLOSED, 'Cancelled by the shopper'), step('paymentStatus', 'pending', 'failed', CLOSED)],
    });
    const user = userEvent.setup();
    const [row] = await showOrders(cancelled);
    // It took no money and asks for nothing: folded into a line, opened to read it.
    await user.click(within(row).getByRole('button', { name: '1 cancelled payment' }));
    expect(row).toHaveTextContent('Payment cancelled');
    expect(row).not.toHaveTextContent(/Failed|Rejected|Payment: /);
    await user.click(within(row).getByRole('button', { name: 'View details of order #DD000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #DD000001' });
    await within(dialog).findByText('Ibuprofen 200 mg, 24 tablets');
    const { steps, current } = timelineIn(dialog, '#DD000001');
    expect(steps).toEqual([`Order placed, done${at(PLACED)}`, `Payment cancelled${at(CLOSED)}Cancelled by the shopper`]);
    expect(current).toEqual([steps[1]]);
  });

  it('an order the pharmacist did not approve ends on that, with the reason, after the steps it reached', async () => {
    const DECIDED = '2026-03-12T16:00:00.000Z';
    const reason = 'Ibuprofen is not safe with your NSAID allergy.';
    const rejected = order('ee000001-5555-4000-8000-000000000005', {
      orderStatus: 'rejected',
      paymentStatus: 'refunded',
      closedReason: 'rejectedByPharmacist',
      review: { status: 'rejected', reasons: ['Acknowledged warning: Ibuprofen 200 mg, 24 tablets'], decidedBy: 'admin-1', decidedAt: DECIDED, note: reason },
      history: [
        step('paymentStatus', 'pending', 'paid', PAID),
        step('orderStatus', 'pending', 'confirmed', PAID),
        step('review', 'awaiting', 'rejected', DECIDED, reason),
        step('orderStatus', 'confirmed', 'rejected', DECIDED),
        step('paymentStatus', 'paid', 'refunded', DECIDED),
      ],
    });
    const [row] = await showOrders(rejected);
    const { steps, current } = timelineIn(row, '#EE000001');
    expect(steps).toEqual([`Order placed, done${at(PLACED)}`, `Paid, done${at(PAID)}`, `Not approved by our pharmacist${at(DECIDED)}${reason}`]);
    expect(current).toEqual([steps[2]]);
    expect(row).toHaveTextContent('Payment: Refunded');
    // The order's state is said once, not again by a review badge.
    expect(within(row).getAllByText('Not approved by our pharmacist')).toHaveLength(2); // the badge and the timeline's step
  });

  it('the details give the number, the breakdown with delivery and tax, and the history in the one date format', async () => {
    const user = userEvent.setup();
    const [row] = await showOrders(order('fc34a420-6666-4000-8000-000000000006'));
    await user.click(within(row).getByRole('button', { name: 'View details of order #FC34A420' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #FC34A420' });
    await within(dialog).findByText('Ibuprofen 200 mg, 24 tablets');
    expect(dialog).toHaveTextContent(`Placed ${at(PLACED)}`);
    expect(dialog).toHaveTextContent('Subtotal£20.00Standard delivery£3.99Total£23.99');
    expect(dialog).toHaveTextContent('Includes £4.00 VAT (20%)');
    expect(dialog).toHaveTextContent('DeliveryStandard deliveryAda Lovelace12 St James SqLondonSW1Y 4JH+44 20 7946 0958');
    expect(dialog).toHaveTextContent(`${at(DELIVERED)}: Order On its way → Delivered`);
    expect(within(dialog).getByRole('link', { name: 'Need help with this order?' })).toHaveAttribute('href', '/need-help?orderId=%23FC34A420');
  });
});
