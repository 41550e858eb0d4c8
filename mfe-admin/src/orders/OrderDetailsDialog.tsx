import styled from 'styled-components';
import {
  formatMoney, orderActorLabel, orderNumber, orderStatusWords, type AdminReviewBody, type StaffOrder, type OrderStatus,
  type PaymentStatus,
} from '@pharmacy/contracts';
import { useCan, useMarket } from '@pharmacy/session';
import { Dialog } from '@pharmacy/ui/dialog';
import { Badge, MutedText, Spinner, th } from '@pharmacy/ui';
import { DataTable, type Column } from '../DataTable';
import { AddressFacts } from './AddressFacts';
import { calendarDateOrDash, dateTimeOrDash, textOrDash } from '../format';
import { notForYourRole } from '../ForRole';
import type { RecognitionState } from '../safety/slice';
import { Center } from '../styles';
import { Fact, Facts, H3, Section, Sections, Warn } from './parts';
import { ReviewSection } from './ReviewSection';
import { inReviewQueue, type ReviewCustomer } from './slice';
import { StatusControl, staffStatusLabel, type HistoryField } from './StatusControl';

const History = styled.ol`
  margin: 0;
  padding-left: ${th((t) => t.space(5))};
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space(1))};
`;

const ItemWarnings = styled.ul`
  margin: ${th((t) => t.space(1))} 0 0;
  padding-left: ${th((t) => t.space(4))};
  color: ${th((t) => t.colors.warning)};
  font-size: ${th((t) => t.fontSizes.xs)};
  min-width: 12rem;
`;

const BatchList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${th((t) => t.fontSizes.xs)};
`;

const FIELD_LABELS: Record<HistoryField, string> = { orderStatus: 'Order status', paymentStatus: 'Payment status', review: 'Pharmacist review' };

/** Said beside both statuses while a pharmacist has not decided: the server refuses any move until then. */
export const AWAITING_REVIEW_LOCK = "Waits for a pharmacist's review";

export interface OrderDetailsDialogProps {
  open: boolean;
  order: StaffOrder | null;
  loading: boolean;
  updating: 'orderStatus' | 'paymentStatus' | null;
  customer: ReviewCustomer;
  recognition: RecognitionState;
  deciding: AdminReviewBody['decision'] | null;
  decisionError: string | null;
  onClose: () => void;
  onOrderStatus: (next: OrderStatus) => void;
  onPaymentStatus: (next: PaymentStatus) => void;
  onDecide: (decision: AdminReviewBody) => void;
  onRetryCustomer: () => void;
}

const itemColumns = (currency: string): Column<StaffOrder['items'][number]>[] => [
  {
    header: 'Product',
    card: 'title',
    cell: (item) => (
      <>
        {item.title} {item.pharmacyOnly && <Badge variant="brand">Pharmacy medicine</Badge>}
        {/* dispensed against a verified prescription: the staff packing it label it with these directions */}
        {item.prescription && (
          <MutedText>
            <Badge variant="warning">Prescription</Badge> Directions: {item.prescription.directions}
          </MutedText>
        )}
        {item.warnings.length > 0 && (
          <ItemWarnings aria-label={`Warnings for ${item.title}`}>
            {item.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ItemWarnings>
        )}
      </>
    ),
  },
  { header: 'Brand', width: '8rem', cell: (item) => textOrDash(item.brand) },
  // The lots the units came from (docs/domain.md#recalls): what a recall is checked against.
  {
    header: 'Batches',
    width: '10rem',
    cell: (item) =>
      item.batches?.length ? (
        <BatchList aria-label={`Batches of ${item.title}`}>
          {item.batches.map((b) => (
            <li key={b.batchId}>
                  {b.quantity} × lot {b.lot}, expires {calendarDateOrDash(b.expiresOn)}
            </li>
          ))}
        </BatchList>
      ) : (
        '—'
      ),
  },
  { header: 'Price', numeric: true, nowrap: true, width: '6rem', cell: (item) => formatMoney(item.price, currency) },
  { header: 'Quantity', numeric: true, width: '5.5rem', cell: (item) => item.quantity },
  { header: 'Line total', numeric: true, nowrap: true, width: '6.5rem', cell: (item) => formatMoney(item.lineTotal, currency) },
];

export function OrderDetailsDialog(props: OrderDetailsDialogProps) {
  const { open, order, loading, updating, onClose, onOrderStatus, onPaymentStatus } = props;
  // Approval releases the order and rejection refunds it, so neither status moves by hand meanwhile.
  const lockedReason = inReviewQueue(order) ? AWAITING_REVIEW_LOCK : undefined;
  // docs/product.md#staff-roles: a move the staff member's roles do not allow is shown disabled, with why.
  const canMoveOrder = useCan('orders.manage');
  const canMovePayment = useCan('payments.manage');
  const market = useMarket();
  return (
    <Dialog
      open={open}
      size="lg"
      // Read from the top: why it is held and the customer's profile come before the forms that decide it.
      initialFocus="title"
      title="Order details"
      description={order ? `Order ${orderNumber(order._id)}, placed ${dateTimeOrDash(order.orderDate)}` : 'Items, address, totals, payment and status history'}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      {loading ? (
        <Center>
          <Spinner size={32} label="Loading order details" />
        </Center>
      ) : !order ? (
        <p>The details of this order could not be loaded.</p>
      ) : (
        <Sections>
          {order.review.status !== 'notNeeded' && (
            <ReviewSection
              order={order}
              customer={props.customer}
              recognition={props.recognition}
              deciding={props.deciding}
              decisionError={props.decisionError}
              onDecide={props.onDecide}
              onRetryCustomer={props.onRetryCustomer}
            />
          )}

          <Section $wide aria-labelledby="order-status-heading">
            <H3 id="order-status-heading">Status</H3>
            <Sections>
              <StatusControl order={order} field="orderStatus" updating={updating} lockedReason={canMoveOrder ? lockedReason : notForYourRole('orders.manage')} onChange={onOrderStatus} />
              <StatusControl order={order} field="paymentStatus" updating={updating} lockedReason={canMovePayment ? lockedReason : notForYourRole('payments.manage')} onChange={onPaymentStatus} />
            </Sections>
          </Section>

          <Section $wide aria-labelledby="order-items-heading">
            <H3 id="order-items-heading">Items</H3>
            <DataTable
              labelledBy="order-items-heading"
              rows={order.items}
              columns={itemColumns(order.currency)}
              rowKey={(item) => item.productId}
              empty={<p>No items.</p>}
            />
          </Section>

          <Section aria-labelledby="order-totals-heading">
            <H3 id="order-totals-heading">Totals</H3>
            <Facts>
              <Fact label="Items" value={String(order.items.reduce((n, i) => n + i.quantity, 0))} />
              <Fact label="Subtotal" value={formatMoney(order.subtotal, order.currency)} />
              <Fact label="Delivery" value={`${order.delivery.label}, ${order.deliveryFee > 0 ? formatMoney(order.deliveryFee, order.currency) : 'free'}`} />
              {order.delivery.pharmacy && <Fact label="Collect at" value={`${order.delivery.pharmacy.name}, ${order.delivery.pharmacy.address}`} />}
              <Fact label="Total" value={formatMoney(order.totalAmount, order.currency)} />
              <Fact label={`${market.tax.name} included`} value={`${formatMoney(order.taxIncluded, order.currency)} (${order.taxRatePercent}%)`} />
            </Facts>
          </Section>

          <Section aria-labelledby="order-payment-heading">
            <H3 id="order-payment-heading">Payment</H3>
            <Facts>
              <Fact label="Method" value={textOrDash(order.paymentMethod)} />
              <Fact label="Status" value={orderStatusWords(order, 'staff').payment} />
              <Fact label="Payment ID" value={textOrDash(order.paymentId)} />
              <Fact label="Payer ID" value={textOrDash(order.payerId)} />
            </Facts>
          </Section>

          <Section aria-labelledby="order-address-heading">
            <H3 id="order-address-heading">Address</H3>
            <Facts>
              <AddressFacts address={order.address} />
            </Facts>
          </Section>

          <Section aria-labelledby="order-history-heading">
            <H3 id="order-history-heading">Status history</H3>
            {order.history.length === 0 ? (
              <p>No changes yet.</p>
            ) : (
              <History>
                {order.history.map((entry, index) => (
                  <li key={`${entry.at}-${index}`}>
                    {FIELD_LABELS[entry.field]}: {staffStatusLabel(entry.field, entry.from)} → {staffStatusLabel(entry.field, entry.to)}, {dateTimeOrDash(entry.at)} by{' '}
                    {orderActorLabel(entry, order.userId)}
                    {entry.note ? ` (${entry.note})` : ''}
                  </li>
                ))}
              </History>
            )}
            {order.supplyOverrides?.map((o) => (
              <Warn key={o.overrideId}>{`Supply limit ${o.ruleId} allowed once by ${o.grantedBy.name}: ${o.reason}`}</Warn>
            ))}
            {order.acknowledgedWarnings.length > 0 && (
              <Warn>Safety warnings acknowledged by the shopper: {order.acknowledgedWarnings.join('; ')}</Warn>
            )}
          </Section>
        </Sections>
      )}
    </Dialog>
  );
}
