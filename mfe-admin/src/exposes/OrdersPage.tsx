import { PageTitle } from '@pharmacy/ui';
import type { AdminExposes } from '@pharmacy/contracts';

// Placeholder until the admin team ships this page.
function OrdersPage() {
  return (
    <section>
      <PageTitle>Orders</PageTitle>
      <p>Orders is coming soon.</p>
    </section>
  );
}

export default OrdersPage satisfies AdminExposes['./OrdersPage']['default'];
