import { hasPermission, type Permission, type StaffRole } from '@pharmacy/contracts';
import type { AuthState, SessionState, SessionUser } from './types';

/** Any store that holds the session and auth states (the host's store plus injected slices). */
export interface SessionRootState {
  session: SessionState;
  auth: AuthState;
}

export const selectSession = (state: SessionRootState): SessionState => state.session;
export const selectCurrentUser = (state: SessionRootState): SessionUser | null => state.session.currentUser;
export const selectAuth = (state: SessionRootState): AuthState => state.auth;
/** Admin routes: a signed-in user whose admin flag is true (docs/product.md#guards). */
export const selectIsAdmin = (state: SessionRootState): boolean => state.auth.user?.admin === true;
const NO_ROLES: StaffRole[] = [];
/**
 * The signed-in staff member's roles (docs/product.md#staff-roles), from the auth state that sign-in, check-auth and
 * the refresh write (the same actions as selectIsAdmin's): empty for shoppers and visitors.
 */
export const selectStaffRoles = (state: SessionRootState): StaffRole[] => state.auth.user?.roles ?? NO_ROLES;
/** Whether the signed-in staff member's roles grant `permission`: what a screen offers, never what the server allows. */
export const selectCan = (state: SessionRootState, permission: Permission): boolean => hasPermission(selectStaffRoles(state), permission);
/** What to tell a signed-in user whose account details cannot be loaded right now; null when all is well. */
export const selectAuthNotice = (state: SessionRootState): string | null => state.auth.notice ?? null;
/** What to tell the shopper while the sign-in check cannot reach the shop; null when it can. */
export const selectUnreachable = (state: SessionRootState): string | null => state.auth.unreachable ?? null;
