import { fakeApi } from '@pharmacy/test-kit';
import { recordBuilds, resetBuildsForTests } from '../src/remotes/builds';
import { fetchFreshOnRetry, freshRetryPlugin, resetRetriesForTests, RETRY_PARAM } from '../src/remotes/freshRetry';

// The runtime plugin alone, called the way the federation runtime calls its hooks.
type FetchHook = (url: string, init: RequestInit, remoteInfo?: { name: string }) => Promise<Response> | undefined;
type ScriptHook = (args: {
  url: string;
  attrs?: Record<string, unknown>;
  remoteInfo?: { name: string; entry: string };
  resourceContext?: { resourceType: string };
}) => HTMLScriptElement | undefined;

const plugin = freshRetryPlugin();
const fetchHook = plugin.fetch as unknown as FetchHook;
const scriptHook = plugin.createScript as unknown as ScriptHook;

const MANIFEST = 'http://localhost/mfe/catalog/mf-manifest.json';
const ENTRY = 'http://localhost/mfe/catalog/remoteEntry.js';
const catalog = { name: 'catalog', entry: ENTRY };
const tokenOf = (url: string) => new URL(url).searchParams.get(RETRY_PARAM);

beforeEach(() => {
  resetRetriesForTests();
  resetBuildsForTests();
});

describe('freshRetryPlugin', () => {
  it('changes nothing for a remote that was never retried: the runtime fetches and creates as usual', () => {
    const api = fakeApi();
    expect(fetchHook(MANIFEST, {}, catalog)).toBeUndefined();
    expect(scriptHook({ url: ENTRY, attrs: { fetchpriority: 'high' }, remoteInfo: catalog })).toBeUndefined();
    expect(api.calls).toHaveLength(0);
  });

  it('after a retry, fetches the manifest at a new URL past the HTTP cache', async () => {
    const api = fakeApi().on('GET', '/mfe/catalog/mf-manifest.json', { status: 200, body: { id: 'catalog' } });
    fetchFreshOnRetry('catalog');
    const res = await fetchHook(MANIFEST, {}, catalog);
    expect(await res?.json()).toEqual({ id: 'catalog' });
    const [call] = api.calls;
    expect(call.path).toBe('/mfe/catalog/mf-manifest.json');
    expect(call.query[RETRY_PARAM]).toBeTruthy();
    expect(call.init.cache).toBe('no-store');
  });

  it('after a retry, creates the entry script at the same new URL with the attributes the runtime would set', async () => {
    const api = fakeApi().on('GET', '/mfe/catalog/mf-manifest.json', { status: 200, body: {} });
    fetchFreshOnRetry('catalog');
    await fetchHook(MANIFEST, {}, catalog);
    const script = scriptHook({ url: ENTRY, attrs: { fetchpriority: 'high' }, remoteInfo: catalog, resourceContext: { resourceType: 'remoteEntry' } });
    expect(script).toBeInstanceOf(HTMLScriptElement);
    expect(script?.src.split('?')[0]).toBe(ENTRY);
    expect(tokenOf(script!.src)).toBe(api.calls[0].query[RETRY_PARAM]);
    expect(script?.type).toBe('text/javascript');
    expect(script?.getAttribute('fetchpriority')).toBe('high');
  });

  it('gives each retry its own URL, so a failed retry is not reused by the next one either', () => {
    fetchFreshOnRetry('catalog');
    const first = tokenOf(scriptHook({ url: ENTRY, remoteInfo: catalog })!.src);
    fetchFreshOnRetry('catalog');
    const second = tokenOf(scriptHook({ url: ENTRY, remoteInfo: catalog })!.src);
    expect(first).not.toBe(second);
  });

  it('leaves other remotes and the retried remote’s hashed chunks alone', () => {
    fetchFreshOnRetry('catalog');
    expect(scriptHook({ url: 'http://localhost/mfe/account/remoteEntry.js', remoteInfo: { name: 'account', entry: 'http://localhost/mfe/account/remoteEntry.js' } })).toBeUndefined();
    expect(fetchHook('http://localhost/mfe/account/mf-manifest.json', {}, { name: 'account' })).toBeUndefined();
    expect(
      scriptHook({ url: 'http://localhost/mfe/catalog/591.eedef329.js', remoteInfo: catalog, resourceContext: { resourceType: 'js' } }),
    ).toBeUndefined();
  });

  it('creates an entry whose hash the gateway recorded with integrity and crossorigin, so the browser checks it; chunks and unhashed entries as usual', () => {
    const integrity = 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';
    recordBuilds({ catalog: { version: '0.2.0+abcd1234', integrity }, account: { version: '0.1.0+ffff0000', integrity: null } }, ['catalog', 'account']);
    const script = scriptHook({ url: ENTRY, attrs: { fetchpriority: 'high' }, remoteInfo: catalog, resourceContext: { resourceType: 'remoteEntry' } });
    expect(script?.integrity).toBe(integrity);
    expect(script?.crossOrigin).toBe('anonymous');
    expect(script?.src).toBe(ENTRY);
    expect(script?.getAttribute('fetchpriority')).toBe('high');
    expect(scriptHook({ url: 'http://localhost/mfe/catalog/591.eedef329.js', remoteInfo: catalog, resourceContext: { resourceType: 'js' } })).toBeUndefined();
    expect(scriptHook({ url: 'http://localhost/mfe/account/remoteEntry.js', remoteInfo: { name: 'account', entry: 'http://localhost/mfe/account/remoteEntry.js' } })).toBeUndefined();
    // retried, it keeps both: a fresh URL and the hash
    fetchFreshOnRetry('catalog');
    const retried = scriptHook({ url: ENTRY, remoteInfo: catalog });
    expect([tokenOf(retried!.src) !== null, retried?.integrity]).toEqual([true, integrity]);
  });

  it('ignores a malformed build tag rather than trusting it', () => {
    recordBuilds({ catalog: { version: 3, integrity: 'sha256-x' } }, ['catalog']);
    expect(scriptHook({ url: ENTRY, remoteInfo: catalog })).toBeUndefined();
  });
});
