import {
  combineReducers,
  configureStore,
  createDynamicMiddleware,
  type Middleware,
  type Reducer,
  type ReducersMapObject,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { useState } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import createSagaMiddleware, { type Saga, type Task } from 'redux-saga';
import { authReducer } from './authSlice';
import { PAGE_QUERIES, pageQueriesKey, pageQueriesOf, type PageQueriesAction, type PageQueriesState } from './query';
import { inlinedEntry, takeServerData, type ServerDataEntry } from './serverData';
import { sessionSaga } from './sagas';
import { sessionReducer } from './sessionSlice';
import type { AuthState, SessionState } from './types';

const staticReducers = { session: sessionReducer, auth: authReducer };
const staticRootReducer = combineReducers(staticReducers);
type StaticState = ReturnType<typeof staticRootReducer>;

/**
 * A remote's RTK Query api whose answers a page rendered on the server carries (docs/architecture.md#server-rendering):
 * its `extractRehydrationInfo` is `fromRenderedPage`.
 */
export interface PageQueryApi {
  reducerPath: string;
  reducer: Reducer;
  middleware: Middleware;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- RTK Query types the thunk for any store
  util: { getRunningQueriesThunk(): ThunkAction<unknown[], any, any, UnknownAction> };
}

export interface CreateAppStoreOptions {
  preloadedState?: Partial<{ session: SessionState; auth: AuthState }>;
  /** Run sessionSaga (default true). */
  runSessionSaga?: boolean;
}

/**
 * The host's one store (docs/architecture.md#frontend-and-federation): session and auth from the start, remotes add their slice and saga
 * on first mount with injectReducer / injectSaga (module-federation-examples redux-reducer-injection).
 */
export function createAppStore({ preloadedState, runSessionSaga = true }: CreateAppStoreOptions = {}) {
  const sagaMiddleware = createSagaMiddleware();
  // a remote's RTK Query api brings its middleware with its reducer (docs/architecture.md#reading-server-data)
  const dynamicMiddleware = createDynamicMiddleware();
  const store = configureStore({
    reducer: staticRootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(sagaMiddleware, dynamicMiddleware.middleware),
  });

  const injectedReducers: ReducersMapObject = {};
  const injectedSagas = new Map<string, Task>();

  /** Adds a reducer under `key` once; later calls with the same key are ignored. Returns true when added. */
  function injectReducer(key: string, reducer: Reducer): boolean {
    if (key in staticReducers || key in injectedReducers) return false;
    injectedReducers[key] = reducer;
    // replaceReducer dispatches @@redux/REPLACE, so the new slice's initial state exists right away.
    store.replaceReducer(combineReducers({ ...staticReducers, ...injectedReducers }) as unknown as typeof staticRootReducer);
    return true;
  }

  /** Starts a saga under `key` once; later calls with the same key are ignored. Returns true when started. */
  function injectSaga(key: string, saga: Saga<[]>): boolean {
    if (injectedSagas.has(key)) return false;
    injectedSagas.set(key, sagaMiddleware.run(saga));
    return true;
  }

  /** Adds a middleware once (by identity): a remote's RTK Query api, injected beside its reducer. */
  function injectMiddleware(middleware: Middleware): void {
    dynamicMiddleware.addMiddleware(middleware);
  }

  const hasReducer = (key: string) => key in staticReducers || key in injectedReducers;

  const pageQueries = new Map<string, PageQueryApi>();
  /**
   * Adds an api whose answers the server renders the page with. In the browser its cache starts with the answers the
   * page carries, so the views hydrate with what the server drew and do not ask again.
   */
  function injectPageQueries(queryApi: PageQueryApi): void {
    injectMiddleware(queryApi.middleware);
    if (!injectReducer(queryApi.reducerPath, queryApi.reducer)) return;
    pageQueries.set(queryApi.reducerPath, queryApi);
    const key = pageQueriesKey(queryApi.reducerPath);
    const served = inlinedEntry(key);
    if (served && 'data' in served) {
      const hydrate: PageQueriesAction = { type: PAGE_QUERIES, payload: { reducerPath: queryApi.reducerPath, state: served.data as PageQueriesState } };
      store.dispatch(hydrate);
    }
    takeServerData(key);
  }
  const sliceOf = (key: string) => (store.getState() as unknown as Record<string, unknown>)[key];
  /** The server render: the page's reads still in flight, to await before rendering again. */
  const runningPageQueries = (): unknown[] => [...pageQueries.values()].flatMap((q) => store.dispatch(q.util.getRunningQueriesThunk()));
  /** The server render: what the page carries of each api's cache, by page-data key. */
  const pageQueryData = (): Record<string, ServerDataEntry> =>
    Object.fromEntries([...pageQueries.keys()].map((key) => [pageQueriesKey(key), { data: pageQueriesOf(sliceOf(key) as PageQueriesState) }]));

  /**
   * The state as a page rendered on the server had it: every slice at its initial state (the server renders for an
   * anonymous visitor and dispatches nothing). Read by react-redux while the browser hydrates that page (Provider
   * serverState), so a slot hydrating after the store has moved on (the cart loaded by the header's badge) first
   * renders what the server sent, then updates, instead of failing to hydrate. Slices are read when asked, since a
   * remote injects its own during the hydration render. An api of page queries is the exception: the page carried
   * its answers (the server rendered with them, the browser put them in the cache before hydrating), so it is read
   * as it is.
   */
  const initialStates = new Map<Reducer, unknown>();
  const initialOf = (reducer: Reducer) => {
    if (!initialStates.has(reducer)) initialStates.set(reducer, reducer(undefined, { type: '@@pharmacy/server-state' }));
    return initialStates.get(reducer);
  };
  const serverState: StaticState = new Proxy({} as StaticState, {
    get(_target, key) {
      if (typeof key !== 'string') return undefined;
      if (pageQueries.has(key)) return sliceOf(key);
      const reducer = (staticReducers as ReducersMapObject)[key] ?? injectedReducers[key];
      return reducer ? initialOf(reducer) : undefined;
    },
    has: (_target, key) => typeof key === 'string' && hasReducer(key),
    ownKeys: () => [...Object.keys(staticReducers), ...Object.keys(injectedReducers)],
    getOwnPropertyDescriptor: (_target, key): PropertyDescriptor | undefined =>
      typeof key === 'string' && hasReducer(key) ? { configurable: true, enumerable: true, value: serverState[key as keyof StaticState] } : undefined,
  });
  const hasSaga = (key: string) => injectedSagas.has(key);

  if (runSessionSaga) injectSaga('session', sessionSaga);

  return Object.assign(store, {
    injectReducer,
    injectSaga,
    injectMiddleware,
    injectPageQueries,
    runningPageQueries,
    pageQueryData,
    hasReducer,
    hasSaga,
    runSaga: sagaMiddleware.run,
    serverState,
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
/** Session and auth; a remote widens it with its own slice: `type CartRoot = RootState & { cart: CartState }`. */
export type RootState = StaticState;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

export interface InjectModuleOptions {
  key: string;
  reducer?: Reducer;
  saga?: Saga<[]>;
  /** Added before the reducer, so that nothing reaches the slice unseen by it (an RTK Query api's middleware). */
  middleware?: Middleware;
}

const isInjectable = (store: unknown): store is AppStore =>
  typeof (store as Partial<AppStore>).injectReducer === 'function' && typeof (store as Partial<AppStore>).injectSaga === 'function';

/**
 * Injects a remote's reducer and saga into the host store during the first render, before any child selects
 * the new slice. Idempotent per key, so remounts, StrictMode double renders and several components of the
 * same remote are safe. The saga should start by waiting (take*), since it starts during render.
 */
export function useInjectModule({ key, reducer, saga, middleware }: InjectModuleOptions): void {
  const store = useStore();
  useState(() => {
    if (!isInjectable(store)) {
      throw new Error(`useInjectModule("${key}") needs the store made by createAppStore() from @pharmacy/session.`);
    }
    if (middleware) store.injectMiddleware(middleware);
    if (reducer) store.injectReducer(key, reducer);
    if (saga) store.injectSaga(key, saga);
    return true;
  });
}

/** Injects an api of page queries (idempotent): every hook of such an api calls it first. */
export function useInjectPageQueries(queryApi: PageQueryApi): void {
  const store = useStore();
  useState(() => {
    if (!isInjectable(store)) throw new Error(`useInjectPageQueries("${queryApi.reducerPath}") needs the store made by createAppStore() from @pharmacy/session.`);
    store.injectPageQueries(queryApi);
    return true;
  });
}
