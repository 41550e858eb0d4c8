import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderNumber, type Order, type User } from '@pharmacy/contracts';
import { fail, fakeApi, ok, okList, staffWithRole, type FakeApi } from '@pharmacy/test-kit';
import { NOT_FOR_YOUR_ROLE } from '../src/ForRole';
import { makeHeldOrder, makeOrder, makeStats, makeUser } from './fixtures';
import { renderAdmin } from './renderAdmin';

const LAST_ADMIN = 'This is the last administrator: without one nobody could manage staff roles. Make someone else an administrator first.';

/** The account service's users and role route as the dialog meets them: what was saved is what details answer next. */
function accountWith(users: User[]): FakeApi {
  const byId = new Map(users.map((u) => [u._id, u]));
  const server = fakeApi();
  server.on('GET', '/api/admin/users/get', () => okList([...byId.values()], { total: byId.size, page: 1, limit: 20 }));
  server.on('GET', /^\/api\/admin\/users\/details\/(.+)$/, (req) => ok(byId.get(req.path.split('/').pop()!)!));
  // the dialog's supply limits section (its own tests: SupplyOverrides.test.tsx)
  server.on('GET', '/api/admin/supply-limits/rules', ok({ version: '2026-11-27.1', market: 'GB', rules: [] }));
  server.on('GET', /^\/api\/admin\/supply-limits\/usage\/(.+)$/, (req) => ok({ userId: req.path.split('/').pop()!, windows: [], overrides: [] }));
  server.on('POST', '/api/shop/safety/terms/recognise', (req) => ok((req.body as { terms: string[] }).terms.map((term) => ({ term, recognised: true, canonical: term }))));
  server.on('PUT', /^\/api\/admin\/users\/roles\/(.+)$/, (req) => {
    const id = req.path.split('/').pop()!;
    const { roles, registrationNumber } = req.body as { roles: User['roles']; registrationNumber?: string | null };
    if (id === 'u-last-admin' && !roles.includes('admin')) return fail(409, LAST_ADMIN, 'CONFLICT');
    const saved: User = { ...byId.get(id)!, roles, admin: roles.length > 0, ...(registrationNumber ? { registrationNumber } : {}) };
    byId.set(id, saved);
    return ok(saved);
  });
  return server;
}

async function openDetails(name: string, server: FakeApi, signedIn = staffWithRole('admin')) {
  const user = userEvent.setup();
  renderAdmin({ path: '/admin/users', server, user: signedIn });
  const row = (await screen.findAllByRole('row')).find((r) => r.textContent?.includes(name))!;
  await user.click(within(row).getByRole('button', { name: /View Details/ }));
  const dialog = await screen.findByRole('dialog', { name: 'User Details' });
  await within(dialog).findByRole('heading', { name: 'Staff roles' });
  return { user, dialog };
}

const box = (dialog: HTMLElement, label: string) => within(dialog).getByRole('checkbox', { name: new RegExp(`^${label}`) });

describe('User Details: staff roles', () => {
  it('an administrator grants a role: the box is ticked, Save roles sends the roles and says they are saved', async () => {
    const server = accountWith([makeUser({ _id: 'u-bob', firstName: 'Bob', lastName: 'Stone' })]);
    const { user, dialog } = await openDetails('Bob', server);
    expect(STAFF_BOXES.map((label) => (box(dialog, label) as HTMLInputElement).checked)).toEqual([false, false, false, false]);
    const save = within(dialog).getByRole('button', { name: 'Save roles' });
    expect(save).toBeDisabled(); // nothing changed yet

    await user.click(box(dialog, 'Customer support'));
    await user.click(save);
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Roles saved'));
    expect(server.callsTo('PUT', '/api/admin/users/roles/u-bob').map((c) => c.body)).toEqual([{ roles: ['support'] }]);
    expect(box(dialog, 'Customer support')).toBeChecked();

    // A further change makes "saved" no longer true until it is saved too.
    await user.click(box(dialog, 'Catalogue'));
    expect(within(dialog).getByRole('status')).toHaveTextContent('');
  });

  it('removes a role, and a pharmacist’s registration number is asked for, checked and sent', async () => {
    const server = accountWith([makeUser({ _id: 'u-pat', firstName: 'Pat', lastName: 'Lee', admin: true, roles: ['catalogue'] })]);
    const { user, dialog } = await openDetails('Pat', server);
    expect(box(dialog, 'Catalogue')).toBeChecked();
    await user.click(box(dialog, 'Catalogue'));
    await user.click(box(dialog, 'Pharmacist'));
    const number = within(dialog).getByRole('textbox', { name: 'GPhC registration number' });
    await user.type(number, '12345');
    expect(within(dialog).getByText('A GPhC registration number is 7 digits, e.g. 2071234.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save roles' })).toBeDisabled();
    await user.type(number, '67');
    await user.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Roles saved'));
    expect(server.callsTo('PUT', '/api/admin/users/roles/u-pat').map((c) => c.body)).toEqual([{ roles: ['pharmacist'], registrationNumber: '1234567' }]);
  });

  it('the last administrator: the server’s refusal is shown and the boxes stay as ticked', async () => {
    const server = accountWith([makeUser({ _id: 'u-last-admin', firstName: 'Ada', lastName: 'Admin', admin: true, roles: ['admin'] })]);
    const { user, dialog } = await openDetails('Ada', server);
    await user.click(box(dialog, 'Administrator'));
    await user.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(LAST_ADMIN);
    expect(box(dialog, 'Administrator')).not.toBeChecked();
    expect(within(dialog).getByRole('status')).not.toHaveTextContent('Roles saved');
  });

  it('a member of staff who may not manage roles reads them, with the reason, and has nothing to tick', async () => {
    const server = accountWith([makeUser({ _id: 'u-pat', firstName: 'Pat', lastName: 'Lee', admin: true, roles: ['pharmacist'], registrationNumber: '2071234' })]);
    const { dialog } = await openDetails('Pat', server, staffWithRole('support'));
    expect(within(dialog).getByText('Pharmacist')).toBeInTheDocument();
    expect(within(dialog).getByText('GPhC registration number: 2071234')).toBeInTheDocument();
    expect(within(dialog).getByText(/Not available for your role: grant and remove staff roles needs the Administrator role/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Save roles' })).toBeNull();
  });
});

const STAFF_BOXES = ['Administrator', 'Pharmacist', 'Catalogue', 'Customer support'];

describe('screens a role may not use', () => {
  it('a support user’s Products screen says it is not for their role, asks the server nothing, and the sidebar keeps its five entries', async () => {
    const server = fakeApi();
    renderAdmin({ path: '/admin/products', server, user: staffWithRole('support') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(screen.getByText(NOT_FOR_YOUR_ROLE)).toBeInTheDocument();
    expect(screen.getByText('Products needs the Administrator or Catalogue role (add and edit products, stock, images and banners).')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Products' })).toBeNull();
    expect(server.callsTo('GET', '/api/admin/products/get')).toHaveLength(0);
    const sidebar = screen.getByRole('navigation', { name: 'Admin Panel' });
    expect(within(sidebar).getAllByRole('link').map((l) => l.textContent)).toEqual(['Dashboard', 'Products', 'Orders', 'Users']);
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('a catalogue user’s Users screen says so too, and their Products screen loads', async () => {
    const server = fakeApi();
    server.on('GET', '/api/admin/products/get', () => okList([], { total: 0, page: 1, limit: 24 }));
    const catalogue = staffWithRole('catalogue');
    const first = renderAdmin({ path: '/admin/users', server, user: catalogue });
    expect(await screen.findByText(NOT_FOR_YOUR_ROLE)).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/admin/users/get')).toHaveLength(0);
    first.unmount();
    renderAdmin({ path: '/admin/products', server, user: catalogue });
    await waitFor(() => expect(server.callsTo('GET', '/api/admin/products/get')).toHaveLength(1));
    expect(screen.queryByText(NOT_FOR_YOUR_ROLE)).toBeNull();
  });
});

/** The checkout's order list and details, and the customer's details, for one order. */
function checkoutWith(order: Order): FakeApi {
  const server = fakeApi();
  server.on('GET', '/api/admin/orders/get', okList([order], { total: 1, page: 1, limit: 20, awaitingReview: order.review.status === 'awaiting' ? 1 : 0 }));
  server.on('GET', `/api/admin/orders/details/${order._id}`, ok(order));
  server.on('GET', `/api/admin/users/details/${order.userId}`, ok(makeUser({ _id: order.userId, firstName: 'Alice', lastName: 'Smith' })));
  server.on('POST', '/api/shop/safety/terms/recognise', (req) => ok((req.body as { terms: string[] }).terms.map((term) => ({ term, recognised: true, canonical: term }))));
  return server;
}

async function openOrderAs(role: Parameters<typeof staffWithRole>[0], order: Order) {
  const user = userEvent.setup();
  renderAdmin({ path: '/admin/orders', server: checkoutWith(order), user: staffWithRole(role) });
  const row = (await screen.findByText(orderNumber(order._id))).closest('tr, li') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: 'View Details' }));
  return screen.findByRole('dialog', { name: 'Order details' });
}

describe('actions a role may not take, in Orders and on the Dashboard', () => {
  it('a support user sees a held order but not the decision: the reason stands where Approve and Reject would be', async () => {
    const dialog = await openOrderAs('support', makeHeldOrder({ _id: 'o-held' }));
    expect(await within(dialog).findByText(/approve or reject orders awaiting a pharmacist.*needs the Administrator or Pharmacist role/i)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Approve order' })).toBeNull();
  });

  it('a pharmacist may not move an order or its payment: the controls are disabled and say why', async () => {
    const dialog = await openOrderAs('pharmacist', makeOrder({ _id: 'o-plain', orderStatus: 'confirmed', paymentStatus: 'paid' }));
    expect(await within(dialog).findByRole('combobox', { name: 'Change order status to' })).toBeDisabled();
    expect(within(dialog).getByRole('combobox', { name: 'Change payment status to' })).toBeDisabled();
    expect(within(dialog).getByText(/change order status \(non-clinical\) needs the Administrator or Customer support role/)).toBeInTheDocument();
    expect(within(dialog).getByText(/change payment status and refund needs the Administrator or Customer support role/)).toBeInTheDocument();
  });

  it('a pharmacist’s dashboard shows the figures and asks nothing of the catalogue staff routes', async () => {
    const server = fakeApi();
    server.on('GET', '/api/admin/orders/stats', ok(makeStats()));
    renderAdmin({ path: '/admin/dashboard', server, user: staffWithRole('pharmacist') });
    expect(await screen.findByText('Revenue today')).toBeInTheDocument();
    expect(screen.getAllByText(/add and edit products, stock, images and banners needs the Administrator or Catalogue role/)).toHaveLength(2);
    expect(server.callsTo('GET', '/api/admin/products/get')).toHaveLength(0);
  });
});
