import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderNumber, type StaffOrder, type StaffUser } from '@pharmacy/contracts';
import { fakeApi, ok, okList } from '@pharmacy/test-kit';
import { makeHeldOrder, makeUser } from './fixtures';
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
