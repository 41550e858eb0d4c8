import { PageTitle } from '@pharmacy/ui';
import type { AdminExposes } from '@pharmacy/contracts';

// Placeholder until the admin team ships this page.
function ProductsPage() {
  return (
    <section>
      <PageTitle>Products</PageTitle>
      <p>Products is coming soon.</p>
    </section>
  );
}

export default ProductsPage satisfies AdminExposes['./ProductsPage']['default'];
