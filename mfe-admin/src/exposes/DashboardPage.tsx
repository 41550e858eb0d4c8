import { PageTitle } from '@pharmacy/ui';
import type { AdminExposes } from '@pharmacy/contracts';

// Placeholder until the admin team ships this page.
function DashboardPage() {
  return (
    <section>
      <PageTitle>Dashboard</PageTitle>
      <p>Dashboard is coming soon.</p>
    </section>
  );
}

export default DashboardPage satisfies AdminExposes['./DashboardPage']['default'];
