import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ORDER_STATUSES,
  ORDER_STATUS_TRANSITIONS,
  PAYMENT_STATUSES,
  PAYMENT_STATUS_TRANSITIONS,
  formatDate,
  orderNumber,
  orderStatusLabel,
  type Order,
  type OrderStatus,
  type PaymentStatus,
} from '@pharmacy/contracts';
import { fakeApi, fail, ok, okList, type FakeApi } from '@pharmacy/test-kit';
import { makeOrder } from './fixtures';
import { renderAdmin } from './renderAdmin';
import { ordersActions } from '../src/orders/slice';


const page = (items: Order[]) => okList(items, { total: items.length, page: 1, limit: 20 });

function serverWith(orders: Order[]): FakeApi {
  const server = fakeApi();
  server.on('GET', '/api/admin/orders/get', (req) => page(req.query.status ? orders.filter((o) => o.orderStatus === req.query.status) : orders));
  for (const order of orders) server.on('GET', `/api/admin/orders/details/${order._id}`, ok(order));
  return server;
}

const table = () => screen.getByRole('table', { name: 'Orders' });
const notification = () => screen.getByRole('region', { name: /^Notification/, hidden: true });

async function openOrder(order: Order, server = serverWith([order])) {
  const user = userEvent.setup();
  const view = renderAdmin({ path: '/admin/orders', server });
  await screen.findByRole('table', { name: 'Orders' });
  const row = within(table()).getByText(orderNumber(order._id)).closest('tr') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: 'View Details' }));
  const dialog = await screen.findByRole('dialog', { name: 'Order details' });
  await within(dialog).findByRole('heading', { name: 'Items' });
  return { ...view, user, dialog };
}

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => (o as HTMLOptionElement).value)
    .filter(Boolean);

describe('Order status control: only the allowed next states', () => {
  it.each(ORDER_STATUSES.map((s) => [s, ORDER_STATUS_TRANSITIONS[s]] as const))('orderStatus %s offers %j', async (current, allowed) => {
    const order = makeOrder({ _id: `o-${current}`, orderStatus: current as OrderStatus, paymentStatus: 'paid' });
    const { dialog } = await openOrder(order);
    if (allowed.length === 0) {
      expect(within(dialog).queryByLabelText('Change order status to')).not.toBeInTheDocument();
      expect(within(dialog).getByText(`${orderStatusLabel(current, 'staff')} is final: no further changes.`)).toBeInTheDocument();
    } else {
      expect(optionsOf(within(dialog).getByLabelText('Change order status to'))).toEqual([...allowed]);
    }
  });

  it.each(PAYMENT_STATUSES.map((s) => [s, PAYMENT_STATUS_TRANSITIONS[s]] as const))('paymentStatus %s offers %j', async (current, allowed) => {
    const order = makeOrder({ _id: `o-pay-${current}`, orderStatus: 'confirmed', paymentStatus: current as PaymentStatus });
    const { dialog } = await openOrder(order);
    if (allowed.length === 0) {
      expect(within(dialog).queryByLabelText('Change payment status to')).not.toBeInTheDocument();
    } else {
      expect(optionsOf(within(dialog).getByLabelText('Change payment status to'))).toEqual([...allowed]);
    }
  });

  it('shows the lots and expiry each line was taken from (what a recall is checked against)', async () => {
    const base = makeOrder({ _id: 'o-lots', orderStatus: 'confirmed', paymentStatus: 'paid' });
    const order = makeOrder({
      ...base,
      items: [{ ...base.items[0], batches: [{ batchId: 'b-1', lot: 'IBU-24-001', expiresOn: '2027-01-31', quantity: 1 }, { batchId: 'b-2', lot: 'IBU-25-014', expiresOn: '2027-09-30', quantity: 1 }] }],
    });
    const { dialog } = await openOrder(order);
    const lots = within(dialog).getByRole('list', { name: 'Batches of Ibuprofen 200 mg' });
    expect(within(lots).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1 × lot IBU-24-001, expires 31 Jan 2027', '1 × lot IBU-25-014, expires 30 Sep 2027']);
  });

  it('shows a prescription line\'s directions, which the staff packing it label it with', async () => {
    const base = makeOrder({ _id: 'o-rx', orderStatus: 'confirmed', paymentStatus: 'paid' });
    const order = makeOrder({
      ...base,
      items: [{ ...base.items[0], prescription: { prescriptionId: 'rx-1', itemId: 'rx-1-0', directions: 'Take ONE tablet THREE times a day with food' } }],
    });
    const { dialog } = await openOrder(order);
    expect(within(dialog).getByText(/Directions: Take ONE tablet THREE times a day with food/)).toBeInTheDocument();
    expect(within(dialog).getByText('Prescription')).toBeInTheDocument();
  });

  it('moves an order from confirmed to inProcess, then offers the next states of inProcess', async () => {
    const order = makeOrder({ _id: 'o-1', orderStatus: 'confirmed', paymentStatus: 'paid' });
    const server = serverWith([order]);
    const updated = makeOrder({
      ...order,
      orderStatus: 'inProcess',
      history: [{ field: 'orderStatus', from: 'confirmed', to: 'inProcess', at: '2024-06-02T08:00:00.000Z', by: 'admin-1' }],
    });
    server.on('PUT', '/api/admin/orders/update/o-1', ok(updated));
    const { dialog, user } = await openOrder(order, server);

    const button = within(dialog).getByRole('button', { name: 'Update order status' });
    expect(button).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Change order status to'), 'inProcess');
    await user.click(button);

    await waitFor(() => expect(optionsOf(within(dialog).getByLabelText('Change order status to'))).toEqual(['inShipping', 'rejected']));
    expect(server.callsTo('PUT', '/api/admin/orders/update/o-1').map((r) => r.body)).toEqual([{ orderStatus: 'inProcess' }]);
    expect(within(dialog).getByRole('heading', { name: 'Status history' }).parentElement).toHaveTextContent(
      /Order status: Confirmed → In process/,
    );
    // The table row behind the dialog (aria-hidden while it is open) follows.
    const behind = screen.getByRole('table', { name: 'Orders', hidden: true });
    const row = within(behind).getByText(orderNumber('o-1')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('In process');
  });

  it('keeps the order as it was and raises a destructive toast when the server refuses the change', async () => {
    const order = makeOrder({ _id: 'o-2', orderStatus: 'pending', paymentStatus: 'pending' });
    const server = serverWith([order]);
    server.on('PUT', '/api/admin/orders/payment/o-2', fail(422, 'This order changed in the meantime. Reload it and try again.', 'INVALID_TRANSITION'));
    const { dialog, user, state } = await openOrder(order, server);
    await user.selectOptions(within(dialog).getByLabelText('Change payment status to'), 'paid');
    await user.click(within(dialog).getByRole('button', { name: 'Update payment status' }));
    const toast = (await within(notification()).findByText('Could not update the payment status')).closest('li') as HTMLElement;
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('This order changed in the meantime. Reload it and try again.');
    expect(state().admin.orders.details?.paymentStatus).toBe('pending');
    expect(state().admin.orders.updating).toBeNull();
  });
});

describe('Final moves ask first', () => {
  it('marking a payment Failed asks for confirmation saying it rejects the order and releases its stock; Cancel changes nothing', async () => {
    const order = makeOrder({ _id: 'o-fail', orderStatus: 'pending', paymentStatus: 'pending' });
    const server = serverWith([order]);
    const failed = makeOrder({ ...order, orderStatus: 'rejected', paymentStatus: 'failed', closedReason: 'paymentFailed' });
    server.on('PUT', '/api/admin/orders/payment/o-fail', ok(failed));
    const { dialog, user } = await openOrder(order, server);

    await user.selectOptions(within(dialog).getByLabelText('Change payment status to'), 'failed');
    await user.click(within(dialog).getByRole('button', { name: 'Update payment status' }));
    let confirm = await screen.findByRole('dialog', { name: 'Mark the payment failed?' });
    expect(confirm).toHaveAccessibleDescription(`This rejects order ${orderNumber('o-fail')}: the shopper can no longer pay for it and its 2 held units go back to stock. This cannot be undone.`);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mark the payment failed?' })).not.toBeInTheDocument());
    expect(server.callsTo('PUT', '/api/admin/orders/payment/o-fail')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Update payment status' }));
    confirm = await screen.findByRole('dialog', { name: 'Mark the payment failed?' });
    await user.click(within(confirm).getByRole('button', { name: 'Mark failed and reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mark the payment failed?' })).not.toBeInTheDocument());
    expect(server.callsTo('PUT', '/api/admin/orders/payment/o-fail').map((r) => r.body)).toEqual([{ paymentStatus: 'failed' }]);
    expect(await within(dialog).findByText('Failed is final: no further changes.')).toBeInTheDocument();
  });

  it('rejecting a paid order says the payment stays paid until refunded; a move that can be followed by others asks nothing', async () => {
    const order = makeOrder({ _id: 'o-rej', orderStatus: 'confirmed', paymentStatus: 'paid' });
    const server = serverWith([order]);
    server.on('PUT', '/api/admin/orders/update/o-rej', ok(makeOrder({ ...order, orderStatus: 'inProcess' })));
    const { dialog, user } = await openOrder(order, server);
    await user.selectOptions(within(dialog).getByLabelText('Change order status to'), 'rejected');
    await user.click(within(dialog).getByRole('button', { name: 'Update order status' }));
    const confirm = await screen.findByRole('dialog', { name: `Reject order ${orderNumber('o-rej')}?` });
    expect(confirm).toHaveAccessibleDescription(/shopper is emailed that it was cancelled\. The payment of \S+ stays paid: refund it, then mark the payment Refunded/);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Reject order/ })).not.toBeInTheDocument());

    await user.selectOptions(within(dialog).getByLabelText('Change order status to'), 'inProcess');
    await user.click(within(dialog).getByRole('button', { name: 'Update order status' }));
    await waitFor(() => expect(server.callsTo('PUT', '/api/admin/orders/update/o-rej').map((r) => r.body)).toEqual([{ orderStatus: 'inProcess' }]));
    expect(screen.queryAllByRole('dialog')).toHaveLength(1);
  });
});

describe('Orders list and details', () => {
  it('lists orders in the order the server sends (newest first) and filters by status', async () => {
    const user = userEvent.setup();
    const orders = [
      makeOrder({ _id: 'o-new', orderStatus: 'confirmed', paymentStatus: 'paid', orderDate: '2024-06-03T00:00:00.000Z' }),
      makeOrder({ _id: 'o-old', orderStatus: 'delivered', paymentStatus: 'paid', orderDate: '2024-06-01T00:00:00.000Z' }),
    ];
    const server = serverWith(orders);
    renderAdmin({ path: '/admin/orders', server });
    await screen.findByRole('table', { name: 'Orders' });
    const ids = () =>
      within(table())
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0].textContent);
    expect(ids()).toEqual(['#O-NEW', '#O-OLD']);

    await user.selectOptions(screen.getByLabelText('Status'), 'delivered');
    await waitFor(() => expect(ids()).toEqual(['#O-OLD']));
    expect(server.callsTo('GET', '/api/admin/orders/get').at(-1)?.query).toMatchObject({ status: 'delivered', page: '1' });
  });

  it('shows items, address, totals, payment and status history', async () => {
    const order = makeOrder({
      _id: 'o-3',
      orderStatus: 'inShipping',
      paymentStatus: 'paid',
      history: [
        { field: 'paymentStatus', from: 'pending', to: 'paid', at: '2024-06-01T12:05:00.000Z', by: 'system' },
        { field: 'orderStatus', from: 'pending', to: 'confirmed', at: '2024-06-01T12:05:00.000Z', by: 'system' },
      ],
    });
    const { dialog } = await openOrder(order);
    const items = within(dialog).getByRole('table', { name: 'Items' });
    expect(within(items).getByText('Ibuprofen 200 mg')).toBeInTheDocument();
    expect(within(items).getAllByText('£11.98')).toHaveLength(1);
    // the address under the market's labels
    const address = within(dialog).getByRole('heading', { name: 'Address' }).parentElement as HTMLElement;
    expect(address).toHaveTextContent('NameAlice SmithAddress line 11 Harbour StreetTown or cityPortsmouthPostcodePO1 2AB');
    const totals = within(dialog).getByRole('heading', { name: 'Totals' }).parentElement as HTMLElement;
    expect(totals).toHaveTextContent('Total£11.98');
    expect(totals).toHaveTextContent('Subtotal£11.98');
    expect(totals).toHaveTextContent('DeliveryStandard delivery, free');
    expect(totals).toHaveTextContent('VAT included£2.00 (20%)');
    expect(within(dialog).getByRole('heading', { name: 'Payment' }).parentElement).toHaveTextContent('PAY-1');
    const history = within(dialog).getByRole('heading', { name: 'Status history' }).parentElement as HTMLElement;
    expect(within(history).getAllByRole('listitem')).toHaveLength(2);
    expect(history).toHaveTextContent('Payment status: Pending → Paid');
    expect(history).toHaveTextContent('by system');
  });

  it('names who changed the order: a member of staff by the name recorded, the shopper as customer, the system as system', async () => {
    const order = makeOrder({
      _id: 'o-names',
      orderStatus: 'inShipping',
      paymentStatus: 'paid',
      history: [
        { field: 'paymentStatus', from: 'pending', to: 'paid', at: '2024-06-01T12:05:00.000Z', by: 'system', note: 'Captured by sandbox' },
        { field: 'orderStatus', from: 'confirmed', to: 'inProcess', at: '2024-06-01T13:00:00.000Z', by: 'a1b2c3d4-staff', byName: 'Ada Lovelace' },
        { field: 'orderStatus', from: 'pending', to: 'confirmed', at: '2024-06-01T12:06:00.000Z', by: 'u-alice' },
        { field: 'orderStatus', from: 'inProcess', to: 'inShipping', at: '2024-06-01T13:10:00.000Z', by: '9f8e7d6c-older' },
      ],
    });
    const { dialog } = await openOrder(order);
    const history = within(within(dialog).getByRole('heading', { name: 'Status history' }).parentElement as HTMLElement).getAllByRole('listitem');
    expect(history.map((li) => li.textContent?.replace(/^.*, \d{2}:\d{2} by /, ''))).toEqual([
      'system (Captured by sandbox)',
      'Ada Lovelace (staff)',
      'customer',
      // recorded before names were kept
      'staff member 9f8e7d6c',
    ]);
    expect(within(dialog).queryByText(/a1b2c3d4-staff/)).not.toBeInTheDocument();
  });

  it('empties the list when a fetch fails, with a destructive toast', async () => {
    const orders = [makeOrder({ _id: 'o-4', orderStatus: 'confirmed', paymentStatus: 'paid' })];
    const server = serverWith(orders);
    const { store, state } = renderAdmin({ path: '/admin/orders', server });
    await screen.findByRole('table', { name: 'Orders' });
    server.on('GET', '/api/admin/orders/get', fail(503, 'The checkout service is unavailable.', 'UNAVAILABLE'));
    act(() => {
      store.dispatch(ordersActions.fetchOrders({ page: 1 }));
    });
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    expect(state().admin.orders.list).toEqual([]);
    const toast = within(notification()).getByText('Could not load orders').closest('li') as HTMLElement;
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('The checkout service is unavailable.');
  });

  it('resets the details to null when their fetch fails, and on close', async () => {
    const user = userEvent.setup();
    const good = makeOrder({ _id: 'o-5', orderStatus: 'confirmed', paymentStatus: 'paid' });
    const gone = makeOrder({ _id: 'o-6', orderStatus: 'pending', paymentStatus: 'pending' });
    const server = serverWith([good, gone]);
    server.on('GET', '/api/admin/orders/details/o-6', fail(404, 'That order no longer exists.', 'NOT_FOUND'));
    const { state } = renderAdmin({ path: '/admin/orders', server });
    await screen.findByRole('table', { name: 'Orders' });

    await user.click(within(within(table()).getByText(orderNumber('o-5')).closest('tr') as HTMLElement).getByRole('button', { name: 'View Details' }));
    await within(await screen.findByRole('dialog', { name: 'Order details' })).findByRole('heading', { name: 'Items' });
    expect(state().admin.orders.details?._id).toBe('o-5');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(state().admin.orders.details).toBeNull();

    await user.click(within(within(table()).getByText(orderNumber('o-6')).closest('tr') as HTMLElement).getByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order details' });
    expect(await within(dialog).findByText('The details of this order could not be loaded.')).toBeInTheDocument();
    expect(state().admin.orders.details).toBeNull();
    expect(within(notification()).getByText('Could not load the order details').closest('li')).toHaveAttribute('data-variant', 'destructive');
  });
});

describe('Orders: short numbers, one date format, status words', () => {
  it('shows where a click-and-collect order is collected', async () => {
    const order = makeOrder({
      _id: 'o-collect',
      orderStatus: 'inShipping',
      paymentStatus: 'paid',
      delivery: { method: 'collect', label: 'Click and collect', fee: 0, pharmacy: { id: 'high-street', name: 'High Street Pharmacy', address: '12 High Street, Leeds LS1 4AP' } },
    });
    const { dialog } = await openOrder(order);
    const totals = within(dialog).getByRole('heading', { name: 'Totals' }).parentElement as HTMLElement;
    expect(totals).toHaveTextContent('DeliveryClick and collect, free');
    expect(totals).toHaveTextContent('Collect atHigh Street Pharmacy, 12 High Street, Leeds LS1 4AP');
  });

  it('shows an express order\'s delivery fee', async () => {
    const express = makeOrder({ _id: 'o-express', orderStatus: 'confirmed', paymentStatus: 'paid', deliveryFee: 6.95, totalAmount: 18.93, delivery: { method: 'express', label: 'Express delivery', fee: 6.95, pharmacy: null } });
    const { dialog } = await openOrder(express);
    const expressTotals = within(dialog).getByRole('heading', { name: 'Totals' }).parentElement as HTMLElement;
    expect(expressTotals).toHaveTextContent('DeliveryExpress delivery, £6.95');
    expect(expressTotals).not.toHaveTextContent('Collect at');
  });

  it('shows each order by its short number and its date on one line in the shop format, never the full id', async () => {
    const id = 'fc34a420-9b1e-4c7e-8f00-1234567890ab';
    const order = makeOrder({ _id: id, orderStatus: 'confirmed', paymentStatus: 'paid', orderDate: '2024-06-03T09:05:00.000Z' });
    renderAdmin({ path: '/admin/orders', server: serverWith([order]) });
    await screen.findByRole('table', { name: 'Orders' });
    const row = within(table()).getByText('#FC34A420').closest('tr') as HTMLElement;
    expect(row).not.toHaveTextContent(id);
    const headers = within(table()).getAllByRole('columnheader').map((h) => h.textContent);
    const date = within(row).getAllByRole('cell')[headers.indexOf('Date')];
    expect(date.textContent).toBe(formatDate(order.orderDate, { withTime: true }));
    expect(date.textContent).toMatch(/^3 Jun 2024, \d\d:\d\d$/);
  });

  it('words a cancelled payment "Payment cancelled" for staff, not Rejected / Failed', async () => {
    const order = makeOrder({ _id: 'o-cancelled', orderStatus: 'rejected', paymentStatus: 'failed', closedReason: 'cancelled' });
    renderAdmin({ path: '/admin/orders', server: serverWith([order]) });
    await screen.findByRole('table', { name: 'Orders' });
    const row = within(table()).getByText(orderNumber('o-cancelled')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Payment cancelled');
    expect(row).not.toHaveTextContent('Rejected');
    expect(row).not.toHaveTextContent('Failed');
  });
});

describe('Orders search (number, customer name or email)', () => {
  /** The checkout's search as far as these tests need it: number, name or email, with the status filter. */
  function searchingServer(orders: Order[]): FakeApi {
    const server = fakeApi();
    server.on('GET', '/api/admin/orders/get', (req) => {
      const q = (req.query.q ?? '').toLowerCase().replace(/^#/, '');
      const items = orders.filter(
        (o) =>
          (!req.query.status || o.orderStatus === req.query.status) &&
          (!q || o._id.toLowerCase().startsWith(q) || o.address.fullName.toLowerCase().includes(q)),
      );
      return page(items);
    });
    return server;
  }
  const ORDERS = [
    makeOrder({ _id: 'ab12cd34-1111', orderStatus: 'confirmed', paymentStatus: 'paid', address: { ...makeOrder({ _id: 'x', orderStatus: 'pending', paymentStatus: 'pending' }).address, fullName: 'Mina Okafor' } }),
    makeOrder({ _id: 'ee99ff00-2222', orderStatus: 'delivered', paymentStatus: 'paid' }),
  ];
  const searchBox = () => screen.getByRole('searchbox', { name: 'Search orders by number, customer name or email' });
  const qs = (server: FakeApi) => server.callsTo('GET', '/api/admin/orders/get').map((r) => r.query.q ?? null);

  it('sends the term as q once typing pauses (one request, not one per key) and shows what matched', async () => {
    const user = userEvent.setup();
    const server = searchingServer(ORDERS);
    renderAdmin({ path: '/admin/orders', server });
    await screen.findByRole('table', { name: 'Orders' });
    await user.type(searchBox(), '#AB12CD34');
    await waitFor(() => expect(within(table()).queryByText(orderNumber('ee99ff00-2222'))).not.toBeInTheDocument());
    expect(within(table()).getByText('#AB12CD34')).toBeInTheDocument();
    expect(qs(server)).toEqual([null, '#AB12CD34']);
    expect(server.callsTo('GET', '/api/admin/orders/get').at(-1)?.query).toMatchObject({ q: '#AB12CD34', page: '1' });
  });

  it('keeps the status filter with the search, and an empty answer says which search found nothing', async () => {
    const user = userEvent.setup();
    const server = searchingServer(ORDERS);
    renderAdmin({ path: '/admin/orders', server });
    await screen.findByRole('table', { name: 'Orders' });
    await user.selectOptions(screen.getByLabelText('Status'), 'delivered');
    await waitFor(() => expect(within(table()).queryByText('#AB12CD34')).not.toBeInTheDocument());
    await user.type(searchBox(), 'mina');
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    expect(screen.getByText('No order matching "mina" is delivered.')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/admin/orders/get').at(-1)?.query).toMatchObject({ q: 'mina', status: 'delivered', page: '1' });

    await user.selectOptions(screen.getByLabelText('Status'), '');
    expect(await within(await screen.findByRole('table', { name: 'Orders' })).findByText('#AB12CD34')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/admin/orders/get').at(-1)?.query).toMatchObject({ q: 'mina' });
  });

  it('says nothing matched a search with no other filter, and clearing it lists every order again', async () => {
    const user = userEvent.setup();
    const server = searchingServer(ORDERS);
    renderAdmin({ path: '/admin/orders', server });
    await screen.findByRole('table', { name: 'Orders' });
    await user.type(searchBox(), 'nobody');
    expect(await screen.findByText('No order matches "nobody". Search by order number (e.g. #FC34A420), customer name or email.')).toBeInTheDocument();
    await user.clear(searchBox());
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(3));
    expect(qs(server).at(-1)).toBeNull();
  });
});
