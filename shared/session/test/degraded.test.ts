import { checkAuth } from '../src/authThunks';
import { selectAuthNotice, selectCan, selectCurrentUser } from '../src/selectors';
import { signInSuccess } from '../src/sessionEvents';
import { createAppStore } from '../src/store';
import { staff, shopper, fakeApi, reply } from '../../test-kit/src/session-free';


const NOTICE = 'Your account details are temporarily unavailable. You are still signed in; please try again in a moment.';
/** What the gateway answers check-auth with while the account service is down (the token's identity). */
const degraded = (identity: { _id: string; admin: boolean; firstName?: string; roles?: string[] }) =>
  reply(200, { success: true, user: identity, data: identity, degraded: true, message: NOTICE });

describe('check-auth while the account service is down', () => {
  it('a visitor whose token names them is signed in from it, with the notice to show', async () => {
    fakeApi(() => degraded({ _id: shopper._id, admin: false, firstName: 'Jane' }));
    const store = createAppStore();
    await store.dispatch(checkAuth());
    const expected = { _id: shopper._id, admin: false, firstName: 'Jane', lastName: '', email: '', roles: [] };
    expect(store.getState().auth).toEqual({ isAuthenticated: true, isLoading: false, user: expected, notice: NOTICE });
    expect(selectCurrentUser(store.getState())).toEqual(expected);
    expect(selectAuthNotice(store.getState())).toBe(NOTICE);
  });

  it('a signed-in user stays signed in with the details already known, and the notice goes once the account answers', async () => {
    let accountDown = true;
    fakeApi(() => (accountDown ? degraded({ _id: shopper._id, admin: false }) : reply(200, { success: true, user: shopper, data: shopper })));
    const store = createAppStore();
    store.dispatch(signInSuccess(shopper));

    await store.dispatch(checkAuth());
    expect(store.getState().auth).toEqual({ isAuthenticated: true, isLoading: false, user: shopper, notice: NOTICE });
    expect(store.getState().session.currentUser).toEqual(shopper);

    accountDown = false;
    await store.dispatch(checkAuth());
    expect(store.getState().auth).toEqual({ isAuthenticated: true, isLoading: false, user: shopper });
    expect(selectAuthNotice(store.getState())).toBeNull();
  });

  it('keeps the admin flag and staff roles from the token (admin pages stay reachable; the services still check it)', async () => {
    fakeApi(() => degraded({ _id: staff._id, admin: true, roles: ['pharmacist', 'not-a-role'] }));
    const store = createAppStore();
    store.dispatch(signInSuccess(shopper)); // someone else was signed in in this tab before
    await store.dispatch(checkAuth());
    expect(store.getState().auth.user).toEqual({ _id: staff._id, admin: true, firstName: '', lastName: '', email: '', roles: ['pharmacist'] });
    expect(selectCan(store.getState(), 'clinical.review')).toBe(true);
    expect(selectCan(store.getState(), 'catalogue.manage')).toBe(false);
    expect(store.getState().session.currentUser?._id).toBe(staff._id);
  });

  it('a 401 still signs out, and clears the notice', async () => {
    let status = 200;
    fakeApi(() =>
      status === 200 ? degraded({ _id: shopper._id, admin: false }) : reply(401, { success: false, message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' }),
    );
    const store = createAppStore();
    await store.dispatch(checkAuth());
    expect(store.getState().auth.isAuthenticated).toBe(true);
    status = 401;
    await store.dispatch(checkAuth());
    expect(store.getState().auth).toEqual({ isAuthenticated: false, isLoading: false, user: null });
    expect(store.getState().session.currentUser).toBeNull();
  });
});
