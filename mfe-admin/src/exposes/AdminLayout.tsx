import type { AdminExposes } from '@pharmacy/contracts';
import { AdminLayout as Layout } from '../layout/AdminLayout';

// /admin: the sidebar (a drawer on small screens) and an <Outlet/> for dashboard, products, orders and users.
function AdminLayout() {
  return <Layout />;
}

export default AdminLayout satisfies AdminExposes['./AdminLayout']['default'];
