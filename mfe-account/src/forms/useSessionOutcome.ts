import { useEffect, useRef, useState } from 'react';
import { selectSession, useAppSelector } from '@pharmacy/session';

/**
 * Waits for a session saga started from this component (sign-in, update, delete) to finish: the session
 * state goes loading, then not loading with or without an error (start/success/failure: docs/product.md#client-state).
 */
export function useSessionOutcome(onDone: (error: string | null) => void) {
  const { loading, error } = useAppSelector(selectSession);
  const [waiting, setWaiting] = useState(false);
  const sawLoading = useRef(false);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    if (!waiting) return;
    if (loading) {
      sawLoading.current = true;
      return;
    }
    if (sawLoading.current) {
      sawLoading.current = false;
      setWaiting(false);
      done.current(error);
    }
  }, [waiting, loading, error]);

  return {
    /** Call right before dispatching the *Start action. */
    begin: () => {
      sawLoading.current = false;
      setWaiting(true);
    },
    waiting,
  };
}
