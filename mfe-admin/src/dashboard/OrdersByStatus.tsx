import styled from 'styled-components';
import { CLOSED_REASON_GROUPS, ORDER_STATUSES, closedReasonLabel, type OrderClosedReason, type OrderStats } from '@pharmacy/contracts';
import { Card, CardTitle, th } from '@pharmacy/ui';
import { StatusBadge } from '../orders/StatusControl';
import { Pending } from './parts';

const StatusList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space(2))};
  li { display: flex; justify-content: space-between; align-items: center; gap: ${th((t) => t.space(2))}; }
`;

const Group = styled.h3`
  margin: ${th((t) => t.space(4))} 0 ${th((t) => t.space(2))};
  font-size: ${th((t) => t.fontSizes.md)};
`;

const Count = styled.span`
  font-weight: ${th((t) => t.fontWeights.semibold)};
`;

/** The orders still open by status; the closed ones by why, payments never completed apart from refusals. */
const OPEN = ORDER_STATUSES.filter((s) => s !== 'rejected');
const CLOSED: Array<[string, string, readonly OrderClosedReason[]]> = [
  ['closed-unpaid-heading', 'Payments not completed', CLOSED_REASON_GROUPS.notPaid],
  ['closed-refused-heading', 'Refused by the pharmacy', CLOSED_REASON_GROUPS.refused],
];

/** Every line stands from the first paint (dashes until the figures come), so their arrival moves nothing. */
export function OrdersByStatus({ stats }: { stats: OrderStats | null }) {
  return (
    <Card as="section" aria-labelledby="orders-by-status-heading">
      <CardTitle id="orders-by-status-heading">Orders by status</CardTitle>
      <StatusList aria-label="Open orders">
        {OPEN.map((status) => (
          <li key={status}>
            <StatusBadge field="orderStatus" status={status} />
            <Count>{stats ? stats.byOrderStatus[status] : <Pending />}</Count>
          </li>
        ))}
      </StatusList>
      {CLOSED.map(([id, heading, reasons]) => (
        <section key={id} aria-labelledby={id}>
          <Group id={id}>{heading}</Group>
          <StatusList aria-labelledby={id}>
            {reasons.map((reason) => (
              <li key={reason}>
                <span>{closedReasonLabel(reason, 'staff')}</span>
                <Count>{stats ? stats.byClosedReason[reason] : <Pending />}</Count>
              </li>
            ))}
          </StatusList>
        </section>
      ))}
    </Card>
  );
}
