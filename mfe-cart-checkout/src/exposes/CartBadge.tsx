import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { CartCheckoutExposes } from '@pharmacy/contracts';
import { CartIcon, VisuallyHidden, media, th, visuallyHiddenCss } from '@pharmacy/ui';
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

/** On a phone the header row holds the logo, the cart and the menu button: the word gives way to the icon. */
const Word = styled.span`
  ${visuallyHiddenCss}
  ${media.sm} {
    position: static !important;
    width: auto;
    height: auto;
    margin: 0 0 0 0.25rem;
    overflow: visible;
    clip: auto;
  }
`;

/**
 * Header widget: the cart's item count, linking to /cart. Mounting it injects the cart slice and saga, so the
 * cross-remote addToCart command (contracts CartCommands.addItem) is handled on every page.
 */
function CartBadge() {
  useCartModule();
  const count = useSelector(selectCart).cart?.itemCount ?? 0;
  // The name is the visible text plus a hidden word ("Cart 2 items"), so a voice user saying what they see
  // ("click Cart") matches it.
  return (
    <Link to="/cart">
      <CartIcon />
      <Word>Cart</Word> <Count>{count}</Count>
      <VisuallyHidden> {count === 1 ? 'item' : 'items'}</VisuallyHidden>
    </Link>
  );
}

export default CartBadge satisfies CartCheckoutExposes['./CartBadge']['default'];
