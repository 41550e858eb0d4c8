import { useEffect, useId } from 'react';
import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import { ORDER_STATUSES, formatMoney, reviewStatusLabel, type Order, type OrderStatus } from '@pharmacy/contracts';
import { Button, Select, th } from '@pharmacy/ui';
import { viewDetailsColumn, type Column } from '../DataTable';
import { ListPage } from '../ListPage';
import { dateTimeOrDash } from '../format';
import { useAdminSelector } from '../state/module';
import { selectOrders, selectRecognition } from '../state/selectors';
import { Mono } from '../styles';
import { useDetailsDialog } from '../useDetailsDialog';
import { OrderDetailsDialog } from './OrderDetailsDialog';
import { ReviewBadge } from './ReviewSection';
import { StatusBadge, staffStatusLabel } from './StatusControl';
import { inReviewQueue, ordersActions } from './slice';

/** The two views of the list as one segmented control: every order, or the pharmacist's queue with its size. */
const Segments = styled.div`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${th((t) => t.space(2))};
`;

/** The id with its review mark under it: the first column, so the mark shows on a phone without scrolling. */
const IdCell = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${th((t) => t.space(1))};
`;

/** Orders newest first (the server sorts), filtered by orderStatus or the review queue, with details and decisions. */
export function OrdersPage() {
  const dispatch = useDispatch();
  const orders = useAdminSelector(selectOrders);
  const { list, total, page, limit, status, review, awaitingReview, loading, details, detailsLoading, updating } = orders;
  const recognition = useAdminSelector(selectRecognition);
  const dialog = useDetailsDialog(ordersActions.fetchOrderDetails, ordersActions.resetOrderDetails);
  const filterId = useId();

  useEffect(() => {
    dispatch(ordersActions.fetchOrders());
  }, [dispatch]);

  const columns: Column<Order>[] = [
    {
      header: 'Order ID',
      cell: (order) => (
        <IdCell>
          <Mono>{order._id}</Mono>
          {inReviewQueue(order) && <ReviewBadge status="awaiting" />}
        </IdCell>
      ),
    },
    { header: 'Date', cell: (order) => dateTimeOrDash(order.orderDate) },
    { header: 'Customer', cell: (order) => order.address.fullName },
    { header: 'Items', cell: (order) => order.items.reduce((n, i) => n + i.quantity, 0) },
    { header: 'Total', cell: (order) => formatMoney(order.totalAmount, order.currency) },
    { header: 'Order status', cell: (order) => <StatusBadge field="orderStatus" status={order.orderStatus} /> },
    { header: 'Payment', cell: (order) => <StatusBadge field="paymentStatus" status={order.paymentStatus} /> },
    viewDetailsColumn(dialog.open),
  ];
  const openId = dialog.openId;
  const showReview = (next: 'awaiting' | null) => dispatch(ordersActions.fetchOrders({ review: next, page: 1 }));
  const statusWords = status ? staffStatusLabel('orderStatus', status).toLowerCase() : null;

  return (
    <ListPage
      title="Orders"
      label="Orders"
      toolbar={
        <>
          <Segments role="group" aria-label="Pharmacist review">
            <Button variant={review === null ? 'primary' : 'secondary'} aria-pressed={review === null} onClick={() => showReview(null)}>
              All orders
            </Button>
            <Button variant={review === 'awaiting' ? 'primary' : 'secondary'} aria-pressed={review === 'awaiting'} onClick={() => showReview('awaiting')}>
              {reviewStatusLabel('awaiting', 'staff')} ({awaitingReview})
            </Button>
          </Segments>
          <label htmlFor={filterId}>Status</label>
          <Select
            id={filterId}
            value={status ?? ''}
            onChange={(event) => dispatch(ordersActions.fetchOrders({ status: (event.target.value || null) as OrderStatus | null, page: 1 }))}
          >
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {staffStatusLabel('orderStatus', s)}
              </option>
            ))}
          </Select>
        </>
      }
      rows={list}
      columns={columns}
      loading={loading}
      emptyDescription={
        review === 'awaiting'
          ? `No order${statusWords ? ` that is ${statusWords}` : ''} is waiting for a pharmacist's review.`
          : statusWords
            ? `No order is ${statusWords}.`
            : undefined
      }
      paging={{ page, limit, total, onPage: (p) => dispatch(ordersActions.fetchOrders({ page: p })) }}
    >
      <OrderDetailsDialog
        open={openId !== null}
        order={details}
        loading={detailsLoading}
        updating={updating}
        customer={orders.customer}
        recognition={recognition}
        deciding={orders.deciding}
        decisionError={orders.decisionError}
        onClose={dialog.close}
        onOrderStatus={(orderStatus) => openId && dispatch(ordersActions.updateOrderStatus({ id: openId, orderStatus }))}
        onPaymentStatus={(paymentStatus) => openId && dispatch(ordersActions.updatePaymentStatus({ id: openId, paymentStatus }))}
        onDecide={(decision) => openId && dispatch(ordersActions.reviewOrder({ id: openId, decision }))}
        onRetryCustomer={() => details && dispatch(ordersActions.fetchCustomer(details.userId))}
      />
    </ListPage>
  );
}
