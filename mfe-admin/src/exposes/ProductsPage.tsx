import type { AdminExposes } from '@pharmacy/contracts';
import { ProductsPage as Products } from '../products/ProductsPage';
import { ForRole } from '../ForRole';
import { useAdminModule } from '../state/module';

// /admin/products: injects the admin slice and saga into the host store before the screen selects from it.
function ProductsPage() {
  useAdminModule();
  return (
    <ForRole permission="catalogue.manage" title="Products">
      <Products />
    </ForRole>
  );
}

export default ProductsPage satisfies AdminExposes['./ProductsPage']['default'];
