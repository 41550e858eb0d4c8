import { PageTitle } from '@pharmacy/ui';
import type { CatalogExposes } from '@pharmacy/contracts';

// Placeholder until the catalog team ships this page.
function ProductDetails() {
  return (
    <section>
      <PageTitle>Product details</PageTitle>
      <p>Product details is coming soon.</p>
    </section>
  );
}

export default ProductDetails satisfies CatalogExposes['./ProductDetails']['default'];
