import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteModuleId } from '@pharmacy/contracts';
import {
  Component,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router-dom';
import { isFailedRemoteModule } from './fallbackPlugin';
import { onRemoteReset, resetRemote } from './registry';
import { RemoteFailureContext } from './RemoteUnavailable';
import { reportRemoteError, reportRemoteView } from './reporting';
import { renderInBrowser, ServerRemotesContext } from './serverRemotes';
import { remoteNameOf, type ModuleOf, type PropsOf } from './types';

export class RemoteLoadError extends Error {
  constructor(readonly id: RemoteModuleId) {
    super(`Remote module ${id} could not be loaded`);
    this.name = 'RemoteLoadError';
  }
}

// The contract's component type is structural (contracts does not depend on React); React sees a component.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one cache holds every module's component, whatever its props
type AnyLazy = LazyExoticComponent<ComponentType<any>>;

/** One lazy per module id so moving between routes does not suspend again once a remote is loaded. */
const lazies = new Map<RemoteModuleId, AnyLazy>();
/** The lazies whose load failed: a slot showing one loads again when its remote is retried elsewhere. */
const failedLazies = new WeakSet<AnyLazy>();
/** Modules loaded ahead of their first slot (preloadRemoteModule), which that slot then renders without suspending. */
const preloaded = new Map<RemoteModuleId, { default: unknown }>();
const preloading = new Map<RemoteModuleId, Promise<void>>();

/**
 * Loads a remote module before any slot shows it (the idle prefetch: idlePrefetch.ts), once: the slot that later
 * shows it renders at once instead of suspending. A failure is forgotten (the slot loads, and reports, as usual).
 */
export function preloadRemoteModule(id: RemoteModuleId): Promise<void> {
  let pending = preloading.get(id);
  if (!pending) {
    pending = loadRemote<{ default: unknown }>(id).then(
      (mod) => {
        if (mod?.default && !isFailedRemoteModule(mod)) preloaded.set(id, mod);
        else preloading.delete(id);
      },
      () => {
        preloading.delete(id);
      },
    );
    preloading.set(id, pending);
  }
  return pending;
}

/** An already settled thenable: React.lazy reads it during the render instead of suspending for a tick. */
function settled<T>(value: T): Promise<T> {
  const thenable = {
    then(onFulfilled: (v: T) => unknown) {
      onFulfilled(value);
      return thenable;
    },
  };
  return thenable as unknown as Promise<T>;
}

function freshLazy<Id extends RemoteModuleId>(id: Id): AnyLazy {
  const component: AnyLazy = lazy(() => {
    const ready = preloaded.get(id);
    if (ready) return settled({ default: ready.default as ComponentType<PropsOf<Id>> });
    return load();
  });
  async function load() {
    try {
      const mod = await loadRemote<ModuleOf<Id>>(id);
      if (!mod || !mod.default) throw new RemoteLoadError(id);
      // a failure is not cached: the next visit to the route tries again
      if (isFailedRemoteModule(mod)) {
        lazies.delete(id);
        failedLazies.add(component);
      }
      return { default: mod.default as unknown as ComponentType<PropsOf<Id>> };
    } catch (error) {
      lazies.delete(id);
      failedLazies.add(component);
      throw error;
    }
  }
  lazies.set(id, component);
  return component;
}

const lazyFor = (id: RemoteModuleId): AnyLazy => lazies.get(id) ?? freshLazy(id);

/** Tests: forget every loaded remote component. */
export function clearRemoteCache(): void {
  lazies.clear();
  preloaded.clear();
  preloading.clear();
}

interface BoundaryProps {
  id: RemoteModuleId;
  pathname: string;
  fallback: ReactNode;
  children: ReactNode;
}

/** Catches a rejected load or a remote that throws while rendering; only this slot shows the fallback. */
class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[remotes] a remote failed', error, info.componentStack);
    // a load failure was reported by the runtime plugin as it happened (reporting.ts): counted once, not again here
    if (!(error instanceof RemoteLoadError)) reportRemoteError(this.props.id, 'render-error', this.props.pathname);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export interface RemoteSlotProps<Id extends RemoteModuleId> {
  id: Id;
  props: PropsOf<Id>;
  /** Shown while the remote's chunks load. */
  loading: ReactNode;
  /** Shown when the remote fails; receives a retry that re-attempts the load. */
  renderFailure: (retry: () => void, retrying: boolean) => ReactNode;
}

/** Renders one exposed module of a remote inside Suspense and its own error boundary, with a working retry. */
export function RemoteSlot<Id extends RemoteModuleId>({ id, props, loading, renderFailure }: RemoteSlotProps<Id>) {
  const [RemoteComponent, setRemoteComponent] = useState<AnyLazy>(() => lazyFor(id));
  const [attempt, setAttempt] = useState(0);
  const [retrying, setRetrying] = useState(false);
  // what the slot shows, for the reset listener below (read when another slot retries, not while rendering)
  const shown = useRef(RemoteComponent);
  useEffect(() => {
    shown.current = RemoteComponent;
  }, [RemoteComponent]);
  const retryingHere = useRef(false);

  const loadAgain = useCallback(() => {
    const next = freshLazy(id);
    setRemoteComponent(() => next);
    setAttempt((n) => n + 1);
  }, [id]);

  const retry = useCallback(() => {
    retryingHere.current = true;
    setRetrying(true);
    void resetRemote(remoteNameOf(id))
      .catch(() => undefined)
      .then(() => {
        retryingHere.current = false;
        setRetrying(false);
        loadAgain();
      });
  }, [id, loadAgain]);

  // a page view that used this remote (once per remote per page: reporting.ts); never on the server
  const { pathname } = useLocation();
  useEffect(() => reportRemoteView(id, pathname), [id, pathname]);

  // Another slot of this remote pressed Retry: a slot that failed too loads again with it.
  useEffect(
    () =>
      onRemoteReset((name) => {
        if (name === remoteNameOf(id) && !retryingHere.current && failedLazies.has(shown.current)) loadAgain();
      }),
    [id, loadAgain],
  );

  const failure = useCallback(() => renderFailure(retry, retrying), [renderFailure, retry, retrying]);
  const fallback = useMemo(() => failure(), [failure]);
  // On the server the remote's own server build renders the slot, in the same boundaries as in the browser, so the
  // browser hydrates the server's HTML when the remote's code arrives (until then React keeps it as it is).
  const server = useContext(ServerRemotesContext);
  const Rendered = server ? (server.component(id) ?? renderInBrowser(id)) : RemoteComponent;

  return (
    <RemoteFailureContext.Provider value={failure}>
      {/* a new key gives the boundary a clean slate for the new attempt */}
      <RemoteErrorBoundary key={attempt} id={id} pathname={pathname} fallback={fallback}>
        <Suspense fallback={loading}>
          <Rendered {...(props as object)} />
        </Suspense>
      </RemoteErrorBoundary>
    </RemoteFailureContext.Provider>
  );
}
