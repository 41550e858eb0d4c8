import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UnknownAction } from '@reduxjs/toolkit';
import { CURRENT_ORDER_ID_KEY } from '@pharmacy/contracts';
import { cartReplaced } from '@pharmacy/session';
import { MyOrdersPage } from '../src/orders/MyOrdersPage';
import { fakeApi, renderWithStore, shopper } from '@pharmacy/test-kit';
import { orderRows, timelineIn } from './orderHelpers';

afterEach(() => jest.restoreAllMocks());

const order = (id: string, date: string, over: Record<string, unknown> = {}) => ({
  _id: id,
  userId: 'u-1',
  orderStatus: 'inShipping',
  paymentStatus: 'paid',
  totalAmount: 23.5,
  currency: 'GBP',
  orderDate: date,
  items: [{ productId: 'p-1', title: 'Ibuprofen 200 mg, 24 tablets', image: '/api/media/img1', brand: 'Care', price: 5.75, quantity: 2, lineTotal: 11.5, warnings: [] }],
  address: { addressId: 'a-1', fullName: 'Ada Lovelace', line1: '12 St James Sq', line2: '', city: 'London', region: '', postalCode: 'SW1Y 4JH', country: 'GB', phone: '+44 20 7946 0958', notes: 'Ring twice' },
  history: [
    { field: 'orderStatus', from: 'pending', to: 'confirmed', at: '2025-03-02T10:00:00.000Z', by: 'system' },
    { field: 'orderStatus', from: 'confirmed', to: 'inShipping', at: '2025-03-03T09:30:00.000Z', by: 'admin-1' },
  ],
  ...over,
});

describe('MyOrdersPage', () => {
  it('says so when there are no orders', async () => {
    const { calls } = fakeApi(() => ({ body: { success: true, data: [] } }));
    renderWithStore(<MyOrdersPage />, { path: '/my-orders', user: shopper });
    expect(await screen.findByText('You have no orders yet')).toBeInTheDocument();
    expect(calls).toContainEqual(expect.objectContaining({ method: 'GET', url: '/api/shop/order/list/u-1' }));
    expect(document.title).toBe('My orders | Pharmacy');
  });

  it('lists orders newest first with status, date and total, and opens the details', async () => {
    const older = order('aaaaaaaa-1111-4000-8000-000000000001', '2025-01-05T12:00:00.000Z', { orderStatus: 'delivered', totalAmount: 9 });
    const newer = order('bbbbbbbb-2222-4000-8000-000000000002', '2025-03-01T12:00:00.000Z');
    const { calls } = fakeApi((call) =>
      call.url.startsWith('/api/shop/order/details/') ? { body: { success: true, data: newer } } : { body: { success: true, data: [older, newer] } },
    );
    const user = userEvent.setup();
    renderWithStore(<MyOrdersPage />, { path: '/my-orders', user: shopper });

    const rows = await orderRows();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Order #BBBBBBBB');
    expect(rows[0]).toHaveTextContent('1 Mar 2025');
    expect(rows[0]).toHaveTextContent('£23.50');
    expect(rows[0]).toHaveTextContent('On its way');
    expect(rows[0]).toHaveTextContent('Payment: Paid');
    expect(rows[1]).toHaveTextContent('Delivered');
    expect(rows[1]).toHaveTextContent('£9.00');

    await user.click(within(rows[0]).getByRole('button', { name: /View details/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #BBBBBBBB' });
    expect(await within(dialog).findByText('Ibuprofen 200 mg, 24 tablets')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('2 × £5.75');
    expect(dialog).toHaveTextContent('12 St James Sq');
    expect(dialog).toHaveTextContent('Ring twice');
    expect(dialog).toHaveTextContent('Confirmed → On its way');
    expect(calls.at(-1)).toMatchObject({ url: `/api/shop/order/details/${newer._id}` });
    expect(within(dialog).getByRole('link', { name: 'Need help with this order?' })).toHaveAttribute('href', '/need-help?orderId=%23BBBBBBBB');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('labels orders paid through the sandbox "Test payment: no money is taken", in the list and in the details', async () => {
    const test = order('cccccccc-3333-4000-8000-000000000003', '2025-03-04T12:00:00.000Z', { paymentMethod: 'sandbox' });
    const real = order('dddddddd-4444-4000-8000-000000000004', '2025-03-01T12:00:00.000Z', { paymentMethod: 'paypal' });
    fakeApi((call) =>
      call.url.startsWith('/api/shop/order/details/') ? { body: { success: true, data: test } } : { body: { success: true, data: [test, real] } },
    );
    const user = userEvent.setup();
    renderWithStore(<MyOrdersPage />, { path: '/my-orders', user: shopper });
    const rows = await orderRows();
    expect(rows[0]).toHaveTextContent('Test payment: no money is taken');
    expect(rows[1]).not.toHaveTextContent('Test payment');

    await user.click(within(rows[0]).getByRole('button', { name: /View details/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #CCCCCCCC' });
    expect(await within(dialog).findByText('Test payment: no money is taken')).toHaveAttribute('role', 'note');
  });

  it('an unpaid order card says "Awaiting payment" with Pay now and Cancel; Cancel asks first, then cancels and the card updates', async () => {
    const paymentURL = 'https://www.sandbox.paypal.com/checkoutnow?token=5O190127TN364715T';
    const unpaid = order('eeeeeeee-5555-4000-8000-000000000005', '2025-03-05T12:00:00.000Z', {
      orderStatus: 'pending', paymentStatus: 'pending', paymentMethod: 'paypal', history: [], expiresAt: '2025-03-05T12:30:00.000Z', paymentURL,
      review: { status: 'awaiting', reasons: ['Pharmacy medicine: Codeine linctus'], decidedBy: null, decidedAt: null, note: null },
    });
    const cancelled = { ...unpaid, orderStatus: 'rejected', paymentStatus: 'failed', closedReason: 'cancelled', paymentURL: undefined };
    const { calls } = fakeApi((call) => (call.url === '/api/shop/order/cancel' ? { body: { success: true, data: cancelled } } : { body: { success: true, data: [unpaid] } }));
    const user = userEvent.setup();
    renderWithStore(<MyOrdersPage />, { path: '/my-orders', user: shopper });
    const [row] = await orderRows();

    // Its state once, in words the shopper can act on, and nothing yet of a pharmacist's review.
    expect(within(row).getAllByText('Awaiting payment')).toHaveLength(1);
    expect(row).not.toHaveTextContent(/Pending|Payment: /);
    expect(row).not.toHaveTextContent(/Awaiting pharmacist review/);
    expect(timelineIn(row, '#EEEEEEEE').steps).toEqual(expect.arrayContaining(['Pharmacist check, not yet']));
    expect(within(row).getByRole('note')).toHaveTextContent('Not paid yet: we hold these items for you until');

    // Pay now is the order's own payment link, and the order travels in session storage as from checkout.
    const pay = within(row).getByRole('link', { name: 'Pay now for order #EEEEEEEE' });
    expect(pay).toHaveAttribute('href', paymentURL);
    const stay = (e: Event) => e.preventDefault();
    document.addEventListener('click', stay);
    await user.click(pay);
    document.removeEventListener('click', stay);
    expect(sessionStorage.getItem(CURRENT_ORDER_ID_KEY)).toBe(unpaid._id);

    // Cancel asks first; keeping the order sends nothing and returns to the button.
    await user.click(within(row).getByRole('button', { name: 'Cancel order #EEEEEEEE' }));
    const question = within(row).getByRole('group', { name: /^Cancel order #EEEEEEEE\? No money is taken/ });
    expect(within(question).getByText(/^Cancel order #EEEEEEEE\?/)).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Keep order' }));
    expect(within(row).getByRole('button', { name: 'Cancel order #EEEEEEEE' })).toHaveFocus();
    expect(calls.some((c) => c.url === '/api/shop/order/cancel')).toBe(false);

    await user.click(within(row).getByRole('button', { name: 'Cancel order #EEEEEEEE' }));
    await user.click(within(row).getByRole('button', { name: 'Yes, cancel order' }));
    // The card stays where the shopper acted, now saying what happened.
    await waitFor(() => expect(row).toHaveTextContent('Payment cancelled'));
    expect(calls.filter((c) => c.url === '/api/shop/order/cancel')).toEqual([expect.objectContaining({ method: 'POST', body: { orderId: unpaid._id } })]);
    expect(row).not.toHaveTextContent(/Awaiting payment|Failed/);
    expect(within(row).queryByRole('link', { name: /Pay now/ })).not.toBeInTheDocument();
    expect(within(row).getByText('Order #EEEEEEEE')).toHaveFocus();
    expect(screen.getAllByText('Order cancelled').length).toBeGreaterThan(0);
    sessionStorage.clear();
  });

  it('an unpaid order is cancelled from its details too, after saying so, and its card follows', async () => {
    const unpaid = order('eeeeeeee-5555-4000-8000-000000000015', '2025-03-05T12:00:00.000Z', {
      orderStatus: 'pending', paymentStatus: 'pending', history: [], paymentURL: 'https://pay.example/approve/1',
      review: { status: 'awaiting', reasons: ['Pharmacy medicine: Codeine linctus'], decidedBy: null, decidedAt: null, note: null },
    });
    const cancelled = { ...unpaid, orderStatus: 'rejected', paymentStatus: 'failed', closedReason: 'cancelled', paymentURL: undefined };
    fakeApi((call) => {
      if (call.url === '/api/shop/order/cancel') return { body: { success: true, data: cancelled } };
      if (call.url.startsWith('/api/shop/order/details/')) return { body: { success: true, data: unpaid } };
      return { body: { success: true, data: [unpaid] } };
    });
    const user = userEvent.setup();
    renderWithStore(<MyOrdersPage />, { path: '/my-orders', user: shopper });
    const [row] = await orderRows();
    await user.click(within(row).getByRole('button', { name: /View details/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #EEEEEEEE' });
    await within(dialog).findByText(/Not paid yet/);
    expect(dialog).not.toHaveTextContent(/Awaiting pharmacist review/);
    expect(within(dialog).getByRole('heading', { name: 'Why a pharmacist will check this order once it is paid' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('PaymentAwaiting payment');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel order #EEEEEEEE' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel order' }));
    expect((await within(dialog).findAllByText('Payment cancelled')).length).toBeGreaterThan(0);
    expect(within(dialog).queryByRole('link', { name: /Pay now/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('heading', { name: /Why a pharmacist/ })).not.toBeInTheDocument();
    expect(row).toHaveTextContent('Payment cancelled');
  });

  it('cancelled payments fold into one line that says how many and opens to show each; the other orders keep their cards in order', async () => {
    const cancelledPayment = (n: number, date: string, over: Record<string, unknown> = {}) =>
      order(`c000000${n}-0000-4000-8000-00000000000${n}`, date, { orderStatus: 'rejected', paymentStatus: 'failed', closedReason: 'cancelled', history: [], ...over });
    const newest = order('aaaaaaaa-0000-4000-8000-000000000001', '2025-03-09T12:00:00.000Z');
    const c1 = cancelledPayment(1, '2025-03-08T12:00:00.000Z', { paymentMethod: 'sandbox' });
    const c2 = cancelledPayment(2, '2025-03-07T12:00:00.000Z');
    const refused = order('ffffffff-0000-4000-8000-000000000009', '2025-03-06T12:00:00.000Z', { orderStatus: 'rejected', paymentStatus: 'failed', closedReason: 'paymentFailed', history: [] });
    // An order closed before closedReason existed is read from its history.
    const c3 = cancelledPayment(3, '2025-03-05T12:00:00.000Z', {
      closedReason: undefined,
      history: [{ field: 'orderStatus', from: 'pending', to: 'rejected', at: '2025-03-05T12:10:00.000Z', by: 'u-1', note: 'Cancelled by the shopper' }],
    });
    const oldest = order('bbbbbbbb-0000-4000-8000-000000000002', '2025-03-01T12:00:00.000Z', { orderStatus: 'delivered' });
    fakeApi((call) =>
      call.url.startsWith('/api/shop/order/details/') ? { body: { success: true, data: c2 } } : { body: { success: true, data: [c3, oldest, refused, c2, newest, c1] } },
    );
    const user = userEvent.setup();
    renderWithStore(<MyOrdersPage />, { path: '/my-orders', user: shopper });
    const rows = await orderRows();
    // Newest first; the fold stands where its newest order would.
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('Order #AAAAAAAA');
    const toggle = within(rows[1]).getByRole('button', { name: '3 cancelled payments' });
    expect(rows[1]).toHaveTextContent('No money was taken.');
    expect(rows[2]).toHaveTextContent('Order #FFFFFFFF');
    expect(rows[2]).toHaveTextContent('Payment failed');
    expect(rows[3]).toHaveTextContent('Order #BBBBBBBB');
    expect(screen.queryByRole('list', { name: '3 cancelled payments' })).not.toBeInTheDocument(); // folded

    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const folded = within(rows[1]).getByRole('list', { name: '3 cancelled payments' });
    const entries = within(folded).getAllByRole('listitem');
    expect(entries.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Order #C0000001.*8 Mar 2025.*Payment cancelled/),
      expect.stringMatching(/^Order #C0000002.*7 Mar 2025.*Payment cancelled/),
      expect.stringMatching(/^Order #C0000003.*5 Mar 2025.*Payment cancelled/),
    ]);
    await user.click(within(entries[1]).getByRole('button', { name: 'View details of order #C0000002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #C0000002' });
    expect(timelineIn(dialog, '#C0000002').current).toEqual([expect.stringMatching(/^Payment cancelled/)]);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(toggle);
    expect(screen.queryByRole('list', { name: '3 cancelled payments' })).not.toBeInTheDocument();
  });

  it('unpaid orders that expired fold with the cancelled payments, and the line names both', async () => {
    const closed = (id: string, date: string, closedReason: string) => order(id, date, { orderStatus: 'rejected', paymentStatus: 'failed', closedReason, history: [] });
    fakeApi(() => ({
      body: { success: true, data: [closed('e0000001-0000-4000-8000-000000000001', '2025-03-03T12:00:00.000Z', 'expired'), closed('c0000001-0000-4000-8000-000000000001', '2025-03-02T12:00:00.000Z', 'cancelled')] },
    }));
    const user = userEvent.setup();
    renderWithStore(<MyOrdersPage />, { path: '/my-orders', user: shopper });
    const rows = await orderRows();
    expect(rows).toHaveLength(1);
    await user.click(within(rows[0]).getByRole('button', { name: '1 cancelled payment, 1 expired unpaid order' }));
    expect(within(rows[0]).getByRole('list', { name: '1 cancelled payment, 1 expired unpaid order' })).toHaveTextContent('Expired: not paid in time');
  });

  it('an order awaiting pharmacist review says so, with each item\'s warnings and the consultation answers in the details', async () => {
    const held = order('ffffffff-6666-4000-8000-000000000006', '2025-03-06T12:00:00.000Z', {
      orderStatus: 'confirmed',
      history: [
        { field: 'paymentStatus', from: 'pending', to: 'paid', at: '2025-03-06T12:01:00.000Z', by: 'system' },
        { field: 'orderStatus', from: 'pending', to: 'confirmed', at: '2025-03-06T12:01:00.000Z', by: 'system' },
      ],
      items: [
        {
          productId: 'p-1', title: 'Ibuprofen 200 mg, 24 tablets', image: '', brand: 'Care', price: 5.75, quantity: 1, lineTotal: 5.75,
          warnings: ['Contains ibuprofen, an NSAID; you told us you are allergic to NSAIDs.'],
        },
        { productId: 'p-2', title: 'Codeine linctus', image: '', brand: 'Care', price: 6, quantity: 1, lineTotal: 6, warnings: [], pharmacyOnly: true },
      ],
      consultation: [
        { questionId: 'patient', question: 'Who is this medicine for?', answer: 'Me' },
        { questionId: 'otherMedicines', question: 'Do they take any other medicines, including ones bought without a prescription?', answer: 'none' },
      ],
      review: { status: 'awaiting', reasons: ['Acknowledged warning: Ibuprofen 200 mg, 24 tablets', 'Pharmacy medicine: Codeine linctus'], decidedBy: null, decidedAt: null, note: null },
    });
    const plain = order('gggggggg-7777-4000-8000-000000000007', '2025-03-01T12:00:00.000Z', {
      review: { status: 'notNeeded', reasons: [], decidedBy: null, decidedAt: null, note: null },
    });
    fakeApi((call) => (call.url.startsWith('/api/shop/order/details/') ? { body: { success: true, data: held } } : { body: { success: true, data: [held, plain] } }));
    const user = userEvent.setup();
    renderWithStore(<MyOrdersPage />, { path: '/my-orders', user: shopper });
    const rows = await orderRows();
    expect(rows[0]).toHaveTextContent('Awaiting pharmacist review');
    expect(rows[0]).toHaveTextContent('Payment: Paid');
    expect(within(rows[0]).getByRole('note')).toHaveTextContent('Our pharmacist checks this order before we prepare it.');
    expect(timelineIn(rows[0], '#FFFFFFFF').steps).toContain('Awaiting pharmacist review, not yet');
    expect(rows[1]).not.toHaveTextContent(/pharmacist/i);

    await user.click(within(rows[0]).getByRole('button', { name: /View details/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #FFFFFFFF' });
    await within(dialog).findByText('Codeine linctus');
    expect(within(dialog).getAllByText('Awaiting pharmacist review').length).toBeGreaterThan(0);
    const warnings = within(dialog).getByRole('list', { name: 'Safety warnings' });
    expect(warnings).toHaveTextContent('Warning: Contains ibuprofen, an NSAID; you told us you are allergic to NSAIDs.');
    expect(within(dialog).getByText('Pharmacy medicine')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Why a pharmacist checks this order' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Pharmacy medicine: Codeine linctus');
    expect(within(dialog).getByRole('heading', { name: 'Your consultation answers' })).toBeInTheDocument();
    expect(within(dialog).getByText('Who is this medicine for?').nextElementSibling).toHaveTextContent('Me');
    expect(dialog).toHaveTextContent('Do they take any other medicines, including ones bought without a prescription?none');
  });

  it("a rejected order shows the pharmacist's reason and that the payment was refunded, in the list and the details", async () => {
    const reason = 'Ibuprofen is not safe with your NSAID allergy. Please speak to your doctor about another painkiller.';
    const rejected = order('hhhhhhhh-8888-4000-8000-000000000008', '2025-03-07T12:00:00.000Z', {
      orderStatus: 'rejected',
      paymentStatus: 'refunded',
      review: { status: 'rejected', reasons: ['Acknowledged warning: Ibuprofen 200 mg, 24 tablets'], decidedBy: 'admin-1', decidedAt: '2025-03-07T13:00:00.000Z', note: reason },
      history: [
        { field: 'review', from: 'awaiting', to: 'rejected', at: '2025-03-07T13:00:00.000Z', by: 'admin-1', note: reason },
        { field: 'paymentStatus', from: 'paid', to: 'refunded', at: '2025-03-07T13:00:01.000Z', by: 'admin-1' },
      ],
    });
    const stillRefunding = order('iiiiiiii-9999-4000-8000-000000000009', '2025-03-02T12:00:00.000Z', {
      orderStatus: 'rejected',
      paymentStatus: 'paid',
      review: { status: 'rejected', reasons: [], decidedBy: 'admin-1', decidedAt: '2025-03-02T13:00:00.000Z', note: 'Not suitable.' },
    });
    fakeApi((call) =>
      call.url.startsWith('/api/shop/order/details/') ? { body: { success: true, data: rejected } } : { body: { success: true, data: [rejected, stillRefunding] } },
    );
    const user = userEvent.setup();
    renderWithStore(<MyOrdersPage />, { path: '/my-orders', user: shopper });
    const rows = await orderRows();
    expect(rows[0]).toHaveTextContent('Not approved by our pharmacist');
    expect(rows[0]).toHaveTextContent('Payment: Refunded');
    const notice = within(rows[0]).getByRole('note');
    expect(notice).toHaveTextContent(`Pharmacist's reason: ${reason}`);
    expect(notice).toHaveTextContent('Refunded: your payment has been refunded in full.');
    expect(within(rows[1]).getByRole('note')).toHaveTextContent('Refund on its way: your payment is being refunded in full.');

    await user.click(within(rows[0]).getByRole('button', { name: /View details/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #HHHHHHHH' });
    expect(await within(dialog).findByText(`Pharmacist's reason: ${reason}`)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Payment: Refunded');
    expect(dialog).toHaveTextContent('Pharmacist review Awaiting pharmacist review → Not approved by our pharmacist');
    expect(dialog).toHaveTextContent('Payment Paid → Refunded');
  });

  it('shows a destructive toast and an empty list when the orders cannot be loaded', async () => {
    fakeApi(() => ({ status: 503, body: { success: false, code: 'UNAVAILABLE', message: 'A service we depend on is not responding.' } }));
    const { store } = renderWithStore(<MyOrdersPage />, { path: '/my-orders', user: shopper });
    expect(await screen.findByText('You have no orders yet')).toBeInTheDocument();
    expect(screen.getAllByText('Could not load your orders').length).toBeGreaterThan(0);
    expect(screen.getAllByText('A service we depend on is not responding.').length).toBeGreaterThan(0);
    expect((store.getState() as unknown as { accountOrders: { list: unknown[] } }).accountOrders.list).toEqual([]);
  });
});

describe('prescription medicines and Buy again', () => {
  it('shows the directions of an item dispensed against a prescription', async () => {
    const rx = order('eeeeeeee-5555-4000-8000-000000000005', '2026-11-20T12:00:00.000Z', {
      items: [{ productId: 'p-ator', title: 'Atorvastatin 20 mg', image: '', brand: 'Care', price: 3.2, quantity: 28, lineTotal: 89.6, warnings: [], prescription: { prescriptionId: 'rx-1', itemId: 'it-1', directions: 'Take one tablet at night' } }],
    });
    fakeApi((call) => (call.url.startsWith('/api/shop/order/details/') ? { body: { success: true, data: rx } } : { body: { success: true, data: [rx] } }));
    const user = userEvent.setup();
    renderWithStore(<MyOrdersPage />, { path: '/my-orders', user: shopper });
    const [row] = await orderRows();
    await user.click(within(row).getByRole('button', { name: /View details/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #EEEEEEEE' });
    expect(await within(dialog).findByText('Directions: Take one tablet at night')).toBeInTheDocument();
  });

  it('Buy again puts the order back in the cart and says what could not be added and why', async () => {
    const past = order('ffffffff-6666-4000-8000-000000000006', '2026-10-01T12:00:00.000Z', { orderStatus: 'delivered' });
    const api = fakeApi((call) =>
      call.url === `/api/shop/order/buy-again/${past._id}`
        ? { body: { success: true, data: { cart: { items: [{ productId: 'p-1' }] }, notAdded: [{ title: 'Amoxicillin 500 mg', reason: 'Your prescription has expired.' }] } } }
        : { body: { success: true, data: [past] } },
    );
    const user = userEvent.setup();
    const { store } = renderWithStore(<MyOrdersPage />, { path: '/my-orders', user: shopper });
    // what the cart remote's slice (the header's badge) would be handed
    const handed: unknown[] = [];
    store.injectReducer('handedToCart', (state: unknown = null, action: UnknownAction) => (cartReplaced.match(action) ? (handed.push(action.payload), action.payload) : state));
    const [row] = await orderRows();
    await user.click(within(row).getByRole('button', { name: 'Buy again: order #FFFFFFFF' }));
    expect(await within(row).findByText('Some items could not be added to your cart:')).toBeInTheDocument();
    expect(row).toHaveTextContent('Amoxicillin 500 mg: Your prescription has expired.');
    expect(within(row).getByRole('link', { name: 'Go to your cart' })).toHaveAttribute('href', '/cart');
    expect(api.callsTo('POST', `/api/shop/order/buy-again/${past._id}`)).toHaveLength(1);
    expect(handed).toEqual([{ items: [{ productId: 'p-1' }] }]);
  });
});
