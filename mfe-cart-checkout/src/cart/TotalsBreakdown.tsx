import type { ReactNode } from 'react';
import styled from 'styled-components';
import { deliveryMethodLabel, formatMoney, taxIncludedText, type CartTotals } from '@pharmacy/contracts';
import { useMarket } from '@pharmacy/session';
import { th } from '@pharmacy/ui';

const Box = styled.section<{ $busy: boolean }>`
  display: grid;
  gap: ${th((t) => t.space(2))};
  transition: opacity 150ms;
  opacity: ${(p) => (p.$busy ? 0.6 : 1)};
  dl {
    display: grid;
    gap: ${th((t) => t.space(1))};
    margin: 0;
  }
  p {
    margin: 0;
    font-size: ${th((t) => t.fontSizes.sm)};
    color: ${th((t) => t.colors.textMuted)};
  }
`;
const Row = styled.div<{ $total?: boolean }>`
  display: flex;
  justify-content: space-between;
  gap: ${th((t) => t.space(3))};
  ${(p) => (p.$total ? 'font-size: 1.125rem; font-weight: 700;' : '')}
  dt, dd {
    margin: 0;
  }
  dd {
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
`;

/** What the note under the figures says about free standard delivery (one line whatever the method, so nothing moves). */
function freeDeliveryNote(totals: CartTotals): string {
  const money = (n: number) => formatMoney(n, totals.currency);
  if (totals.deliveryMethod === 'collect') return 'Collecting at a pharmacy is free.';
  if (totals.amountToFreeDelivery === undefined) return 'Standard delivery is free over the threshold; express is charged on every order.';
  if (totals.amountToFreeDelivery > 0) return `Add ${money(totals.amountToFreeDelivery)} more for free standard delivery.`;
  return 'Your order qualifies for free standard delivery.';
}

export interface TotalsBreakdownProps {
  /** The server's figures: nothing here is computed in the browser. */
  totals: CartTotals;
  /** The region's name ("Cart summary", "Order summary"). */
  label: string;
  /** A new delivery choice is being priced: the previous figures stay (dimmed) until the answer, so nothing shifts. */
  busy?: boolean;
  /** Said under the figures (the cart: where the other methods are chosen). */
  children?: ReactNode;
}

/**
 * Subtotal of the lines that can be ordered, delivery, total and the tax the total includes, in the market's currency
 * as the server sent them; always the same rows, so a new answer replaces figures without moving the page.
 */
export function TotalsBreakdown({ totals, label, busy = false, children }: TotalsBreakdownProps) {
  const { tax } = useMarket();
  const money = (n: number) => formatMoney(n, totals.currency);
  const excluded = totals.excludedLines;
  return (
    <Box aria-label={label} aria-busy={busy || undefined} $busy={busy}>
      <dl>
        <Row>
          <dt>Subtotal{excluded > 0 ? ` (${excluded} item${excluded === 1 ? '' : 's'} not included)` : ''}</dt>
          <dd>{money(totals.subtotal)}</dd>
        </Row>
        <Row>
          <dt>{deliveryMethodLabel(totals.deliveryMethod)}</dt>
          <dd>{totals.delivery === 0 ? 'Free' : money(totals.delivery)}</dd>
        </Row>
        <Row $total>
          <dt>Total</dt>
          <dd data-testid="order-total">{money(totals.total)}</dd>
        </Row>
      </dl>
      <p>{taxIncludedText(tax.name, money(totals.taxIncluded), totals.taxRatePercent)}</p>
      <p>{freeDeliveryNote(totals)}</p>
      {children}
    </Box>
  );
}
