import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { MISSING_VALUE, awaitsPayment, formatDate, formatMoney, orderStatusWords, statusChangeLabel } from '@pharmacy/contracts';
import { Badge, MutedText, Spinner, th } from '@pharmacy/ui';
import { useMarket } from '@pharmacy/session';
import { Dialog } from '@pharmacy/ui/dialog';
import type { OrderView } from './slice';
import { currencyOf, numberOf, orderDate, orderHistory, stateOf } from './format';
import { ReviewNotice, reviewOf } from './review';
import { StatusBadges } from './StatusBadges';
import { OrderTimeline } from './OrderTimeline';
import { OrderTotals } from './OrderTotals';
import { OrderDelivery } from './OrderDelivery';
import { H3 } from './parts';
import { UnpaidActions, useFocusOnceSettled } from './UnpaidActions';

const Items = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  > li {
    display: flex;
    align-items: center;
    gap: ${th((t) => t.space(3))};
    padding: ${th((t) => t.space(2))} 0;
    border-bottom: 1px solid ${th((t) => t.colors.border)};
  }
  img {
    width: 3rem;
    height: 3rem;
    object-fit: cover;
    border-radius: ${th((t) => t.radii.sm)};
    background: ${th((t) => t.colors.surfaceMuted)};
    flex: none;
  }
`;
const Grow = styled.div`
  flex: 1;
  min-width: 0;
  overflow-wrap: anywhere;
`;
const Line = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${th((t) => t.space(2))};
  align-items: center;
  margin: 0 0 ${th((t) => t.space(2))};
  &:focus {
    outline: none;
  }
`;
const History = styled.ol`
  margin: 0;
  padding-left: 1.25rem;
  li { margin-bottom: ${th((t) => t.space(1))}; }
`;

const FIELD_LABEL: Record<string, string> = { orderStatus: 'Order', paymentStatus: 'Payment', review: 'Pharmacist review' };

const Warnings = styled.ul`
  margin: ${th((t) => t.space(1))} 0 0;
  padding: 0;
  list-style: none;
  li {
    padding: ${th((t) => t.space(1))} ${th((t) => t.space(2))};
    border-left: 3px solid ${th((t) => t.colors.warning)};
    background: ${th((t) => t.colors.warningSubtle)};
    font-size: ${th((t) => t.fontSizes.sm)};
  }
  li + li {
    margin-top: ${th((t) => t.space(1))};
  }
`;
const Answers = styled.dl`
  margin: 0;
  dt {
    font-weight: ${th((t) => t.fontWeights.medium)};
  }
  dd {
    margin: 0 0 ${th((t) => t.space(2))};
    overflow-wrap: anywhere;
    white-space: pre-line;
  }
`;
const Reasons = styled.ul`
  margin: 0;
  padding-left: 1.25rem;
  overflow-wrap: anywhere;
`;

/** The safety warnings of an item as the server recorded them with the order (the shopper acknowledged them). */
function ItemWarnings({ warnings }: { warnings: string[] | undefined }) {
  if (!warnings?.length) return null;
  return (
    <Warnings aria-label="Safety warnings">
      {warnings.map((w) => (
        <li key={w}>Warning: {w}</li>
      ))}
    </Warnings>
  );
}

/**
 * Why the order goes to a pharmacist, in the server's words: checked once paid, so an unpaid order says it will be,
 * and one that closed unpaid never was.
 */
function ReviewDetails({ order }: { order: OrderView }) {
  const started = reviewOf(order);
  const review = started ?? (awaitsPayment(stateOf(order)) ? order.review : null);
  if (!review || review.status === 'notNeeded' || review.reasons.length === 0) return null;
  return (
    <>
      <H3>{started ? 'Why a pharmacist checks this order' : 'Why a pharmacist will check this order once it is paid'}</H3>
      <Reasons>
        {review.reasons.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </Reasons>
    </>
  );
}

/** The consultation questions answered at checkout for a pharmacy medicine, as they were asked. */
function ConsultationAnswers({ order }: { order: OrderView }) {
  if (!order.consultation?.length) return null;
  return (
    <>
      <H3>Your consultation answers</H3>
      <Answers>
        {order.consultation.map((a) => (
          <div key={a.questionId}>
            <dt>{a.question}</dt>
            <dd>{a.answer}</dd>
          </div>
        ))}
      </Answers>
    </>
  );
}

function Body({ order, cancelling, onCancel }: { order: OrderView; cancelling: boolean; onCancel: (orderId: string) => void }) {
  const currency = currencyOf(order, useMarket());
  const history = orderHistory(order);
  const placed = orderDate(order);
  const unpaid = awaitsPayment(stateOf(order));
  const state = useFocusOnceSettled<HTMLParagraphElement>(unpaid);
  return (
    <>
      <Line ref={state} tabIndex={-1}>
        <span>
          Placed {placed ? <time dateTime={placed}>{formatDate(placed, { withTime: true })}</time> : MISSING_VALUE}
        </span>
        <StatusBadges order={order} />
      </Line>
      <ReviewNotice order={order} />
      {unpaid ? <UnpaidActions order={order} cancelling={cancelling} onCancel={onCancel} /> : null}

      <H3>Progress</H3>
      <OrderTimeline order={order} />

      <H3>Items</H3>
      <Items>
        {(order.items ?? []).map((item) => (
          <li key={item.productId}>
            {item.image ? <img src={item.image} alt="" width={48} height={48} loading="lazy" /> : null}
            <Grow>
              <div>{item.title}</div>
              <MutedText>
                {item.quantity} × {formatMoney(item.price, currency)}
              </MutedText>
              {item.pharmacyOnly ? <Badge variant="brand">Pharmacy medicine</Badge> : null}
              {item.prescription ? <MutedText>Directions: {item.prescription.directions}</MutedText> : null}
              <ItemWarnings warnings={item.warnings} />
            </Grow>
            <div>{formatMoney(item.lineTotal ?? item.price * item.quantity, currency)}</div>
          </li>
        ))}
      </Items>
      <OrderTotals order={order} />

      <ReviewDetails order={order} />
      <ConsultationAnswers order={order} />

      <OrderDelivery order={order} />

      <H3>Payment</H3>
      <p style={{ margin: 0 }}>
        {orderStatusWords(stateOf(order), 'shopper').payment}
        {order.paymentMethod ? ` · ${order.paymentMethod}` : ''}
      </p>

      <H3>Status history</H3>
      {history.length === 0 ? (
        <p style={{ margin: 0 }}>No changes yet.</p>
      ) : (
        <History>
          {history.map((h, i) => (
            <li key={`${h.at}-${i}`}>
              <time dateTime={h.at}>{formatDate(h.at, { withTime: true })}</time>: {FIELD_LABEL[h.field] ?? h.field} {statusChangeLabel(h.field, h.from, 'shopper')} →{' '}
              {statusChangeLabel(h.field, h.to, 'shopper')}
            </li>
          ))}
        </History>
      )}
      <p>
        <Link to={`/need-help?orderId=${encodeURIComponent(numberOf(order))}`}>Need help with this order?</Link>
      </p>
    </>
  );
}

export function OrderDetailsDialog({
  open,
  loading,
  order,
  onClose,
  cancelling = false,
  onCancel,
}: {
  open: boolean;
  loading: boolean;
  order: OrderView | null;
  onClose: () => void;
  cancelling?: boolean;
  onCancel: (orderId: string) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={order ? `Order ${numberOf(order)}` : 'Order details'}
      description="Progress, items and totals, safety warnings, delivery, payment and status history."
      size="lg"
    >
      {loading ? <Spinner label="Loading the order" /> : order ? <Body order={order} cancelling={cancelling} onCancel={onCancel} /> : <p>This order could not be loaded.</p>}
    </Dialog>
  );
}
