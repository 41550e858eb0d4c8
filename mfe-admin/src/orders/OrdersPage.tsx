import { useEffect, useId, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useSearchParams } from 'react-router-dom';
import { ADMIN_ORDERS_QUERY_MAX, ORDER_STATUSES, formatMoney, orderNumber, reviewStatusLabel, type StaffOrder, type OrderStatus } from '@pharmacy/contracts';
import { Button, Select } from '@pharmacy/ui';
import { viewDetailsColumn, type Column } from '../DataTable';
import { ListPage } from '../ListPage';
import { SearchField } from '../SearchField';
import { Segments } from '../styles';
import { dateTimeOrDash } from '../format';
import { useAdminSelector } from '../state/module';
import { selectOrders, selectRecognition } from '../state/selectors';
import { useDetailsDialog } from '../useDetailsDialog';
import { PrescriptionsButton } from '../prescriptions/PrescriptionsButton';
import { PRESCRIPTIONS_VIEW, PrescriptionsView } from '../prescriptions/PrescriptionsQueue';
import { OrderDetailsDialog } from './OrderDetailsDialog';
import { OrderWordsBadges, staffStatusLabel } from './StatusControl';
import { ordersActions } from './slice';



/** Typing pauses this long before the list is asked for again: one request per word rather than per key. */
export const ORDER_SEARCH_DEBOUNCE_MS = 300;

/** Why the list is empty, naming every filter in force so staff know which one to loosen. */
function emptyDescription(review: 'awaiting' | null, statusWords: string | null, query: string | null): string | undefined {
  const matching = query ? ` matching "${query}"` : '';
  if (review === 'awaiting') return `No order${matching}${statusWords ? ` that is ${statusWords}` : ''} is waiting for a pharmacist's review.`;
  if (statusWords) return `No order${matching} is ${statusWords}.`;
  if (query) return `No order matches "${query}". Search by order number (e.g. #FC34A420), customer name or email.`;
  return undefined;
}

/** Orders newest first (the server sorts), filtered by orderStatus or the review queue, with details and decisions. */
export function OrdersPage() {
  const dispatch = useDispatch();
  const orders = useAdminSelector(selectOrders);
  const { list, total, page, limit, status, review, awaitingReview, loading, details, detailsLoading, updating } = orders;
  const recognition = useAdminSelector(selectRecognition);
  const dialog = useDetailsDialog(ordersActions.fetchOrderDetails, ordersActions.resetOrderDetails);
  const filterId = useId();
  const [term, setTerm] = useState(orders.q ?? '');
  const searched = useRef(orders.q ?? '');
  const [params, setParams] = useSearchParams();
  // A link from the dashboard: the pharmacist's queue (`review=awaiting`), and an order of it to open (`order`).
  const linked = useRef({ queue: params.get('review') === 'awaiting', order: params.get('order') });
  const { open: openDetails } = dialog;

  useEffect(() => {
    const { queue, order } = linked.current;
    dispatch(ordersActions.fetchOrders(queue ? { review: 'awaiting', page: 1 } : undefined));
    if (order) openDetails(order);
  }, [dispatch, openDetails]);

  const closeDetails = () => {
    dialog.close();
    // Closed, the order is not opened again by a reload or the back button.
    if (params.has('order')) {
      const next = new URLSearchParams(params);
      next.delete('order');
      setParams(next, { replace: true });
    }
  };

  // The search goes to the server once typing pauses, with the status and review filters as they are.
  useEffect(() => {
    const next = term.trim();
    if (next === searched.current) return;
    const timer = setTimeout(() => {
      searched.current = next;
      dispatch(ordersActions.fetchOrders({ q: next || null, page: 1 }));
    }, ORDER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term, dispatch]);

  const columns: Column<StaffOrder>[] = [
    {
      header: 'Order',
      nowrap: true,
      width: '7.5rem',
      card: 'title',
      // A queued order's status reads "Awaiting pharmacist review" (orderStatusWords): no second mark by the number.
      cell: (order) => orderNumber(order._id),
    },
    { header: 'Date', nowrap: true, width: '10.5rem', cell: (order) => dateTimeOrDash(order.orderDate) },
    { header: 'Customer', cell: (order) => order.address.fullName },
    { header: 'Items', numeric: true, width: '4.5rem', cell: (order) => order.items.reduce((n, i) => n + i.quantity, 0) },
    { header: 'Total', numeric: true, nowrap: true, width: '6.5rem', cell: (order) => formatMoney(order.totalAmount, order.currency) },
    { header: 'Status', width: '12rem', cell: (order) => <OrderWordsBadges order={order} /> },
    viewDetailsColumn(dialog.open),
  ];
  const openId = dialog.openId;
  const prescriptions = params.get('view') === PRESCRIPTIONS_VIEW;
  const showReview = (next: 'awaiting' | null) => {
    if (prescriptions) setParams({});
    dispatch(ordersActions.fetchOrders({ review: next, page: 1 }));
  };
  const statusWords = status ? staffStatusLabel('orderStatus', status).toLowerCase() : null;
  const query = orders.q;

  const allOrders = !prescriptions && review === null;
  const awaiting = !prescriptions && review === 'awaiting';
  const views = (
    <Segments role="group" aria-label="Pharmacist review">
      <Button variant={allOrders ? 'primary' : 'secondary'} aria-pressed={allOrders} onClick={() => showReview(null)}>
        All orders
      </Button>
      <Button variant={awaiting ? 'primary' : 'secondary'} aria-pressed={awaiting} onClick={() => showReview('awaiting')}>
        {reviewStatusLabel('awaiting', 'staff')} ({awaitingReview})
      </Button>
      <PrescriptionsButton pressed={prescriptions} onClick={() => setParams({ view: PRESCRIPTIONS_VIEW })} />
    </Segments>
  );
  if (prescriptions) return <PrescriptionsView views={views} />;

  return (
    <ListPage
      title="Orders"
      label="Orders"
      toolbar={
        <>
          <SearchField
            label="Search orders by number, customer name or email"
            placeholder="Order number, name or email"
            maxLength={ADMIN_ORDERS_QUERY_MAX}
            value={term}
            onChange={setTerm}
          />
          {views}
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
      emptyDescription={emptyDescription(review, statusWords, query)}
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
        onClose={closeDetails}
        onOrderStatus={(orderStatus) => openId && dispatch(ordersActions.updateOrderStatus({ id: openId, orderStatus }))}
        onPaymentStatus={(paymentStatus) => openId && dispatch(ordersActions.updatePaymentStatus({ id: openId, paymentStatus }))}
        onDecide={(decision) => openId && dispatch(ordersActions.reviewOrder({ id: openId, decision }))}
        onRetryCustomer={() => details && dispatch(ordersActions.fetchCustomer(details.userId))}
      />
    </ListPage>
  );
}
