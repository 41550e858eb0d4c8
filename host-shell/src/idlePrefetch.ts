import type { RemoteModuleId } from '@pharmacy/contracts';
import { isTapBaseline, Toaster } from '@pharmacy/ui';
import { preloadRemoteModule } from './remotes';

/**
 * What the next tap most often needs and the first load does not carry (docs/architecture.md#budgets): the pages a
 * tap most often opens (a product from a card, the cart from the badge). The toasts' view, the first feedback of
 * a tap (Add to cart), is loaded with them.
 */
export const IDLE_PREFETCH: readonly RemoteModuleId[] = ['catalog/ProductDetails', 'cartCheckout/CartPage'];

/** The longest the prefetch waits for the browser to be idle once the page has loaded. */
export const IDLE_PREFETCH_TIMEOUT_MS = 3000;

/** The performance mark set when the prefetch starts: `pnpm bench:first-load` counts what follows it apart. */
export const IDLE_PREFETCH_MARK = 'pharmacy:idle-prefetch';

export interface IdlePrefetchDeps {
  /** requestIdleCallback, or a stand-in where the browser has none (Safari). */
  whenIdle: (run: () => void, timeoutMs: number) => void;
  /** Resolves once the page and its images have loaded (the load event). */
  loaded: () => Promise<void>;
  preloadModule: (id: RemoteModuleId) => Promise<void>;
  preloadToasts: () => Promise<unknown>;
}

const browserDeps: IdlePrefetchDeps = {
  whenIdle: (run, timeout) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => run(), { timeout });
    else setTimeout(run, 1);
  },
  loaded: () =>
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true })),
  preloadModule: preloadRemoteModule,
  preloadToasts: () => Toaster.preload(),
};

let started = false;

/**
 * Once per page load, after the page has loaded (never competing with its first paint or its own requests) and
 * when the browser is next idle (at most IDLE_PREFETCH_TIMEOUT_MS later): fetches the toasts' view and the modules
 * of IDLE_PREFETCH. A failure (offline) is silent: each loads again when it is needed, as without the prefetch.
 */
export function prefetchWhenIdle(deps: IdlePrefetchDeps = browserDeps): void {
  if (started || isTapBaseline()) return;
  started = true;
  void deps.loaded().then(() =>
    deps.whenIdle(() => {
      performance.mark?.(IDLE_PREFETCH_MARK);
      deps.preloadToasts().catch(() => undefined);
      for (const id of IDLE_PREFETCH) void deps.preloadModule(id);
    }, IDLE_PREFETCH_TIMEOUT_MS),
  );
}

/** Tests: allow the next call to start again. */
export function resetIdlePrefetch(): void {
  started = false;
}
