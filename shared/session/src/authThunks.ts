import { createAsyncThunk } from '@reduxjs/toolkit';
import { AccountRoutes, pathTo } from '@pharmacy/contracts';
import { api, getErrorMessage, isApiError, type ApiResponse } from './api';
import { pickDegradedUser, pickUser } from './user';
import type { AuthState, RegisterForm, SessionUser } from './types';

/** What the auth thunks resolve with: the server's success flag and message, and the user it sent (if any). */
export interface AuthResult {
  success: boolean;
  message?: string;
  /** check-auth: the user both states hold from now on (docs/product.md#client-state); register: what the server sent. */
  user: SessionUser | null;
  /** check-auth only: the account service is down and `user` is what the session's token says (see pickDegradedUser). */
  degraded?: boolean;
  /**
   * check-auth only: no answer came (no connection, a timeout, a server error): nothing is known about the session,
   * so whoever was signed in stays signed in and `message` says the pharmacy cannot be reached.
   */
  unreachable?: boolean;
}

/** What a shopper reads while the sign-in check cannot reach the shop (docs/product.md#client-state). */
export const UNREACHABLE_NOTICE = "We can't reach the pharmacy right now. What you see may be out of date; we'll keep trying.";

/** Only the server saying so signs out: a 401 or 403. Any other failure says nothing about the session. */
const answeredSignedOut = (error: unknown) => isApiError(error) && (error.status === 401 || error.status === 403);

const toResult = (body: ApiResponse<unknown>): AuthResult => ({
  success: body.success === true,
  message: typeof body.message === 'string' ? body.message : undefined,
  user: body.success === true ? pickUser(body) : null,
});

type Config = { rejectValue: string };

/**
 * The auth check (GET /api/auth/check-auth, no-cache): the one fetch of the signed-in user, run at start and on every
 * guarded route (docs/product.md#guards). A 401 or 403 rejects (nobody is signed in); a check that got no answer
 * resolves `unreachable`. A degraded answer for the user already signed in resolves with the details already known,
 * decided here once so that both states store the same user (sessionEvents.ts).
 */
export const checkAuth = createAsyncThunk<AuthResult, void, Config & { state: { auth: AuthState } }>(
  'auth/checkAuth',
  async (_, { getState, rejectWithValue, signal }) => {
    try {
      const body = await api.get(pathTo(AccountRoutes.auth.checkAuth), { noCache: true, signal });
      const degraded = body.success === true ? pickDegradedUser(body) : null;
      if (!degraded) return toResult(body);
      const known = getState().auth.user;
      return { ...toResult(body), user: known?._id === degraded._id ? known : degraded, degraded: true };
    } catch (error) {
      if (answeredSignedOut(error)) return rejectWithValue(getErrorMessage(error));
      return { success: false, user: null, unreachable: true, message: UNREACHABLE_NOTICE };
    }
  },
);

/** POST /api/auth/register. docs/product.md#client-state: registration never authenticates; it only returns the response. */
export const register = createAsyncThunk<AuthResult, RegisterForm, Config>('auth/register', async (form, { rejectWithValue }) => {
  try {
    return toResult(await api.post(pathTo(AccountRoutes.auth.register), form));
  } catch (error) {
    return rejectWithValue(getErrorMessage(error));
  }
});
