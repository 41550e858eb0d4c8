import { PageTitle } from '@pharmacy/ui';
import type { CatalogExposes } from '@pharmacy/contracts';

// Placeholder until the catalog team ships this page.
function ProductListing() {
  return (
    <section>
      <PageTitle>Products</PageTitle>
      <p>Products is coming soon.</p>
    </section>
  );
}

export default ProductListing satisfies CatalogExposes['./ProductListing']['default'];
