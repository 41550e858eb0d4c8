import type { AdminExposes } from '@pharmacy/contracts';
import { ProductsScreen } from '../products/ProductsScreen';
import { useAdminModule } from '../state/module';

// /admin/products: the catalogue and its recalls, each shown to the roles that may use it (ProductsScreen).
function ExposedProducts() {
  useAdminModule();
  return <ProductsScreen />;
}
ExposedProducts.displayName = 'Exposed(Products)';
export default ExposedProducts satisfies AdminExposes['./ProductsPage']['default'];
