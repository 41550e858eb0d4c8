import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch, useStore } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { selectSession, signOutStart, type SessionRootState } from '@pharmacy/session';
import { toast } from '@pharmacy/ui';

/**
 * Sign Out through the session's sign-out saga (SPEC §4): success returns to "/", failure (SPEC §8: the user
 * stays signed in) raises a destructive toast with the reason.
 */
export function useSignOut() {
  const store = useStore<SessionRootState>();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const pending = useRef(false);
  const mounted = useRef(true);

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
    dispatch(signOutStart());
    // Watched outside React on purpose: the host's /admin guard unmounts this layout in the same update that
    // clears the user, and the outcome must still be acted on.
    const unsubscribe = store.subscribe(() => {
      const session = selectSession(store.getState());
      if (session.loading) return;
      unsubscribe();
      pending.current = false;
      if (mounted.current) setSigningOut(false);
      if (session.error) {
        toast({ title: 'Could not sign out', description: session.error, variant: 'destructive' });
        return;
      }
      navigate('/', { replace: true });
      // That same update lets the guard redirect the now signed-out visitor to /sign-in, after our navigation
      // started (and so cancelling it). Going home again once those microtasks have settled makes "/" win.
      setTimeout(() => navigate('/', { replace: true }), 0);
    });
  }, [dispatch, navigate, store]);

  return { signOut, signingOut };
}
