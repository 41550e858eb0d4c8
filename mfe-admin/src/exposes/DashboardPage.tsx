import type { AdminExposes } from '@pharmacy/contracts';
import { DashboardPage as Dashboard } from '../dashboard/DashboardPage';
import { ForRole } from '../ForRole';
import { useAdminModule } from '../state/module';

// /admin/dashboard: injects the admin slice and saga into the host store before the screen selects from it.
function DashboardPage() {
  useAdminModule();
  return (
    <ForRole permission="dashboard.view" title="Dashboard">
      <Dashboard />
    </ForRole>
  );
}

export default DashboardPage satisfies AdminExposes['./DashboardPage']['default'];
