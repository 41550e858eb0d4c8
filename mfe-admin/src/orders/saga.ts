import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { orderStatusLabel, paymentStatusLabel, type OrderStatus, type PaymentStatus } from '@pharmacy/contracts';
import { adminApi } from '../api';
import { request } from '../state/request';
import { selectOrders } from '../state/selectors';
import { ordersActions, type OrdersState } from './slice';

const fetchOrdersSaga = request({
  *run(_action, signal): SagaIterator {
    const { status, page, limit }: OrdersState = yield select(selectOrders);
    return yield call(adminApi.listOrders, { status: status ?? undefined, page, limit }, signal);
  },
  succeeded: (result) => ordersActions.fetchOrdersSucceeded(result),
  failed: () => ordersActions.fetchOrdersFailed(),
  failure: 'Could not load orders',
});

const fetchOrderDetailsSaga = request({
  run: (action: PayloadAction<string>, signal) => adminApi.orderDetails(action.payload, signal),
  succeeded: (order) => ordersActions.fetchOrderDetailsSucceeded(order),
  failed: () => ordersActions.fetchOrderDetailsFailed(),
  failure: 'Could not load the order details',
  until: ordersActions.resetOrderDetails.type,
});

const updateOrderStatusSaga = request({
  run: ({ payload }: PayloadAction<{ id: string; orderStatus: OrderStatus }>) => adminApi.updateOrderStatus(payload.id, payload.orderStatus),
  succeeded: (order) => ordersActions.updateOrderSucceeded(order),
  failed: () => ordersActions.updateOrderFailed(),
  failure: 'Could not update the order status',
  success: (order) => ['Order status updated', `The order is now ${orderStatusLabel(order.orderStatus, 'staff').toLowerCase()}.`],
});

const updatePaymentStatusSaga = request({
  run: ({ payload }: PayloadAction<{ id: string; paymentStatus: PaymentStatus }>) => adminApi.updatePaymentStatus(payload.id, payload.paymentStatus),
  succeeded: (order) => ordersActions.updateOrderSucceeded(order),
  failed: () => ordersActions.updateOrderFailed(),
  failure: 'Could not update the payment status',
  success: (order) => ['Payment status updated', `The payment is now ${paymentStatusLabel(order.paymentStatus).toLowerCase()}.`],
});

export function* ordersSaga(): SagaIterator {
  yield all([
    takeLatest(ordersActions.fetchOrders.type, fetchOrdersSaga),
    takeLatest(ordersActions.fetchOrderDetails.type, fetchOrderDetailsSaga),
    takeEvery(ordersActions.updateOrderStatus.type, updateOrderStatusSaga),
    takeEvery(ordersActions.updatePaymentStatus.type, updatePaymentStatusSaga),
  ]);
}
