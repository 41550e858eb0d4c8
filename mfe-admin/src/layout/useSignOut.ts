import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch, useStore } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { selectSession, signOutStart, type SessionRootState } from '@pharmacy/session';
import { toast } from '@pharmacy/ui';

/**
 * Sign Out through the session's sign-out saga (SPEC §4). On success we go to "/" in the same tick the
 * user is cleared, so the /admin guard never gets to redirect to /sign-in first; on failure (SPEC §8: the
 * user stays signed in) a destructive toast gives the reason.
 */
export function useSignOut() {
  const store = useStore<SessionRootState>();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const unsubscribeRef = useRef<(() => void) | null>(null);

  useEffect(() => () => unsubscribeRef.current?.(), []);

  const signOut = useCallback(() => {
    if (unsubscribeRef.current) return;
    setSigningOut(true);
    dispatch(signOutStart());
    const unsubscribe = store.subscribe(() => {
      const session = selectSession(store.getState());
      if (session.loading) return;
      unsubscribe();
      unsubscribeRef.current = null;
      setSigningOut(false);
      if (session.error) {
        toast({ title: 'Could not sign out', description: session.error, variant: 'destructive' });
      } else {
        navigate('/', { replace: true });
      }
    });
    unsubscribeRef.current = unsubscribe;
  }, [dispatch, navigate, store]);

  return { signOut, signingOut };
}
