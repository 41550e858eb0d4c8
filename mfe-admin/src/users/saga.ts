import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeLatest } from 'redux-saga/effects';
import type { User } from '@pharmacy/contracts';
import { adminApi } from '../api';
import { recognitionActions } from '../safety/slice';
import { termsToCheck } from '../safety/terms';
import { request } from '../state/request';
import { selectUsers } from '../state/selectors';
import { usersActions, type UsersState } from './slice';

// takeLatest: each keystroke's search replaces the one before it, whose answer is dropped.
const fetchUsersSaga = request({
  *run(_action, signal): SagaIterator {
    const { q, page, limit }: UsersState = yield select(selectUsers);
    return yield call(adminApi.listUsers, { q: q ?? undefined, page, limit }, signal);
  },
  succeeded: (users) => usersActions.fetchUsersSucceeded(users),
  failed: () => usersActions.fetchUsersFailed(),
  failure: 'Could not load users',
});

const fetchUserDetailsSaga = request({
  run: (action: PayloadAction<string>, signal) => adminApi.userDetails(action.payload, signal),
  succeeded: (user) => usersActions.fetchUserDetailsSucceeded(user),
  failed: () => usersActions.fetchUserDetailsFailed(),
  failure: 'Could not load the user details',
  // Closing the dialog while the details load must leave them null, so the reset wins the race.
  until: usersActions.resetUserDetails.type,
});

// Staff see which of the user's allergies and conditions the medicine knowledge table does not know.
function* recogniseProfile({ payload: user }: PayloadAction<User>): SagaIterator {
  yield put(recognitionActions.recognise(termsToCheck([...user.allergies, ...user.healthConditions])));
}

export function* usersSaga(): SagaIterator {
  yield all([
    takeLatest(usersActions.fetchUsers.type, fetchUsersSaga),
    takeLatest(usersActions.fetchUserDetails.type, fetchUserDetailsSaga),
    takeLatest(usersActions.fetchUserDetailsSucceeded.type, recogniseProfile),
  ]);
}
