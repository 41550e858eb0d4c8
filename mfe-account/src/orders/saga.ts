import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, race, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { CheckoutRoutes, pathTo } from '@pharmacy/contracts';
import { apiData, getErrorMessage } from '@pharmacy/session';
import { toast } from '@pharmacy/ui';
import { myOrdersActions, type OrderView } from './slice';

const asList = (data: unknown): OrderView[] => {
  if (Array.isArray(data)) return data as OrderView[];
  const items = (data as { items?: unknown } | null)?.items;
  return Array.isArray(items) ? (items as OrderView[]) : [];
};

const newestFirst = (a: OrderView, b: OrderView) =>
  String(b.orderDate ?? b.createdAt ?? '').localeCompare(String(a.orderDate ?? a.createdAt ?? ''));

export function* fetchOrdersSaga(action: PayloadAction<{ userId: string }>): SagaIterator {
  try {
    const data: unknown = yield call(apiData.get, pathTo(CheckoutRoutes.orders.list, { userId: action.payload.userId }));
    yield put(myOrdersActions.fetchOrdersSuccess([...asList(data)].sort(newestFirst)));
  } catch (error) {
    yield put(myOrdersActions.fetchOrdersFailure());
    yield call(toast, { variant: 'destructive', title: 'Could not load your orders', description: getErrorMessage(error) });
  }
}

export function* fetchOrderDetailsSaga(action: PayloadAction<{ orderId: string }>): SagaIterator {
  // Closing the dialog while loading wins: a late answer must not reopen stale details.
  const { result, reset } = yield race({
    result: call(function* load(): SagaIterator {
      try {
        const data: OrderView = yield call(apiData.get, pathTo(CheckoutRoutes.orders.details, { id: action.payload.orderId }));
        return { data };
      } catch (error) {
        return { error };
      }
    }),
    reset: take(myOrdersActions.resetOrderDetails.type),
  });
  if (reset) return;
  if (result.error) {
    yield put(myOrdersActions.fetchOrderDetailsFailure());
    yield call(toast, { variant: 'destructive', title: 'Could not load this order', description: getErrorMessage(result.error) });
    return;
  }
  yield put(myOrdersActions.fetchOrderDetailsSuccess(result.data));
}

/** An unpaid order cancelled by its shopper: the checkout releases the items it held. */
export function* cancelOrderSaga(action: PayloadAction<{ orderId: string }>): SagaIterator {
  const { orderId } = action.payload;
  try {
    const order: OrderView = yield call(apiData.post, pathTo(CheckoutRoutes.orders.cancel), { orderId });
    yield put(myOrdersActions.cancelOrderSuccess(order));
    yield call(toast, { title: 'Order cancelled', description: 'No money was taken and the items we held were released.' });
  } catch (error) {
    yield put(myOrdersActions.cancelOrderFailure({ orderId }));
    yield call(toast, { variant: 'destructive', title: 'Could not cancel this order', description: getErrorMessage(error) });
  }
}

export function* myOrdersSaga(): SagaIterator {
  yield all([
    takeLatest(myOrdersActions.fetchOrdersStart.type, fetchOrdersSaga),
    takeLatest(myOrdersActions.fetchOrderDetailsStart.type, fetchOrderDetailsSaga),
    // Each card cancels its own order: a second cancel must not drop the answer to the first.
    takeEvery(myOrdersActions.cancelOrderStart.type, cancelOrderSaga),
  ]);
}
