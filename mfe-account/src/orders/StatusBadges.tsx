import { TEST_PAYMENT_NOTICE, closedReasonOf, isTestPayment, orderStatusWords, reviewStatusLabel, statusTone, type StatusTone } from '@pharmacy/contracts';
import { Badge } from '@pharmacy/ui';
import type { OrderView } from './slice';
import { stateOf } from './format';
import { ReviewBadge, reviewOf } from './review';

/** Says so on every order paid through the sandbox provider, whatever the shop uses today. */
export function TestPaymentBadge({ order }: { order: OrderView }) {
  return isTestPayment(order.paymentMethod ?? '') ? (
    <Badge variant="warning">
      <span role="note">{TEST_PAYMENT_NOTICE}</span>
    </Badge>
  ) : null;
}

/**
 * The order's state in the shop's one set of words for shoppers (contracts' orderStatusWords): the order, its
 * payment, the pharmacist's review and the sandbox note. A badge that would only repeat another is left out: an
 * order closed over its payment ("Payment cancelled") needs no "Payment: Cancelled", an unpaid one ("Awaiting
 * payment") no "Payment: Awaiting payment", and an order held for or stopped by the pharmacist already says so.
 */
export function StatusBadges({ order }: { order: OrderView }) {
  const state = stateOf(order);
  const words = orderStatusWords(state, 'shopper');
  const reason = closedReasonOf(state);
  const review = reviewOf(order);
  // An order that closed before it was paid took no money: nothing about its payment is alarming.
  const paymentTone: StatusTone = reason && reason !== 'paymentFailed' && state.paymentStatus === 'failed' ? 'neutral' : statusTone(state.paymentStatus);
  // An unpaid order's own words already say its payment is awaited.
  const showPayment = reason !== 'cancelled' && reason !== 'paymentFailed' && words.payment !== words.order;
  const showReview = review && reviewStatusLabel(review.status, 'shopper') !== words.order;
  return (
    <>
      <Badge variant={words.tone}>{words.order}</Badge>
      {showPayment ? <Badge variant={paymentTone}>Payment: {words.payment}</Badge> : null}
      {showReview ? <ReviewBadge order={order} /> : null}
      <TestPaymentBadge order={order} />
    </>
  );
}
