import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, race, take, takeLatest } from 'redux-saga/effects';
import type { User } from '@pharmacy/contracts';
import { adminApi } from '../api';
import { abortable, notifyFailure } from '../state/effects';
import { usersActions } from './slice';

function* fetchUsersSaga(): SagaIterator {
  try {
    const users: User[] = yield call(abortable, (signal: AbortSignal) => adminApi.listUsers(signal));
    yield put(usersActions.fetchUsersSucceeded(users));
  } catch (error) {
    yield put(usersActions.fetchUsersFailed());
    yield call(notifyFailure, 'Could not load users', error);
  }
}

function* fetchUserDetailsSaga(action: PayloadAction<string>): SagaIterator {
  try {
    // Closing the dialog while the details load must leave them null, so the reset wins the race.
    const { user }: { user?: User } = yield race({
      user: call(abortable, (signal: AbortSignal) => adminApi.userDetails(action.payload, signal)),
      reset: take(usersActions.resetUserDetails.type),
    });
    if (user) yield put(usersActions.fetchUserDetailsSucceeded(user));
  } catch (error) {
    yield put(usersActions.fetchUserDetailsFailed());
    yield call(notifyFailure, 'Could not load the user details', error);
  }
}

export function* usersSaga(): SagaIterator {
  yield all([
    takeLatest(usersActions.fetchUsers.type, fetchUsersSaga),
    takeLatest(usersActions.fetchUserDetails.type, fetchUserDetailsSaga),
  ]);
}
