import { PageTitle } from '@pharmacy/ui';
import type { AccountExposes } from '@pharmacy/contracts';

// Placeholder until the account team ships this page.
function MyOrdersPage() {
  return (
    <section>
      <PageTitle>My orders</PageTitle>
      <p>My orders is coming soon.</p>
    </section>
  );
}

export default MyOrdersPage satisfies AccountExposes['./MyOrdersPage']['default'];
