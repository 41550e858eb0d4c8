import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DeleteAccountRequest, ProfileUpdate, SessionState, SessionUser, SignInCredentials } from './types';
import { checkAuth, login, logout } from './authThunks';

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
const storeUser = (state: SessionState, action: PayloadAction<SessionUser>) => {
  state.currentUser = action.payload;
  state.loading = false;
  state.error = null;
  delete state.errorCode;
};
const clearUser = (state: SessionState) => {
  state.currentUser = null;
  state.loading = false;
  state.error = null;
  delete state.errorCode;
};

/**
 * Sign-in, user update and delete, sign-out (docs/product.md#client-state): start sets loading, success stores (or, for delete and
 * sign-out, clears) the current user and clears the error, failure stores the error message (and the server's code). The *Start
 * actions carry the request and are handled by sessionSaga.
 */
export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    signInStart: (state, _action: PayloadAction<SignInCredentials>) => start(state),
    signInSuccess: storeUser,
    signInFailure: failure,
    updateUserStart: (state, _action: PayloadAction<ProfileUpdate>) => start(state),
    updateUserSuccess: storeUser,
    updateUserFailure: failure,
    deleteUserStart: (state, _action: PayloadAction<DeleteAccountRequest | undefined>) => start(state),
    deleteUserSuccess: clearUser,
    deleteUserFailure: failure,
    signOutStart: (state) => start(state),
    signOutSuccess: clearUser,
    // docs/product.md#client-state: a `success: false` sign-out or a thrown error stores the message; the user stays signed in.
    signOutFailure: failure,
  },
  // The auth thunks move the same user, so both states always agree on who is signed in.
  extraReducers: (builder) => {
    builder
      .addCase(checkAuth.fulfilled, (state, action) => {
        const { user, degraded, unreachable } = action.payload;
        if (unreachable) return;
        if (!(degraded && user && state.currentUser?._id === user._id)) state.currentUser = user;
      })
      .addCase(checkAuth.rejected, (state) => {
        state.currentUser = null;
      })
      .addCase(login.fulfilled, (state, action) => {
        if (action.payload.user) {
          state.currentUser = action.payload.user;
          state.error = null;
        }
      })
      .addCase(logout.fulfilled, (state) => {
        state.currentUser = null;
        state.error = null;
      });
  },
});

export const {
  signInStart,
  signInSuccess,
  signInFailure,
  updateUserStart,
  updateUserSuccess,
  updateUserFailure,
  deleteUserStart,
  deleteUserSuccess,
  deleteUserFailure,
  signOutStart,
  signOutSuccess,
  signOutFailure,
} = sessionSlice.actions;

export const sessionReducer = sessionSlice.reducer;
