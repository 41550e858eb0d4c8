import { combineReducers, configureStore, createDynamicMiddleware, type Middleware, type Reducer, type ReducersMapObject } from '@reduxjs/toolkit';
import { useState } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import createSagaMiddleware, { type Saga, type Task } from 'redux-saga';
import { authReducer } from './authSlice';
import { sessionSaga } from './sagas';
import { sessionReducer } from './sessionSlice';
import type { AuthState, SessionState } from './types';

const staticReducers = { session: sessionReducer, auth: authReducer };
const staticRootReducer = combineReducers(staticReducers);
type StaticState = ReturnType<typeof staticRootReducer>;

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

  /**
   * The state as a page rendered on the server had it: every slice at its initial state (the server renders for an
   * anonymous visitor and dispatches nothing). Read by react-redux while the browser hydrates that page (Provider
   * serverState), so a slot hydrating after the store has moved on (the cart loaded by the header's badge) first
   * renders what the server sent, then updates, instead of failing to hydrate. Slices are read when asked, since a
   * remote injects its own during the hydration render.
   */
  const initialStates = new Map<Reducer, unknown>();
  const initialOf = (reducer: Reducer) => {
    if (!initialStates.has(reducer)) initialStates.set(reducer, reducer(undefined, { type: '@@pharmacy/server-state' }));
    return initialStates.get(reducer);
  };
  const serverState: StaticState = new Proxy({} as StaticState, {
    get(_target, key) {
      if (typeof key !== 'string') return undefined;
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

  return Object.assign(store, { injectReducer, injectSaga, injectMiddleware, hasReducer, hasSaga, runSaga: sagaMiddleware.run, serverState });
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
