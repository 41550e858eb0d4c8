import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { CartIcon, HiddenOnPhone, VisuallyHidden, th } from '@pharmacy/ui';
import { selectCart } from './slice';
import { useCartModule } from './useCart';

const Count = styled.span`
  display: inline-block;
  min-width: 1.25rem;
  padding: 0 0.35rem;
  border-radius: 999px;
  background: ${th((t) => t.colors.brandStrong)};
  color: ${th((t) => t.colors.onBrand)};
  font-size: 0.75rem;
  text-align: center;
`;

/** One line, icon first, at least a 44 px touch target (the header reserves that height). */
const BadgeLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 0.25rem;
  min-height: 2.75rem;
  white-space: nowrap;
`;


/** Header widget: the cart's item count, linking to /cart (it injects the cart slice and saga itself, as AddToCart does). */
export function CartBadge() {
  useCartModule();
  const count = useSelector(selectCart).cart?.itemCount ?? 0;
  // The name is the visible text plus a hidden word ("Cart 2 items"), so a voice user saying what they see
  // ("click Cart") matches it.
  return (
    <BadgeLink to="/cart">
      <CartIcon />
      {/* on a phone the header row holds the logo, the cart and the menu button: the word gives way to the icon */}
      <HiddenOnPhone>Cart</HiddenOnPhone> <Count>{count}</Count>
      <VisuallyHidden> {count === 1 ? 'item' : 'items'}</VisuallyHidden>
    </BadgeLink>
  );
}
