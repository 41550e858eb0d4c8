import './setup-globals';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { act, screen, waitFor, within } from '@testing-library/react';
import { signInSuccess } from '@pharmacy/session';
import { fakeRemoteModule, renderApp, signedInAs } from './harness';
import { networkError, noAnswer, shopper, staff } from '@pharmacy/test-kit';

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
  it('sends a signed-out visitor on /profile to /sign-in, remembering where they were going', async () => {
    const { router } = renderApp('/profile', signedInAs(null));
    await screen.findByText('remote:account/SignInPage');
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/profile' } });
    expect(screen.queryByText('remote:account/ProfilePage')).not.toBeInTheDocument();
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

  it('treats a failed auth check (network error) as signed out', async () => {
    const { router } = renderApp('/my-orders', { 'GET /api/auth/check-auth': networkError });
    await screen.findByText('remote:account/SignInPage');
    expect(router.state.location.pathname).toBe('/sign-in');
  });
});

describe('public routes', () => {
  it('renders home for an unknown path without redirecting', async () => {
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your pharmacy, delivered with care' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no/such/page');
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
