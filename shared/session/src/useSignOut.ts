import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { signOutStart } from './sessionSlice';
import { selectSession, type SessionRootState } from './selectors';

export interface SignOutHandlers {
  /** Sign-out succeeded (callers return to "/": docs/product.md#guards). */
  onSignedOut(): void;
  /** Refused (`success: false`) or failed: the user stays signed in (docs/product.md#client-state); `message` says why. */
  onFailed(message: string): void;
}

/**
 * Sign out through the session's sign-out saga (docs/product.md#client-state), for every "Sign out" control. The outcome is watched
 * on the store, not in an effect, because the guard of the page being left may unmount the caller in the same
 * update that clears the user, and the outcome must still be acted on.
 */
export function useSignOut(handlers: SignOutHandlers): { signOut: () => void; signingOut: boolean } {
  const store = useStore<SessionRootState>();
  const [signingOut, setSigningOut] = useState(false);
  const pending = useRef(false);
  const mounted = useRef(true);
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const signOut = useCallback(() => {
    if (pending.current) return;
    pending.current = true;
    setSigningOut(true);
    store.dispatch(signOutStart());
    const unsubscribe = store.subscribe(() => {
      const session = selectSession(store.getState());
      if (session.loading) return;
      unsubscribe();
      pending.current = false;
      if (mounted.current) setSigningOut(false);
      if (session.error) latest.current.onFailed(session.error);
      else latest.current.onSignedOut();
    });
  }, [store]);

  return { signOut, signingOut };
}
