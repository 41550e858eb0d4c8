import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ageOn, CONSULTATION_QUESTIONS, orderNumber, type AdminReviewBody, type Order } from '@pharmacy/contracts';
import { fakeApi, fail, ok, okList, type ApiCall, type FakeApi } from '@pharmacy/test-kit';
import { makeHeldOrder, makeOrder, makeUser } from './fixtures';
import { PHONE, renderAdmin } from './renderAdmin';

const ALICE = makeUser({
  _id: 'u-alice',
  firstName: 'Alice',
  lastName: 'Smith',
  DOB: '1990-05-14',
  allergies: ['NSAIDs', 'Moonflower pollen'],
  healthConditions: ['Asthma'],
});
const DECIDED_AT = '2024-06-02T09:30:00.000Z';

/**
 * The checkout service as the admin screen sees it: the list honours `status` and `review`, and always answers the
 * queue's size; a decision changes the stored order the way the service does (approve moves it on; reject refunds).
 */
function checkout(initial: Order[]): FakeApi & { orders: Map<string, Order> } {
  const orders = new Map(initial.map((o) => [o._id, o]));
  const server = fakeApi();
  server.on('GET', '/api/admin/orders/get', (req) => {
    const all = [...orders.values()];
    const items = all
      .filter((o) => !req.query.status || o.orderStatus === req.query.status)
      .filter((o) => req.query.review !== 'awaiting' || o.review.status === 'awaiting');
    return okList(items, { total: items.length, page: 1, limit: 20, awaitingReview: all.filter((o) => o.review.status === 'awaiting').length });
  });
  server.on('GET', /^\/api\/admin\/orders\/details\//, (req) => {
    const order = orders.get(req.path.split('/').pop() as string);
    return order ? ok(order) : fail(404, 'No order with this ID.', 'NOT_FOUND');
  });
  server.on('GET', `/api/admin/users/details/${ALICE._id}`, ok(ALICE));
  server.on('POST', '/api/shop/safety/terms/recognise', (req) =>
    ok((req.body as { terms: string[] }).terms.map((term) => (term === 'Moonflower pollen' ? { term, recognised: false } : { term, recognised: true, canonical: term }))),
  );
  server.on('POST', /^\/api\/admin\/orders\/review\//, (req: ApiCall) => {
    const id = req.path.split('/').pop() as string;
    const order = orders.get(id) as Order;
    const body = req.body as AdminReviewBody;
    const approved = body.decision === 'approve';
    const entry = (field: 'review' | 'orderStatus' | 'paymentStatus', from: string, to: string) => ({ field, from, to, at: DECIDED_AT, by: 'admin-1', byName: 'Ada Lovelace' });
    const next: Order = {
      ...order,
      orderStatus: approved ? 'inProcess' : 'rejected',
      paymentStatus: approved ? order.paymentStatus : 'refunded',
      review: {
        ...order.review, status: approved ? 'approved' : 'rejected', decidedBy: 'admin-1', decidedByName: 'Ada Lovelace', decidedAt: DECIDED_AT,
        note: approved ? (body.note ?? null) : body.reason,
      },
      history: [
        ...order.history,
        entry('review', 'awaiting', approved ? 'approved' : 'rejected'),
        entry('orderStatus', 'confirmed', approved ? 'inProcess' : 'rejected'),
        ...(approved ? [] : [entry('paymentStatus', 'paid', 'refunded')]),
      ],
    };
    orders.set(id, next);
    return ok(next);
  });
  return Object.assign(server, { orders });
}

const HELD = () => makeHeldOrder({ _id: 'o-held' });
const PLAIN = () => makeOrder({ _id: 'o-plain', orderStatus: 'confirmed', paymentStatus: 'paid' });

// The orders as a table on a wide screen or as a list of cards on a phone; an order's row or card.
const table = () => screen.queryByRole('table', { name: 'Orders', hidden: true }) ?? screen.getByRole('list', { name: 'Orders', hidden: true });
const rowOf = (id: string) => within(table()).getByText(orderNumber(id)).closest('tr, li') as HTMLElement;
// hidden: while a dialog is open everything behind it is aria-hidden.
const reviewFilter = (count: number) => screen.getByRole('button', { name: `Awaiting pharmacist review (${count})`, hidden: true });

async function openOrder(id: string, server: FakeApi, viewport?: number) {
  const user = userEvent.setup();
  const view = renderAdmin({ path: '/admin/orders', server, viewport });
  await waitFor(() => expect(table()).toBeInTheDocument());
  await user.click(within(rowOf(id)).getByRole('button', { name: 'View Details' }));
  const dialog = await screen.findByRole('dialog', { name: 'Order details' });
  await within(dialog).findByRole('heading', { name: 'Items' });
  return { ...view, user, dialog };
}

const review = (dialog: HTMLElement) => within(dialog).getByRole('region', { name: 'Pharmacist review' });
const part = (dialog: HTMLElement, heading: string) => within(review(dialog)).getByRole('heading', { name: heading }).parentElement as HTMLElement;

describe('Orders: the pharmacist review queue', () => {
  it('shows the queue size on the filter, marks held orders in the list, and lists only them when chosen', async () => {
    const user = userEvent.setup();
    const server = checkout([HELD(), PLAIN(), makeHeldOrder({ _id: 'o-held-2' })]);
    renderAdmin({ path: '/admin/orders', server, viewport: PHONE });
    await screen.findByRole('list', { name: 'Orders' });

    expect(screen.getByRole('group', { name: 'Pharmacist review' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All orders' })).toHaveAttribute('aria-pressed', 'true');
    expect(reviewFilter(2)).toHaveAttribute('aria-pressed', 'false');
    // A queued order's status says so, on its card on a phone.
    expect(rowOf('o-held')).toHaveTextContent('Awaiting pharmacist review');
    expect(rowOf('o-plain')).not.toHaveTextContent('Awaiting pharmacist review');

    await user.click(reviewFilter(2));
    await waitFor(() => expect(within(table()).queryByText(orderNumber('o-plain'))).not.toBeInTheDocument());
    expect(within(table()).getAllByRole('listitem')).toHaveLength(2);
    expect(reviewFilter(2)).toHaveAttribute('aria-pressed', 'true');
    expect(server.callsTo('GET', '/api/admin/orders/get').at(-1)?.query).toMatchObject({ review: 'awaiting', page: '1' });

    await user.click(screen.getByRole('button', { name: 'All orders' }));
    await waitFor(() => expect(within(table()).getByText(orderNumber('o-plain'))).toBeInTheDocument());
    expect(server.callsTo('GET', '/api/admin/orders/get').at(-1)?.query).not.toHaveProperty('review');
  });

  it('says so when no order waits for a pharmacist', async () => {
    const user = userEvent.setup();
    renderAdmin({ path: '/admin/orders', server: checkout([PLAIN()]) });
    await screen.findByRole('table', { name: 'Orders' });
    await user.click(reviewFilter(0));
    expect(await screen.findByText("No order is waiting for a pharmacist's review.")).toBeInTheDocument();
  });
});

describe('Order details: the review view', () => {
  it('opens at its top on its heading, the reasons and the health profile before the decision forms', async () => {
    const { dialog } = await openOrder('o-held', checkout([HELD()]));
    expect(within(dialog).getByRole('heading', { name: 'Order details' })).toHaveFocus();
    expect(dialog.scrollTop).toBe(0);
    const note = within(review(dialog)).getByLabelText('Note (optional)');
    expect(note).not.toHaveFocus();
    const before = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    const reasons = within(review(dialog)).getByRole('list', { name: 'Reasons for review' });
    const profile = within(review(dialog)).getByRole('heading', { name: 'Health profile' });
    expect(before(reasons, profile)).toBe(true);
    expect(before(profile, note)).toBe(true);
    // The review is the first thing the dialog shows, above the order's status controls.
    expect(before(review(dialog), within(dialog).getByRole('heading', { name: 'Status' }))).toBe(true);
  });

  it('flags an answer that contradicts the health profile beside the answer, and lists it among the reasons', async () => {
    const contradiction = 'The answer gives age 52, but the date of birth in their profile (14 May 1990) makes them 34.';
    const held = HELD();
    const order = makeHeldOrder({
      _id: 'o-held',
      consultation: held.consultation.map((a) => (a.questionId === 'age' ? { ...a, answer: '52', contradiction } : a)),
      review: { ...held.review, reasons: [`Answer contradicts the health profile (How old are they?): ${contradiction}`, ...held.review.reasons] },
    });
    const { dialog } = await openOrder('o-held', checkout([order]));
    const answers = part(dialog, 'Consultation answers');
    const age = within(answers).getByText('How old are they?').nextElementSibling as HTMLElement;
    const flag = within(age).getByRole('note', { name: 'Does not match the health profile: How old are they?' });
    expect(flag).toHaveTextContent(`Does not match the health profile. ${contradiction} Check with the customer.`);
    expect(within(answers).getAllByRole('note')).toHaveLength(1);
    const reasons = within(review(dialog)).getByRole('list', { name: 'Reasons for review' });
    expect(within(reasons).getAllByRole('listitem')[0]).toHaveTextContent(`Answer contradicts the health profile (How old are they?): ${contradiction}`);
  });

  it('shows why it is held, the health profile with unrecognised terms marked, the warnings acknowledged and the consultation answers', async () => {
    const server = checkout([HELD()]);
    const { dialog } = await openOrder('o-held', server);
    expect(within(review(dialog)).getByText('Awaiting pharmacist review')).toBeInTheDocument();

    const reasons = within(review(dialog)).getByRole('list', { name: 'Reasons for review' });
    expect(within(reasons).getAllByRole('listitem').map((li) => li.textContent)).toEqual(HELD().review.reasons);

    const profile = part(dialog, 'Health profile');
    await within(profile).findByText('Not recognised — check with the customer');
    const fact = (label: string) => within(profile).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(fact('Name')).toHaveTextContent('Alice Smith');
    expect(fact('Date of birth')).toHaveTextContent(`14 May 1990 (age ${ageOn('1990-05-14')})`);
    expect(fact('Allergies')).toHaveTextContent('NSAIDs');
    expect(within(fact('Allergies')).getByText('Moonflower pollen').tagName).toBe('MARK');
    expect(within(fact('Allergies')).getAllByText('Not recognised — check with the customer')).toHaveLength(1);
    expect(fact('Health conditions')).toHaveTextContent(/^Asthma$/);
    expect(server.callsTo('GET', `/api/admin/users/details/${ALICE._id}`)).toHaveLength(1);

    const unrecognised = within(review(dialog)).getByRole('list', { name: 'Unrecognised health terms' });
    expect(within(unrecognised).getByText('Moonflower pollen').tagName).toBe('MARK');

    const warnings = part(dialog, 'Warnings the shopper acknowledged');
    const warning = 'Contains ibuprofen, an NSAID; you told us you are allergic to NSAIDs.';
    expect(within(warnings).getByRole('list', { name: 'Acknowledged warnings' })).toHaveTextContent(warning);
    expect(within(warnings).getByRole('list', { name: 'Warnings by item' })).toHaveTextContent(`Ibuprofen 200 mg: ${warning}`);
    const items = within(dialog).getByRole('table', { name: 'Items' });
    expect(within(items).getByRole('list', { name: 'Warnings for Ibuprofen 200 mg' })).toHaveTextContent(warning);
    expect(within(items).getByText('Codeine Linctus').closest('td')).toHaveTextContent('Pharmacy medicine');

    const answers = part(dialog, 'Consultation answers');
    const asked = within(answers).getAllByRole('term').map((t) => t.textContent);
    expect(asked).toEqual(CONSULTATION_QUESTIONS.map((q) => q.question));
    expect(within(answers).getAllByRole('definition').map((d) => d.textContent)).toEqual(['Me', '34', 'Cetirizine when my hay fever is bad', 'Asthma, mild']);

    // The order itself is there too: items, totals, address.
    expect(within(dialog).getByRole('heading', { name: 'Totals' }).parentElement).toHaveTextContent('Total$19.48');
    expect(within(dialog).getByText('1 Harbour Street')).toBeInTheDocument();
  });

  it('says the profile was erased when the customer deleted their account', async () => {
    const server = checkout([HELD()]);
    server.on('GET', `/api/admin/users/details/${ALICE._id}`, fail(404, 'No user with this ID.', 'NOT_FOUND'));
    const { dialog } = await openOrder('o-held', server);
    expect(await within(part(dialog, 'Health profile')).findByText(/deleted their account, so their health profile was erased/)).toBeInTheDocument();
    // What the order recorded still shows.
    expect(within(review(dialog)).getByRole('list', { name: 'Unrecognised health terms' })).toHaveTextContent('Moonflower pollen');
  });

  it('offers to load the profile again when the account service does not answer', async () => {
    const server = checkout([HELD()]);
    server.on('GET', `/api/admin/users/details/${ALICE._id}`, fail(503, 'The account service is unavailable.', 'UNAVAILABLE'));
    const { dialog, user } = await openOrder('o-held', server);
    const profile = part(dialog, 'Health profile');
    expect(await within(profile).findByText("The customer's health profile could not be loaded.")).toBeInTheDocument();
    server.on('GET', `/api/admin/users/details/${ALICE._id}`, ok(ALICE));
    await user.click(within(profile).getByRole('button', { name: 'Try again' }));
    expect(await within(part(dialog, 'Health profile')).findByText('Alice Smith')).toBeInTheDocument();
  });

  it('does not load anyone’s health profile for an order that needs no review', async () => {
    const server = checkout([PLAIN()]);
    const { dialog } = await openOrder('o-plain', server);
    expect(within(dialog).queryByRole('region', { name: 'Pharmacist review' })).not.toBeInTheDocument();
    expect(server.callsTo('GET', /^\/api\/admin\/users\/details\//)).toHaveLength(0);
  });

  it("disables the status controls while the order awaits review, saying it waits for a pharmacist", async () => {
    const { dialog } = await openOrder('o-held', checkout([HELD()]));
    for (const name of ['order status', 'payment status']) {
      const control = within(dialog).getByLabelText(`Change ${name} to`);
      expect(control).toBeDisabled();
      expect(control).toHaveAccessibleDescription("Waits for a pharmacist's review");
      expect(within(dialog).getByRole('button', { name: `Update ${name}` })).toBeDisabled();
    }
  });

  it('leaves an unpaid order out of the queue: no decision yet, and staff may still reject it as any unpaid order', async () => {
    const unpaid = makeHeldOrder({ _id: 'o-unpaid', orderStatus: 'pending', paymentStatus: 'pending', history: [] });
    const { dialog } = await openOrder('o-unpaid', checkout([unpaid]));
    expect(rowOf('o-unpaid')).not.toHaveTextContent('Awaiting pharmacist review');
    expect(within(review(dialog)).getByText("It reaches the pharmacist's queue once the shopper pays.")).toBeInTheDocument();
    expect(within(review(dialog)).queryByRole('button', { name: 'Approve order' })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Change order status to')).toBeEnabled();
  });
});

describe('Order details: the pharmacist decides', () => {
  it('approves with a note: sends the decision, shows the new state and history, and the queue shrinks', async () => {
    const server = checkout([HELD(), PLAIN()]);
    const { dialog, user, state } = await openOrder('o-held', server);
    expect(reviewFilter(1)).toBeInTheDocument();

    await user.type(within(review(dialog)).getByLabelText('Note (optional)'), 'Checked with Alice by phone: takes it with food.');
    await user.click(within(review(dialog)).getByRole('button', { name: 'Approve order' }));

    await waitFor(() => expect(within(review(dialog)).getByText('Approved by pharmacist')).toBeInTheDocument());
    expect(server.callsTo('POST', '/api/admin/orders/review/o-held').map((r) => r.body)).toEqual([
      { decision: 'approve', note: 'Checked with Alice by phone: takes it with food.' },
    ]);
    expect(within(review(dialog)).queryByRole('button', { name: 'Approve order' })).not.toBeInTheDocument();
    expect(review(dialog)).toHaveTextContent('NoteChecked with Alice by phone: takes it with food.');
    expect(within(review(dialog)).getByRole('heading', { name: 'Pharmacist review' })).toHaveFocus();
    // Released: the order status moves on, and the control offers the next states again.
    expect(within(dialog).getByLabelText('Change order status to')).toBeEnabled();
    const history = within(dialog).getByRole('heading', { name: 'Status history' }).parentElement as HTMLElement;
    expect(history).toHaveTextContent('Pharmacist review: Awaiting pharmacist review → Approved by pharmacist');
    expect(history).toHaveTextContent(/Pharmacist review: .*by Ada Lovelace \(staff\)/);
    expect(history).not.toHaveTextContent('admin-1');
    expect(review(dialog)).toHaveTextContent(/Decided.*by Ada Lovelace \(staff\)/);
    await waitFor(() => expect(reviewFilter(0)).toBeInTheDocument());
    expect(state().admin.orders.awaitingReview).toBe(0);
    expect(rowOf('o-held')).not.toHaveTextContent('Awaiting pharmacist review');
  });

  it('approves without a note: sends no note', async () => {
    const server = checkout([HELD()]);
    const { dialog, user } = await openOrder('o-held', server);
    await user.click(within(review(dialog)).getByRole('button', { name: 'Approve order' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/admin/orders/review/o-held').map((r) => r.body)).toEqual([{ decision: 'approve' }]));
  });

  it('rejects only with a reason and after a confirmation that says it refunds, then shows the refund', async () => {
    const server = checkout([HELD()]);
    const { dialog, user } = await openOrder('o-held', server, PHONE);
    const reason = within(review(dialog)).getByLabelText(/^Reason for rejecting/);

    await user.click(within(review(dialog)).getByRole('button', { name: 'Reject order' }));
    expect(within(review(dialog)).getByText('Give the reason for rejecting, at least 3 characters: the shopper reads it.')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveFocus();
    expect(screen.queryByRole('dialog', { name: 'Reject this order?' })).not.toBeInTheDocument();

    await user.type(reason, 'Ibuprofen is not safe with your NSAID allergy; please speak to your GP.');
    await user.click(within(review(dialog)).getByRole('button', { name: 'Reject order' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reject this order?' });
    expect(confirm).toHaveAccessibleDescription(/The payment of \$19\.48 is refunded through the payment provider.*told by email and in My Orders/);
    expect(server.callsTo('POST', '/api/admin/orders/review/o-held')).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: 'Reject and refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reject this order?' })).not.toBeInTheDocument());
    expect(server.callsTo('POST', '/api/admin/orders/review/o-held').map((r) => r.body)).toEqual([
      { decision: 'reject', reason: 'Ibuprofen is not safe with your NSAID allergy; please speak to your GP.' },
    ]);
    const panel = review(screen.getByRole('dialog', { name: 'Order details' }));
    expect(within(panel).getByText('Rejected by pharmacist')).toBeInTheDocument();
    expect(panel).toHaveTextContent('ReasonIbuprofen is not safe with your NSAID allergy; please speak to your GP.');
    const payment = screen.getByRole('heading', { name: 'Payment' }).parentElement as HTMLElement;
    expect(payment).toHaveTextContent('StatusRefunded');
    expect(screen.getByText('Rejected is final: no further changes.')).toBeInTheDocument();
  });

  it('keeps the order awaiting and shows the server’s reason when the refund fails', async () => {
    const server = checkout([HELD()]);
    server.on('POST', '/api/admin/orders/review/o-held', fail(502, 'Refund could not be made; try again.', 'PROVIDER_ERROR'));
    const { dialog, user, state } = await openOrder('o-held', server);
    const reason = within(review(dialog)).getByLabelText(/^Reason for rejecting/);
    await user.type(reason, 'Not suitable with asthma.');
    await user.click(within(review(dialog)).getByRole('button', { name: 'Reject order' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Reject this order?' })).getByRole('button', { name: 'Reject and refund' }));

    const alert = await within(review(dialog)).findByRole('alert');
    expect(alert).toHaveTextContent('Refund could not be made; try again.');
    expect(screen.queryByRole('dialog', { name: 'Reject this order?' })).not.toBeInTheDocument();
    expect(within(review(dialog)).getByText('Awaiting pharmacist review')).toBeInTheDocument();
    expect(reason).toHaveValue('Not suitable with asthma.');
    expect(within(review(dialog)).getByRole('button', { name: 'Reject order' })).toBeEnabled();
    expect(state().admin.orders.details?.review.status).toBe('awaiting');
  });

  it('shows progress while the decision is on its way', async () => {
    const server = checkout([HELD()]);
    server.on('POST', '/api/admin/orders/review/o-held', () => new Promise(() => undefined));
    const { dialog, user } = await openOrder('o-held', server);
    await user.click(within(review(dialog)).getByRole('button', { name: 'Approve order' }));
    const approve = within(review(dialog)).getByRole('button', { name: /Approve order/ });
    expect(approve).toHaveAttribute('aria-busy', 'true');
    expect(within(approve).getByRole('status')).toHaveTextContent('Approving');
    expect(within(review(dialog)).getByRole('button', { name: 'Reject order' })).toBeDisabled();
  });
});
