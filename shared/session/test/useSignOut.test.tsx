import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createAppStore, selectCurrentUser, useSignOut } from '../src';
import { fakeApi, reply, shopper, type FakeReply } from '../../test-kit/src/session-free';

function setup(logoutReply: FakeReply) {
  fakeApi().on('POST', '/api/auth/logout', logoutReply);
  const store = createAppStore({
    preloadedState: {
      session: { currentUser: shopper, error: null, loading: false },
      auth: { isAuthenticated: true, isLoading: false, user: shopper },
    },
  });
  const handlers = { onSignedOut: jest.fn(), onFailed: jest.fn() };
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const hook = renderHook(() => useSignOut(handlers), { wrapper });
  return { store, handlers, hook };
}

describe('useSignOut', () => {
  it('signs out through the saga and reports success once', async () => {
    const { store, handlers, hook } = setup(reply(200, { success: true, message: 'Signed out' }));
    act(() => hook.result.current.signOut());
    expect(hook.result.current.signingOut).toBe(true);
    await waitFor(() => expect(handlers.onSignedOut).toHaveBeenCalledTimes(1));
    expect(handlers.onFailed).not.toHaveBeenCalled();
    expect(selectCurrentUser(store.getState())).toBeNull();
    expect(hook.result.current.signingOut).toBe(false);
  });

  it('reports a refusal with its message and keeps the user signed in', async () => {
    const { store, handlers, hook } = setup(reply(200, { success: false, message: 'Session store unavailable' }));
    act(() => hook.result.current.signOut());
    await waitFor(() => expect(handlers.onFailed).toHaveBeenCalledWith('Session store unavailable'));
    expect(handlers.onSignedOut).not.toHaveBeenCalled();
    expect(selectCurrentUser(store.getState())).toEqual(shopper);
  });

  it('still reports the outcome when the caller is unmounted meanwhile (a guard left the page)', async () => {
    const { handlers, hook } = setup(reply(200, { success: true }));
    act(() => hook.result.current.signOut());
    hook.unmount();
    await waitFor(() => expect(handlers.onSignedOut).toHaveBeenCalledTimes(1));
  });
});
