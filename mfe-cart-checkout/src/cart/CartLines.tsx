import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { MISSING_VALUE, PRESCRIPTION_REFUSALS, formatMoney, prescriptionsPageFor, type Cart, type CartLine } from '@pharmacy/contracts';
import { useMarket } from '@pharmacy/session';
import { Badge, Button, PlainList, media, th } from '@pharmacy/ui';
import { AddDateOfBirth } from '../age/AddDateOfBirth';

/**
 * On a phone the price sits under the title beside the quantity (a third column would push it off a 375 px
 * screen); from the sm breakpoint it has its own column on the right.
 */
const Row = styled.li<{ $muted: boolean }>`
  display: grid;
  grid-template-columns: 56px minmax(0, 1fr) auto;
  grid-template-areas:
    'thumb info info'
    'qty qty price';
  gap: 0.5rem 0.75rem;
  align-items: start;
  padding: 0.75rem;
  border: 1px solid ${th((t) => t.colors.border)};
  border-radius: 8px;
  opacity: ${(p) => (p.$muted ? 0.75 : 1)};
  overflow-wrap: anywhere;
  ${media.sm} {
    grid-template-columns: 72px minmax(0, 1fr) auto;
    grid-template-areas:
      'thumb info price'
      'thumb qty price';
    gap: 0.5rem 1rem;
    padding: 1rem;
  }
`;
const Info = styled.div`
  grid-area: info;
  min-width: 0;
`;
const Price = styled.div`
  grid-area: price;
  align-self: center;
  text-align: right;
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
  ${media.sm} {
    align-self: start;
  }
`;
const Excluded = styled.span`
  font-size: 0.875rem;
  color: ${th((t) => t.colors.textMuted)};
`;
const Thumb = styled.img`
  grid-area: thumb;
  width: 56px;
  height: 56px;
  ${media.sm} {
    width: 72px;
    height: 72px;
  }
  object-fit: cover;
  border-radius: 6px;
  background: ${th((t) => t.colors.surfaceMuted)};
`;
const Note = styled.p<{ $tone: 'warn' | 'danger' | 'info' }>`
  margin: 0.25rem 0 0;
  font-size: 0.875rem;
  color: ${(p) => th((t) => (p.$tone === 'danger' ? t.colors.dangerStrong : p.$tone === 'warn' ? t.colors.warning : t.colors.textMuted))(p)};
`;
const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem;
  margin-top: 0.25rem;
`;
/** The catalog's warnings for the shopper, each naming what matched and why (the same words as the product page). */
const Warnings = styled.div`
  margin: 0.5rem 0 0;
  padding: 0.5rem 0.75rem;
  border-left: 4px solid ${th((t) => t.colors.warning)};
  background: ${th((t) => t.colors.warningSubtle)};
  border-radius: 4px;
  font-size: 0.875rem;
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li + li {
    margin-top: 0.25rem;
  }
`;
/** 44 px buttons: the quantity is changed with a finger on a phone. */
const Qty = styled.div`
  grid-area: qty;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  button {
    min-height: 2.75rem;
    min-width: 2.75rem;
  }
`;

export interface CartLinesProps {
  cart: Cart;
  /** The currency of the prices (default: the server's totals say which, else the market's). */
  currency?: string;
  /** Omit for a read-only review (checkout). */
  onQuantity?: (productId: string, quantity: number) => void;
  onRemove?: (productId: string) => void;
  busy?: boolean;
  /** Offers "Add your date of birth" on a line waiting for it (NO_DOB); called once it is saved. */
  onDateOfBirthSaved?: () => void;
}

/** The line's offer to add the date of birth its age check needs, when the page can carry on afterwards. */
const AgeOffer = styled.div`
  margin-top: 0.5rem;
`;
const needsAge = (line: CartLine) => line.problemCode === 'NO_DOB';
const REFUSAL_WORDS: readonly string[] = Object.values(PRESCRIPTION_REFUSALS);
/** A line its prescription does not cover (none, waiting, rejected, expired, used up): the way on is My prescriptions. */
const needsPrescription = (line: CartLine) => line.problemCode === 'PRESCRIPTION_REQUIRED' || (line.problem !== undefined && REFUSAL_WORDS.includes(line.problem));

function Line({ line, currency, onQuantity, onRemove, busy, onDateOfBirthSaved }: { line: CartLine; currency: string } & Omit<CartLinesProps, 'cart' | 'currency'>) {
  const canRaise = line.available && line.quantity < line.maxQuantity;
  return (
    <Row $muted={!line.available} data-testid={`cart-line-${line.productId}`}>
      {line.image ? <Thumb src={line.image} alt="" width={72} height={72} loading="lazy" /> : <Thumb as="div" aria-hidden="true" />}
      <Info>
        <strong>{line.title}</strong>
        {line.brand && <div>{line.brand}</div>}
        {(!line.available || line.pharmacyOnly) && (
          <Badges>
            {!line.available && <Badge variant="danger">Unavailable</Badge>}
            {line.pharmacyOnly && <Badge variant="brand">Pharmacy medicine</Badge>}
          </Badges>
        )}
        {line.prescription && (
          <Note $tone="info" role="note">
            {line.prescription.directions}
            {line.prescription.quantityLeft !== undefined && <> · From your prescription ({line.prescription.quantityLeft} left)</>}
          </Note>
        )}
        {line.problem && <Note $tone={needsAge(line) ? 'info' : 'danger'} role="note">{line.problem}</Note>}
        {needsPrescription(line) && <Link to={prescriptionsPageFor(line.productId)}>Add a prescription for this medicine</Link>}
        {needsAge(line) && onDateOfBirthSaved && (
          <AgeOffer>
            <AddDateOfBirth productTitle={line.title} onSaved={onDateOfBirthSaved} />
          </AgeOffer>
        )}
        {line.notice && <Note $tone="info" role="status">{line.notice}</Note>}
        {line.warnings.length > 0 && (
          <Warnings role="note" aria-label={`Safety warnings for ${line.title}`}>
            <ul>
              {line.warnings.map((w) => (
                <li key={w}>
                  <span aria-hidden="true">⚠ </span>
                  {w}
                </li>
              ))}
            </ul>
          </Warnings>
        )}
        {line.available && line.maxQuantity > 0 && line.quantity >= line.maxQuantity && onQuantity && (
          <Note $tone="info">Maximum you can order: {line.maxQuantity}</Note>
        )}
      </Info>
      {onQuantity ? (
          <Qty>
            <Button size="sm" variant="secondary" aria-label={`One less ${line.title}`} disabled={busy || line.quantity <= 1 || !line.available}
              onClick={() => onQuantity(line.productId, line.quantity - 1)}>−</Button>
            <span aria-label={`Quantity of ${line.title}`}>{line.quantity}</span>
            <Button size="sm" variant="secondary" aria-label={`One more ${line.title}`} disabled={busy || !canRaise}
              onClick={() => onQuantity(line.productId, line.quantity + 1)}>+</Button>
            {onRemove && (
              <Button size="sm" variant="ghost" aria-label={`Remove ${line.title}`} disabled={busy} onClick={() => onRemove(line.productId)}>
                Remove
              </Button>
            )}
          </Qty>
        ) : (
          <Qty as="div">Quantity: {line.quantity}</Qty>
        )}
      {/* a blocked line is left out of the total: its price would read as if it were counted */}
      <Price aria-label={`Line total for ${line.title}`}>
        {line.problem ? <Excluded>Not included</Excluded> : line.available ? formatMoney(line.lineTotal, currency) : MISSING_VALUE}
      </Price>
    </Row>
  );
}

/** The lines of a cart with caps, unavailable items, problems (age, prescription, stock) and safety warnings spelled out. */
export function CartLines({ cart, currency, ...actions }: CartLinesProps) {
  const market = useMarket();
  const priced = currency ?? (cart.totals?.currency || market.currency);
  return (
    <PlainList $gap={4} aria-label="Cart items">
      {cart.items.map((line) => (
        <Line key={line.productId} line={line} currency={priced} {...actions} />
      ))}
    </PlainList>
  );
}

const Problems = styled.div`
  ul {
    margin: 0.25rem 0 0;
    padding-left: 1.25rem;
  }
`;

function ProblemList({ lines }: { lines: readonly CartLine[] }) {
  return (
    <ul>
      {lines.map((l) => (
        <li key={l.productId}>
          {l.title}: {l.problem}
        </li>
      ))}
    </ul>
  );
}

/**
 * Why checkout is blocked, line by line, in the same words as the lines themselves (age, prescription, stock). A line
 * that only waits for the date of birth is not one to remove: it asks for the date, with the dialog when the page
 * offers it (`onDateOfBirthSaved`).
 */
export function LineProblems({ lines, onDateOfBirthSaved }: { lines: readonly CartLine[]; onDateOfBirthSaved?: () => void }) {
  const waiting = lines.filter(needsAge);
  const blocked = lines.filter((l) => !needsAge(l));
  return (
    <Problems role="alert">
      {waiting.length > 0 && (
        <>
          <strong>Add your date of birth to check out with:</strong>
          <ProblemList lines={waiting} />
          {onDateOfBirthSaved && (
            <AgeOffer>
              <AddDateOfBirth productTitle={waiting.length === 1 ? waiting[0].title : undefined} onSaved={onDateOfBirthSaved} />
            </AgeOffer>
          )}
        </>
      )}
      {blocked.length > 0 && (
        <>
          <strong>Remove or change these items before checking out:</strong>
          <ProblemList lines={blocked} />
        </>
      )}
    </Problems>
  );
}
