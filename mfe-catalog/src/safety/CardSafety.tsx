import styled from 'styled-components';
import { PRESCRIPTION_ROUTE, type ProductSafety } from '@pharmacy/contracts';
import { Badge, VisuallyHidden, th } from '@pharmacy/ui';

/**
 * One line under a card's badges, reserved while the answer is on its way so the card never grows when it comes.
 * It sits above the link that covers the card, so tapping it opens the reason instead of the product.
 */
const Line = styled.div`
  position: relative;
  z-index: 1;
  min-height: 1.75rem;
  details > summary {
    display: inline-flex;
    align-items: center;
    min-height: 1.75rem;
    cursor: pointer;
    list-style: none;
    border-radius: ${th((t) => t.radii.full)};
  }
  /* a long badge wraps inside a narrow card instead of being cut off; a phone's half-width card has the badge's
     tighter sides so "Check: 2 warnings" stays on the one line reserved for it */
  details > summary > span:first-child {
    white-space: normal;
    padding-inline: 0.375rem;
  }
  details > summary::-webkit-details-marker {
    display: none;
  }
  details > summary:focus-visible {
    outline: 3px solid ${th((t) => t.colors.focus)};
    outline-offset: 1px;
  }
  details p,
  details ul {
    margin: ${th((t) => t.space(1))} 0 0;
    font-size: ${th((t) => t.fontSizes.sm)};
  }
  details ul {
    padding-left: 1.1rem;
  }
`;

/**
 * The age block a card's badge tells of: only a shopper known to be too young. An unknown age is no refusal: the
 * card's Add to cart says to add the date of birth, and asks for it.
 */
const underAge = (safety: ProductSafety) => (safety.blocked?.code === 'UNDER_AGE' ? safety.blocked : null);

/** The short words on a card: what kind of check it is, the reasons are one tap away. */
export function badgeText(safety: ProductSafety): { text: string; tone: 'warning' | 'danger' } | null {
  if (underAge(safety)) return { text: 'Not for you: age', tone: 'danger' };
  const kinds = new Set(safety.warnings.map((w) => w.kind));
  if (kinds.size === 0) return null;
  // both kinds would not fit one line of a phone's two-column card: the count does, the reasons are a tap away
  return { text: kinds.size > 1 ? `Check: ${safety.warnings.length} warnings` : `Check: ${[...kinds][0]}`, tone: 'warning' };
}

/**
 * A card's safety line: a badge for a warning or an age block that opens to the catalog's reasons (a disclosure:
 * works by tap, click and keyboard, and is announced with its state), and the route to a prescription-only medicine.
 */
export function CardSafety({ safety, prescriptionOnly, reserve, title }: { safety: ProductSafety | undefined; prescriptionOnly: boolean; reserve: boolean; title: string }) {
  const badge = safety ? badgeText(safety) : null;
  if (!badge && !prescriptionOnly && !reserve) return null;
  const blocked = safety && underAge(safety);
  const reasons = safety ? [...(blocked ? [blocked.message] : []), ...safety.warnings.map((w) => w.message)] : [];
  return (
    <Line data-testid="card-safety">
      {badge && (
        <details>
          <summary>
            <Badge variant={badge.tone}>
              <span aria-hidden="true">⚠{'\u202f'}</span>
              {badge.text}
            </Badge>
            <VisuallyHidden>{` for ${title}: show why`}</VisuallyHidden>
          </summary>
          {reasons.length === 1 ? (
            <p>{reasons[0]}</p>
          ) : (
            <ul>
              {reasons.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          )}
        </details>
      )}
      {prescriptionOnly && (
        <details>
          <summary>
            <Badge variant="neutral">Prescription only: how to get it</Badge>
          </summary>
          <p>{PRESCRIPTION_ROUTE}</p>
        </details>
      )}
    </Line>
  );
}
