import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { CartCheckoutExposes } from '@pharmacy/contracts';
import { CartIcon, th } from '@pharmacy/ui';
import { selectCart } from '../cart/slice';
import { useCartModule } from '../cart/useCart';

const Count = styled.span`
  display: inline-block;
  min-width: 1.25rem;
  margin-left: 0.25rem;
  padding: 0 0.35rem;
  border-radius: 999px;
  background: ${th((t) => t.colors.brandStrong)};
  color: ${th((t) => t.colors.onBrand)};
  font-size: 0.75rem;
  text-align: center;
`;

/**
 * Header widget: the cart's item count, linking to /cart. Mounting it injects the cart slice and saga, so the
 * cross-remote addToCart command (contracts CartCommands.addItem) is handled on every page.
 */
function CartBadge() {
  useCartModule();
  const count = useSelector(selectCart).cart?.itemCount ?? 0;
  const label = `Cart, ${count} item${count === 1 ? '' : 's'}`;
  return (
    <Link to="/cart" aria-label={label}>
      <CartIcon /> <span aria-hidden="true">Cart</span>
      <Count aria-hidden="true">{count}</Count>
    </Link>
  );
}

export default CartBadge satisfies CartCheckoutExposes['./CartBadge']['default'];
