import type { AdminExposes } from '@pharmacy/contracts';
import { ProductsPage } from '../products/ProductsPage';
import { exposedScreen } from './screen';

// /admin/products
export default exposedScreen(ProductsPage, 'catalogue.manage', 'Products') satisfies AdminExposes['./ProductsPage']['default'];
