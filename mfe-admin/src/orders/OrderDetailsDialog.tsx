import styled from 'styled-components';
import { ORDER_STATUS_TRANSITIONS, PAYMENT_STATUS_TRANSITIONS, formatMoney, type Order, type OrderStatus, type PaymentStatus } from '@pharmacy/contracts';
import { Dialog } from '@pharmacy/ui/dialog';
import { Spinner, breakpoints, th } from '@pharmacy/ui';
import { DataTable, type Column } from '../DataTable';
import { dateTimeOrDash, textOrDash } from '../format';
import { StatusControl, staffStatusLabel } from './StatusControl';
import { Center } from '../styles';

const Sections = styled.div`
  display: grid;
  gap: ${th((t) => t.space(6))};
  grid-template-columns: 1fr;
  @media (min-width: ${breakpoints.md}px) {
    grid-template-columns: 1fr 1fr;
  }
`;

const Section = styled.section<{ $wide?: boolean }>`
  min-width: 0;
  ${(p) => (p.$wide ? 'grid-column: 1 / -1;' : '')}
`;

const H3 = styled.h3`
  margin: 0 0 ${th((t) => t.space(2))};
  font-size: ${th((t) => t.fontSizes.lg)};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${th((t) => t.space(1))} ${th((t) => t.space(3))};
  margin: 0;
  dt { color: ${th((t) => t.colors.textMuted)}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

const History = styled.ol`
  margin: 0;
  padding-left: ${th((t) => t.space(5))};
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space(1))};
`;

const Warn = styled.p`
  margin: 0;
  color: ${th((t) => t.colors.warning)};
`;

const FIELD_LABELS = { orderStatus: 'Order status', paymentStatus: 'Payment status' } as const;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

export interface OrderDetailsDialogProps {
  open: boolean;
  order: Order | null;
  loading: boolean;
  updating: 'orderStatus' | 'paymentStatus' | null;
  onClose: () => void;
  onOrderStatus: (next: OrderStatus) => void;
  onPaymentStatus: (next: PaymentStatus) => void;
}

const itemColumns = (currency: string): Column<Order['items'][number]>[] => [
  { header: 'Product', cell: (item) => item.title },
  { header: 'Brand', cell: (item) => textOrDash(item.brand) },
  { header: 'Price', cell: (item) => formatMoney(item.price, currency) },
  { header: 'Quantity', cell: (item) => item.quantity },
  { header: 'Line total', cell: (item) => formatMoney(item.lineTotal, currency) },
];

export function OrderDetailsDialog({ open, order, loading, updating, onClose, onOrderStatus, onPaymentStatus }: OrderDetailsDialogProps) {
  return (
    <Dialog
      open={open}
      size="lg"
      title="Order details"
      description={order ? `Order ${order._id}, placed ${dateTimeOrDash(order.orderDate)}` : 'Items, address, totals, payment and status history'}
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
          <Section $wide aria-labelledby="order-status-heading">
            <H3 id="order-status-heading">Status</H3>
            <Sections>
              <StatusControl
                label="Order status"
                field="orderStatus"
                current={order.orderStatus}
                transitions={ORDER_STATUS_TRANSITIONS}
                busy={updating === 'orderStatus'}
                onChange={onOrderStatus}
              />
              <StatusControl
                label="Payment status"
                field="paymentStatus"
                current={order.paymentStatus}
                transitions={PAYMENT_STATUS_TRANSITIONS}
                busy={updating === 'paymentStatus'}
                onChange={onPaymentStatus}
              />
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
              <Fact label="Total" value={formatMoney(order.totalAmount, order.currency)} />
            </Facts>
          </Section>

          <Section aria-labelledby="order-payment-heading">
            <H3 id="order-payment-heading">Payment</H3>
            <Facts>
              <Fact label="Method" value={textOrDash(order.paymentMethod)} />
              <Fact label="Status" value={staffStatusLabel('paymentStatus', order.paymentStatus)} />
              <Fact label="Payment ID" value={textOrDash(order.paymentId)} />
              <Fact label="Payer ID" value={textOrDash(order.payerId)} />
            </Facts>
          </Section>

          <Section aria-labelledby="order-address-heading">
            <H3 id="order-address-heading">Address</H3>
            <Facts>
              <Fact label="Name" value={textOrDash(order.address.fullName)} />
              <Fact label="Address" value={textOrDash(order.address.addressLine)} />
              <Fact label="City" value={textOrDash(order.address.city)} />
              <Fact label="Postal code" value={textOrDash(order.address.postalCode)} />
              <Fact label="Phone" value={textOrDash(order.address.phone)} />
              <Fact label="Notes" value={textOrDash(order.address.notes)} />
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
                    {entry.by === 'system' ? 'the system' : entry.by}
                    {entry.note ? ` (${entry.note})` : ''}
                  </li>
                ))}
              </History>
            )}
            {order.acknowledgedWarnings.length > 0 && (
              <Warn>Safety warnings acknowledged by the shopper: {order.acknowledgedWarnings.join('; ')}</Warn>
            )}
          </Section>
        </Sections>
      )}
    </Dialog>
  );
}
