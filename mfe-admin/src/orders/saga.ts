import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, race, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { orderStatusLabel, paymentStatusLabel, type Order, type OrderStatus, type PaymentStatus } from '@pharmacy/contracts';
import { adminApi, type OrderList } from '../api';
import { abortable, notifyFailure, notifySuccess } from '../state/effects';
import { selectOrders } from '../state/selectors';
import { ordersActions, type OrdersState } from './slice';

function* fetchOrdersSaga(): SagaIterator {
  try {
    const { status, page, limit }: OrdersState = yield select(selectOrders);
    const result: OrderList = yield call(abortable, (signal: AbortSignal) =>
      adminApi.listOrders({ status: status ?? undefined, page, limit }, signal),
    );
    yield put(ordersActions.fetchOrdersSucceeded(result));
  } catch (error) {
    yield put(ordersActions.fetchOrdersFailed());
    yield call(notifyFailure, 'Could not load orders', error);
  }
}

function* fetchOrderDetailsSaga(action: PayloadAction<string>): SagaIterator {
  try {
    const { order }: { order?: Order } = yield race({
      order: call(abortable, (signal: AbortSignal) => adminApi.orderDetails(action.payload, signal)),
      reset: take(ordersActions.resetOrderDetails.type),
    });
    if (order) yield put(ordersActions.fetchOrderDetailsSucceeded(order));
  } catch (error) {
    yield put(ordersActions.fetchOrderDetailsFailed());
    yield call(notifyFailure, 'Could not load the order details', error);
  }
}

function* updateOrderStatusSaga(action: PayloadAction<{ id: string; orderStatus: OrderStatus }>): SagaIterator {
  try {
    const order: Order = yield call(adminApi.updateOrderStatus, action.payload.id, action.payload.orderStatus);
    yield put(ordersActions.updateOrderSucceeded(order));
    yield call(notifySuccess, 'Order status updated', `The order is now ${orderStatusLabel(order.orderStatus, 'staff').toLowerCase()}.`);
  } catch (error) {
    yield put(ordersActions.updateOrderFailed());
    yield call(notifyFailure, 'Could not update the order status', error);
  }
}

function* updatePaymentStatusSaga(action: PayloadAction<{ id: string; paymentStatus: PaymentStatus }>): SagaIterator {
  try {
    const order: Order = yield call(adminApi.updatePaymentStatus, action.payload.id, action.payload.paymentStatus);
    yield put(ordersActions.updateOrderSucceeded(order));
    yield call(notifySuccess, 'Payment status updated', `The payment is now ${paymentStatusLabel(order.paymentStatus).toLowerCase()}.`);
  } catch (error) {
    yield put(ordersActions.updateOrderFailed());
    yield call(notifyFailure, 'Could not update the payment status', error);
  }
}

export function* ordersSaga(): SagaIterator {
  yield all([
    takeLatest(ordersActions.fetchOrders.type, fetchOrdersSaga),
    takeLatest(ordersActions.fetchOrderDetails.type, fetchOrderDetailsSaga),
    takeEvery(ordersActions.updateOrderStatus.type, updateOrderStatusSaga),
    takeEvery(ordersActions.updatePaymentStatus.type, updatePaymentStatusSaga),
  ]);
}
