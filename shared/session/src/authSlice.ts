import { createSlice } from '@reduxjs/toolkit';
import type { AuthState, SessionUser } from './types';
import { checkAuth, register, UNREACHABLE_NOTICE } from './authThunks';
import { movesSignedInUser, signedInUserAfter } from './sessionEvents';

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

/**
 * Auth check and registration (docs/product.md#client-state). Who is signed in is written only from the shared actions
 * of sessionEvents.ts, as the session slice writes it.
 */
export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
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
      // A degraded answer (account service down) keeps the user signed in and sets the notice the host shows once.
      // No answer (docs/product.md#client-state): whoever was signed in stays so, and the shopper is told the shop
      // cannot be reached; only a real answer changes who is signed in.
      .addCase(checkAuth.fulfilled, (state, action) => {
        const { user, degraded, message, unreachable } = action.payload;
        if (unreachable) {
          state.isLoading = false;
          state.unreachable = message;
          return;
        }
        if (degraded && user) state.notice = message;
        else delete state.notice;
      })
      // answered 401/403: the matcher below signs out; abandoned before an answer: nothing is known
      .addCase(checkAuth.rejected, (state) => {
        state.isLoading = false;
      })
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
      .addMatcher(movesSignedInUser, (state, action) => signedIn(state, signedInUserAfter(action) ?? null));
  },
});

export const { shopUnreachable } = authSlice.actions;
export const authReducer = authSlice.reducer;
