import type { CatalogExposes } from '@pharmacy/contracts';
import { ListingPage } from '../listing/ListingPage';

/** /pharmacy/products (and the search results view with ?q=). */
function ProductListing() {
  return <ListingPage />;
}

export default ProductListing satisfies CatalogExposes['./ProductListing']['default'];
