import type { CartCheckoutExposes } from '@pharmacy/contracts';
import { CartBadge } from '../cart/CartBadge';

export default CartBadge satisfies CartCheckoutExposes['./CartBadge']['default'];
