import { isDeepStrictEqual } from 'node:util';
import { checkAuth, register } from '../src/authThunks';
import { deleteUserSuccess, leavesNobodySignedIn, setUser, signInSuccess, signOutSuccess } from '../src/sessionEvents';
import { signInStart, signOutStart, updateUserStart } from '../src/sessionSlice';
import { createAppStore } from '../src/store';
import type { SessionUser } from '../src/types';
import { deferred, fail, fakeApi, networkError, reply, settle, shopper, staff, type ApiCall, type FakeReply } from '../../test-kit/src/session-free';

// docs/product.md#client-state: the signed-in user lives in the two states the product names, session.currentUser and auth.user.
// Every session event below runs through the real store, sagas and api client against a fake account service, and
// the two states are compared after every single action the store handles, not only at the end.

const PASSWORD = 'correct horse battery';

/** A fake account service with sessions: sign-in sets one, sign-out ends it, `revoke` ends it from elsewhere. */
function accountService() {
  const accounts = new Map<string, { user: SessionUser; password: string }>([[shopper.email, { user: shopper, password: PASSWORD }]]);
  const state = {
    signedIn: null as SessionUser | null,
    outage: null as null | (() => FakeReply | Promise<FakeReply>),
    degraded: false,
    /** Holds the profile's answer back (saved on the server, still on its way to the browser). */
    profileAnswer: null as Promise<void> | null,
  };
  const api = fakeApi((call: ApiCall): FakeReply | Promise<FakeReply> => {
    if (state.outage && call.path !== '/api/auth/logout') return state.outage();
    const body = call.body as Record<string, string> | undefined;
    switch (`${call.method} ${call.path}`) {
      case 'POST /api/auth/register': {
        const user = { ...shopper, _id: `u-${accounts.size}`, email: body!.email, firstName: body!.firstName, lastName: body!.lastName };
        accounts.set(user.email, { user, password: body!.password });
        return reply(201, { success: true, user, data: user, message: 'Account created.' });
      }
      case 'POST /api/auth/login': {
        const account = accounts.get(body!.email);
        if (!account || account.password !== body!.password) return fail(401, 'Wrong email or password.', 'UNAUTHENTICATED');
        state.signedIn = account.user;
        return reply(200, { success: true, user: account.user, data: account.user });
      }
      case 'GET /api/auth/check-auth':
        if (!state.signedIn) return fail(401, 'Your session has ended. Please sign in again.', 'TOKEN_EXPIRED');
        if (state.degraded) {
          const token = { _id: state.signedIn._id, admin: state.signedIn.admin };
          return reply(200, { success: true, user: token, data: token, degraded: true, message: 'Your details are unavailable.' });
        }
        return reply(200, { success: true, user: state.signedIn, data: state.signedIn });
      case 'POST /api/auth/refresh':
        return fail(401, 'Please sign in to continue.', 'UNAUTHENTICATED');
      case 'PUT /api/account/profile':
        if (!state.signedIn) return fail(401, 'Please sign in to continue.', 'UNAUTHENTICATED');
        state.signedIn = { ...state.signedIn, ...body };
        return (state.profileAnswer ?? Promise.resolve()).then(() => reply(200, { success: true, data: { ...shopper, ...body } }));
      case 'POST /api/auth/logout':
        state.signedIn = null;
        return reply(200, { success: true, data: null, message: 'Signed out.' });
      default:
        return fail(404, `No fake route for ${call.method} ${call.path}`, 'NOT_FOUND');
    }
  });
  return { state, api, revoke: () => (state.signedIn = null) };
}

/** The store, with every state it passes through checked for agreement on who is signed in. */
function watchedStore() {
  const store = createAppStore();
  const disagreements: string[] = [];
  store.subscribe(() => {
    const { session, auth } = store.getState();
    if (!isDeepStrictEqual(session.currentUser, auth.user) || auth.isAuthenticated !== (auth.user !== null)) {
      disagreements.push(`session ${session.currentUser?._id ?? 'nobody'}, auth ${auth.user?._id ?? 'nobody'} (authenticated ${auth.isAuthenticated})`);
    }
  });
  const signedIn = () => {
    const { session, auth } = store.getState();
    return { session: session.currentUser, auth: auth.isAuthenticated ? auth.user : null };
  };
  return { store, disagreements, signedIn };
}

const both = (user: SessionUser | null) => ({ session: user, auth: user });

describe('session and auth agree on who is signed in, after every action', () => {
  let service: ReturnType<typeof accountService>;
  let watched: ReturnType<typeof watchedStore>;
  beforeEach(() => {
    service = accountService();
    watched = watchedStore();
  });
  afterEach(() => expect(watched.disagreements).toEqual([]));

  const signIn = async (email = shopper.email, password = PASSWORD) => {
    watched.store.dispatch(signInStart({ email, password }));
    await settle();
  };

  it('sign-in: a wrong password leaves nobody in either; the right one signs the shopper into both', async () => {
    await signIn(shopper.email, 'wrong password!');
    expect(watched.signedIn()).toEqual(both(null));
    await signIn();
    expect(watched.signedIn()).toEqual(both(shopper));
  });

  it('sign-up then sign-in: registering signs nobody in; the sign-in that follows signs the new shopper into both', async () => {
    const form = { firstName: 'Nia', lastName: 'Okafor', email: 'nia@example.co.uk', password: 'a long new password' };
    await watched.store.dispatch(register(form)).unwrap();
    expect(watched.signedIn()).toEqual(both(null));
    await signIn(form.email, form.password);
    expect(watched.signedIn().session).toMatchObject({ email: form.email, firstName: 'Nia' });
    expect(watched.signedIn().auth).toEqual(watched.signedIn().session);
  });

  it('check-auth: the session the server knows is in both, on start and on every re-check', async () => {
    service.state.signedIn = staff;
    await watched.store.dispatch(checkAuth());
    expect(watched.signedIn()).toEqual(both(staff));
    await watched.store.dispatch(checkAuth());
    expect(watched.signedIn()).toEqual(both(staff));
  });

  it('sign-out: clears both', async () => {
    await signIn();
    watched.store.dispatch(signOutStart());
    await settle();
    expect(watched.signedIn()).toEqual(both(null));
  });

  it("a session revoked elsewhere: the next check's 401 (after a refused refresh) clears both", async () => {
    await signIn();
    service.revoke();
    await watched.store.dispatch(checkAuth());
    expect(service.api.calls.map((c) => c.path)).toContain('/api/auth/refresh');
    expect(watched.signedIn()).toEqual(both(null));
  });

  it.each([
    ['no connection', () => networkError()],
    ['a 503 from the gateway', () => fail(503, 'The service is unavailable.', 'UNAVAILABLE')],
  ])('an outage (%s) keeps the shopper in both; the first answer after it is written to both', async (_what, outage) => {
    await signIn();
    service.state.outage = outage;
    await watched.store.dispatch(checkAuth());
    expect(watched.signedIn()).toEqual(both(shopper));
    service.state.outage = null;
    service.revoke();
    await watched.store.dispatch(checkAuth());
    expect(watched.signedIn()).toEqual(both(null));
  });

  it('the account service down (degraded check-auth) keeps the details already known in both', async () => {
    await signIn();
    service.state.degraded = true;
    await watched.store.dispatch(checkAuth());
    expect(watched.signedIn()).toEqual(both(shopper));
  });

  it('a profile saved just before a sign-out does not sign the shopper back in when its answer lands after', async () => {
    await signIn();
    const held = deferred<void>();
    service.state.profileAnswer = held.promise;
    watched.store.dispatch(updateUserStart({ phone: '07700 900123' }));
    await settle();
    watched.store.dispatch(signOutStart());
    await settle();
    expect(watched.signedIn()).toEqual(both(null));
    held.resolve();
    await settle();
    await settle();
    expect(watched.signedIn()).toEqual(both(null));
    expect(watched.store.getState().session.error).toMatch(/signed out before your changes were saved/);
  });

  it('a check abandoned before its answer changes neither', async () => {
    await signIn();
    service.state.outage = () => new Promise<FakeReply>(() => undefined);
    const check = watched.store.dispatch(checkAuth());
    check.abort();
    await check;
    expect(watched.signedIn()).toEqual(both(shopper));
    expect(watched.store.getState().auth.isLoading).toBe(false);
  });

  it('setUser writes both', () => {
    watched.store.dispatch(setUser(staff));
    expect(watched.signedIn()).toEqual(both(staff));
    watched.store.dispatch(setUser(null));
    expect(watched.signedIn()).toEqual(both(null));
  });
});

describe('leavesNobodySignedIn (what private data in a remote forgets on)', () => {
  const answer = (user: SessionUser | null, more = {}) => checkAuth.fulfilled({ success: user !== null, user, ...more }, 'r');
  it('is true for a sign-out, a deletion, a check answered 401 or answered nobody', () => {
    expect(leavesNobodySignedIn(signOutSuccess())).toBe(true);
    expect(leavesNobodySignedIn(deleteUserSuccess())).toBe(true);
    expect(leavesNobodySignedIn(checkAuth.rejected(null, 'r', undefined, 'Please sign in to continue.'))).toBe(true);
    expect(leavesNobodySignedIn(answer(null))).toBe(true);
  });
  it('is false for a check with no answer, an abandoned check, and any sign-in', () => {
    expect(leavesNobodySignedIn(answer(null, { unreachable: true, message: 'x' }))).toBe(false);
    expect(leavesNobodySignedIn(checkAuth.rejected(new DOMException('aborted', 'AbortError'), 'r', undefined))).toBe(false);
    expect(leavesNobodySignedIn(answer(shopper))).toBe(false);
    expect(leavesNobodySignedIn(signInSuccess(shopper))).toBe(false);
  });
});
