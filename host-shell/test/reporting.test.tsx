// What the page reports of the remotes it uses (docs/operations.md#remote-reports): a view per page per remote, a
// load failure from the federation runtime's hook, a render error from the slot's boundary, each with the version
// the runtime read from the remote's manifest and the page's route pattern, batched into one beacon.
import './setup-globals';
import { loadRemote, registerRemotes, getInstance } from '@module-federation/enhanced/runtime';
import type { RemoteReport } from '@pharmacy/contracts';
import { act, screen } from '@testing-library/react';
import { routes } from '../src/app/routes';
import { remoteReports, remoteReportsPlugin, REPORT_FLUSH_MS, UNKNOWN_VERSION } from '../src/remotes/reporting';
import { clearRemoteCache } from '../src/remotes/RemoteSlot';
import { recordBuilds, resetBuildsForTests } from '../src/remotes/builds';
import { resetRegistryForTests } from '../src/remotes/registry';
import { fakeRemoteModule, renderApp } from './harness';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  getInstance: jest.fn(() => null),
}));
const loadRemoteMock = loadRemote as jest.MockedFunction<typeof loadRemote>;

const beacon = jest.fn((_url: string, _body: Blob) => true);
/** Every report sent so far, from the beacons' bodies. */
async function sent(): Promise<RemoteReport[]> {
  // jsdom's Blob has no text(): read as a browser would with a FileReader
  const read = (blob: Blob) =>
    new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
  const bodies = await Promise.all(beacon.mock.calls.map(([, body]) => read(body)));
  return bodies.flatMap((text) => (JSON.parse(text) as { reports: RemoteReport[] }).reports);
}

// the hooks as the runtime calls them, with the fields they read
const plugin = remoteReportsPlugin() as unknown as {
  afterLoadManifest: (args: { moduleInfo: { name: string }; manifestJson?: { metaData: { buildInfo: { buildVersion: string } } } }) => void;
  errorLoadRemote: (args: { id: string; lifecycle: string; error: unknown }) => unknown;
};
const manifestLoaded = (name: string, buildVersion: string) => plugin.afterLoadManifest({ moduleInfo: { name }, manifestJson: { metaData: { buildInfo: { buildVersion } } } });

beforeEach(() => {
  clearRemoteCache();
  resetRegistryForTests();
  resetBuildsForTests();
  remoteReports.reset();
  remoteReports.setRoutes(routes);
  beacon.mockClear();
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
  loadRemoteMock.mockReset();
  (registerRemotes as jest.Mock).mockReset();
  (getInstance as jest.Mock).mockReturnValue(null);
  loadRemoteMock.mockImplementation(async (id: string) => fakeRemoteModule(id) as never);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('the runtime plugin', () => {
  it('reports a remote that failed to load once, with the version its manifest gave and the page’s route pattern', async () => {
    manifestLoaded('catalog', '2.4.0');
    window.history.pushState({}, '', '/pharmacy/product/66a1b2c3d4e5f60718293a4b?from=search');
    for (const lifecycle of ['afterResolve', 'onLoad']) {
      expect(plugin.errorLoadRemote({ id: 'catalog/ProductDetails', lifecycle, error: new Error('ScriptNetworkError') })).toBeUndefined();
    }
    remoteReports.flush();
    expect(beacon).toHaveBeenCalledWith('/api/remotes/reports', expect.any(Blob));
    expect(await sent()).toEqual([{ remote: 'catalog', version: '2.4.0', page: '/pharmacy/product/:productId', kind: 'load-error' }]);
  });

  it('reports the version tag /remotes.json gave this visitor’s build, which tells a canary from the live build', async () => {
    manifestLoaded('catalog', '0.1.0');
    recordBuilds({ catalog: { version: '0.1.0+9f2c41aa', integrity: null } }, ['catalog']);
    window.history.pushState({}, '', '/pharmacy/products');
    plugin.errorLoadRemote({ id: 'catalog/ProductListing', lifecycle: 'onLoad', error: new Error('ScriptNetworkError') });
    remoteReports.flush();
    expect(await sent()).toEqual([{ remote: 'catalog', version: '0.1.0+9f2c41aa', page: '/pharmacy/products', kind: 'load-error' }]);
  });

  it('counts a remote failing on a page once, however many of its modules fail there, and again on the next page', async () => {
    manifestLoaded('catalog', '0.2.0');
    window.history.pushState({}, '', '/pharmacy/product/p-1');
    for (const id of ['catalog/ProductDetails', 'catalog/SearchBox', 'catalog/ProductDetails']) plugin.errorLoadRemote({ id, lifecycle: 'onLoad', error: new Error('ScriptExecutionError') });
    plugin.errorLoadRemote({ id: 'cartCheckout/CartBadge', lifecycle: 'onLoad', error: new Error('ScriptNetworkError') });
    window.history.pushState({}, '', '/pharmacy/product/p-2');
    plugin.errorLoadRemote({ id: 'catalog/ProductDetails', lifecycle: 'onLoad', error: new Error('ScriptExecutionError') });
    remoteReports.flush();
    expect((await sent()).map((r) => `${r.remote} ${r.kind}`)).toEqual(['catalog load-error', 'cartCheckout load-error', 'catalog load-error']);
  });

  it('says the version is unknown when the manifest itself never arrived', async () => {
    window.history.pushState({}, '', '/cart');
    plugin.errorLoadRemote({ id: 'cartCheckout/CartPage', lifecycle: 'onLoad', error: new Error('manifest 503') });
    remoteReports.flush();
    expect(await sent()).toEqual([{ remote: 'cartCheckout', version: UNKNOWN_VERSION, page: '/cart', kind: 'load-error' }]);
  });
});

describe('the page’s slots', () => {
  it('report one view per remote on the page, and a render error caught by the slot’s boundary, batched into one beacon', async () => {
    jest.useFakeTimers();
    try {
      manifestLoaded('catalog', '3.0.0-canary');
      manifestLoaded('cartCheckout', '1.9.0');
      loadRemoteMock.mockImplementation(async (id: string) => {
        if (id === 'catalog/ProductDetails') {
          return {
            default: () => {
              throw new TypeError('product.price is undefined');
            },
          } as never;
        }
        return fakeRemoteModule(id) as never;
      });
      renderApp('/pharmacy/product/p-123');
      expect(await screen.findByText('remote:cartCheckout/CartBadge')).toBeInTheDocument();
      expect(beacon).not.toHaveBeenCalled(); // nothing is sent while the page renders
      await act(async () => {
        jest.advanceTimersByTime(REPORT_FLUSH_MS);
      });
      expect(beacon).toHaveBeenCalledTimes(1);
      const reports = await sent();
      const page = '/pharmacy/product/:productId';
      expect(reports).toEqual(
        expect.arrayContaining([
          { remote: 'catalog', version: '3.0.0-canary', page, kind: 'view' },
          { remote: 'cartCheckout', version: '1.9.0', page, kind: 'view' },
          { remote: 'catalog', version: '3.0.0-canary', page, kind: 'render-error' },
        ]),
      );
      // the header's search box and the page are both the catalog: one view of it on this page
      expect(reports.filter((r) => r.remote === 'catalog' && r.kind === 'view')).toHaveLength(1);
      expect(reports.filter((r) => r.kind === 'render-error')).toHaveLength(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('never fails the page when the report cannot be sent', async () => {
    beacon.mockImplementation(() => {
      throw new Error('beacon blocked');
    });
    renderApp('/pharmacy/products');
    expect(await screen.findByText('remote:catalog/ProductListing')).toBeInTheDocument();
    expect(() => remoteReports.flush()).not.toThrow();
  });
});
