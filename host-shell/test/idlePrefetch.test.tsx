import './setup-globals';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { screen } from '@testing-library/react';
import { TAP_BASELINE_FLAG } from '@pharmacy/ui';
import { IDLE_PREFETCH_TIMEOUT_MS, prefetchWhenIdle, resetIdlePrefetch, type IdlePrefetchDeps } from '../src/idlePrefetch';
import { preloadRemoteModule } from '../src/remotes';
import { fakeRemoteModule, renderApp } from './harness';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  getInstance: jest.fn(() => null),
}));
const loadRemoteMock = loadRemote as jest.MockedFunction<typeof loadRemote>;

beforeEach(() => {
  resetIdlePrefetch();
  loadRemoteMock.mockReset();
  loadRemoteMock.mockImplementation(async (id: string) => fakeRemoteModule(id) as never);
});
afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[TAP_BASELINE_FLAG];
});

/** The browser as the prefetch sees it, with the page's load and the idle moment released by the test. */
function browser() {
  let markLoaded!: () => void;
  const idle: Array<{ run: () => void; timeoutMs: number }> = [];
  const deps = {
    loaded: () => new Promise<void>((resolve) => (markLoaded = resolve)),
    whenIdle: jest.fn((run: () => void, timeoutMs: number) => idle.push({ run, timeoutMs })),
    preloadModule: jest.fn(async () => undefined),
    preloadToasts: jest.fn(async () => undefined),
  } satisfies IdlePrefetchDeps;
  const flush = () => new Promise((r) => setTimeout(r, 0));
  return { deps, idle, load: async () => (markLoaded(), flush()) };
}

describe('the idle prefetch (what the next tap needs)', () => {
  it('asks for the toasts’ view, the product page and the cart once the page has loaded and the browser is idle, not before', async () => {
    const { deps, idle, load } = browser();
    prefetchWhenIdle(deps);
    await new Promise((r) => setTimeout(r, 0));
    // the page is still loading: nothing is asked for, not even the idle callback
    expect(deps.whenIdle).not.toHaveBeenCalled();
    await load();
    expect(idle).toHaveLength(1);
    expect(idle[0].timeoutMs).toBe(IDLE_PREFETCH_TIMEOUT_MS);
    expect(deps.preloadToasts).not.toHaveBeenCalled();
    expect(deps.preloadModule).not.toHaveBeenCalled();
    idle[0].run();
    expect(deps.preloadToasts).toHaveBeenCalledTimes(1);
    expect(deps.preloadModule.mock.calls).toEqual([['catalog/ProductDetails'], ['cartCheckout/CartPage']]);
  });

  it('runs once per page load, however often it is started', async () => {
    const { deps, idle, load } = browser();
    prefetchWhenIdle(deps);
    prefetchWhenIdle(deps);
    await load();
    idle.forEach((i) => i.run());
    expect(deps.preloadToasts).toHaveBeenCalledTimes(1);
    expect(deps.preloadModule).toHaveBeenCalledTimes(2);
  });

  it('stands down on the tap benchmark’s baseline page', async () => {
    (window as unknown as Record<string, unknown>)[TAP_BASELINE_FLAG] = true;
    const { deps } = browser();
    const loaded = jest.spyOn(deps, 'loaded');
    prefetchWhenIdle(deps);
    await new Promise((r) => setTimeout(r, 0));
    expect(loaded).not.toHaveBeenCalled();
    expect(deps.whenIdle).not.toHaveBeenCalled();
  });
});

describe('preloadRemoteModule', () => {
  it('loads a module once, and its page then renders without waiting', async () => {
    await Promise.all([preloadRemoteModule('catalog/ProductDetails'), preloadRemoteModule('catalog/ProductDetails')]);
    expect(loadRemoteMock.mock.calls.filter(([id]) => id === 'catalog/ProductDetails')).toHaveLength(1);
    renderApp('/pharmacy/product/p1');
    // in the first render: no spinner, no second load
    expect(screen.getByText('remote:catalog/ProductDetails')).toBeInTheDocument();
    expect(loadRemoteMock.mock.calls.filter(([id]) => id === 'catalog/ProductDetails')).toHaveLength(1);
  });

  it('forgets a failed load, so the page loads the module when it is opened', async () => {
    loadRemoteMock.mockImplementationOnce(async () => {
      throw new Error('offline');
    });
    await preloadRemoteModule('cartCheckout/CartPage');
    renderApp('/cart');
    expect(await screen.findByText('remote:cartCheckout/CartPage')).toBeInTheDocument();
    expect(loadRemoteMock.mock.calls.filter(([id]) => id === 'cartCheckout/CartPage')).toHaveLength(2);
  });
});
