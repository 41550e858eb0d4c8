import { useId, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import styled from 'styled-components';
import { CART_MAX_QUANTITY, effectiveMaxPerOrder, hasSafetyWarnings, safetyMatch, type AddToCartProduct, type AddToCartProps, type HealthProfile } from '@pharmacy/contracts';
import { selectCurrentUser, type SessionRootState } from '@pharmacy/session';
import { Button, th } from '@pharmacy/ui';
import { QuantityPicker } from './QuantityPicker';
import { cartActions, selectCart } from './slice';
import { useCartModule } from './useCart';

const Buy = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${th((t) => t.space(3))};
`;

const Muted = styled.p`
  margin: 0;
  color: ${th((t) => t.colors.textMuted)};
`;

const Notice = styled.div`
  padding: ${th((t) => t.space(4))};
  border-radius: ${th((t) => t.radii.md)};
  background: ${th((t) => t.colors.warningSubtle)};
  h2 {
    margin: 0 0 ${th((t) => t.space(1))};
    font-size: ${th((t) => t.fontSizes.lg)};
  }
  p {
    margin: 0;
  }
`;

/** The quantity row and the line saying why its limit is what it is: the height the catalog reserves while loading. */
const Full = styled.div`
  min-height: 4rem;
`;

/** A card's button: the whole width, and at least 44 px tall so a thumb hits it. */
const CompactButton = styled(Button)`
  min-height: 2.75rem;
`;

const Warning = styled.p`
  margin: 0 0 ${th((t) => t.space(2))};
  font-size: ${th((t) => t.fontSizes.sm)};
  color: ${th((t) => t.colors.dangerStrong)};
`;

/** The most a shopper may put in the cart at once, and why (the server enforces the same limits and says when it caps). */
export function quantityLimit(p: AddToCartProduct): { max: number; why: string | null } {
  const perOrder = effectiveMaxPerOrder(p.maxPerOrder);
  const max = Math.max(0, Math.min(p.totalStock, perOrder, CART_MAX_QUANTITY));
  if (p.maxPerOrder !== null && p.maxPerOrder <= p.totalStock) {
    return { max, why: `Limited to ${p.maxPerOrder} per order, as advised for this medicine.` };
  }
  if (perOrder <= p.totalStock) return { max, why: `Limited to ${perOrder} per order.` };
  if (p.totalStock > 0 && p.totalStock <= 5) return { max, why: `Only ${p.totalStock} left in stock.` };
  return { max, why: null };
}

/** A card has no room for the product page's warning box: one line says there is one, and the page has the rest. */
function compactWarning(user: HealthProfile | null, product: AddToCartProduct): string | null {
  const match = safetyMatch(user, product);
  if (!hasSafetyWarnings(match)) return null;
  const why = [
    match.allergens.length > 0 ? `contains ${match.allergens.join(', ')}, which you are allergic to` : null,
    match.conditions.length > 0 ? `not advised with ${match.conditions.join(', ')}` : null,
    match.underAge !== null ? `only for people aged ${match.underAge} and over` : null,
  ].filter(Boolean);
  return `Check before you buy: ${why.join('; ')}. Ordering asks you to confirm you have read this.`;
}

/**
 * Add to cart for one product, on the product page (`full`) and on listing cards (`compact`). It injects the cart
 * slice and saga itself, so it works whatever else is on the page. Prescription-only and out-of-stock products
 * cannot be added; the quantity stays within the stock and the per-order limit; safety warnings do not block
 * adding (ordering asks for an acknowledgement), but a card names them before its button.
 */
export function AddToCart({ product, variant = 'full' }: AddToCartProps) {
  useCartModule();
  const dispatch = useDispatch();
  const adding = useSelector(selectCart).adding.includes(product._id);
  const user = useSelector((state: SessionRootState) => selectCurrentUser(state));
  const [quantity, setQuantity] = useState(1);
  const warningId = useId();
  const { max, why } = quantityLimit(product);
  const add = (n: number) => dispatch(cartActions.addRequested({ productId: product._id, quantity: n }));

  if (variant === 'compact') {
    // a card already shows the "Prescription only" badge: nothing to press
    if (product.requiresPrescription) return null;
    if (max <= 0) {
      return (
        <CompactButton fullWidth variant="secondary" disabled aria-label={`Out of stock: ${product.title}`}>
          Out of stock
        </CompactButton>
      );
    }
    const warning = compactWarning(user, product);
    return (
      <div>
        {warning && (
          <Warning id={warningId} role="note">
            <span aria-hidden="true">⚠ </span>
            {warning}
          </Warning>
        )}
        <CompactButton fullWidth aria-label={`Add to cart: ${product.title}`} aria-describedby={warning ? warningId : undefined} loading={adding} loadingLabel="Adding to cart" onClick={() => add(1)}>
          Add to cart
        </CompactButton>
      </div>
    );
  }

  if (product.requiresPrescription) {
    return (
      <Notice>
        <h2>Prescription-only medicine</h2>
        <p>
          This medicine can only be supplied against a valid prescription from your doctor, so it cannot be bought online. Bring your
          prescription to our pharmacy, or ask our pharmacists about a suitable alternative.
        </p>
      </Notice>
    );
  }
  if (max <= 0) {
    return (
      <Buy>
        <Button disabled>Out of stock</Button>
      </Buy>
    );
  }
  return (
    <Full>
      <Buy>
        <QuantityPicker value={Math.min(quantity, max)} max={max} onChange={setQuantity} describedBy={why ? `${warningId}-limit` : undefined} />
        <Button loading={adding} loadingLabel="Adding to cart" onClick={() => add(Math.min(quantity, max))}>
          Add to cart
        </Button>
      </Buy>
      {why && <Muted id={`${warningId}-limit`}>{why}</Muted>}
    </Full>
  );
}
