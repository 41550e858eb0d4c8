import type { AdminExposes } from '@pharmacy/contracts';
import { DashboardPage as Dashboard } from '../dashboard/DashboardPage';
import { useAdminModule } from '../state/module';

// /admin/dashboard: injects the admin slice and saga into the host store before the screen selects from it.
function DashboardPage() {
  useAdminModule();
  return <Dashboard />;
}

export default DashboardPage satisfies AdminExposes['./DashboardPage']['default'];
