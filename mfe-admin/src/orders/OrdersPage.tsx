import { useEffect, useId, useState } from 'react';
import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import { ORDER_STATUSES, formatMoney, type OrderStatus } from '@pharmacy/contracts';
import {
  Button,
  EmptyState,
  PageTitle,
  Pagination,
  Select,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  VisuallyHidden,
  th,
} from '@pharmacy/ui';
import { dateTimeOrDash } from '../format';
import { useAdminSelector } from '../state/module';
import { selectOrders } from '../state/selectors';
import { OrderDetailsDialog } from './OrderDetailsDialog';
import { StatusBadge, staffStatusLabel } from './StatusControl';
import { ordersActions } from './slice';
import { Center, Mono } from '../styles';

const Toolbar = styled.div`
  display: flex;
  align-items: center;
  gap: ${th((t) => t.space(3))};
  margin-bottom: ${th((t) => t.space(4))};
  label { font-weight: ${th((t) => t.fontWeights.medium)}; }
  select { width: auto; min-width: 12rem; }
`;

/** Orders newest first (the server sorts), filtered by orderStatus, with details and status changes. */
export function OrdersPage() {
  const dispatch = useDispatch();
  const { list, total, page, limit, status, loading, details, detailsLoading, updating } = useAdminSelector(selectOrders);
  const [openOrderId, setOpenOrderId] = useState<string | null>(null);
  const filterId = useId();

  useEffect(() => {
    dispatch(ordersActions.fetchOrders());
    return () => {
      dispatch(ordersActions.resetOrderDetails());
    };
  }, [dispatch]);

  const openDetails = (id: string) => {
    setOpenOrderId(id);
    dispatch(ordersActions.fetchOrderDetails(id));
  };
  const closeDetails = () => {
    setOpenOrderId(null);
    dispatch(ordersActions.resetOrderDetails());
  };

  return (
    <section>
      <PageTitle>Orders</PageTitle>
      <Toolbar>
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
      </Toolbar>

      {loading && list.length === 0 ? (
        <Center $roomy>
          <Spinner size={40} label="Loading orders" />
        </Center>
      ) : list.length === 0 ? (
        <EmptyState message="No orders found" description={status ? `No order is ${staffStatusLabel('orderStatus', status).toLowerCase()}.` : undefined} />
      ) : (
        <Table aria-label="Orders" aria-busy={loading || undefined}>
          <TableHead>
            <TableRow>
              <TableHeaderCell scope="col">Order ID</TableHeaderCell>
              <TableHeaderCell scope="col">Date</TableHeaderCell>
              <TableHeaderCell scope="col">Customer</TableHeaderCell>
              <TableHeaderCell scope="col">Items</TableHeaderCell>
              <TableHeaderCell scope="col">Total</TableHeaderCell>
              <TableHeaderCell scope="col">Order status</TableHeaderCell>
              <TableHeaderCell scope="col">Payment</TableHeaderCell>
              <TableHeaderCell scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((order) => (
              <TableRow key={order._id}>
                <TableCell>
                  <Mono>{order._id}</Mono>
                </TableCell>
                <TableCell>{dateTimeOrDash(order.orderDate)}</TableCell>
                <TableCell>{order.address.fullName}</TableCell>
                <TableCell>{order.items.reduce((n, i) => n + i.quantity, 0)}</TableCell>
                <TableCell>{formatMoney(order.totalAmount, order.currency)}</TableCell>
                <TableCell>
                  <StatusBadge field="orderStatus" status={order.orderStatus} />
                </TableCell>
                <TableCell>
                  <StatusBadge field="paymentStatus" status={order.paymentStatus} />
                </TableCell>
                <TableCell>
                  <Button size="sm" variant="secondary" onClick={() => openDetails(order._id)}>
                    View Details
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pagination label="Orders pages" align="end" page={page} limit={limit} total={total} onPage={(p) => dispatch(ordersActions.fetchOrders({ page: p }))} />

      <OrderDetailsDialog
        open={openOrderId !== null}
        order={details}
        loading={detailsLoading}
        updating={updating}
        onClose={closeDetails}
        onOrderStatus={(orderStatus) => openOrderId && dispatch(ordersActions.updateOrderStatus({ id: openOrderId, orderStatus }))}
        onPaymentStatus={(paymentStatus) => openOrderId && dispatch(ordersActions.updatePaymentStatus({ id: openOrderId, paymentStatus }))}
      />
    </section>
  );
}
