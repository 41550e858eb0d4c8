import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@pharmacy/contracts';
import { fakeApi, deferred, fail, ok, okList, type FakeReply } from '@pharmacy/test-kit';
import { USERS, makeUser } from './fixtures';
import { renderAdmin } from './renderAdmin';
import { usersActions } from '../src/users/slice';


/**
 * The account service as the screen meets it: newest first, found by first, last or "first last" name ignoring
 * case, a page at a time with the total (services/account answers the same; its own tests check it does).
 */
const answerUsers = (users: User[]) => (req: { query: Record<string, string> }) => {
  const needle = (req.query.q ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  const page = Number(req.query.page ?? 1);
  const limit = Number(req.query.limit ?? 20);
  const found = users
    .filter((u) => {
      const [first, last] = [u.firstName, u.lastName].map((n) => (n ?? '').trim().toLowerCase());
      return !needle || first.includes(needle) || last.includes(needle) || `${first} ${last}`.includes(needle);
    })
    .sort((a, b) => Date.parse(b.createdAt ?? '') - Date.parse(a.createdAt ?? ''));
  return okList(found.slice((page - 1) * limit, page * limit), { total: found.length, page, limit });
};

function serverWithUsers(users = USERS) {
  const server = fakeApi();
  server.on('GET', '/api/admin/users/get', answerUsers(users));
  for (const user of users) server.on('GET', `/api/admin/users/details/${user._id}`, ok(user));
  server.on('POST', '/api/shop/safety/terms/recognise', recognising());
  return server;
}

/** The catalog's recognise call, knowing every term but `unknown` (compared as the table does: ignoring case). */
const recognising =
  (...unknown: string[]) =>
  (req: { body: unknown }) =>
    ok(
      (req.body as { terms: string[] }).terms.map((term) =>
        unknown.some((u) => u.toLowerCase() === term.toLowerCase()) ? { term, recognised: false } : { term, recognised: true, canonical: term },
      ),
    );

const table = () => screen.getByRole('table', { name: 'Users' });
/** First names of the body rows, in display order. */
const firstNames = () => {
  if (screen.queryByRole('table', { name: 'Users' }) === null) return [];
  return within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2].textContent);
};
const search = () => screen.getByPlaceholderText('Search user...');
// hidden: an open dialog marks everything outside it aria-hidden, the toast region included.
const notification = () => screen.getByRole('region', { name: /^Notification/, hidden: true });

/** `count` users, User0 the oldest, so the newest-first list starts with the last one. */
const manyUsers = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    makeUser({ _id: `u-${i}`, firstName: `User${i}`, lastName: 'Many', createdAt: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString() }),
  );

async function renderUsers(server = serverWithUsers()) {
  const view = renderAdmin({ path: '/admin/users', server });
  await screen.findByRole('table', { name: 'Users' });
  return view;
}

describe('Admin Users screen', () => {
  it('is titled All Users and shows the columns #, User ID, First Name, Last Name, Email and a View Details button', async () => {
    await renderUsers();
    expect(screen.getByRole('heading', { level: 1, name: 'All Users' })).toBeInTheDocument();
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['#', 'User ID', 'First Name', 'Last Name', 'Email', 'Actions']);
    const firstRow = within(table()).getAllByRole('row')[1];
    expect(within(firstRow).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      '1',
      'u-carla',
      'Carla',
      'Alison',
      'carla@example.com',
      'View Details',
    ]);
    expect(within(table()).getAllByRole('button', { name: 'View Details' })).toHaveLength(3);
  });

  it('shows the rows in the order the server sends them (newest first), numbered', async () => {
    await renderUsers();
    expect(firstNames()).toEqual(['Carla', 'Bob', 'Alice']);
    const numbers = within(table())
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0].textContent);
    expect(numbers).toEqual(['1', '2', '3']);
    expect(screen.getByText('1–3 of 3 users')).toBeInTheDocument();
  });

  const searches = (server: ReturnType<typeof fakeApi>) => server.callsTo('GET', '/api/admin/users/get').map((r) => r.query.q ?? '');

  it('asks the server for the first page of each term and shows its matches (first, last or full name)', async () => {
    const server = serverWithUsers();
    await renderUsers(server);
    fireEvent.change(search(), { target: { value: 'BOB' } });
    await waitFor(() => expect(firstNames()).toEqual(['Bob']));
    fireEvent.change(search(), { target: { value: 'ali' } });
    await waitFor(() => expect(firstNames()).toEqual(['Carla', 'Alice']));
    fireEvent.change(search(), { target: { value: 'B ST' } });
    await waitFor(() => expect(firstNames()).toEqual(['Bob']));
    expect(searches(server)).toEqual(['', 'BOB', 'ali', 'B ST']);
    expect(server.callsTo('GET', '/api/admin/users/get').slice(1).map((r) => r.query.page)).toEqual(['1', '1', '1']);
  });

  it('sends each keystroke at once (no debounce), and shows the last term\'s answer', async () => {
    const server = serverWithUsers();
    await renderUsers(server);
    jest.useFakeTimers();
    try {
      fireEvent.change(search(), { target: { value: 'c' } });
      fireEvent.change(search(), { target: { value: 'ca' } });
      // No timer has run, so nothing could have been deferred.
      expect(searches(server)).toEqual(['', 'c', 'ca']);
    } finally {
      jest.useRealTimers();
    }
    await waitFor(() => expect(firstNames()).toEqual(['Carla']));
  });

  it('lists everyone again when the term is emptied, and treats a blank term as empty', async () => {
    const server = serverWithUsers();
    await renderUsers(server);
    fireEvent.change(search(), { target: { value: 'bob' } });
    await waitFor(() => expect(firstNames()).toEqual(['Bob']));
    fireEvent.change(search(), { target: { value: '   ' } });
    await waitFor(() => expect(firstNames()).toEqual(['Carla', 'Bob', 'Alice']));
    expect(searches(server).at(-1)).toBe('');
  });

  it('says "No users found" when nothing matches, and why', async () => {
    await renderUsers();
    fireEvent.change(search(), { target: { value: 'zebra' } });
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.getByText('No user\'s name matches "zebra".')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Users' })).not.toBeInTheDocument();
    fireEvent.change(search(), { target: { value: '' } });
    await screen.findByRole('table', { name: 'Users' });
    expect(screen.queryByText('No users found')).not.toBeInTheDocument();
  });

  it('pages through many users: the pager asks for the page, rows are numbered across pages, the total is shown', async () => {
    const user = userEvent.setup();
    const many = manyUsers(45);
    const server = serverWithUsers(many);
    await renderUsers(server);
    expect(firstNames()).toHaveLength(20);
    expect(firstNames()[0]).toBe('User44');
    expect(screen.getByText('1–20 of 45 users')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Users pages' });
    await user.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(firstNames()).toEqual(['User4', 'User3', 'User2', 'User1', 'User0']));
    expect(screen.getByText('41–45 of 45 users')).toBeInTheDocument();
    expect(within(within(table()).getAllByRole('row')[1]).getAllByRole('cell')[0].textContent).toBe('41');
    expect(server.callsTo('GET', '/api/admin/users/get').at(-1)?.query).toMatchObject({ page: '3', limit: '20' });
    // A search starts again from its first page.
    fireEvent.change(search(), { target: { value: 'user1' } });
    await waitFor(() => expect(screen.getByText('1–11 of 11 users')).toBeInTheDocument());
    expect(server.callsTo('GET', '/api/admin/users/get').at(-1)?.query).toMatchObject({ q: 'user1', page: '1' });
  });

  it('steps back to the last page that has users when the page asked for was emptied meanwhile (erasures)', async () => {
    const user = userEvent.setup();
    const many = manyUsers(45);
    const server = serverWithUsers(many);
    await renderUsers(server);
    // Fifteen accounts erased while the pager still offers page 3.
    many.splice(0, 15);
    await user.click(within(screen.getByRole('navigation', { name: 'Users pages' })).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getByText('21–30 of 30 users')).toBeInTheDocument());
    expect(firstNames()).toHaveLength(10);
    expect(server.callsTo('GET', '/api/admin/users/get').map((call) => call.query.page).slice(-2)).toEqual(['3', '2']);
  });

  it('says "No users found" when the server has no users', async () => {
    renderAdmin({ path: '/admin/users', server: serverWithUsers([]) });
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });

  it('opens "User Details" with its subtitle and every field, in order', async () => {
    const user = userEvent.setup();
    await renderUsers();
    const aliceRow = within(table()).getByRole('cell', { name: 'Alice' }).closest('tr') as HTMLElement;
    await user.click(within(aliceRow).getByRole('button', { name: 'View Details' }));

    const dialog = await screen.findByRole('dialog', { name: 'User Details' });
    expect(dialog).toHaveAccessibleDescription('All personal and account information');
    await within(dialog).findByText('u-alice');
    const terms = within(dialog)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(terms).toEqual(['ID', 'Name', 'Email', 'Phone', 'DOB', 'Allergies', 'Health Conditions', 'Created At', 'Updated At']);
    const values = within(dialog)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(values.slice(0, 7)).toEqual(['u-alice', 'Alice Smith', 'alice@example.com', '+1 555 0100', '14 May 1990', 'Penicillin', 'Asthma']);
    expect(values[7]).toMatch(/2024/);
    expect(values[8]).toMatch(/2024/);
  });

  it('marks the allergies and conditions the medicine knowledge table does not recognise', async () => {
    const user = userEvent.setup();
    const dana = makeUser({ _id: 'u-dana', firstName: 'Dana', lastName: 'Reyes', allergies: ['Nurofen', 'moonflower pollen'], healthConditions: ['High blood pressure', 'Zeltar syndrome'] });
    const server = serverWithUsers([dana]);
    server.on('POST', '/api/shop/safety/terms/recognise', recognising('Moonflower pollen', 'zeltar syndrome'));
    await renderUsers(server);
    await user.click(screen.getByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'User Details' });
    const row = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
    await within(row('Allergies')).findByText('Not recognised — check with the customer');

    const marked = (label: string) =>
      within(row(label))
        .getAllByRole('listitem')
        .filter((li) => li.textContent?.includes('Not recognised'))
        .map((li) => within(li).getByText((_, el) => el?.tagName === 'MARK').textContent);
    expect(marked('Allergies')).toEqual(['moonflower pollen']);
    expect(marked('Health Conditions')).toEqual(['Zeltar syndrome']);
    expect(within(row('Allergies')).getByText('Nurofen')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/shop/safety/terms/recognise').map((r) => r.body)).toEqual([
      { terms: ['Nurofen', 'moonflower pollen', 'High blood pressure', 'Zeltar syndrome'] },
    ]);
  });

  it('says the terms could not be checked when the catalog does not answer, and marks none', async () => {
    const user = userEvent.setup();
    const server = serverWithUsers();
    server.on('POST', '/api/shop/safety/terms/recognise', fail(503, 'The catalog is unavailable.', 'UNAVAILABLE'));
    await renderUsers(server);
    await user.click(within(table()).getAllByRole('button', { name: 'View Details' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'User Details' });
    const notes = await within(dialog).findAllByText(/could not be checked against the medicine list/);
    expect(notes).toHaveLength(2);
    expect(within(dialog).queryByText('Not recognised — check with the customer')).not.toBeInTheDocument();
  });

  it('shows a dash for every missing value', async () => {
    const user = userEvent.setup();
    const sparse = makeUser({
      _id: 'u-sparse',
      firstName: 'Sam',
      lastName: '',
      email: '',
      phone: null,
      DOB: null,
      allergies: [],
      healthConditions: [],
      updatedAt: '',
      createdAt: '2024-06-01T00:00:00.000Z',
    });
    await renderUsers(serverWithUsers([sparse]));
    await user.click(screen.getByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'User Details' });
    await within(dialog).findByText('u-sparse');
    const rows = Object.fromEntries(
      within(dialog)
        .getAllByRole('term')
        .map((t) => [t.textContent, t.nextElementSibling?.textContent]),
    );
    expect(rows).toMatchObject({
      Name: 'Sam',
      Email: '—',
      Phone: '—',
      DOB: '—',
      Allergies: '—',
      'Health Conditions': '—',
      'Updated At': '—',
    });
  });

  it('clears the loaded details when the dialog closes (close button and Escape)', async () => {
    const user = userEvent.setup();
    const { state } = await renderUsers();
    await user.click(within(table()).getAllByRole('button', { name: 'View Details' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'User Details' });
    await within(dialog).findByText('u-carla');
    expect(state().admin.users.details?._id).toBe('u-carla');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(state().admin.users.details).toBeNull();

    await user.click(within(table()).getAllByRole('button', { name: 'View Details' })[1]);
    await within(await screen.findByRole('dialog', { name: 'User Details' })).findByText('u-bob');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(state().admin.users.details).toBeNull();
  });

  it('keeps the details null when the dialog closes before they arrive', async () => {
    const user = userEvent.setup();
    const server = serverWithUsers();
    const late = deferred<FakeReply>();
    server.on('GET', '/api/admin/users/details/u-bob', () => late.promise);
    const { state } = await renderUsers(server);
    const bobRow = within(table()).getByRole('cell', { name: 'Bob' }).closest('tr') as HTMLElement;
    await user.click(within(bobRow).getByRole('button', { name: 'View Details' }));
    await screen.findByRole('dialog', { name: 'User Details' });
    await user.keyboard('{Escape}');
    await act(async () => late.resolve(ok(USERS[0])));
    expect(state().admin.users.details).toBeNull();
    expect(state().admin.users.detailsLoading).toBe(false);
  });
});

describe('Admin Users failures', () => {
  it('empties the list when a fetch fails and says so in a destructive toast', async () => {
    const server = serverWithUsers();
    const { store, state } = await renderUsers(server);
    expect(state().admin.users.list).toHaveLength(3);

    server.on('GET', '/api/admin/users/get', fail(503, 'The account service is unavailable. Please try again shortly.', 'UNAVAILABLE'));
    act(() => {
      store.dispatch(usersActions.fetchUsers());
    });

    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(state().admin.users.list).toEqual([]);
    const toast = within(notification()).getByText('Could not load users').closest('li') as HTMLElement;
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('The account service is unavailable. Please try again shortly.');
  });

  it('empties the list on a network failure too', async () => {
    const server = fakeApi();
    server.on('GET', '/api/admin/users/get', () => Promise.reject(new TypeError('Failed to fetch')));
    const { state } = renderAdmin({ path: '/admin/users', server });
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(state().admin.users.list).toEqual([]);
    expect(within(notification()).getByText('Could not load users').closest('li')).toHaveAttribute('data-variant', 'destructive');
  });

  it('resets the details to null when their fetch fails, with a destructive toast', async () => {
    const user = userEvent.setup();
    const server = serverWithUsers();
    server.on('GET', '/api/admin/users/details/u-alice', fail(404, 'That user no longer exists.', 'NOT_FOUND'));
    const { state } = await renderUsers(server);

    // Details of another user were loaded before: the failure must not leave them showing.
    await user.click(within(table()).getAllByRole('button', { name: 'View Details' })[0]);
    await within(await screen.findByRole('dialog', { name: 'User Details' })).findByText('u-carla');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const aliceRow = within(table()).getByRole('cell', { name: 'Alice' }).closest('tr') as HTMLElement;
    await user.click(within(aliceRow).getByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'User Details' });
    expect(await within(dialog).findByText('The details of this user could not be loaded.')).toBeInTheDocument();
    expect(state().admin.users.details).toBeNull();
    const toast = within(notification()).getByText('Could not load the user details').closest('li') as HTMLElement;
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('That user no longer exists.');
  });
});
