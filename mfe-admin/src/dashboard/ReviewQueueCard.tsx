import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { REVIEW_QUEUE_PREVIEW, formatMoney, reviewStatusLabel, type OrderStats } from '@pharmacy/contracts';
import { useCan } from '@pharmacy/session';
import { Card, CardTitle, th } from '@pharmacy/ui';
import { RoleNote } from '../ForRole';
import { dateTimeOrDash } from '../format';
import { Pending } from './parts';

/** One queued order per line, ellipsised: the card keeps one height whatever arrives, so nothing below it moves. */
const ROW_REM = 2.75;

const Box = styled(Card)`
  margin-bottom: ${th((t) => t.space(6))};
`;

const Footer = styled.p`
  margin: ${th((t) => t.space(3))} 0 0;
`;

const Rows = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  height: ${REVIEW_QUEUE_PREVIEW * ROW_REM}rem;
  li { border-bottom: 1px solid ${th((t) => t.colors.border)}; }
  a {
    display: flex;
    align-items: center;
    gap: ${th((t) => t.space(3))};
    height: ${ROW_REM}rem;
    min-width: 0;
    color: inherit;
    text-decoration: none;
  }
  a:hover .number, a:focus-visible .number { text-decoration: underline; }
  .number { flex: none; font-weight: ${th((t) => t.fontWeights.semibold)}; color: ${th((t) => t.colors.brandStrong)}; }
  .who { flex: 1 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .total { flex: none; font-variant-numeric: tabular-nums; }
`;

const Empty = styled.p`
  display: flex;
  align-items: center;
  justify-content: center;
  height: ${REVIEW_QUEUE_PREVIEW * ROW_REM}rem;
  margin: 0;
  color: ${th((t) => t.colors.textMuted)};
`;

const QUEUE = '../orders?review=awaiting';

/**
 * The pharmacist's queue first thing on the dashboard: its size and its oldest orders (the ones waiting longest),
 * each opening in Orders under the queue's filter. A role that may not see orders reads the size alone, with why,
 * rather than shoppers' names and links to a screen that is not theirs (docs/product.md#staff-roles).
 */
export function ReviewQueueCard({ stats }: { stats: OrderStats | null }) {
  const title = reviewStatusLabel('awaiting', 'staff');
  const mayOpen = useCan('orders.view');
  return (
    <Box as="section" aria-labelledby="review-queue-heading" aria-busy={!stats}>
      <CardTitle id="review-queue-heading">
        {title} ({stats ? stats.awaitingReview : <Pending />})
      </CardTitle>
      {!mayOpen ? (
        <RoleNote permission="orders.view" />
      ) : stats && stats.reviewQueue.length === 0 ? (
        <Empty>No order is waiting for a pharmacist.</Empty>
      ) : (
        <Rows aria-label="Waiting longest">
          {stats?.reviewQueue.map((order) => (
            <li key={order._id}>
              <Link to={`${QUEUE}&order=${encodeURIComponent(order._id)}`}>
                <span className="number">{order.orderNumber}</span>
                <span className="who">
                  {order.customer}, since {dateTimeOrDash(order.orderDate)}
                </span>
                <span className="total">{formatMoney(order.totalAmount, order.currency)}</span>
              </Link>
            </li>
          ))}
        </Rows>
      )}
      {mayOpen && (
        <Footer>
          <Link to={QUEUE}>Open the queue in Orders</Link>
        </Footer>
      )}
    </Box>
  );
}
