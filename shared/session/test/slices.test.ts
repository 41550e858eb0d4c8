import { authReducer, initialAuthState } from '../src/authSlice';
import { checkAuth, register, type AuthResult } from '../src/authThunks';
import { deleteUserSuccess, setUser, signInSuccess, signOutSuccess, updateUserSuccess } from '../src/sessionEvents';
import { selectAuth, selectCan, selectCurrentUser, selectIsAdmin, selectStaffRoles } from '../src/selectors';
import {
  deleteUserFailure,
  deleteUserStart,
  initialSessionState,
  sessionReducer,
  signInFailure,
  signInStart,
  signOutFailure,
  signOutStart,
  updateUserFailure,
  updateUserStart,
} from '../src/sessionSlice';
import type { AuthState, SessionState } from '../src/types';
import { staff, shopper } from '../../test-kit/src/session-free';

const signedInSession: SessionState = { currentUser: shopper, error: null, loading: false };
const signedInAuth: AuthState = { isAuthenticated: true, isLoading: false, user: shopper };
const result = (success: boolean, user = success ? shopper : null): AuthResult => ({ success, user });

describe('sessionSlice', () => {
  it('starts signed out, not loading, without error', () => {
    expect(sessionReducer(undefined, { type: '@@init' })).toEqual({ currentUser: null, error: null, loading: false });
  });

  describe('sign-in', () => {
    it('start sets loading and clears an old error', () => {
      const state = sessionReducer({ ...initialSessionState, error: 'old' }, signInStart({ email: 'ada@example.com', password: 'pw' }));
      expect(state).toEqual({ currentUser: null, error: null, loading: true });
    });
    it('success stores the current user and clears the error', () => {
      expect(sessionReducer({ currentUser: null, error: 'old', loading: true }, signInSuccess(shopper))).toEqual(signedInSession);
    });
    it('failure stores the error message', () => {
      expect(sessionReducer({ ...initialSessionState, loading: true }, signInFailure('Wrong email or password.'))).toEqual({
        currentUser: null,
        error: 'Wrong email or password.',
        loading: false,
      });
    });
  });

  describe('user update', () => {
    it('start sets loading', () => {
      expect(sessionReducer(signedInSession, updateUserStart({ phone: '1' }))).toEqual({ ...signedInSession, loading: true });
    });
    it('success stores the updated user and clears the error', () => {
      const updated = { ...shopper, phone: '+1 555 0199' };
      expect(sessionReducer({ ...signedInSession, loading: true, error: 'x' }, updateUserSuccess(updated))).toEqual({
        currentUser: updated,
        error: null,
        loading: false,
      });
    });
    it('failure stores the message and keeps the user', () => {
      expect(sessionReducer({ ...signedInSession, loading: true }, updateUserFailure('Phone number is not valid.'))).toEqual({
        currentUser: shopper,
        error: 'Phone number is not valid.',
        loading: false,
      });
    });
  });

  describe('user delete', () => {
    it('start sets loading', () => {
      expect(sessionReducer(signedInSession, deleteUserStart()).loading).toBe(true);
    });
    it('success clears the current user', () => {
      expect(sessionReducer({ ...signedInSession, loading: true }, deleteUserSuccess())).toEqual(initialSessionState);
    });
    it('failure stores the message and keeps the user', () => {
      expect(sessionReducer({ ...signedInSession, loading: true }, deleteUserFailure('Try again.'))).toEqual({
        currentUser: shopper,
        error: 'Try again.',
        loading: false,
      });
    });
  });

  describe('sign-out', () => {
    it('start sets loading', () => {
      expect(sessionReducer(signedInSession, signOutStart()).loading).toBe(true);
    });
    it('success clears the current user', () => {
      expect(sessionReducer({ ...signedInSession, loading: true }, signOutSuccess())).toEqual(initialSessionState);
    });
    it('failure stores the message and the user stays signed in', () => {
      expect(sessionReducer({ ...signedInSession, loading: true }, signOutFailure('Could not sign out.'))).toEqual({
        currentUser: shopper,
        error: 'Could not sign out.',
        loading: false,
      });
    });
  });

  it('follows the auth flows so both states agree on the user', () => {
    expect(sessionReducer(initialSessionState, checkAuth.fulfilled(result(true), 'r')).currentUser).toEqual(shopper);
    expect(sessionReducer(signedInSession, checkAuth.fulfilled(result(false), 'r')).currentUser).toBeNull();
    expect(sessionReducer(signedInSession, checkAuth.rejected(null, 'r', undefined, 'Please sign in.')).currentUser).toBeNull();
    expect(sessionReducer(initialSessionState, register.fulfilled(result(true), 'r', { email: 'e', password: 'p' })).currentUser).toBeNull();
  });
});

describe('authSlice', () => {
  it('starts unauthenticated and loading (the first check is pending)', () => {
    expect(authReducer(undefined, { type: '@@init' })).toEqual({ isAuthenticated: false, isLoading: true, user: null });
  });

  describe('auth check', () => {
    it('pending means loading', () => {
      expect(authReducer({ ...initialAuthState, isLoading: false }, checkAuth.pending('r')).isLoading).toBe(true);
    });
    it('success with a success flag sets the user and marks authenticated', () => {
      expect(authReducer(initialAuthState, checkAuth.fulfilled(result(true), 'r'))).toEqual(signedInAuth);
    });
    it('a response without the success flag means no user', () => {
      expect(authReducer(signedInAuth, checkAuth.fulfilled(result(false), 'r'))).toEqual({ isAuthenticated: false, isLoading: false, user: null });
    });
    it('a failed check means unauthenticated', () => {
      expect(authReducer(signedInAuth, checkAuth.rejected(null, 'r', undefined, 'Please sign in.'))).toEqual({
        isAuthenticated: false,
        isLoading: false,
        user: null,
      });
    });
  });


  describe('registration never authenticates', () => {
    const form = { email: 'new@example.com', password: 'pw', firstName: 'New' };
    it('pending means loading', () => {
      expect(authReducer({ ...initialAuthState, isLoading: false }, register.pending('r', form)).isLoading).toBe(true);
    });
    it('a successful registration with a user in the response still leaves the visitor signed out', () => {
      expect(authReducer({ ...initialAuthState, isLoading: false }, register.fulfilled(result(true), 'r', form))).toEqual({
        isAuthenticated: false,
        isLoading: false,
        user: null,
      });
    });
    it('a failed registration only stops loading', () => {
      expect(authReducer(initialAuthState, register.rejected(null, 'r', form, 'Email taken')).isLoading).toBe(false);
    });
  });


  describe('follows the session flows', () => {
    it('sign-in success authenticates', () => {
      expect(authReducer({ ...initialAuthState, isLoading: false }, signInSuccess(shopper))).toEqual(signedInAuth);
    });
    it('update success replaces the signed-in user', () => {
      const updated = { ...shopper, firstName: 'Janet' };
      expect(authReducer(signedInAuth, updateUserSuccess(updated)).user).toEqual(updated);
    });
    it('delete success and sign-out success clear the user', () => {
      expect(authReducer(signedInAuth, deleteUserSuccess())).toEqual({ isAuthenticated: false, isLoading: false, user: null });
      expect(authReducer(signedInAuth, signOutSuccess())).toEqual({ isAuthenticated: false, isLoading: false, user: null });
    });
    it('session failures leave auth alone', () => {
      expect(authReducer(signedInAuth, signOutFailure('x'))).toBe(signedInAuth);
      expect(authReducer(signedInAuth, signInFailure('x'))).toBe(signedInAuth);
    });
    it('setUser sets or clears the user', () => {
      expect(authReducer(initialAuthState, setUser(shopper))).toEqual(signedInAuth);
      expect(authReducer(signedInAuth, setUser(null))).toEqual({ isAuthenticated: false, isLoading: false, user: null });
    });
  });
});

describe('selectors', () => {
  it('select the current user, the auth state and the admin flag', () => {
    const state = { session: signedInSession, auth: signedInAuth };
    expect(selectCurrentUser(state)).toBe(shopper);
    expect(selectAuth(state)).toBe(signedInAuth);
    expect(selectIsAdmin(state)).toBe(false);
    expect(selectIsAdmin({ session: { ...signedInSession, currentUser: staff }, auth: { ...signedInAuth, user: staff } })).toBe(true);
    expect(selectIsAdmin({ session: initialSessionState, auth: initialAuthState })).toBe(false);
  });

  it('the staff roles and what they allow follow sign-in, a profile update and sign-out', () => {
    const pharmacist = { ...staff, roles: ['pharmacist' as const] };
    let state = { session: initialSessionState, auth: initialAuthState };
    const apply = (action: Parameters<typeof authReducer>[1]) => (state = { session: sessionReducer(state.session, action), auth: authReducer(state.auth, action) });
    expect(selectStaffRoles(state)).toEqual([]);
    apply(signInSuccess(pharmacist));
    expect(selectStaffRoles(state)).toEqual(['pharmacist']);
    expect([selectCan(state, 'clinical.review'), selectCan(state, 'catalogue.manage'), selectCan(state, 'staff.manage')]).toEqual([true, false, false]);
    apply(updateUserSuccess({ ...pharmacist, roles: ['pharmacist', 'catalogue'] }));
    expect(selectCan(state, 'catalogue.manage')).toBe(true);
    apply(signOutSuccess());
    expect(selectStaffRoles(state)).toEqual([]);
    expect(selectCan(state, 'clinical.review')).toBe(false);
  });
});
