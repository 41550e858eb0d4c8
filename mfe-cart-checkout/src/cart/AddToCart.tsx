import { useId, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  CART_MAX_QUANTITY,
  effectiveMaxPerOrder,
  formatDate,
  prescriptionLastDay,
  prescriptionsPageFor,
  safetyBlockMessage,
  withReturnTo,
  type AddToCartProduct,
  type AddToCartProps,
  type SafetyBlock,
} from '@pharmacy/contracts';
import { Button, th } from '@pharmacy/ui';
import { usePrescriptionFor, type PrescriptionStand } from '../prescriptions/usePrescriptionFor';
import { DateOfBirthDialog } from '../age/DateOfBirthDialog';
import { noticePanel } from '../notice';
import { QuantityPicker } from './QuantityPicker';
import { cartActions, selectCart, selectKnowsAge, selectShopper } from './slice';
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
  ${noticePanel('warning', false)}
  h2 {
    margin: 0 0 ${th((t) => t.space(1))};
    font-size: ${th((t) => t.fontSizes.lg)};
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

/** An unknown age: not a refusal, so not in the refusal's colour. */
const AskAge = styled(Reason)`
  color: ${th((t) => t.colors.text)};
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
 * Why this shopper cannot add the product as it is: the catalog's answer the page passed in, else what the product's
 * own fields say (prescription only); an add the server refused for the shopper's age keeps its words on the button.
 * An unknown age (NO_DOB) is the one block the shopper can lift on the spot.
 */
function blockOf(
  product: AddToCartProduct,
  safety: AddToCartProps['safety'],
  refusal: string | undefined,
  knowsAge: boolean,
  prescription: PrescriptionStand,
): SafetyBlock | null {
  // the catalog's prescription block is for everyone: the shopper's own prescriptions decide it here
  const blocked = safety?.blocked?.code === 'PRESCRIPTION_REQUIRED' ? null : safety?.blocked;
  // an answer from before the date of birth was saved: the catalog is being asked again, and the server checks anyway
  if (blocked && !(blocked.code === 'NO_DOB' && knowsAge)) return blocked;
  if (product.requiresPrescription) {
    if (refusal) return { code: 'PRESCRIPTION_REQUIRED', message: refusal };
    if (prescription.kind === 'refused') return { code: 'PRESCRIPTION_REQUIRED', message: prescription.message };
    if (prescription.kind === 'unknown') return { code: 'PRESCRIPTION_REQUIRED', message: safetyBlockMessage('PRESCRIPTION_REQUIRED') };
  }
  if (refusal) return { code: knowsAge ? 'UNDER_AGE' : 'NO_DOB', message: refusal };
  return null;
}

/** Where a prescription is added for this medicine; a visitor signs in on the way. */
const addPrescriptionPath = (productId: string, signedIn: boolean) => {
  const page = prescriptionsPageFor(productId);
  return signedIn ? page : withReturnTo('/sign-in', page);
};

/**
 * Add to cart for one product, on the product page (`full`) and on listing cards (`compact`). It injects the cart
 * slice and saga itself, so it works whatever else is on the page. What the catalog blocks for this shopper
 * (prescription only, under the product's minimum age) cannot be added: the button is disabled and the reason
 * stands beside it. A product with a minimum age and a shopper whose age is unknown: the reason says to add the
 * date of birth, and Add to cart asks for it in a dialog, saves it and carries on with the add (the server checks
 * the age as always). Out-of-stock products cannot be added; the quantity stays within the stock and the per-order
 * limit. Safety warnings do not block adding (ordering asks for an acknowledgement and a pharmacist's review); the
 * page shows them.
 */
export function AddToCart({ product, variant = 'full', safety }: AddToCartProps) {
  useCartModule();
  const dispatch = useDispatch();
  const cartState = useSelector(selectCart);
  const knowsAge = useSelector(selectKnowsAge);
  const adding = cartState.adding.includes(product._id);
  const refusal = cartState.refused[product._id];
  const [quantity, setQuantity] = useState(1);
  // the quantity waiting for the date of birth, while its dialog is open
  const [waitingForAge, setWaitingForAge] = useState<number | null>(null);
  const reasonId = useId();
  const shopper = useSelector(selectShopper);
  // a card states the route itself: only the product page reads the shopper's prescriptions
  const prescription = usePrescriptionFor(product._id, product.requiresPrescription && variant === 'full' && Boolean(shopper));
  const limit = quantityLimit(product);
  const prescribed = product.requiresPrescription && prescription.kind === 'usable' ? prescription : null;
  const max = prescribed ? Math.min(limit.max, prescribed.item.quantityLeft) : limit.max;
  const why = prescribed
    ? `On your prescription: ${prescribed.item.quantityLeft} left${prescribed.expiresOn ? `, use by ${formatDate(prescriptionLastDay(prescribed.expiresOn))}` : ''}.`
    : limit.why;
  const block = blockOf(product, safety, refusal, knowsAge, prescription);
  const add = (n: number) => dispatch(cartActions.addRequested({ productId: product._id, quantity: n }));
  const needsAge = block?.code === 'NO_DOB';
  const addOrAskAge = (n: number) => (needsAge ? setWaitingForAge(n) : add(n));
  const ageDialog = waitingForAge !== null && (
    <DateOfBirthDialog
      productTitle={product.title}
      onSaved={() => {
        setWaitingForAge(null);
        add(waitingForAge);
      }}
      onCancel={() => setWaitingForAge(null)}
    />
  );
  // the reason stays beside a button that can still be pressed: it asks for the date of birth first
  const ageNote = needsAge && block && (
    <AskAge id={reasonId} role={refusal ? 'alert' : 'note'}>
      {block.message}
    </AskAge>
  );

  if (variant === 'compact') {
    // a card states the prescription route itself: nothing to press
    if (block?.code === 'PRESCRIPTION_REQUIRED') return null;
    if (block && !needsAge) {
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
      <div>
        {ageNote}
        <CompactButton
          fullWidth
          aria-label={`Add to cart: ${product.title}`}
          aria-describedby={needsAge ? reasonId : undefined}
          loading={adding}
          loadingLabel="Adding to cart"
          onClick={() => addOrAskAge(1)}
        >
          Add to cart
        </CompactButton>
        {ageDialog}
      </div>
    );
  }

  if (block && !needsAge) {
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
          {block.code === 'PRESCRIPTION_REQUIRED' && (
            <p>
              <Link to={addPrescriptionPath(product._id, Boolean(shopper))}>{shopper ? 'Add your prescription' : 'Sign in to add your prescription'}</Link>
            </p>
          )}
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
        <Button loading={adding} loadingLabel="Adding to cart" aria-describedby={needsAge ? reasonId : undefined} onClick={() => addOrAskAge(Math.min(quantity, max))}>
          Add to cart
        </Button>
      </Buy>
      {why && <Muted id={`${reasonId}-limit`}>{why}</Muted>}
      {ageNote}
      {ageDialog}
    </Full>
  );
}
