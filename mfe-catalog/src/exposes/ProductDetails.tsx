import type { CatalogExposes } from '@pharmacy/contracts';
import { ProductPage } from '../product/ProductPage';

/** /pharmacy/product/:productId */
function ProductDetails() {
  return <ProductPage />;
}

export default ProductDetails satisfies CatalogExposes['./ProductDetails']['default'];
