import { useEffect, useId } from 'react';
import { useDispatch } from 'react-redux';
import { ORDER_STATUSES, formatMoney, type Order, type OrderStatus } from '@pharmacy/contracts';
import { Select } from '@pharmacy/ui';
import { viewDetailsColumn, type Column } from '../DataTable';
import { ListPage } from '../ListPage';
import { dateTimeOrDash } from '../format';
import { useAdminSelector } from '../state/module';
import { selectOrders } from '../state/selectors';
import { Mono } from '../styles';
import { useDetailsDialog } from '../useDetailsDialog';
import { OrderDetailsDialog } from './OrderDetailsDialog';
import { StatusBadge, staffStatusLabel } from './StatusControl';
import { ordersActions } from './slice';

/** Orders newest first (the server sorts), filtered by orderStatus, with details and status changes. */
export function OrdersPage() {
  const dispatch = useDispatch();
  const { list, total, page, limit, status, loading, details, detailsLoading, updating } = useAdminSelector(selectOrders);
  const dialog = useDetailsDialog(ordersActions.fetchOrderDetails, ordersActions.resetOrderDetails);
  const filterId = useId();

  useEffect(() => {
    dispatch(ordersActions.fetchOrders());
  }, [dispatch]);

  const columns: Column<Order>[] = [
    { header: 'Order ID', cell: (order) => <Mono>{order._id}</Mono> },
    { header: 'Date', cell: (order) => dateTimeOrDash(order.orderDate) },
    { header: 'Customer', cell: (order) => order.address.fullName },
    { header: 'Items', cell: (order) => order.items.reduce((n, i) => n + i.quantity, 0) },
    { header: 'Total', cell: (order) => formatMoney(order.totalAmount, order.currency) },
    { header: 'Order status', cell: (order) => <StatusBadge field="orderStatus" status={order.orderStatus} /> },
    { header: 'Payment', cell: (order) => <StatusBadge field="paymentStatus" status={order.paymentStatus} /> },
    viewDetailsColumn(dialog.open),
  ];
  const openId = dialog.openId;

  return (
    <ListPage
      title="Orders"
      label="Orders"
      toolbar={
        <>
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
      emptyDescription={status ? `No order is ${staffStatusLabel('orderStatus', status).toLowerCase()}.` : undefined}
      paging={{ page, limit, total, onPage: (p) => dispatch(ordersActions.fetchOrders({ page: p })) }}
    >

      <OrderDetailsDialog
        open={openId !== null}
        order={details}
        loading={detailsLoading}
        updating={updating}
        onClose={dialog.close}
        onOrderStatus={(orderStatus) => openId && dispatch(ordersActions.updateOrderStatus({ id: openId, orderStatus }))}
        onPaymentStatus={(paymentStatus) => openId && dispatch(ordersActions.updatePaymentStatus({ id: openId, paymentStatus }))}
      />
    </ListPage>
  );
}
