import type { PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeLatest } from 'redux-saga/effects';
import { AccountRoutes, pathTo } from '@pharmacy/contracts';
import { api, getErrorMessage, isApiError, type ApiResponse } from './api';
import { pickUser } from './user';
import { selectCurrentUser } from './selectors';
import { deleteUserFailure, deleteUserStart, signInFailure, signInStart, signOutFailure, signOutStart, updateUserFailure, updateUserStart } from './sessionSlice';
import { deleteUserSuccess, signInSuccess, signOutSuccess, updateUserSuccess } from './sessionEvents';
import type { DeleteAccountRequest, ProfileUpdate, SessionUser, SignInCredentials } from './types';

const UNREADABLE = 'The server sent a response we could not read. Please try again.';
const SIGNED_OUT_MEANWHILE = 'You were signed out before your changes were saved. Please sign in and try again.';
const refusedMessage = (body: ApiResponse<unknown>, fallback: string) =>
  typeof body.message === 'string' && body.message ? body.message : fallback;

/**
 * One session call (docs/product.md#client-state): a refusal stores the server's message (or `refusal`) and a
 * thrown error its message and code, and the user stays as they were; otherwise `succeeded` reads the answer.
 * Sign-out counts only an explicit `success: false` as a refusal; the other calls need `success: true`.
 */
function* sessionCall(
  request: () => Promise<ApiResponse<unknown>>,
  refusal: string,
  succeeded: (body: ApiResponse<unknown>, signedIn: SessionUser | null) => UnknownAction,
  failed: (message: string, code?: string) => UnknownAction,
  refusedOnlyWhenFalse = false,
): SagaIterator {
  try {
    const body: ApiResponse<unknown> = yield call(request);
    const refused = refusedOnlyWhenFalse ? body.success === false : !body.success;
    const signedIn: SessionUser | null = yield select(selectCurrentUser);
    yield put(refused ? failed(refusedMessage(body, refusal)) : succeeded(body, signedIn));
  } catch (error) {
    yield put(failed(getErrorMessage(error), isApiError(error) ? error.code : undefined));
  }
}

/** An answer that must carry the user (sign-in, profile update): without one it cannot be stored. */
const withUser = (stored: (user: SessionUser) => UnknownAction, failed: (message: string) => UnknownAction) => (body: ApiResponse<unknown>) => {
  const user = pickUser(body);
  return user ? stored(user) : failed(UNREADABLE);
};

export function* signInSaga(action: PayloadAction<SignInCredentials>): SagaIterator {
  const { email, password, altcha } = action.payload;
  yield call(
    sessionCall,
    () => api.post(pathTo(AccountRoutes.auth.login), altcha ? { email, password, altcha } : { email, password }),
    'We could not sign you in. Please try again.',
    withUser(signInSuccess, signInFailure),
    signInFailure,
  );
}

export function* updateUserSaga(action: PayloadAction<ProfileUpdate>): SagaIterator {
  yield call(
    sessionCall,
    () => api.put(pathTo(AccountRoutes.profile.update), action.payload),
    'We could not save your profile. Please try again.',
    (body: ApiResponse<unknown>, signedIn: SessionUser | null) => {
      const user = pickUser(body);
      if (!user) return updateUserFailure(UNREADABLE);
      // a sign-out landed while this was saving: the answer must not sign the shopper back in
      return signedIn ? updateUserSuccess(user) : updateUserFailure(SIGNED_OUT_MEANWHILE);
    },
    updateUserFailure,
  );
}

export function* deleteUserSaga(action: PayloadAction<DeleteAccountRequest | undefined>): SagaIterator {
  yield call(
    sessionCall,
    () => api.delete(pathTo(AccountRoutes.profile.delete), action.payload ? { body: action.payload } : undefined),
    'We could not delete your account. Please try again.',
    () => deleteUserSuccess(),
    deleteUserFailure,
  );
}

/** A `success: false` sign-out stores its message and the user stays signed in; a thrown error stores its message. */
export function* signOutSaga(): SagaIterator {
  yield call(sessionCall, () => api.post(pathTo(AccountRoutes.auth.logout)), 'We could not sign you out. Please try again.', () => signOutSuccess(), signOutFailure, true);
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
