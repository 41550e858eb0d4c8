import type { AdminExposes } from '@pharmacy/contracts';
import { useSearchParams } from 'react-router-dom';
import { DashboardPage as Dashboard } from '../dashboard/DashboardPage';
import { AUDIT_VIEW, AuditTrail } from '../dashboard/audit/AuditTrail';
import { ForRole } from '../ForRole';
import { useAdminModule } from '../state/module';

// /admin/dashboard: injects the admin slice and saga into the host store before the screen selects from it. The
// audit trail lives under the dashboard (?view=audit) so the sidebar keeps its five entries.
function DashboardPage() {
  useAdminModule();
  const [params] = useSearchParams();
  return params.get('view') === AUDIT_VIEW ? (
    <ForRole permission="audit.view" title="Audit trail">
      <AuditTrail />
    </ForRole>
  ) : (
    <ForRole permission="dashboard.view" title="Dashboard">
      <Dashboard />
    </ForRole>
  );
}

export default DashboardPage satisfies AdminExposes['./DashboardPage']['default'];
