import { createAction, type UnknownAction } from '@reduxjs/toolkit';
import { checkAuth } from './authThunks';
import type { SessionUser } from './types';

// docs/product.md#client-state: who is signed in lives in two states (session.currentUser, auth.user). Only the
// actions below move it, each carrying the user both must hold, and both slices write it from signedInUserAfter,
// so the two cannot disagree. Decisions that need the user already known (a degraded check-auth, a profile saved
// after a sign-out) are taken once, where the answer arrives, never in a reducer.

/** The sign-in call answered with the user. */
export const signInSuccess = createAction<SessionUser>('session/signInSuccess');
/** The profile update answered with the user, still the one signed in. */
export const updateUserSuccess = createAction<SessionUser>('session/updateUserSuccess');
/** The account is deleted. */
export const deleteUserSuccess = createAction('session/deleteUserSuccess');
/** The sign-out call succeeded. */
export const signOutSuccess = createAction('session/signOutSuccess');
/** A token refresh answered with the user as they are now (staff roles changed meanwhile, for one). */
export const sessionRenewed = createAction<SessionUser>('session/renewed');
/** Who is signed in, said outright (a page that has it from elsewhere, or a test). */
export const setUser = createAction<SessionUser | null>('auth/setUser');

/**
 * The user both states hold after `action`, or undefined when it says nothing about who is signed in: a check-auth
 * that got no answer, or one abandoned before it had one.
 */
export function signedInUserAfter(action: UnknownAction): SessionUser | null | undefined {
  if (signInSuccess.match(action) || updateUserSuccess.match(action) || sessionRenewed.match(action) || setUser.match(action)) return action.payload;
  if (deleteUserSuccess.match(action) || signOutSuccess.match(action)) return null;
  if (checkAuth.fulfilled.match(action)) return action.payload.unreachable ? undefined : action.payload.user;
  if (checkAuth.rejected.match(action)) return action.meta.rejectedWithValue ? null : undefined;
  return undefined;
}

/** The action sets who is signed in (for a slice's `addMatcher`). */
export const movesSignedInUser = (action: UnknownAction): action is UnknownAction => signedInUserAfter(action) !== undefined;

/** The action leaves nobody signed in (sign-out, deletion, a check-auth answered 401/403): what a slice of private data forgets on. */
export const leavesNobodySignedIn = (action: UnknownAction): boolean => signedInUserAfter(action) === null;
