import { isApiError, getErrorMessage, NetworkErrorCodes } from './api';

/**
 * Why a read failed, as RTK Query keeps it in the store (a plain object, so it stays serializable): the message a
 * shopper reads, and the status (0: no answer) and code a view acts on. `getErrorMessage` reads it like any error.
 */
export interface ShopQueryError {
  status: number;
  code: string;
  message: string;
}

export const toQueryError = (error: unknown): ShopQueryError =>
  isApiError(error)
    ? { status: error.status, code: error.code, message: error.message }
    : { status: 0, code: NetworkErrorCodes.BAD_RESPONSE, message: getErrorMessage(error) };

/**
 * An RTK Query `queryFn` from one call of a typed API client (docs/architecture.md#reading-server-data): the call
 * keeps the path, the envelope and the refresh-and-retry of `api`; RTK Query keeps the answer, its loading and its
 * failure, and aborts the call when nobody reads it any more.
 */
export const fromCall =
  <Arg, Result>(call: (arg: Arg, signal: AbortSignal) => Promise<Result>) =>
  async (arg: Arg, { signal }: { signal: AbortSignal }): Promise<{ data: Result } | { error: ShopQueryError }> => {
    try {
      return { data: await call(arg, signal) };
    } catch (error) {
      return { error: toQueryError(error) };
    }
  };

/** The action that puts the answers a page was rendered with into a remote's RTK Query cache. */
export const PAGE_QUERIES = 'pharmacy/pageQueries';

/** The page-data key that carries `reducerPath`'s answers from the server render to the browser. */
export const pageQueriesKey = (reducerPath: string): string => `queries:${reducerPath}`;

/** What a server-rendered page carries of an api's cache: its settled answers and the tags they provide. */
export interface PageQueriesState {
  queries: Record<string, { status?: string } | undefined>;
  mutations: Record<string, never>;
  provided: unknown;
}

export type PageQueriesAction = {
  type: typeof PAGE_QUERIES;
  payload: { reducerPath: string; state: PageQueriesState };
};

/**
 * `createApi`'s `extractRehydrationInfo` for an api whose answers are rendered on the server
 * (docs/architecture.md#server-rendering): the page's answers become the cache's before the browser hydrates.
 */
export function fromRenderedPage<State>(action: { type: string }, { reducerPath }: { reducerPath: string }): State | undefined {
  if (action.type !== PAGE_QUERIES) return undefined;
  const { payload } = action as PageQueriesAction;
  // RTK Query reads the queries, mutations and tags of its state from it, nothing else
  return payload.reducerPath === reducerPath ? (payload.state as State) : undefined;
}

/** An api's settled answers as the page carries them: a call still in flight is fetched again by the browser. */
export function pageQueriesOf(state: { queries: PageQueriesState['queries']; provided: unknown }): PageQueriesState {
  const queries = Object.fromEntries(Object.entries(state.queries).filter(([, q]) => q?.status === 'fulfilled' || q?.status === 'rejected'));
  return { queries, mutations: {}, provided: state.provided };
}

/**
 * A read as a view shows it (docs/product.md#client-state): the answer, whether one is on its way, why the last
 * failed (a failed read leaves no stale data behind) with its status (404 tells "not found" from "unavailable"),
 * and how to ask again.
 */
export interface Read<T> {
  data: T | null;
  loading: boolean;
  error: string | null;
  status: number | null;
  reload: () => void;
}

/** What `readOf` needs of an RTK Query hook's result. */
interface QueryResult {
  data?: unknown;
  error?: unknown;
  isFetching: boolean;
  isUninitialized: boolean;
  refetch: () => unknown;
}

/** An RTK Query hook's result as a `Read`; a read not started yet (left to the browser) counts as loading. */
export function readOf<Result extends QueryResult>(result: Result): Read<NonNullable<Result['data']>> {
  const { data, error, isFetching, isUninitialized, refetch } = result;
  // asking again after a failure shows the wait, not the old failure
  const failed = error && !isFetching ? error : undefined;
  return {
    data: error ? null : ((data as NonNullable<Result['data']> | undefined) ?? null),
    loading: isFetching || isUninitialized,
    error: failed ? getErrorMessage(failed) : null,
    status: (failed as Partial<ShopQueryError> | undefined)?.status || null,
    reload: () => {
      if (!isUninitialized) void refetch();
    },
  };
}
