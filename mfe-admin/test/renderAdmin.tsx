import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { configureApi, createAppStore, type AppStore, type SessionUser } from '@pharmacy/session';
import { ThemeProvider, Toaster, breakpoints, resetToasts } from '@pharmacy/ui';
import AdminLayout from '../src/exposes/AdminLayout';
import DashboardPage from '../src/exposes/DashboardPage';
import OrdersPage from '../src/exposes/OrdersPage';
import ProductsPage from '../src/exposes/ProductsPage';
import UsersPage from '../src/exposes/UsersPage';
import { createFakeServer, type FakeServer } from './fakeServer';
import type { AdminRootState } from '../src/state/selectors';

export const ADMIN: SessionUser = {
  _id: 'admin-1',
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'admin@pharmacy.local',
  allergies: [],
  healthConditions: [],
  admin: true,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};

/**
 * jsdom has no matchMedia; this one answers min-width/max-width queries for the given viewport width, so
 * the layout's small-screen behaviour runs as it would in a browser of that size.
 */
export function setViewportWidth(width: number) {
  const evaluate = (query: string) =>
    query
      .split(/\s+and\s+/)
      .every((part) => {
        const min = /min-width:\s*(\d+)px/.exec(part);
        const max = /max-width:\s*(\d+)px/.exec(part);
        if (min) return width >= Number(min[1]);
        if (max) return width <= Number(max[1]);
        return true;
      });
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: evaluate(query),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

export const WIDE = breakpoints.lg + 256;
export const PHONE = 375;

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

export interface RenderAdminOptions {
  path?: string;
  server?: FakeServer;
  viewport?: number;
}

/** The admin remote as the host mounts it: host store (session + injected admin slice), router, toasts. */
export function renderAdmin({ path = '/admin/users', server = createFakeServer(), viewport = WIDE }: RenderAdminOptions = {}) {
  setViewportWidth(viewport);
  configureApi({ baseUrl: '', fetch: server.fetch as typeof fetch });
  const store: AppStore = createAppStore({
    preloadedState: {
      session: { currentUser: ADMIN, error: null, loading: false },
      auth: { isAuthenticated: true, isLoading: false, user: ADMIN },
    },
  });
  const utils = render(
    <Provider store={store}>
      <ThemeProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/" element={<h1>Home page</h1>} />
            <Route path="/sign-in" element={<h1>Sign in page</h1>} />
            <Route path="/admin" element={<AdminLayout />}>
              <Route index element={<Navigate to="dashboard" replace />} />
              <Route path="dashboard" element={<DashboardPage />} />
              <Route path="products" element={<ProductsPage />} />
              <Route path="orders" element={<OrdersPage />} />
              <Route path="users" element={<UsersPage />} />
            </Route>
          </Routes>
          <LocationProbe />
        </MemoryRouter>
        <Toaster />
      </ThemeProvider>
    </Provider>,
  );
  const state = () => store.getState() as unknown as AdminRootState;
  return { ...utils, store, server, state };
}

/** Call from afterEach: toasts live in a module-level store shared by every test in the file. */
export function resetAdminTestEnvironment() {
  act(() => resetToasts());
}
