import { PageTitle } from '@pharmacy/ui';
import type { AdminExposes } from '@pharmacy/contracts';

// Placeholder until the admin team ships this page.
function UsersPage() {
  return (
    <section>
      <PageTitle>All Users</PageTitle>
      <p>All Users is coming soon.</p>
    </section>
  );
}

export default UsersPage satisfies AdminExposes['./UsersPage']['default'];
