import { combineReducers, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call } from 'redux-saga/effects';
import { useSelector } from 'react-redux';
import { leavesNobodySignedIn, useInjectModule } from '@pharmacy/session';
import { dashboardReducer } from '../dashboard/slice';
import { dashboardSaga } from '../dashboard/saga';
import { ordersReducer } from '../orders/slice';
import { ordersSaga } from '../orders/saga';
import { productsReducer } from '../products/slice';
import { productsSaga } from '../products/saga';
import { recognitionReducer } from '../safety/slice';
import { recognitionSaga } from '../safety/saga';
import { usersReducer } from '../users/slice';
import { usersSaga } from '../users/saga';
import type { AdminRootState } from './selectors';

/** The key of the admin slice in the host's one store. */
export const ADMIN_KEY = 'admin';

const combined = combineReducers({
  users: usersReducer,
  orders: ordersReducer,
  products: productsReducer,
  dashboard: dashboardReducer,
  recognition: recognitionReducer,
});
export type AdminState = ReturnType<typeof combined>;

/**
 * Customers' personal data must not outlive the admin's session in memory: signing out, or a check finding the session
 * ended, forgets it all.
 */
export const adminReducer: Reducer<AdminState> = (state, action: UnknownAction) =>
  leavesNobodySignedIn(action) ? combined(undefined, action) : combined(state, action);

export function* adminSaga(): SagaIterator {
  yield all([call(usersSaga), call(ordersSaga), call(productsSaga), call(dashboardSaga), call(recognitionSaga)]);
}

/** Injects the admin slice and saga into the host store once (every exposed page calls it first). */
export function useAdminModule(): void {
  useInjectModule({ key: ADMIN_KEY, reducer: adminReducer as Reducer, saga: adminSaga });
}

export const useAdminSelector = useSelector.withTypes<AdminRootState>();
