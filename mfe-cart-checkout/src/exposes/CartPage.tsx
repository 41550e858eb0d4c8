import type { CartCheckoutExposes } from '@pharmacy/contracts';
import { CartPage } from '../cart/CartPage';

export default CartPage satisfies CartCheckoutExposes['./CartPage']['default'];
