import { Outlet } from 'react-router-dom';
import { PageTitle } from '@pharmacy/ui';
import type { AdminExposes } from '@pharmacy/contracts';

// Placeholder until the admin team ships the sidebar layout; the host renders the child routes in <Outlet/>.
function AdminLayout() {
  return (
    <section>
      <PageTitle>Admin Panel</PageTitle>
      <Outlet />
    </section>
  );
}

export default AdminLayout satisfies AdminExposes['./AdminLayout']['default'];
