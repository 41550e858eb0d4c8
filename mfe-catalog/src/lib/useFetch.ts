import { useCallback, useEffect, useRef, useState } from 'react';
import { getErrorMessage, isApiError, takeServerData, useServerData, type ServerDataEntry } from '@pharmacy/session';

export interface FetchState<T> {
  data: T | null;
  loading: boolean;
  error: string | null;
  /** HTTP status of the failure (404 tells "not found" apart from "unavailable"). */
  status: number | null;
  reload: () => void;
}

type Settled<T> = Omit<FetchState<T>, 'reload'>;

const LOADING = { data: null, loading: true, error: null, status: null } as const;

function fromServer<T>(entry: ServerDataEntry | undefined): Settled<T> | undefined {
  if (!entry) return undefined;
  return 'data' in entry
    ? { data: entry.data as T, loading: false, error: null, status: null }
    : { data: null, loading: false, error: entry.error, status: entry.status };
}

export interface FetchOptions {
  /**
   * Public data the server may render the view with (docs/architecture.md#server-rendering): the same key on the
   * server and in the browser names the same call, so the page hydrates with the inlined answer instead of fetching
   * it again. Leave it out for a shopper's own data, which is never rendered on the server.
   */
  serverKey?: string;
}

/**
 * Loads data for a view and keeps the rule of docs/product.md#client-state: a failed fetch leaves no stale data behind (lists empty,
 * details null). A newer request cancels the one in flight, so a fast filter change never shows old results.
 */
export function useFetch<T>(load: (signal: AbortSignal) => Promise<T>, deps: unknown[], options: FetchOptions = {}): FetchState<T> {
  const { serverKey } = options;
  const served = fromServer<T>(useServerData(serverKey, () => load(new AbortController().signal)));
  const [state, setState] = useState<Settled<T>>(() => served ?? LOADING);
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // the first effect has nothing to fetch when the page came with this view's data
  const hydratedWith = useRef(served ? serverKey : undefined);

  useEffect(() => {
    if (hydratedWith.current !== undefined) {
      takeServerData(hydratedWith.current);
      hydratedWith.current = undefined;
      return;
    }
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

  // On the server no effect runs: the state is whatever the server's answer was on this render.
  return { ...(typeof window === 'undefined' && served ? served : state), reload };
}
