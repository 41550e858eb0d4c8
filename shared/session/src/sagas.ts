import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import { api, getErrorMessage, type ApiResponse } from './api';
import { pickUser } from './user';
import {
  deleteUserFailure,
  deleteUserStart,
  deleteUserSuccess,
  signInFailure,
  signInStart,
  signInSuccess,
  signOutFailure,
  signOutStart,
  signOutSuccess,
  updateUserFailure,
  updateUserStart,
  updateUserSuccess,
} from './sessionSlice';
import type { DeleteAccountRequest, ProfileUpdate, SignInCredentials } from './types';

const UNREADABLE = 'The server sent a response we could not read. Please try again.';
const refusedMessage = (body: ApiResponse<unknown>, fallback: string) =>
  typeof body.message === 'string' && body.message ? body.message : fallback;

export function* signInSaga(action: PayloadAction<SignInCredentials>): SagaIterator {
  try {
    const { email, password } = action.payload;
    const body: ApiResponse<unknown> = yield call(api.post, '/api/auth/login', { email, password });
    if (!body.success) {
      yield put(signInFailure(refusedMessage(body, 'We could not sign you in. Please try again.')));
      return;
    }
    const user = pickUser(body);
    yield put(user ? signInSuccess(user) : signInFailure(UNREADABLE));
  } catch (error) {
    yield put(signInFailure(getErrorMessage(error)));
  }
}

export function* updateUserSaga(action: PayloadAction<ProfileUpdate>): SagaIterator {
  try {
    const body: ApiResponse<unknown> = yield call(api.put, '/api/account/profile', action.payload);
    if (!body.success) {
      yield put(updateUserFailure(refusedMessage(body, 'We could not save your profile. Please try again.')));
      return;
    }
    const user = pickUser(body);
    yield put(user ? updateUserSuccess(user) : updateUserFailure(UNREADABLE));
  } catch (error) {
    yield put(updateUserFailure(getErrorMessage(error)));
  }
}

export function* deleteUserSaga(action: PayloadAction<DeleteAccountRequest | undefined>): SagaIterator {
  try {
    const body: ApiResponse<unknown> = yield call(api.delete, '/api/account/profile', action.payload ? { body: action.payload } : undefined);
    if (!body.success) {
      yield put(deleteUserFailure(refusedMessage(body, 'We could not delete your account. Please try again.')));
      return;
    }
    yield put(deleteUserSuccess());
  } catch (error) {
    yield put(deleteUserFailure(getErrorMessage(error)));
  }
}

/** docs/product.md#client-state: a `success: false` body stores its message and the user stays signed in; a thrown error stores its message. */
export function* signOutSaga(): SagaIterator {
  try {
    const body: ApiResponse<unknown> = yield call(api.post, '/api/auth/logout');
    if (body.success === false) {
      yield put(signOutFailure(refusedMessage(body, 'We could not sign you out. Please try again.')));
      return;
    }
    yield put(signOutSuccess());
  } catch (error) {
    yield put(signOutFailure(getErrorMessage(error)));
  }
}

/** The host runs this once; it serves every remote through the shared store. */
export function* sessionSaga(): SagaIterator {
  yield all([
    takeLatest(signInStart.type, signInSaga),
    takeLatest(updateUserStart.type, updateUserSaga),
    takeLatest(deleteUserStart.type, deleteUserSaga),
    takeLatest(signOutStart.type, signOutSaga),
  ]);
}
