import { checkAuth, UNREACHABLE_NOTICE } from '../src/authThunks';
import { selectUnreachable } from '../src/selectors';
import { signInSuccess } from '../src/sessionEvents';
import { createAppStore } from '../src/store';
import { fakeApi, fail, networkError, reply, shopper, type FakeReply } from '../../test-kit/src/session-free';

// docs/product.md#client-state: a check that gets no answer is not an answer. Only the server saying "nobody is
// signed in" (a 401) signs the shopper out; a dropped connection or a failing server keeps who was signed in.

function signedInStore() {
  const store = createAppStore();
  store.dispatch(signInSuccess(shopper));
  return store;
}

describe('the sign-in check while the shop cannot be reached', () => {
  it.each([
    ['no connection', () => networkError()],
    ['a server error', () => fail(500, 'Something went wrong on our side.', 'INTERNAL')],
    ['the gateway answering 503', () => fail(503, 'The service is unavailable.', 'UNAVAILABLE')],
    ['a proxy page instead of JSON', () => reply(502, '<html>Bad gateway</html>')],
  ])('keeps the signed-in shopper through %s, and says the pharmacy cannot be reached', async (_what, answer) => {
    fakeApi(answer);
    const store = signedInStore();
    await store.dispatch(checkAuth());
    expect(store.getState().auth).toEqual({ isAuthenticated: true, isLoading: false, user: shopper, unreachable: UNREACHABLE_NOTICE });
    expect(store.getState().session.currentUser).toEqual(shopper);
    expect(selectUnreachable(store.getState())).toBe(UNREACHABLE_NOTICE);
  });

  it('signs out on a real 401 answer, and forgets the notice', async () => {
    let answer: () => FakeReply = () => networkError();
    fakeApi(() => answer());
    const store = signedInStore();
    await store.dispatch(checkAuth());
    expect(selectUnreachable(store.getState())).toBe(UNREACHABLE_NOTICE);

    answer = () => fail(401, 'Please sign in to continue.', 'UNAUTHENTICATED');
    await store.dispatch(checkAuth());
    expect(store.getState().auth).toEqual({ isAuthenticated: false, isLoading: false, user: null });
    expect(store.getState().session.currentUser).toBeNull();
  });

  it('the notice goes with the first answer, and the answer decides who is signed in', async () => {
    let down = true;
    fakeApi(() => (down ? networkError() : reply(200, { success: true, user: { ...shopper, firstName: 'Janet' } })));
    const store = signedInStore();
    await store.dispatch(checkAuth());
    down = false;
    await store.dispatch(checkAuth());
    expect(store.getState().auth).toEqual({ isAuthenticated: true, isLoading: false, user: { ...shopper, firstName: 'Janet' } });
    expect(selectUnreachable(store.getState())).toBeNull();
  });

  it('a first check with no answer signs nobody in, and says so instead of pretending the visitor is signed out', async () => {
    fakeApi(() => networkError());
    const store = createAppStore();
    await store.dispatch(checkAuth());
    expect(store.getState().auth).toEqual({ isAuthenticated: false, isLoading: false, user: null, unreachable: UNREACHABLE_NOTICE });
  });
});
