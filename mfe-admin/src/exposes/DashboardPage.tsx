import type { AdminExposes } from '@pharmacy/contracts';
import { useSearchParams } from 'react-router-dom';
import { DashboardPage as Dashboard } from '../dashboard/DashboardPage';
import { AUDIT_VIEW, AuditTrail } from '../dashboard/audit/AuditTrail';
import { RemoteBuilds, REMOTES_VIEW } from '../dashboard/remotes/RemoteBuilds';
import { ForRole } from '../ForRole';
import { useAdminModule } from '../state/module';

// /admin/dashboard: injects the admin slice and saga into the host store before the screen selects from it. The
// audit trail (?view=audit) and the remote builds (?view=remotes) live under the dashboard so the sidebar keeps its
// five entries.
function DashboardPage() {
  useAdminModule();
  const [params] = useSearchParams();
  const view = params.get('view');
  if (view === REMOTES_VIEW) {
    return (
      <ForRole permission="remotes.manage" title="Remote builds">
        <RemoteBuilds />
      </ForRole>
    );
  }
  return view === AUDIT_VIEW ? (
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
