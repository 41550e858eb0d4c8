import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { Navigate, RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import { configureApi, createAppStore, selectAuth, useAppSelector } from '@pharmacy/session';
import { ThemeProvider } from '@pharmacy/ui';
import AdminLayout from '../src/exposes/AdminLayout';
import { createFakeServer, ok } from './fakeServer';
import { ADMIN, WIDE, resetAdminTestEnvironment, setViewportWidth } from './renderAdmin';

afterEach(resetAdminTestEnvironment);

// A data router (as the host uses) builds a Request per navigation; jest's jsdom lacks the class. The router
// reads only url, method, headers and signal.
beforeAll(() => {
  if (typeof globalThis.Request !== 'undefined') return;
  class RequestStandIn {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;
    readonly headers = new Map<string, string>();
    constructor(input: string | URL, init: { method?: string; signal?: AbortSignal } = {}) {
      this.url = String(input);
      this.method = init.method ?? 'GET';
      this.signal = init.signal ?? new AbortController().signal;
    }
  }
  Object.defineProperty(globalThis, 'Request', { value: RequestStandIn, writable: true, configurable: true });
});

// The host's shape: a data router with /admin behind a guard that sends a signed-out visitor to /sign-in.
function Guard({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAppSelector(selectAuth);
  return isAuthenticated ? <>{children}</> : <Navigate to="/sign-in" replace />;
}

it('Sign Out lands on / even though the /admin guard would send a signed-out visitor to /sign-in', async () => {
  setViewportWidth(WIDE);
  const server = createFakeServer();
  server.on('POST', '/api/auth/logout', ok(null, 'Signed out.'));
  configureApi({ fetch: server.fetch as typeof fetch });
  const store = createAppStore({
    preloadedState: {
      session: { currentUser: ADMIN, error: null, loading: false },
      auth: { isAuthenticated: true, isLoading: false, user: ADMIN },
    },
  });
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home page</h1> },
      { path: '/sign-in', element: <h1>Sign in page</h1> },
      {
        path: '/admin',
        element: (
          <Guard>
            <AdminLayout />
          </Guard>
        ),
        children: [{ path: 'users', element: <p>users</p> }],
      },
    ],
    { initialEntries: ['/admin/users'] },
  );
  render(
    <Provider store={store}>
      <ThemeProvider>
        <RouterProvider router={router} />
      </ThemeProvider>
    </Provider>,
  );
  await userEvent.setup().click(screen.getByRole('button', { name: 'Sign Out' }));
  expect(await screen.findByRole('heading', { name: /page$/ })).toBeInTheDocument();
  await new Promise((r) => setTimeout(r, 50));
  expect(router.state.location.pathname).toBe('/');
  expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
});
