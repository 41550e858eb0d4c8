import type { AdminExposes } from '@pharmacy/contracts';
import { ProductsPage as Products } from '../products/ProductsPage';
import { useAdminModule } from '../state/module';

// /admin/products: injects the admin slice and saga into the host store before the screen selects from it.
function ProductsPage() {
  useAdminModule();
  return <Products />;
}

export default ProductsPage satisfies AdminExposes['./ProductsPage']['default'];
