import { useCallback, useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '@pharmacy/session';
import { fetchSignInCheck, solveSignInCheck } from './signInCheck';

/** Where the sign-in check stands: not needed (as far as the page knows), being solved, solved, or impossible here. */
export type SignInCheckState =
  | { status: 'none' }
  | { status: 'solving'; share: number }
  | { status: 'ready' }
  | { status: 'failed'; message: string };

/**
 * The sign-in page's side of the check: asked for when the page opens (so it is solved while the shopper types) and
 * again whenever a sign-in was refused (a solution works once). `take()` gives the solution for the next sign-in,
 * waiting for the one being solved, or null when none is needed.
 */
export function useSignInCheck() {
  const [state, setState] = useState<SignInCheckState>({ status: 'none' });
  const pending = useRef<Promise<string | null> | null>(null);
  const running = useRef<AbortController | null>(null);

  const prepare = useCallback((): Promise<string | null> => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const live = () => !controller.signal.aborted;
    pending.current = (async () => {
      // Not knowing is not a reason to hold the shopper back: the sign-in's answer says if a check is needed.
      const offered = await fetchSignInCheck(controller.signal).catch(() => null);
      if (!live()) return null;
      if (!offered) {
        setState({ status: 'none' });
        return null;
      }
      setState({ status: 'solving', share: 0 });
      try {
        const solved = await solveSignInCheck(offered, (share) => live() && setState({ status: 'solving', share }), controller.signal);
        if (live()) setState({ status: 'ready' });
        return solved;
      } catch (err) {
        if (live()) setState({ status: 'failed', message: getErrorMessage(err) });
        return null;
      }
    })();
    return pending.current;
  }, []);

  useEffect(() => {
    void prepare();
    return () => running.current?.abort();
  }, [prepare]);

  const take = useCallback(async (): Promise<string | null> => {
    const solved = await pending.current;
    pending.current = null;
    setState((s) => (s.status === 'ready' ? { status: 'none' } : s));
    return solved ?? null;
  }, []);

  return { state, prepare, take };
}
