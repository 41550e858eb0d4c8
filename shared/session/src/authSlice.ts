import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthState, SessionUser } from './types';
import { checkAuth, login, logout, register, UNREACHABLE_NOTICE } from './authThunks';
import { deleteUserSuccess, signInSuccess, signOutSuccess, updateUserSuccess } from './sessionSlice';

/**
 * isLoading starts true: until the first auth check answers, guards show the spinner instead of
 * redirecting a signed-in visitor to /sign-in.
 */
export const initialAuthState: AuthState = { isAuthenticated: false, isLoading: true, user: null };

const signedIn = (state: AuthState, user: SessionUser | null) => {
  if (!user) delete state.notice;
  delete state.unreachable;
  state.user = user;
  state.isAuthenticated = user !== null;
  state.isLoading = false;
};

/** Auth check, login, logout, registration (docs/product.md#client-state). */
export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    setUser: (state, action: PayloadAction<SessionUser | null>) => signedIn(state, action.payload),
    /**
     * Another call found the shop unreachable (the cart's load, say): the same notice shows, and the next answer to
     * the sign-in check (which the notice asks for) clears it.
     */
    shopUnreachable: (state) => {
      state.unreachable = UNREACHABLE_NOTICE;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(checkAuth.pending, (state) => {
        state.isLoading = true;
      })
      // Success with a success flag sets the user and marks authenticated; otherwise there is no user.
      // A degraded answer (account service down) keeps the user signed in, and the full details already
      // known for that same user, until the account service can send them again.
      // No answer (docs/product.md#client-state): whoever was signed in stays so, and the shopper is told the shop
      // cannot be reached; only a real answer changes who is signed in.
      .addCase(checkAuth.fulfilled, (state, action) => {
        const { user, degraded, message, unreachable } = action.payload;
        if (unreachable) {
          state.isLoading = false;
          state.unreachable = message;
          return;
        }
        signedIn(state, degraded && user && state.user?._id === user._id ? state.user : user);
        if (degraded && user) state.notice = message;
        else delete state.notice;
      })
      .addCase(checkAuth.rejected, (state) => signedIn(state, null))
      .addCase(login.pending, (state) => {
        state.isLoading = true;
      })
      .addCase(login.fulfilled, (state, action) => signedIn(state, action.payload.user))
      .addCase(login.rejected, (state) => signedIn(state, null))
      .addCase(register.pending, (state) => {
        state.isLoading = true;
      })
      // Registration never authenticates: only the loading flag changes.
      .addCase(register.fulfilled, (state) => {
        state.isLoading = false;
      })
      .addCase(register.rejected, (state) => {
        state.isLoading = false;
      })
      .addCase(logout.pending, (state) => {
        state.isLoading = true;
      })
      .addCase(logout.fulfilled, (state) => signedIn(state, null))
      // A refused logout leaves the user signed in (docs/product.md#client-state).
      .addCase(logout.rejected, (state) => {
        state.isLoading = false;
      })
      // The session flows (sagas) keep auth in step.
      .addCase(signInSuccess, (state, action) => signedIn(state, action.payload))
      .addCase(updateUserSuccess, (state, action) => {
        if (state.isAuthenticated) state.user = action.payload;
      })
      .addCase(deleteUserSuccess, (state) => signedIn(state, null))
      .addCase(signOutSuccess, (state) => signedIn(state, null));
  },
});

export const { setUser, shopUnreachable } = authSlice.actions;
export const authReducer = authSlice.reducer;
