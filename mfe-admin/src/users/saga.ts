import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, takeLatest } from 'redux-saga/effects';
import { getErrorMessage } from '@pharmacy/session';
import type { StaffRolesBody } from '@pharmacy/contracts';
import { adminApi } from '../api';
import { recogniseProfile } from '../safety/saga';
import { pagedList } from '../state/pagedList';
import { request } from '../state/request';
import { selectUsers } from '../state/selectors';
import { usersActions } from './slice';

// takeLatest: each keystroke's search replaces the one before it, whose answer is dropped.
const fetchUsersSaga = pagedList({
  from: selectUsers,
  load: ({ q, page, limit }, signal) => adminApi.listUsers({ q: q ?? undefined, page, limit }, signal),
  fetch: usersActions.fetchUsers,
  succeeded: usersActions.fetchUsersSucceeded,
  failed: usersActions.fetchUsersFailed,
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

// The editor shows a refusal itself (the last administrator), so no toast on top of it.
const saveStaffRolesSaga = request({
  run: ({ payload }: PayloadAction<{ id: string; body: StaffRolesBody }>) => adminApi.setStaffRoles(payload.id, payload.body),
  succeeded: (user) => usersActions.saveStaffRolesSucceeded(user),
  failed: (error) => usersActions.saveStaffRolesFailed(getErrorMessage(error)),
});

export function* usersSaga(): SagaIterator {
  yield all([
    takeLatest(usersActions.fetchUsers.type, fetchUsersSaga),
    takeLatest(usersActions.fetchUserDetails.type, fetchUserDetailsSaga),
    takeLatest(usersActions.fetchUserDetailsSucceeded.type, recogniseProfile),
    takeLatest(usersActions.saveStaffRoles.type, saveStaffRolesSaga),
  ]);
}
