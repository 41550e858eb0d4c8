import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { Navigate, RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import { createAppStore, selectAuth, useAppSelector } from '@pharmacy/session';
import { ThemeProvider } from '@pharmacy/ui';
import AdminLayout from '../src/exposes/AdminLayout';
import { fakeApi, ok, provideRouterRequest, setViewportWidth, staff } from '@pharmacy/test-kit';
import { WIDE } from './renderAdmin';


// The host mounts the admin remote in a data router (not the kit's MemoryRouter): that is the race under test.
beforeAll(provideRouterRequest);

// The host's shape: a data router with /admin behind a guard that sends a signed-out visitor to /sign-in.
function Guard({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAppSelector(selectAuth);
  return isAuthenticated ? <>{children}</> : <Navigate to="/sign-in" replace />;
}

it('Sign Out lands on / even though the /admin guard would send a signed-out visitor to /sign-in', async () => {
  setViewportWidth(WIDE);
  const server = fakeApi();
  server.on('POST', '/api/auth/logout', ok(null, 'Signed out.'));
  const store = createAppStore({
    preloadedState: {
      session: { currentUser: staff, error: null, loading: false },
      auth: { isAuthenticated: true, isLoading: false, user: staff },
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
