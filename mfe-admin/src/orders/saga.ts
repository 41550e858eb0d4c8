import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, put, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { orderStatusLabel, paymentStatusLabel, type AdminReviewBody, type StaffOrder, type OrderStatus, type PaymentStatus } from '@pharmacy/contracts';
import { getErrorMessage, isApiError } from '@pharmacy/session';
import { adminApi } from '../api';
import { recogniseProfile } from '../safety/saga';
import { pagedList, reload } from '../state/pagedList';
import { request } from '../state/request';
import { selectOrders } from '../state/selectors';
import { ordersActions } from './slice';

const fetchOrdersSaga = pagedList({
  from: selectOrders,
  load: ({ status, review, q, page, limit }, signal) =>
    adminApi.listOrders({ status: status ?? undefined, review: review ?? undefined, q: q ?? undefined, page, limit }, signal),
  fetch: ordersActions.fetchOrders,
  succeeded: ordersActions.fetchOrdersSucceeded,
  failed: ordersActions.fetchOrdersFailed,
  failure: 'Could not load orders',
});

const fetchOrderDetailsSaga = request({
  run: (action: PayloadAction<string>, signal) => adminApi.orderDetails(action.payload, signal),
  succeeded: (order) => ordersActions.fetchOrderDetailsSucceeded(order),
  failed: () => ordersActions.fetchOrderDetailsFailed(),
  failure: 'Could not load the order details',
  until: ordersActions.resetOrderDetails.type,
});

/**
 * An order a pharmacist reviews (or reviewed) needs the customer's health profile beside it; other orders do not,
 * so no one's health data is loaded without a reason.
 */
function* customerForReview({ payload: order }: PayloadAction<StaffOrder>): SagaIterator {
  if (order.review.status === 'notNeeded') return;
  if (order.anonymisedAt) yield put(ordersActions.customerErased());
  else yield put(ordersActions.fetchCustomer(order.userId));
}

const fetchCustomerSaga = request({
  run: (action: PayloadAction<string>, signal) => adminApi.userDetails(action.payload, signal),
  succeeded: (user) => ordersActions.fetchCustomerSucceeded(user),
  // No user with that id any more: the account was deleted (its erasure may not have reached the order yet).
  failed: (error) => (isApiError(error) && error.status === 404 ? ordersActions.customerErased() : ordersActions.fetchCustomerFailed()),
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

// The review view shows a failure itself (a refund the provider refused), so no toast on top of it.
const reviewOrderSaga = request({
  run: ({ payload }: PayloadAction<{ id: string; decision: AdminReviewBody }>) => adminApi.reviewOrder(payload.id, payload.decision),
  succeeded: (order) => ordersActions.reviewOrderSucceeded(order),
  failed: (error) => ordersActions.reviewOrderFailed(getErrorMessage(error)),
  success: (order) =>
    order.review.status === 'approved'
      ? ['Order approved', 'It goes on to processing.']
      : ['Order rejected', `The payment is ${paymentStatusLabel(order.paymentStatus).toLowerCase()} and the shopper has been told.`],
});

export function* ordersSaga(): SagaIterator {
  yield all([
    takeLatest(ordersActions.fetchOrders.type, fetchOrdersSaga),
    takeLatest(ordersActions.fetchOrderDetails.type, fetchOrderDetailsSaga),
    takeLatest(ordersActions.fetchOrderDetailsSucceeded.type, customerForReview),
    takeLatest(ordersActions.fetchCustomer.type, fetchCustomerSaga),
    takeLatest(ordersActions.fetchCustomerSucceeded.type, recogniseProfile),
    takeEvery(ordersActions.updateOrderStatus.type, updateOrderStatusSaga),
    takeEvery(ordersActions.updatePaymentStatus.type, updatePaymentStatusSaga),
    takeLeading(ordersActions.reviewOrder.type, reviewOrderSaga),
    // Another pharmacist may have decided meanwhile (a failure can be that very conflict): the list and the queue's
    // count are read again from the server either way.
    takeEvery([ordersActions.reviewOrderSucceeded.type, ordersActions.reviewOrderFailed.type], reload(ordersActions.fetchOrders)),
  ]);
}
