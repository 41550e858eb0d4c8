import { Link } from 'react-router-dom';
import type { CartCheckoutExposes } from '@pharmacy/contracts';

// Placeholder until the cartCheckout team ships the badge with the item count.
function CartBadge() {
  return <Link to="/cart">Cart</Link>;
}

export default CartBadge satisfies CartCheckoutExposes['./CartBadge']['default'];
