import styled from 'styled-components';
import { formatMoney, taxIncludedText } from '@pharmacy/contracts';
import { useMarket } from '@pharmacy/session';
import { MutedText, th } from '@pharmacy/ui';
import type { OrderView } from './slice';

const List = styled.dl`
  margin: ${th((t) => t.space(3))} 0 0;
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${th((t) => t.space(1))} ${th((t) => t.space(4))};
  dt,
  dd {
    margin: 0;
  }
  dd {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;
/** One term and its amount (a div groups a dl's pair); the total's pair stands out. */
const Pair = styled.div<{ $strong?: boolean }>`
  display: contents;
  dt,
  dd {
    font-weight: ${(p) => th((t) => (p.$strong ? t.fontWeights.semibold : t.fontWeights.normal))(p)};
  }
`;
const Tax = styled(MutedText)`
  margin: ${th((t) => t.space(1))} 0 0;
  text-align: right;
  font-size: ${th((t) => t.fontSizes.sm)};
`;

/**
 * What the order cost, as the server priced it: subtotal, delivery (by its method) and total, and the tax the total
 * includes. An order from before delivery methods has only its total, and shows only that.
 */
export function OrderTotals({ order }: { order: OrderView }) {
  const market = useMarket();
  // an order keeps the currency it was charged in
  const currency = order.currency ?? market.currency;
  const hasBreakdown = typeof order.subtotal === 'number' && typeof order.deliveryFee === 'number';
  return (
    <>
      <List>
        {hasBreakdown ? (
          <>
            <Pair>
              <dt>Subtotal</dt>
              <dd>{formatMoney(order.subtotal, currency)}</dd>
            </Pair>
            <Pair>
              <dt>{order.delivery?.label ?? 'Delivery'}</dt>
              <dd>{order.deliveryFee === 0 ? 'Free' : formatMoney(order.deliveryFee, currency)}</dd>
            </Pair>
          </>
        ) : null}
        <Pair $strong>
          <dt>Total</dt>
          <dd>{formatMoney(order.totalAmount, currency)}</dd>
        </Pair>
      </List>
      {typeof order.taxIncluded === 'number' && order.taxIncluded > 0 ? (
        <Tax>
          {taxIncludedText(market.tax.name, formatMoney(order.taxIncluded, currency), order.taxRatePercent ?? market.tax.ratePercent)}
        </Tax>
      ) : null}
    </>
  );
}
