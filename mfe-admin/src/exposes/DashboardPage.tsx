import type { AdminExposes } from '@pharmacy/contracts';
import { useSearchParams } from 'react-router-dom';
import { DashboardPage as Dashboard } from '../dashboard/DashboardPage';
import { AUDIT_VIEW, AuditTrail } from '../dashboard/audit/AuditTrail';
import { useAdminModule } from '../state/module';

// /admin/dashboard: injects the admin slice and saga into the host store before the screen selects from it.
function DashboardPage() {
  useAdminModule();
  const [params] = useSearchParams();
  return params.get('view') === AUDIT_VIEW ? <AuditTrail /> : <Dashboard />;
}

export default DashboardPage satisfies AdminExposes['./DashboardPage']['default'];
