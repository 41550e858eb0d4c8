import { useId, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import styled from 'styled-components';
import { CART_MAX_QUANTITY, effectiveMaxPerOrder, safetyBlockMessage, type AddToCartProduct, type AddToCartProps, type SafetyBlock } from '@pharmacy/contracts';
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

/** Beside the disabled button: why this shopper cannot add it (the catalog's words). */
const Blocked = styled.div`
  margin-top: ${th((t) => t.space(3))};
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

const Reason = styled.p`
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

/**
 * Why this shopper cannot add the product: the catalog's answer the page passed in, else what the product's own
 * fields say (prescription only); an add the server refused for the shopper's age keeps its words on the button.
 */
function blockOf(product: AddToCartProduct, safety: AddToCartProps['safety'], refusal: string | undefined): SafetyBlock | null {
  if (safety?.blocked) return safety.blocked;
  if (product.requiresPrescription) return { code: 'PRESCRIPTION_REQUIRED', message: safetyBlockMessage('PRESCRIPTION_REQUIRED') };
  if (refusal) return { code: 'UNDER_AGE', message: refusal };
  return null;
}

/**
 * Add to cart for one product, on the product page (`full`) and on listing cards (`compact`). It injects the cart
 * slice and saga itself, so it works whatever else is on the page. What the catalog blocks for this shopper
 * (prescription only, under the product's minimum age) cannot be added: the button is disabled and the reason
 * stands beside it. Out-of-stock products cannot be added; the quantity stays within the stock and the per-order
 * limit. Safety warnings do not block adding (ordering asks for an acknowledgement and a pharmacist's review); the
 * page shows them.
 */
export function AddToCart({ product, variant = 'full', safety }: AddToCartProps) {
  useCartModule();
  const dispatch = useDispatch();
  const cartState = useSelector(selectCart);
  const adding = cartState.adding.includes(product._id);
  const refusal = cartState.refused[product._id];
  const [quantity, setQuantity] = useState(1);
  const reasonId = useId();
  const { max, why } = quantityLimit(product);
  const block = blockOf(product, safety, refusal);
  const add = (n: number) => dispatch(cartActions.addRequested({ productId: product._id, quantity: n }));

  if (variant === 'compact') {
    // a card states the prescription route itself: nothing to press
    if (block?.code === 'PRESCRIPTION_REQUIRED') return null;
    if (block) {
      return (
        <div>
          <Reason id={reasonId} role={refusal ? 'alert' : undefined}>
            {block.message}
          </Reason>
          <CompactButton fullWidth variant="secondary" disabled aria-label={`Add to cart: ${product.title}`} aria-describedby={reasonId}>
            Add to cart
          </CompactButton>
        </div>
      );
    }
    if (max <= 0) {
      return (
        <CompactButton fullWidth variant="secondary" disabled aria-label={`Out of stock: ${product.title}`}>
          Out of stock
        </CompactButton>
      );
    }
    return (
      <CompactButton fullWidth aria-label={`Add to cart: ${product.title}`} loading={adding} loadingLabel="Adding to cart" onClick={() => add(1)}>
        Add to cart
      </CompactButton>
    );
  }

  if (block) {
    return (
      <Full>
        <Buy>
          <Button disabled aria-describedby={reasonId}>
            Add to cart
          </Button>
        </Buy>
        <Blocked id={reasonId} role={refusal ? 'alert' : 'note'}>
          {block.code === 'PRESCRIPTION_REQUIRED' && <h2>Prescription-only medicine</h2>}
          <p>{block.message}</p>
        </Blocked>
      </Full>
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
        <QuantityPicker value={Math.min(quantity, max)} max={max} onChange={setQuantity} describedBy={why ? `${reasonId}-limit` : undefined} />
        <Button loading={adding} loadingLabel="Adding to cart" onClick={() => add(Math.min(quantity, max))}>
          Add to cart
        </Button>
      </Buy>
      {why && <Muted id={`${reasonId}-limit`}>{why}</Muted>}
    </Full>
  );
}
