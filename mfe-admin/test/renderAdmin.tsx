import { Navigate, Route } from 'react-router-dom';
import type { SessionUser } from '@pharmacy/session';
import { breakpoints } from '@pharmacy/ui';
import { fakeApi, renderWithStore, setViewportWidth, staff, type FakeApi } from '@pharmacy/test-kit';
import AdminLayout from '../src/exposes/AdminLayout';
import DashboardPage from '../src/exposes/DashboardPage';
import OrdersPage from '../src/exposes/OrdersPage';
import ProductsPage from '../src/exposes/ProductsPage';
import UsersPage from '../src/exposes/UsersPage';
import type { AdminRootState } from '../src/state/selectors';

export const WIDE = breakpoints.lg + 256;
export const PHONE = 375;

export interface RenderAdminOptions {
  path?: string;
  server?: FakeApi;
  viewport?: number;
  /** Who is signed in: an administrator unless a test names another member of staff. */
  user?: SessionUser;
}

/** The admin remote as the host mounts it: its pages under /admin in the layout, a member of staff signed in. */
export function renderAdmin({ path = '/admin/users', server = fakeApi(), viewport = WIDE, user = staff }: RenderAdminOptions = {}) {
  setViewportWidth(viewport);
  const utils = renderWithStore(<AdminLayout />, {
    path: '/admin',
    url: path,
    user,
    children: (
      <>
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="products" element={<ProductsPage />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="users" element={<UsersPage />} />
      </>
    ),
    routes: (
      <>
        <Route path="/" element={<h1>Home page</h1>} />
        <Route path="/sign-in" element={<h1>Sign in page</h1>} />
      </>
    ),
  });
  const state = () => utils.store.getState() as unknown as AdminRootState;
  return { ...utils, server, state };
}
