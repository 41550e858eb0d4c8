import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderNumber, type OrderStatus, type StaffOrder, type StaffUser } from '@pharmacy/contracts';
import { fakeApi, ok, okList, staffWithRole } from '@pharmacy/test-kit';
import { makeHeldOrder, makeOrder, makeUser } from './fixtures';
import { renderAdmin } from './renderAdmin';

// docs/domain.md#health-data: what a role without 'health.read' is sent, and what a pharmacist sees changed since.
const { DOB: _d, allergies: _a, healthConditions: _h, ...alice } = makeUser({ _id: 'u-alice', firstName: 'Alice', lastName: 'Smith' });
const RESTRICTED_USER: StaffUser = { ...alice, restricted: ['DOB', 'allergies', 'healthConditions'] };

function server(order: StaffOrder, user: StaffUser) {
  const api = fakeApi();
  api.on('GET', '/api/admin/orders/get', okList([order], { total: 1, page: 1, limit: 20, awaitingReview: 1 }));
  api.on('GET', `/api/admin/orders/details/${order._id}`, ok(order));
  api.on('GET', `/api/admin/users/details/${user._id}`, ok(user));
  api.on('POST', '/api/shop/safety/terms/recognise', ok([]));
  return api;
}

async function openReview(order: StaffOrder, user: StaffUser) {
  const actor = userEvent.setup();
  renderAdmin({ path: '/admin/orders', server: server(order, user) });
  const table = await screen.findByRole('table', { name: 'Orders' });
  const row = within(table).getByText(orderNumber(order._id)).closest('tr') as HTMLElement;
  await actor.click(within(row).getByRole('button', { name: 'View Details' }));
  const dialog = await screen.findByRole('dialog', { name: 'Order details' });
  return within(dialog).getByRole('region', { name: 'Pharmacist review' });
}

const held = makeHeldOrder({ _id: 'o-held', userId: 'u-alice' });

it('shows "Restricted", never "none", where the server left health data out for this role', async () => {
  const { consultation: _c, unrecognisedTerms: _u, ...rest } = held;
  const review = await openReview({ ...rest, restricted: ['consultation', 'unrecognisedTerms'] }, RESTRICTED_USER);
  await waitFor(() => expect(within(review).getAllByText('Restricted')).toHaveLength(4));
  expect(within(review).queryByText(/None: the order holds no pharmacy medicine/)).not.toBeInTheDocument();
  expect(within(review).queryByText('Not given')).not.toBeInTheDocument();
});

it('tells the pharmacist what changed in the health profile since the order, and names the responsible pharmacist of a decision', async () => {
  const order: StaffOrder = {
    ...held,
    review: { ...held.review, status: 'approved', decidedBy: 'p-1', decidedByName: 'Jane Patel', decidedAt: '2026-11-27T10:20:00.000Z', note: null,
      responsiblePharmacist: { id: 'p-1', name: 'Jane Patel', registrationNumber: '2071234' } },
    healthChanges: [{ at: '2026-11-27T10:14:00.000Z', field: 'allergies', before: ['Penicillin'], after: ['Penicillin', 'Ibuprofen'] }],
  };
  const review = await openReview(order, makeUser({ _id: 'u-alice', firstName: 'Alice', lastName: 'Smith' }));
  const changes = await within(review).findByRole('list', { name: 'Health profile changes since this order' });
  expect(changes).toHaveTextContent(/allergies: added Ibuprofen \(27 Nov 2026/);
  expect(review).toHaveTextContent('Jane Patel, GPhC 2071234');
});

it('says nothing changed when the profile is as it was', async () => {
  const review = await openReview({ ...held, healthChanges: [] }, makeUser({ _id: 'u-alice', firstName: 'Alice', lastName: 'Smith' }));
  expect(await within(review).findByText('Nothing: the health profile is as it was when they ordered.')).toBeInTheDocument();
});

describe('a role without health.read', () => {
  it("opens a held order (its customer's health data restricted), then still changes another order's status", async () => {
    const plain = makeOrder({ _id: 'o-plain', orderStatus: 'confirmed', paymentStatus: 'paid' });
    const api = server(held, RESTRICTED_USER);
    api.on('GET', '/api/admin/orders/get', okList([plain, held], { total: 2, page: 1, limit: 20, awaitingReview: 1 }));
    api.on('GET', '/api/admin/orders/details/o-plain', ok(plain));
    api.on('PUT', '/api/admin/orders/update/o-plain', (req) => ok({ ...plain, orderStatus: (req.body as { orderStatus: OrderStatus }).orderStatus }));
    const actor = userEvent.setup();
    renderAdmin({ path: '/admin/orders', server: api, user: staffWithRole('support') });
    const table = await screen.findByRole('table', { name: 'Orders' });
    const open = async (id: string) => {
      const row = within(table).getByText(orderNumber(id)).closest('tr') as HTMLElement;
      await actor.click(within(row).getByRole('button', { name: 'View Details' }));
      return screen.findByRole('dialog', { name: 'Order details' });
    };
    const first = await open('o-held');
    await waitFor(() => expect(within(first).getAllByText('Restricted').length).toBeGreaterThan(0));
    await actor.keyboard('{Escape}');
    const second = await open('o-plain');
    await actor.selectOptions(await within(second).findByRole('combobox', { name: 'Change order status to' }), 'inProcess');
    await actor.click(within(second).getByRole('button', { name: 'Update order status' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/orders/update/o-plain').map((c) => c.body)).toEqual([{ orderStatus: 'inProcess' }]));
  });

  it("opens a user's details (health data restricted), then still searches the users", async () => {
    const api = fakeApi();
    api.on('GET', '/api/admin/users/get', okList([RESTRICTED_USER], { total: 1, page: 1, limit: 20 }));
    api.on('GET', `/api/admin/users/details/${RESTRICTED_USER._id}`, ok(RESTRICTED_USER));
    const actor = userEvent.setup();
    renderAdmin({ path: '/admin/users', server: api, user: staffWithRole('support') });
    const row = (await screen.findAllByRole('row')).find((r) => r.textContent?.includes('Alice'))!;
    await actor.click(within(row).getByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'User Details' });
    await waitFor(() => expect(within(dialog).getAllByText('Restricted')).toHaveLength(3));
    await actor.keyboard('{Escape}');
    await actor.type(screen.getByRole('searchbox', { name: /Search user/ }), 'Al');
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/users/get').at(-1)?.query).toMatchObject({ q: 'Al' }));
  });
});
