import './setup-globals';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { signInSuccess } from '@pharmacy/session';
import { fakeRemoteModule, renderApp, signedInAs } from './harness';
import { networkError, noAnswer, reply, shopper, staff } from '@pharmacy/test-kit';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  getInstance: jest.fn(() => null),
}));
const loadRemoteMock = loadRemote as jest.MockedFunction<typeof loadRemote>;

beforeEach(() => {
  loadRemoteMock.mockReset();
  loadRemoteMock.mockImplementation(async (id: string) => fakeRemoteModule(id) as never);
});

describe('admin full screen', () => {
  it("renders the admin layout in the page's main landmark without the shop's header, footer or chat", async () => {
    renderApp('/admin/orders', signedInAs(staff));
    await screen.findByText('remote:admin/OrdersPage');
    expect(within(screen.getByRole('main')).getByText('remote:admin/AdminLayout')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Chat with us' })).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Quick help' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
    // no shop header: the admin's toasts float over its own screen
    expect(screen.getByRole('region', { name: 'Notification (F8)' })).toHaveAttribute('data-toast-region', 'floating');
  });

  it("puts the shop's header and footer back on leaving the admin", async () => {
    const { router } = renderApp('/admin/dashboard', signedInAs(staff));
    await screen.findByText('remote:admin/DashboardPage');
    await act(() => router.navigate('/'));
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});

describe('guards', () => {
  it('sends a signed-out visitor on /profile to /sign-in, remembering where they were going in the address', async () => {
    const { router } = renderApp('/profile?tab=health', signedInAs(null));
    await screen.findByText('remote:account/SignInPage');
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe('/profile?tab=health');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/profile' } });
    expect(screen.queryByText('remote:account/ProfilePage')).not.toBeInTheDocument();
  });

  it('guards My prescriptions the same way, keeping the medicine it was opened for', async () => {
    const { router } = renderApp('/prescriptions?productId=p-ator', signedInAs(null));
    await screen.findByText('remote:account/SignInPage');
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe('/prescriptions?productId=p-ator');
    expect(screen.queryByText('remote:account/PrescriptionsPage')).not.toBeInTheDocument();
  });

  it('shows My prescriptions to a signed-in shopper', async () => {
    renderApp('/prescriptions', signedInAs(shopper));
    expect(await screen.findByText('remote:account/PrescriptionsPage')).toBeInTheDocument();
  });

  it('lets a signed-in user reach /profile and re-checks the session on entering it', async () => {
    const { router, server } = renderApp('/profile', signedInAs(shopper));
    await screen.findByText('remote:account/ProfilePage');
    expect(router.state.location.pathname).toBe('/profile');
    expect(server.callsTo('GET', '/api/auth/check-auth').length).toBeGreaterThanOrEqual(1);
  });

  it('checks the session again when moving to another guarded route', async () => {
    const { router, server } = renderApp('/profile', signedInAs(shopper));
    await screen.findByText('remote:account/ProfilePage');
    const before = server.calls.length;
    await act(() => router.navigate('/my-orders'));
    await screen.findByText('remote:account/MyOrdersPage');
    await waitFor(() => expect(server.calls.length).toBeGreaterThan(before));
    expect(server.calls.at(-1)?.path).toBe('/api/auth/check-auth');
  });

  it('sends a signed-in non-admin on /admin/users to /sign-in', async () => {
    const { router } = renderApp('/admin/users', signedInAs(shopper));
    await screen.findByText('remote:account/SignInPage');
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(screen.queryByText('remote:admin/UsersPage')).not.toBeInTheDocument();
  });

  it.each(['/sign-in', '/signup'])('sends a signed-in user who opens %s home', async (path) => {
    const { router } = renderApp(path, signedInAs(shopper));
    await screen.findByRole('heading', { level: 1, name: 'Your pharmacy, delivered with care' });
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText(/remote:account\/Sign(In|Up)Page/)).not.toBeInTheDocument();
  });

  it('sends a signed-in user home when they follow a link to /sign-in from another page', async () => {
    const { router } = renderApp('/care', signedInAs(shopper));
    await screen.findByRole('button', { name: 'Menu' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/care'));
    await act(() => router.navigate('/sign-in'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows a visitor the sign-in form, and leaves the page in charge once they sign in on it', async () => {
    const { router, store } = renderApp('/sign-in', signedInAs(null));
    await screen.findByText('remote:account/SignInPage');
    // signing in ON the page: the page's own redirect (back where they were going, or the health step) decides
    act(() => {
      store.dispatch(signInSuccess(shopper));
    });
    expect(screen.getByText('remote:account/SignInPage')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('lets an admin reach /admin, which opens the dashboard inside the admin layout', async () => {
    const { router } = renderApp('/admin', signedInAs(staff));
    await screen.findByText('remote:admin/DashboardPage');
    expect(screen.getByText('remote:admin/AdminLayout')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('shows the spinner while the auth check is pending', async () => {
    renderApp('/profile', { 'GET /api/auth/check-auth': noAnswer });
    expect(await screen.findByText('Checking your sign-in')).toBeInTheDocument();
    expect(screen.getByTestId('spinner-svg')).toHaveAttribute('width', '50');
    expect(screen.queryByText('remote:account/ProfilePage')).not.toBeInTheDocument();
  });

  it('a check that gets no answer does not send the visitor to sign in: the shop says it cannot be reached, with Retry', async () => {
    let down = true;
    const { router } = renderApp('/my-orders', { 'GET /api/auth/check-auth': () => (down ? networkError() : reply(200, { success: true, user: shopper })) });
    expect(await screen.findByRole('heading', { name: 'This section is temporarily unavailable' })).toBeInTheDocument();
    expect(screen.getByText(/We can't reach the pharmacy right now/)).toHaveAttribute('role', 'status');
    expect(router.state.location.pathname).toBe('/my-orders');
    expect(screen.queryByText('remote:account/SignInPage')).not.toBeInTheDocument();

    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('remote:account/MyOrdersPage')).toBeInTheDocument();
    expect(screen.queryByText(/We can't reach the pharmacy/)).not.toBeInTheDocument();
  });

  it('keeps a signed-in shopper on a guarded page, signed in, while the shop cannot be reached', async () => {
    let down = false;
    const { router, store } = renderApp('/profile', { 'GET /api/auth/check-auth': () => (down ? networkError() : reply(200, { success: true, user: shopper })) });
    await screen.findByText('remote:account/ProfilePage');
    down = true;
    await act(() => router.navigate('/my-orders'));
    expect(await screen.findByText(/We can't reach the pharmacy right now/)).toBeInTheDocument();
    expect(screen.getByText('remote:account/MyOrdersPage')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/my-orders');
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, user: shopper });
    // the header's menu still names the shopper, with no Sign in
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(await screen.findByRole('button', { name: new RegExp(shopper.firstName) })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('a real "not signed in" answer still sends the visitor to sign in', async () => {
    const { router } = renderApp('/my-orders', signedInAs(null));
    await screen.findByText('remote:account/SignInPage');
    expect(router.state.location.pathname).toBe('/sign-in');
  });
});

describe('the page to return to', () => {
  it('a visitor following a link to sign in from a page of the shop is sent back to it (the address names it)', async () => {
    const { router } = renderApp('/care', signedInAs(null));
    await screen.findByRole('heading', { level: 1, name: 'Care advice' });
    await act(() => router.navigate('/sign-in'));
    await waitFor(() => expect(router.state.location.search).toBe('?returnTo=%2Fcare'));
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('keeps the page an address already names (the guard’s, the one carried between the forms)', async () => {
    const { router } = renderApp('/care', signedInAs(null));
    await screen.findByRole('heading', { level: 1, name: 'Care advice' });
    await act(() => router.navigate('/signup?returnTo=%2Fsecure%2Fcheckout'));
    await screen.findByText('remote:account/SignUpPage');
    expect(router.state.location.search).toBe('?returnTo=%2Fsecure%2Fcheckout');
  });

  it('sends someone already signed in on to the page the address names', async () => {
    const { router } = renderApp('/sign-in?returnTo=%2Fcart', signedInAs(shopper));
    await screen.findByText('remote:cartCheckout/CartPage');
    expect(router.state.location.pathname).toBe('/cart');
  });

  it.each(['//evil.example/x', 'https://evil.example/x', '/\\evil.example/x'])('never follows %s off the shop: home instead', async (target) => {
    const { router } = renderApp(`/sign-in?returnTo=${encodeURIComponent(target)}`, signedInAs(shopper));
    await screen.findByRole('heading', { level: 1, name: 'Your pharmacy, delivered with care' });
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('public routes', () => {
  it('renders home for an unknown path without redirecting, saying the page was not found, for people and search engines', async () => {
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your pharmacy, delivered with care' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no/such/page');
    expect(screen.getByText(/We couldn't find that page/)).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex'));
    expect(document.title).toMatch(/^Page not found/);
    // the home page itself is no "not found"
    await act(() => router.navigate('/'));
    await waitFor(() => expect(document.querySelector('meta[name="robots"]')).toBeNull());
    expect(screen.queryByText(/We couldn't find that page/)).not.toBeInTheDocument();
  });

  it('maps a product URL to the catalog remote', async () => {
    renderApp('/pharmacy/product/p-42');
    await screen.findByText('remote:catalog/ProductDetails');
    expect(loadRemoteMock).toHaveBeenCalledWith('catalog/ProductDetails');
  });

  it('renders the payment return page under /secure/checkout/return for a signed-in user', async () => {
    renderApp('/secure/checkout/return?paymentId=x', signedInAs(shopper));
    await screen.findByText('remote:cartCheckout/PaymentReturnPage');
  });

  it('renders a host content page with its title and meta description', async () => {
    renderApp('/care');
    expect(await screen.findByRole('heading', { level: 1, name: 'Care advice' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toContain('Care advice'));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/cold/i);
  });
});
