import { useCallback, useEffect, useState } from 'react';
import { getErrorMessage, isApiError } from '@pharmacy/session';

export interface FetchState<T> {
  data: T | null;
  loading: boolean;
  error: string | null;
  /** HTTP status of the failure (404 tells "not found" apart from "unavailable"). */
  status: number | null;
  reload: () => void;
}

/**
 * Loads data for a view and keeps the rule of docs/product.md#client-state: a failed fetch leaves no stale data behind (lists empty,
 * details null). A newer request cancels the one in flight, so a fast filter change never shows old results.
 */
export function useFetch<T>(load: (signal: AbortSignal) => Promise<T>, deps: unknown[]): FetchState<T> {
  const [state, setState] = useState<Omit<FetchState<T>, 'reload'>>({ data: null, loading: true, error: null, status: null });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null, status: null }));
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, loading: false, error: null, status: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ data: null, loading: false, error: getErrorMessage(error), status: isApiError(error) ? error.status : null });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps stand for what `load` reads, as with useEffect
  }, [...deps, attempt]);

  return { ...state, reload };
}
