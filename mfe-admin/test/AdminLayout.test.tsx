import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { space } from '@pharmacy/ui';
import { fakeApi, fail, ok, okList } from '@pharmacy/test-kit';
import { PHONE, WIDE, renderAdmin } from './renderAdmin';


function server() {
  const s = fakeApi();
  s.on('GET', '/api/admin/users/get', ok([]));
  return s;
}

/** Renders /admin/users and waits for its (empty) list, so no update lands after the test. */
async function renderLayout(options: Parameters<typeof renderAdmin>[0]) {
  const view = renderAdmin({ path: '/admin/users', ...options });
  await screen.findByText('No users found');
  return view;
}

const location = () => screen.getByTestId('location').textContent;
const ENTRIES = ['Dashboard', 'Products', 'Orders', 'Users'];

describe('Admin layout on wide screens', () => {
  it('shows the "Admin Panel" sidebar with the entries in order, the current one active, and Sign Out', async () => {
    await renderLayout({ server: server(), viewport: WIDE });
    expect(screen.getByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin Panel' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(ENTRIES);
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/admin/dashboard', '/admin/products', '/admin/orders', '/admin/users']);
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Orders' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
  });

  it('is 64 spacing units (16rem) wide', async () => {
    await renderLayout({ server: server(), viewport: WIDE });
    const aside = screen.getByRole('complementary');
    expect(space(64)).toBe('16rem');
    expect(aside).toHaveStyle({ width: '16rem' });
  });

  it('navigates between the admin screens and renders the child route in the outlet', async () => {
    const user = userEvent.setup();
    const s = server();
    s.on('GET', '/api/admin/orders/get', okList([], { total: 0, page: 1, limit: 20 }));
    await renderLayout({ server: s, viewport: WIDE });
    await user.click(screen.getByRole('link', { name: 'Orders' }));
    expect(location()).toBe('/admin/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('Admin layout on small screens (< md): the sidebar is a drawer', () => {
  it('hides the sidebar behind an "Open menu" button', async () => {
    await renderLayout({ server: server(), viewport: PHONE });
    expect(screen.queryByRole('navigation', { name: 'Admin Panel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens a modal drawer with the entries, moves focus into it, and Escape closes it returning focus', async () => {
    const user = userEvent.setup();
    await renderLayout({ server: server(), viewport: PHONE });
    const button = screen.getByRole('button', { name: 'Open menu' });
    await user.click(button);

    const drawer = screen.getByRole('dialog', { name: 'Admin Panel' });
    expect(drawer).toHaveAttribute('aria-modal', 'true');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getAllByRole('link').map((l) => l.textContent)).toEqual(ENTRIES);
    expect(within(drawer).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(drawer).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Admin Panel' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps Tab inside the open drawer', async () => {
    const user = userEvent.setup();
    await renderLayout({ server: server(), viewport: PHONE });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Admin Panel' });
    // close button, four links, Sign Out: six stops, then back to the start.
    for (let i = 0; i < 8; i += 1) {
      await user.tab();
      expect(drawer).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(drawer).toContainElement(document.activeElement as HTMLElement);
  });

  it('closes on the overlay and on the close button', async () => {
    const user = userEvent.setup();
    await renderLayout({ server: server(), viewport: PHONE });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByTestId('drawer-overlay'));
    expect(screen.queryByRole('dialog', { name: 'Admin Panel' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog', { name: 'Admin Panel' })).not.toBeInTheDocument();
  });

  it('closes after choosing an entry and shows that screen', async () => {
    const user = userEvent.setup();
    const s = server();
    s.on('GET', '/api/admin/products/get', okList([], { total: 0, page: 1, limit: 24 }));
    await renderLayout({ server: s, viewport: PHONE });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Admin Panel' })).getByRole('link', { name: 'Products' }));
    expect(screen.queryByRole('dialog', { name: 'Admin Panel' })).not.toBeInTheDocument();
    expect(location()).toBe('/admin/products');
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
  });
});

describe('Sign Out', () => {
  it('signs out through the session and returns to / on success', async () => {
    const user = userEvent.setup();
    const s = server();
    s.on('POST', '/api/auth/logout', ok(null, 'Signed out.'));
    const { store } = await renderLayout({ server: s, viewport: WIDE });
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(s.callsTo('POST', '/api/auth/logout')).toHaveLength(1);
    expect(store.getState().session.currentUser).toBeNull();
    // Nothing of the customers' data stays in memory after sign-out.
    expect((store.getState() as unknown as { admin: { users: { list: unknown[] } } }).admin.users.list).toEqual([]);
  });

  it('stays on the admin screen and raises a destructive toast when the server refuses', async () => {
    const user = userEvent.setup();
    const s = server();
    s.on('POST', '/api/auth/logout', { status: 200, body: { success: false, message: 'Sign-out is unavailable right now.', code: 'UNAVAILABLE' } });
    const { store } = await renderLayout({ server: s, viewport: WIDE });
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    const region = screen.getByRole('region', { name: /^Notification/ });
    const toast = (await within(region).findByText('Could not sign out')).closest('li') as HTMLElement;
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('Sign-out is unavailable right now.');
    expect(location()).toBe('/admin/users');
    expect(store.getState().session.currentUser).not.toBeNull();
  });

  it('raises a destructive toast when the request fails', async () => {
    const user = userEvent.setup();
    const s = server();
    s.on('POST', '/api/auth/logout', fail(503, 'The account service is unavailable.', 'UNAVAILABLE'));
    await renderLayout({ server: s, viewport: WIDE });
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    const region = screen.getByRole('region', { name: /^Notification/ });
    await waitFor(() => expect(within(region).getByText('Could not sign out').closest('li')).toHaveAttribute('data-variant', 'destructive'));
    expect(location()).toBe('/admin/users');
  });
});
