import styled from 'styled-components';
import { reviewStatusLabel, startedReview, type ReviewStatus, type StatusTone } from '@pharmacy/contracts';
import { Badge, th } from '@pharmacy/ui';
import type { OrderView } from './slice';
import { stateOf } from './format';

const REVIEW_TONES: Record<ReviewStatus, StatusTone> = { notNeeded: 'neutral', awaiting: 'warning', approved: 'success', rejected: 'danger' };

/**
 * The order's pharmacist review when it has one to speak of: once the order is paid (contracts' startedReview), so
 * an unpaid order never reads "Awaiting pharmacist review"; orders before the review existed have none.
 */
export const reviewOf = (order: OrderView) => startedReview(stateOf(order));

export function ReviewBadge({ order }: { order: OrderView }) {
  const review = reviewOf(order);
  if (!review) return null;
  return <Badge variant={REVIEW_TONES[review.status] ?? 'neutral'}>{reviewStatusLabel(review.status, 'shopper')}</Badge>;
}

const Box = styled.div<{ $tone: 'warning' | 'danger' }>`
  grid-column: 1 / -1;
  margin: ${th((t) => t.space(2))} 0 0;
  padding: ${th((t) => t.space(3))};
  border-radius: ${th((t) => t.radii.md)};
  border: 1px solid ${(p) => th((t) => (p.$tone === 'danger' ? t.colors.danger : t.colors.warning))(p)};
  background: ${(p) => th((t) => (p.$tone === 'danger' ? t.colors.dangerSubtle : t.colors.warningSubtle))(p)};
  color: ${th((t) => t.colors.text)};
  overflow-wrap: anywhere;
  p {
    margin: 0;
  }
  p + p {
    margin-top: ${th((t) => t.space(1))};
  }
`;

/**
 * What the review means for the shopper: an order held for the pharmacist is paid but not yet prepared; a rejected
 * one says the pharmacist's reason in their words and whether the money is back (paymentStatus refunded).
 */
export function ReviewNotice({ order }: { order: OrderView }) {
  const review = reviewOf(order);
  if (!review) return null;
  if (review.status === 'awaiting') {
    return (
      <Box $tone="warning" role="note">
        <p>
          <strong>Awaiting pharmacist review.</strong> Our pharmacist checks this order before we prepare it. You will
          see the outcome here.
        </p>
      </Box>
    );
  }
  if (review.status !== 'rejected') return null;
  const refunded = order.paymentStatus === 'refunded';
  return (
    <Box $tone="danger" role="note">
      <p>
        <strong>{reviewStatusLabel('rejected', 'shopper')}.</strong> We will not send this order.
      </p>
      {review.note ? <p>Pharmacist&apos;s reason: {review.note}</p> : null}
      <p>
        <strong>{refunded ? 'Refunded:' : 'Refund on its way:'}</strong>{' '}
        {refunded ? 'your payment has been refunded in full.' : 'your payment is being refunded in full.'}
      </p>
    </Box>
  );
}
