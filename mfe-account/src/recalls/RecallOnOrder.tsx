import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { RecallNotice } from '@pharmacy/contracts';
import { th } from '@pharmacy/ui';

const Notice = styled.p`
  grid-column: 1 / -1;
  margin: 0;
  padding: ${th((t) => t.space(2))} ${th((t) => t.space(3))};
  border-left: 4px solid ${th((t) => t.colors.dangerStrong)};
  background: ${th((t) => t.colors.surfaceMuted)};
`;

/** A recall as it touches one order: the notice to open and the first recalled line. */
export interface OrderRecall {
  noticeId: string;
  line: RecallNotice['lines'][number];
}

/** The shopper's notices by the orders they touch (an answer that is not a list of notices marks nothing). */
export function recallsByOrder(notices: readonly RecallNotice[] | undefined): Map<string, OrderRecall> {
  const found = new Map<string, OrderRecall>();
  for (const n of Array.isArray(notices) ? notices : []) {
    for (const line of Array.isArray(n.lines) ? n.lines : []) if (!found.has(line.orderId)) found.set(line.orderId, { noticeId: n._id, line });
  }
  return found;
}

/** My Orders: an order a recall touched says so and links to its notice (docs/domain.md#recalls). */
export function RecallOnOrder({ recall }: { recall: OrderRecall | undefined }) {
  if (!recall) return null;
  const { line } = recall;
  return (
    <Notice role="note">
      <strong>Recall:</strong> {line.productTitle} (lot {line.lot}) in this order has been recalled.{' '}
      <Link to={`/recalls/${recall.noticeId}`}>{line.outcome === 'paid' ? 'Read what to do' : 'Read the notice'}</Link>
    </Notice>
  );
}
