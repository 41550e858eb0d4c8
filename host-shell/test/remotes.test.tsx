import './setup-globals';
import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeRemoteModule, renderApp } from './harness';
import { fakeApi } from '@pharmacy/test-kit';
import { failedRemoteModule, remoteFallbackPlugin } from '../src/remotes/fallbackPlugin';
import { buildOf, resetBuildsForTests } from '../src/remotes/builds';
import { freshRetryPlugin, resetRetriesForTests } from '../src/remotes/freshRetry';
import { registerRemotesFromConfig, resetRegistryForTests, resetRemote } from '../src/remotes/registry';
import { clearRemoteCache } from '../src/remotes/RemoteSlot';
import { UNAVAILABLE_TITLE } from '../src/remotes/RemoteUnavailable';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  getInstance: jest.fn(() => null),
}));
const loadRemoteMock = loadRemote as jest.MockedFunction<typeof loadRemote>;
const registerRemotesMock = registerRemotes as jest.MockedFunction<typeof registerRemotes>;
const getInstanceMock = getInstance as jest.MockedFunction<typeof getInstance>;

const working = async (id: string) => fakeRemoteModule(id) as never;

beforeEach(() => {
  clearRemoteCache();
  resetRegistryForTests();
  resetRetriesForTests();
  loadRemoteMock.mockReset();
  registerRemotesMock.mockReset();
  getInstanceMock.mockReset();
  getInstanceMock.mockReturnValue(null);
  loadRemoteMock.mockImplementation(working);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('a remote that fails to load', () => {
  it('shows the fallback with Retry on that route only, and Retry loads it again', async () => {
    let catalogUp = false;
    loadRemoteMock.mockImplementation(async (id: string) => {
      if (id === 'catalog/ProductListing' && !catalogUp) throw new Error('ScriptNetworkError');
      return fakeRemoteModule(id) as never;
    });
    renderApp('/pharmacy/products');

    // the first render of the file loads the app's modules: on a busy machine that alone can pass a second
    expect(await screen.findByRole('heading', { name: UNAVAILABLE_TITLE }, { timeout: 5000 })).toBeInTheDocument();
    // the rest of the page keeps working
    expect(screen.getByRole('link', { name: /Pharmacy & Care, home/ })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(await screen.findByText('remote:cartCheckout/CartBadge')).toBeInTheDocument();

    const attempts = loadRemoteMock.mock.calls.filter(([id]) => id === 'catalog/ProductListing').length;
    catalogUp = true;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('remote:catalog/ProductListing')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: UNAVAILABLE_TITLE })).not.toBeInTheDocument();
    expect(loadRemoteMock.mock.calls.filter(([id]) => id === 'catalog/ProductListing').length).toBe(attempts + 1);
  });

  it('shows the fallback when the runtime plugin stands in a failed module, and Retry re-attempts', async () => {
    let down = true;
    loadRemoteMock.mockImplementation(async (id: string) =>
      (id === 'account/SignInPage' && down ? failedRemoteModule : fakeRemoteModule(id)) as never,
    );
    renderApp('/sign-in');
    expect(await screen.findByRole('heading', { name: UNAVAILABLE_TITLE })).toBeInTheDocument();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('remote:account/SignInPage')).toBeInTheDocument();
  });

  it('one Retry on the page also brings back the header search of the same remote', async () => {
    let catalogUp = false;
    loadRemoteMock.mockImplementation(async (id: string) =>
      (id.startsWith('catalog/') && !catalogUp ? failedRemoteModule : fakeRemoteModule(id)) as never,
    );
    renderApp('/pharmacy/products');
    expect(await screen.findByRole('heading', { name: UNAVAILABLE_TITLE })).toBeInTheDocument();
    expect(screen.queryByText('remote:catalog/SearchBox')).not.toBeInTheDocument();
    const searchAttempts = () => loadRemoteMock.mock.calls.filter(([id]) => id === 'catalog/SearchBox').length;
    const before = searchAttempts();

    catalogUp = true;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('remote:catalog/ProductListing')).toBeInTheDocument();
    expect(await screen.findByText('remote:catalog/SearchBox')).toBeInTheDocument();
    expect(searchAttempts()).toBe(before + 1);
    // the cart badge of another remote was up all along and is not loaded again
    expect(loadRemoteMock.mock.calls.filter(([id]) => id === 'cartCheckout/CartBadge')).toHaveLength(1);
  });

  it('keeps the header working when a header widget fails: the cart badge falls back to a plain link', async () => {
    loadRemoteMock.mockImplementation(async (id: string) => {
      if (id === 'cartCheckout/CartBadge' || id === 'catalog/SearchBox') throw new Error('down');
      return fakeRemoteModule(id) as never;
    });
    renderApp('/cart');
    expect(await screen.findByText('remote:cartCheckout/CartPage')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart'));
    expect(screen.queryByRole('heading', { name: UNAVAILABLE_TITLE })).not.toBeInTheDocument();
  });
});

describe('remoteFallbackPlugin', () => {
  const plugin = remoteFallbackPlugin();
  const hook = plugin.errorLoadRemote as (args: { id: string; error: unknown; lifecycle: string }) => unknown;

  it('turns a failed load into the stand-in module at the onLoad stage', () => {
    expect(hook({ id: 'catalog/ProductListing', error: new Error('x'), lifecycle: 'onLoad' })).toBe(failedRemoteModule);
  });

  it('returns nothing at earlier stages, where the runtime would take the value as a manifest or request', () => {
    expect(hook({ id: '/mfe/catalog/mf-manifest.json', error: new Error('x'), lifecycle: 'afterResolve' })).toBeUndefined();
    expect(hook({ id: 'catalog/ProductListing', error: new Error('x'), lifecycle: 'beforeRequest' })).toBeUndefined();
  });
});

describe('registerRemotesFromConfig', () => {
  const json = (body: unknown, ok = true) => fakeApi({ status: ok ? 200 : 500, body }).fetch;

  it('registers every known remote from /remotes.json once', async () => {
    const fetchImpl = json({ catalog: '/mfe/catalog/mf-manifest.json', admin: '/mfe/admin/mf-manifest.json', unknown: '/x.json' });
    await expect(registerRemotesFromConfig(fetchImpl)).resolves.toEqual(['catalog', 'admin']);
    expect(fetchImpl).toHaveBeenCalledWith('/remotes.json', expect.anything());
    expect(registerRemotesMock).toHaveBeenCalledWith([
      { name: 'catalog', entry: '/mfe/catalog/mf-manifest.json' },
      { name: 'admin', entry: '/mfe/admin/mf-manifest.json' },
    ]);
    await expect(registerRemotesFromConfig(fetchImpl)).resolves.toEqual([]);
    expect(registerRemotesMock).toHaveBeenCalledTimes(1);
  });

  it('keeps the version and entry hash the gateway gave this visitor for each remote (the builds key is not a remote)', async () => {
    resetBuildsForTests();
    const builds = { catalog: { version: '0.2.0+abcd1234', integrity: 'sha256-abc' }, admin: { version: '0.1.0+00ff00ff', integrity: null } };
    await expect(registerRemotesFromConfig(json({ catalog: '/mfe/catalog/mf-manifest.json', admin: '/mfe/admin/mf-manifest.json', builds }))).resolves.toEqual(['catalog', 'admin']);
    expect(buildOf('catalog')).toEqual(builds.catalog);
    expect(buildOf('admin')).toEqual(builds.admin);
    expect(buildOf('account')).toBeUndefined();
  });

  it('never throws when /remotes.json is unreachable or broken, so the app still renders', async () => {
    await expect(registerRemotesFromConfig(jest.fn(async () => Promise.reject(new TypeError('offline'))))).resolves.toEqual([]);
    await expect(registerRemotesFromConfig(json({}, false))).resolves.toEqual([]);
    await expect(registerRemotesFromConfig(json('nonsense'))).resolves.toEqual([]);
    expect(registerRemotesMock).not.toHaveBeenCalled();
  });
});

describe('resetRemote (before a retry loads the remote again)', () => {
  const config = (body: Record<string, string>) => fakeApi().on('GET', '/remotes.json', { status: 200, body });
  const freshScript = (url: string) =>
    (freshRetryPlugin().createScript as (args: object) => HTMLScriptElement | undefined)({
      url,
      attrs: {},
      remoteInfo: { name: 'catalog', entry: url },
    });

  it('re-registers a failed remote with force at the entry /remotes.json names now, and fetches it fresh', async () => {
    await registerRemotesFromConfig(config({ catalog: 'https://catalog.example/mf-manifest.json' }).fetch);
    registerRemotesMock.mockClear();
    expect(freshScript('https://catalog.example/remoteEntry.js')).toBeUndefined();

    // meanwhile the team rolled back to the local build
    const api = config({ catalog: '/mfe/catalog/mf-manifest.json' });
    await resetRemote('catalog');

    expect(api.callsTo('GET', '/remotes.json')).toHaveLength(1);
    expect(registerRemotesMock).toHaveBeenCalledWith([{ name: 'catalog', entry: '/mfe/catalog/mf-manifest.json' }], { force: true });
    expect(freshScript('http://localhost/mfe/catalog/remoteEntry.js')?.src).toMatch(/\/mfe\/catalog\/remoteEntry\.js\?retry=./);
  });

  it('keeps the entry it had when /remotes.json cannot be read', async () => {
    await registerRemotesFromConfig(config({ catalog: '/mfe/catalog/mf-manifest.json' }).fetch);
    registerRemotesMock.mockClear();
    fakeApi().on('GET', '/remotes.json', { status: 503, body: {} });
    await resetRemote('catalog');
    expect(registerRemotesMock).toHaveBeenCalledWith([{ name: 'catalog', entry: '/mfe/catalog/mf-manifest.json' }], { force: true });
  });

  it('registers a remote /remotes.json did not give at page load, with every other one it lacked', async () => {
    await registerRemotesFromConfig(jest.fn(async () => Promise.reject(new TypeError('offline'))));
    config({ catalog: '/mfe/catalog/mf-manifest.json', account: '/mfe/account/mf-manifest.json' });
    await resetRemote('catalog');
    expect(registerRemotesMock).toHaveBeenCalledTimes(1);
    expect(registerRemotesMock).toHaveBeenCalledWith([
      { name: 'catalog', entry: '/mfe/catalog/mf-manifest.json' },
      { name: 'account', entry: '/mfe/account/mf-manifest.json' },
    ]);
  });

  it('leaves a remote whose container is up alone (a failed chunk is requested again by webpack)', async () => {
    await registerRemotesFromConfig(config({ catalog: '/mfe/catalog/mf-manifest.json' }).fetch);
    registerRemotesMock.mockClear();
    getInstanceMock.mockReturnValue({ moduleCache: new Map([['catalog', { remoteEntryExports: {} }]]) } as never);
    await resetRemote('catalog');
    expect(registerRemotesMock).not.toHaveBeenCalled();
    expect(freshScript('http://localhost/mfe/catalog/remoteEntry.js')).toBeUndefined();
  });
});
