// The health gate (docs/operations.md#health-gate): a remote build is deployed only once its entry can be fetched,
// its server build loads in a worker and each of its pages renders something, without throwing, in time. The
// builds are small server builds shaped as the real ones (the host's renderPage asks its remote table for each
// page's module and the page's data of the gateway's own routes), served from another origin by the teams' script.
import fs from 'node:fs';
import path from 'node:path';
import type { RemoteName } from '@pharmacy/contracts';
import { apiGet, createHealthGate, gatePages } from '../src/remotes/health-gate';
import { bearer, DEPLOY_TOKENS, FakeRemoteOrigin, fakeBuild, fakeManifest, startGateway, type TestGateway } from './remotes';

/** The host's server build: each page renders its remote's module inside the shop's frame, as host-shell/src/server does. */
const HOST_SSR = `
let api;
exports.configureServerApi = (fetchImpl) => { api = fetchImpl; };
exports.sharedModules = { 'fake-react': { version: 'shared' } };
const PAGES = { '/': ['catalog/FeatureCarousel', 'catalog/FeaturedProducts'], '/pharmacy/products': ['catalog/ProductListing'], '/cart': ['cartCheckout/CartPage'] };
exports.renderPage = async ({ url, remote, onSlotError }) => {
  const path = url.split('?')[0];
  const ids = path.startsWith('/pharmacy/product/') ? ['catalog/ProductDetails'] : PAGES[path] || [];
  const health = await (await api('http://server-render.internal/api/health')).json();
  let html = '<header>' + (remote('cartCheckout/CartBadge')?.() ?? '') + '</header>';
  for (const id of ids) {
    try {
      html += remote(id)?.({ url, health: health.success }) ?? '';
    } catch (error) {
      onSlotError?.(error);
    }
  }
  return { status: 200, head: {}, styles: '', html: '<main>' + html + '</main>', data: {} };
};
`;

/** A catalog server build whose product page is `productPage` (JavaScript source of a component). */
const catalogServer = (productPage: string) => `
const shared = require('fake-react');
const page = (name) => ({ default: ({ url, health }) => '<section>' + name + ' on ' + shared.version + ' React, API up: ' + health + '</section>' });
exports['./ProductListing'] = page('Listing');
exports['./SearchBox'] = page('Search');
exports['./FeatureCarousel'] = page('Carousel');
exports['./FeaturedProducts'] = page('Featured');
exports['./ProductDetails'] = { default: ${productPage} };
`;
const HEALTHY = "({ url }) => '<h1>Product ' + url.split('/').pop() + '</h1>'";

let gw: TestGateway;
let cdn: FakeRemoteOrigin;

/** A catalog build on the other origin: its manifest, its entry and its server build. */
function publish(folder: string, server: string | null, opts: { entry?: string } = {}): string {
  const url = cdn.put(folder, fakeManifest('catalog', { buildVersion: folder }));
  const dir = path.join(cdn.dir, folder);
  if (opts.entry) {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'));
    manifest.metaData.remoteEntry.name = opts.entry;
    fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  }
  fs.writeFileSync(path.join(dir, opts.entry ?? 'remoteEntry.js'), 'var catalog;');
  if (server !== null) {
    fs.mkdirSync(path.join(dir, 'server'));
    fs.writeFileSync(path.join(dir, 'server/ssr.js'), server);
  }
  return url;
}

beforeAll(async () => {
  const root = fakeBuild();
  fs.mkdirSync(path.join(root, 'host-shell/dist/server'));
  fs.writeFileSync(path.join(root, 'host-shell/dist/server/ssr.js'), HOST_SSR);
  gw = await startGateway({ root, healthGate: 'real' });
  cdn = await new FakeRemoteOrigin().start('http://localhost:5000');
}, 60_000);
afterAll(async () => {
  await gw?.app.close();
  await cdn?.close();
});

const deploy = (manifestUrl: string) =>
  gw.app.inject({ method: 'PUT', url: '/api/admin/remotes/catalog', headers: bearer(DEPLOY_TOKENS.catalog), payload: { manifestUrl } });
const liveCatalog = async () =>
  (await gw.app.inject({ url: '/api/admin/remotes', headers: bearer(DEPLOY_TOKENS.catalog) })).json().data.find((d: { name: string }) => d.name === 'catalog').manifestUrl;
/** The gate on its own, with a short page limit so a hang is caught quickly. */
const gate = (pageTimeoutMs = 1_500) =>
  createHealthGate({ root: gw.root, originAllowed: () => true, origin: 'http://localhost:5000', api: (p) => apiGet(gw.app, p), pageTimeoutMs });
const info = { remoteEntry: 'remoteEntry.js', buildVersion: 'x' };

describe('a deploy through the registry (with a deploy token: the gate cannot be skipped)', () => {
  it('makes a healthy build live: every page rendered with the shop’s own data', async () => {
    const url = publish('healthy', catalogServer(HEALTHY));
    const res = await deploy(url);
    expect(res.json().message).toBe(`catalog is live from ${url}.`);
    expect(res.statusCode).toBe(200);
    expect(await liveCatalog()).toBe(url);
  });

  it('refuses a build whose product page throws, naming the page, and leaves the live build as it was', async () => {
    const before = await liveCatalog();
    const url = publish('throws', catalogServer("() => { throw new Error('product.price is undefined'); }"));
    const res = await deploy(url);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      code: expect.any(String),
      message: `The catalog build at ${url} failed its health check: /pharmacy/product/:productId: ./ProductDetails threw: product.price is undefined.`,
    });
    expect(await liveCatalog()).toBe(before);
  });

  it('refuses a build with no server build, or whose entry is not served as JavaScript', async () => {
    const bare = publish('no-server', null);
    expect((await deploy(bare)).json().message).toContain(`its server build ${bare.replace('mf-manifest.json', 'server/ssr.js')} answered 404`);
    const text = publish('text-entry', catalogServer(HEALTHY), { entry: 'remoteEntry.txt' });
    expect((await deploy(text)).json().message).toContain('is served as text/plain; charset=utf-8, not JavaScript');
  });
});

describe('the gate on its own', () => {
  it('refuses a product page that never finishes, by the time limit, and still checks the pages after it', async () => {
    const server = catalogServer("() => { throw new Error('no price'); }").replace("exports['./ProductListing'] = page('Listing');", "exports['./ProductListing'] = { default: () => { for (;;) {} } };");
    const url = publish('hangs', server);
    const started = Date.now();
    await expect(gate()(url, info, 'catalog')).rejects.toMatchObject({
      statusCode: 422,
      message: `The catalog build at ${url} failed its health check: /pharmacy/products: did not render within 1.5 s; /pharmacy/product/:productId: ./ProductDetails threw: no price.`,
    });
    // the gateway's own thread was free all along: the loop ran in the worker, which was stopped
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await gw.app.inject('/api/health')).statusCode).toBe(200);
  });

  it('refuses a page that renders nothing', async () => {
    const url = publish('empty', catalogServer("() => ''"));
    await expect(gate()(url, info, 'catalog')).rejects.toMatchObject({ message: expect.stringContaining('/pharmacy/product/:productId: ./ProductDetails rendered nothing') });
  });

  it('refuses a server build that does not load, asks for a built-in that reaches outside, lacks an exposed module, or exits its thread', async () => {
    const broken = publish('syntax', 'exports[ = 1');
    await expect(gate()(broken, info, 'catalog')).rejects.toMatchObject({ message: expect.stringContaining('the server build does not load: ') });
    const missing = publish('missing', catalogServer(HEALTHY).replace("exports['./SearchBox'] = page('Search');", ''));
    await expect(gate()(missing, info, 'catalog')).rejects.toMatchObject({ message: expect.stringContaining('the server build does not export ./SearchBox') });
    const reaches = publish('reaches', catalogServer(HEALTHY).replace("const shared = require('fake-react');", "const shared = require('fake-react'); require('node:child_process');"));
    await expect(gate()(reaches, info, 'catalog')).rejects.toMatchObject({ message: expect.stringContaining('needs "node:child_process", which the host\'s server build does not share') });
    const exits = publish('exits', catalogServer('() => process.exit(3)'));
    await expect(gate()(exits, info, 'catalog')).rejects.toMatchObject({ message: expect.stringContaining('/pharmacy/product/:productId: the server build ended the worker') });
  });

  it('gives the build none of the gateway’s environment', async () => {
    process.env.GATE_TEST_SECRET = 'do-not-leak';
    try {
      const url = publish('env', catalogServer("() => '<h1>' + (process.env.GATE_TEST_SECRET ?? 'no secret') + '</h1>'").replace('exports[', "if (process.env.GATE_TEST_SECRET) throw new Error('saw the secret');\nexports["));
      await expect(gate()(url, info, 'catalog')).resolves.toBeUndefined();
    } finally {
      delete process.env.GATE_TEST_SECRET;
    }
  });

  it('renders the pages an anonymous visitor is served for each remote, the product page with a product of the shop', () => {
    const pages = (name: RemoteName) => gatePages(name, { productId: 'p 1' }).map((p) => p.url);
    expect(pages('catalog')).toEqual(['/', '/pharmacy/products', '/pharmacy/product/p%201']);
    expect(pages('cartCheckout')).toEqual(['/cart']);
  });
});
