import { checkAuth, register } from '../src/authThunks';
import { signInSuccess } from '../src/sessionEvents';
import { deleteUserStart, signInStart, signOutStart, updateUserStart } from '../src/sessionSlice';
import { createAppStore } from '../src/store';
import { staff, shopper, fakeApi, reply, settle } from '../../test-kit/src/session-free';


/** A store whose user is signed in, as after a successful sign-in. */
function signedInStore() {
  const store = createAppStore();
  store.dispatch(signInSuccess(shopper));
  return store;
}

describe('sign-in saga (POST /api/auth/login)', () => {
  it('success stores the user in session and auth', async () => {
    const { calls } = fakeApi(() => reply(200, { success: true, user: shopper, data: shopper }));
    const store = createAppStore();
    store.dispatch(signInStart({ email: 'ada@example.com', password: 'correct horse' }));
    expect(store.getState().session.loading).toBe(true);
    await settle();
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/auth/login', body: { email: 'ada@example.com', password: 'correct horse' } });
    expect(store.getState().session).toEqual({ currentUser: shopper, error: null, loading: false });
    expect(store.getState().auth).toEqual({ isAuthenticated: true, isLoading: false, user: shopper });
  });

  it('accepts the user inside data as well', async () => {
    fakeApi(() => reply(200, { success: true, data: { user: staff } }));
    const store = createAppStore();
    store.dispatch(signInStart({ email: 'admin@example.com', password: 'pw' }));
    await settle();
    expect(store.getState().session.currentUser).toEqual(staff);
  });

  it("failure stores the server's message and code, and nobody is signed in", async () => {
    fakeApi(() => reply(401, { success: false, message: 'Wrong email or password.', code: 'UNAUTHENTICATED' }));
    const store = createAppStore();
    store.dispatch(signInStart({ email: 'ada@example.com', password: 'nope' }));
    await settle();
    expect(store.getState().session).toEqual({ currentUser: null, error: 'Wrong email or password.', errorCode: 'UNAUTHENTICATED', loading: false });
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });

  it('sends the solved sign-in check when there is one; the next start forgets the last code', async () => {
    const { calls } = fakeApi((call) =>
      call.body && (call.body as { altcha?: string }).altcha
        ? reply(200, { success: true, user: shopper, data: shopper })
        : reply(403, { success: false, message: 'Sign-in needs a short security check first.', code: 'CHALLENGE_REQUIRED' }),
    );
    const store = createAppStore();
    store.dispatch(signInStart({ email: 'ada@example.com', password: 'correct horse' }));
    await settle();
    expect(store.getState().session).toMatchObject({ error: 'Sign-in needs a short security check first.', errorCode: 'CHALLENGE_REQUIRED' });
    store.dispatch(signInStart({ email: 'ada@example.com', password: 'correct horse', altcha: 'c29sdmVk' }));
    expect(store.getState().session).toEqual({ currentUser: null, error: null, loading: true });
    await settle();
    expect(calls.map((c) => c.body)).toEqual([
      { email: 'ada@example.com', password: 'correct horse' },
      { email: 'ada@example.com', password: 'correct horse', altcha: 'c29sdmVk' },
    ]);
    expect(store.getState().session).toEqual({ currentUser: shopper, error: null, loading: false });
  });

  it('a network failure stores a readable message', async () => {
    fakeApi(() => {
      throw new TypeError('Failed to fetch');
    });
    const store = createAppStore();
    store.dispatch(signInStart({ email: 'ada@example.com', password: 'pw' }));
    await settle();
    expect(store.getState().session.error).toMatch(/could not reach/i);
  });
});

describe('sign-out saga', () => {
  it('success clears the user everywhere', async () => {
    const { calls } = fakeApi(() => reply(200, { success: true, data: null, message: 'Signed out.' }));
    const store = signedInStore();
    store.dispatch(signOutStart());
    await settle();
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/auth/logout' });
    expect(store.getState().session).toEqual({ currentUser: null, error: null, loading: false });
    expect(store.getState().auth).toEqual({ isAuthenticated: false, isLoading: false, user: null });
  });

  it('a `success: false` response stores its message and the user stays signed in', async () => {
    fakeApi(() => reply(200, { success: false, message: 'We could not sign you out right now.', code: 'UNAVAILABLE' }));
    const store = signedInStore();
    store.dispatch(signOutStart());
    await settle();
    expect(store.getState().session).toEqual({ currentUser: shopper, error: 'We could not sign you out right now.', loading: false });
    expect(store.getState().auth).toEqual({ isAuthenticated: true, isLoading: false, user: shopper });
  });

  it("a thrown error stores its message and the user stays signed in", async () => {
    fakeApi(() => reply(503, { success: false, message: 'A service we depend on is not responding.', code: 'UNAVAILABLE' }));
    const store = signedInStore();
    store.dispatch(signOutStart());
    await settle();
    expect(store.getState().session).toEqual({ currentUser: shopper, error: 'A service we depend on is not responding.', errorCode: 'UNAVAILABLE', loading: false });
    expect(store.getState().auth.user).toEqual(shopper);
  });
});

describe('update and delete sagas', () => {
  it('update: PUT /api/account/profile with the body, stores the returned user', async () => {
    const updated = { ...shopper, phone: '+1 555 0199' };
    const { calls } = fakeApi(() => reply(200, { success: true, data: updated }));
    const store = signedInStore();
    store.dispatch(updateUserStart({ phone: '+1 555 0199' }));
    await settle();
    expect(calls[0]).toMatchObject({ method: 'PUT', url: '/api/account/profile', body: { phone: '+1 555 0199' } });
    expect(store.getState().session).toEqual({ currentUser: updated, error: null, loading: false });
    expect(store.getState().auth.user).toEqual(updated);
  });

  it('update failure keeps the user and stores the message', async () => {
    fakeApi(() => reply(400, { success: false, message: 'Enter a valid phone number.', code: 'VALIDATION' }));
    const store = signedInStore();
    store.dispatch(updateUserStart({ phone: 'abc' }));
    await settle();
    expect(store.getState().session).toEqual({ currentUser: shopper, error: 'Enter a valid phone number.', errorCode: 'VALIDATION', loading: false });
  });

  it('delete: DELETE /api/account/profile clears the user everywhere', async () => {
    const { calls } = fakeApi(() => reply(200, { success: true, data: null }));
    const store = signedInStore();
    store.dispatch(deleteUserStart());
    await settle();
    expect(calls[0]).toMatchObject({ method: 'DELETE', url: '/api/account/profile' });
    expect(store.getState().session.currentUser).toBeNull();
    expect(store.getState().auth).toEqual({ isAuthenticated: false, isLoading: false, user: null });
  });

  it('delete sends the confirming password in the body when given', async () => {
    const { calls } = fakeApi(() => reply(200, { success: true, data: null, message: 'Your account has been deleted.' }));
    const store = signedInStore();
    store.dispatch(deleteUserStart({ password: 'Secret-pass-1' }));
    await settle();
    expect(calls[0]).toMatchObject({ method: 'DELETE', url: '/api/account/profile', body: { password: 'Secret-pass-1' } });
    expect(calls[0].headers['Content-Type']).toBe('application/json');
    expect(store.getState().session.currentUser).toBeNull();
  });

  it('delete failure keeps the user', async () => {
    fakeApi(() => reply(500, { success: false, message: 'Please try again.', code: 'INTERNAL' }));
    const store = signedInStore();
    store.dispatch(deleteUserStart());
    await settle();
    expect(store.getState().session).toEqual({ currentUser: shopper, error: 'Please try again.', errorCode: 'INTERNAL', loading: false });
  });
});

describe('auth thunks', () => {
  it('checkAuth: GET /api/auth/check-auth without caches; success signs the user in', async () => {
    const { calls } = fakeApi(() => reply(200, { success: true, user: shopper, data: shopper }));
    const store = createAppStore();
    const pending = store.dispatch(checkAuth());
    expect(store.getState().auth.isLoading).toBe(true);
    await pending;
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/auth/check-auth', init: { credentials: 'include', cache: 'no-store' } });
    expect(calls[0].headers).toMatchObject({ 'Cache-Control': 'no-cache', Pragma: 'no-cache' });
    expect(store.getState().auth).toEqual({ isAuthenticated: true, isLoading: false, user: shopper });
    expect(store.getState().session.currentUser).toEqual(shopper);
  });

  it('checkAuth failure means unauthenticated', async () => {
    fakeApi(() => reply(401, { success: false, message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' }));
    const store = signedInStore();
    const outcome = await store.dispatch(checkAuth());
    expect(outcome.payload).toBe('Please sign in to continue.');
    expect(store.getState().auth).toEqual({ isAuthenticated: false, isLoading: false, user: null });
    expect(store.getState().session.currentUser).toBeNull();
  });

  it('register returns the response and never authenticates', async () => {
    const { calls } = fakeApi(() => reply(201, { success: true, user: shopper, data: shopper, message: 'Account created.' }));
    const store = createAppStore();
    const response = await store.dispatch(register({ email: 'ada@example.com', password: 'pw', firstName: 'Ada', lastName: 'Lovelace' })).unwrap();
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/auth/register' });
    expect(response).toEqual({ success: true, user: shopper, message: 'Account created.' });
    expect(store.getState().auth).toEqual({ isAuthenticated: false, isLoading: false, user: null });
    expect(store.getState().session.currentUser).toBeNull();
  });

  it('register failure rejects with the server message', async () => {
    fakeApi(() => reply(409, { success: false, message: 'An account with this email already exists.', code: 'CONFLICT' }));
    const store = createAppStore();
    await expect(store.dispatch(register({ email: 'ada@example.com', password: 'pw' })).unwrap()).rejects.toBe(
      'An account with this email already exists.',
    );
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });

});
