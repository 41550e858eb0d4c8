import './setup-globals';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { act, screen, waitFor } from '@testing-library/react';
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
