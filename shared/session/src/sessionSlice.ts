import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DeleteAccountRequest, ProfileUpdate, SessionState, SignInCredentials } from './types';
import { deleteUserSuccess, movesSignedInUser, signedInUserAfter, signInSuccess, signOutSuccess, updateUserSuccess } from './sessionEvents';

export const initialSessionState: SessionState = { currentUser: null, error: null, loading: false };

const start = (state: SessionState) => {
  state.loading = true;
  state.error = null;
  delete state.errorCode;
};
/** A failure action: the message to show, and the server's code when it sent one (`signInFailure(message, code)`). */
const failure = {
  reducer: (state: SessionState, action: PayloadAction<string, string, { code?: string }>) => {
    state.loading = false;
    state.error = action.payload;
    if (action.meta.code) state.errorCode = action.meta.code;
    else delete state.errorCode;
  },
  prepare: (message: string, code?: string) => ({ payload: message, meta: code ? { code } : {} }),
};
const settled = (state: SessionState) => {
  state.loading = false;
  state.error = null;
  delete state.errorCode;
};

/**
 * Sign-in, user update and delete, sign-out (docs/product.md#client-state): start sets loading, success stores (or, for delete and
 * sign-out, clears) the current user and clears the error, failure stores the error message (and the server's code). The *Start
 * actions carry the request and are handled by sessionSaga; the successes are the shared actions of sessionEvents.ts, which
 * the auth slice writes too.
 */
export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    signInStart: (state, _action: PayloadAction<SignInCredentials>) => start(state),
    signInFailure: failure,
    updateUserStart: (state, _action: PayloadAction<ProfileUpdate>) => start(state),
    updateUserFailure: failure,
    deleteUserStart: (state, _action: PayloadAction<DeleteAccountRequest | undefined>) => start(state),
    deleteUserFailure: failure,
    signOutStart: (state) => start(state),
    // docs/product.md#client-state: a `success: false` sign-out or a thrown error stores the message; the user stays signed in.
    signOutFailure: failure,
  },
  extraReducers: (builder) => {
    builder
      .addCase(signInSuccess, settled)
      .addCase(updateUserSuccess, settled)
      .addCase(deleteUserSuccess, settled)
      .addCase(signOutSuccess, settled)
      .addMatcher(movesSignedInUser, (state, action) => {
        state.currentUser = signedInUserAfter(action) ?? null;
      });
  },
});

export const {
  signInStart,
  signInFailure,
  updateUserStart,
  updateUserFailure,
  deleteUserStart,
  deleteUserFailure,
  signOutStart,
  signOutFailure,
} = sessionSlice.actions;

export const sessionReducer = sessionSlice.reducer;
