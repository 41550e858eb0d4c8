// The gateway's page renderer (docs/architecture.md#server-rendering) with fake server builds: the host's renders a
// page from what it is given (the remote's module, the page's data through the gateway's own routes), the gateway
// puts it into the built index.html, and every way it can fail falls back to index.html for the browser to render.
import fs from 'node:fs';
import path from 'node:path';
import { bearer, DEPLOY_TOKENS, fakeBuild, startGateway, type TestGateway } from './remotes';

const INDEX =
  '<!doctype html><html lang=en><head><meta charset=utf-8><meta name=description content="The shop"><title>Pharmacy</title>' +
  '<link rel=icon href=/favicon.svg></head><body><noscript>Needs JavaScript</noscript><div id=root></div>' +
  '<script defer src=/main.0123abcd.js></script></body></html>';

/**
 * A host server build as the real one is shaped (host-shell/src/server): renderPage asks the remote table for the
 * catalog's product module, fetches the page's data with the API it was configured with, and says what goes in
 * the head. `sharedModules` is what remotes' server builds may require.
 */
const HOST_SSR = `
let api;
exports.configureServerApi = (fetchImpl) => { api = fetchImpl; };
exports.sharedModules = { 'fake-react': { version: 'shared' } };
exports.renderPage = async ({ url, origin, remote, onSlotError }) => {
  if (url.startsWith('/boom')) throw new Error('the host cannot render this');
  const Product = remote('catalog/ProductDetails');
  // a slot whose module throws (the remote's) or that the host gives up on (its own) is left to the browser
  if (url.startsWith('/slot-throws/') || url.startsWith('/host-gives-up/')) {
    try {
      if (url.startsWith('/host-gives-up/')) throw new Error('the host left this slot to the browser');
      Product({ throwing: true });
    } catch (error) {
      onSlotError(error);
    }
    return { status: 200, head: {}, styles: '', html: '<main><h1>in the browser</h1></main>', data: {}, page: '/slot-throws/:id' };
  }
  const health = await (await api('http://server-render.internal/api/health')).json();
  const missing = url.startsWith('/missing') || url.startsWith('/nope-404');
  return {
    status: missing ? 404 : 200,
    head: { title: 'Aspirin | Pharmacy', canonicalPath: url, jsonLd: { '@type': 'Product', name: '</script><script>alert(1)</script>' }, ...(missing ? { robots: 'noindex' } : {}) },
    styles: '<style data-styled="true">h1{color:teal}</style>',
    html: '<main><h1>' + (Product ? Product() : 'in the browser') + '</h1></main>',
    data: { 'catalog:health': { data: health.success } },
  };
};
`;

let gw: TestGateway;
let root: string;
const page = (url: string) => gw.app.inject({ url, headers: { accept: 'text/html' } });

beforeAll(async () => {
  root = fakeBuild();
  fs.writeFileSync(path.join(root, 'host-shell/dist/index.html'), INDEX);
  fs.mkdirSync(path.join(root, 'host-shell/dist/server'));
  fs.writeFileSync(path.join(root, 'host-shell/dist/server/ssr.js'), HOST_SSR);
  // the catalog's server build beside its live manifest, taking a shared module from the host's
  fs.mkdirSync(path.join(root, 'mfe-catalog/dist/server'));
  fs.writeFileSync(
    path.join(root, 'mfe-catalog/dist/server/ssr.js'),
    "const shared = require('fake-react');\nexports['./ProductDetails'] = { default: (props) => { if (props && props.throwing) throw new TypeError('product.price is undefined'); return 'Aspirin, rendered on ' + shared.version + ' React'; } };\n",
  );
  gw = await startGateway({ root });
});
afterAll(() => gw.app.close());

describe('a page rendered on the server', () => {
  it('is the built index.html with the page inside #root, its head, styles and data, and the scripts moved up', async () => {
    const res = await page('/pharmacy/product/p1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<div id="root"><main><h1>Aspirin, rendered on shared React</h1></main></div>');
    expect(html).toContain('<title>Aspirin | Pharmacy</title>');
    // the template's own title and description are replaced, not doubled
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<meta name="description" content="The shop">');
    expect(html).toContain(`<link rel="canonical" href="http://localhost:5000/pharmacy/product/p1">`);
    expect(html).toContain('<style data-styled="true">h1{color:teal}</style>');
    expect(html.indexOf('<script defer src=/main.0123abcd.js></script>')).toBeLessThan(html.indexOf('</head>'));
    // the data came through the gateway's own routes, inlined as JSON the browser does not execute
    expect(html).toContain('<script id="page-data" type="application/json">{"catalog:health":{"data":true}}</script>');
    expect(html).not.toContain('<noscript>');
  });

  it('escapes what it inlines: a product name cannot close the script element', async () => {
    const html = (await page('/pharmacy/product/p1')).body;
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
  });

  it("answers with the page's own status (a product that does not exist is a 404)", async () => {
    expect((await page('/missing/p9')).statusCode).toBe(404);
  });

  it('answers a path the shop does not have 404, with the page the host rendered for it and noindex for search engines', async () => {
    const res = await page('/nope-404');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(res.body).toContain('<div id="root"><main>');
    // a page that was found says nothing to search engines
    expect((await page('/pharmacy/product/p1')).body).not.toContain('name="robots"');
  });

  it('falls back to index.html when the host cannot render the page', async () => {
    const res = await page('/boom');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  });

  it('never serves the server builds as files', async () => {
    for (const url of ['/server/ssr.js', '/mfe/catalog/server/ssr.js', '/mfe/catalog/server/ssr.js.br']) {
      expect([url, (await gw.app.inject({ url })).statusCode]).toEqual([url, 404]);
    }
  });
});

describe('when a server build is missing', () => {
  it('renders the slot of a remote without one in the browser, the rest on the server', async () => {
    fs.renameSync(path.join(root, 'mfe-catalog/dist/server/ssr.js'), path.join(root, 'mfe-catalog/dist/server/gone.js'));
    try {
      expect((await page('/pharmacy/product/p1')).body).toContain('<h1>in the browser</h1>');
    } finally {
      fs.renameSync(path.join(root, 'mfe-catalog/dist/server/gone.js'), path.join(root, 'mfe-catalog/dist/server/ssr.js'));
    }
    expect((await page('/pharmacy/product/p1')).body).toContain('Aspirin, rendered on shared React');
  });

  it('sends index.html when the host has none, and with SERVER_RENDERING=false', async () => {
    const off = await startGateway({ root, env: { SERVER_RENDERING: 'false' } });
    try {
      const res = await off.app.inject({ url: '/pharmacy/product/p1', headers: { accept: 'text/html' } });
      expect(res.body).toBe(INDEX);
    } finally {
      await off.app.close();
    }
    const bare = fakeBuild();
    const plain = await startGateway({ root: bare });
    try {
      const res = await plain.app.inject({ url: '/', headers: { accept: 'text/html' } });
      expect(res.body).toBe('<!doctype html><title>Pharmacy v1</title>');
    } finally {
      await plain.app.close();
    }
  });
});

describe('server-render fallbacks', () => {
  /** The catalog's live build as the registry lists it, with what was counted of it. */
  const catalogHealth = async () => {
    const res = await gw.app.inject({ url: '/api/admin/remotes', headers: bearer(DEPLOY_TOKENS.catalog) });
    return res.json().data.find((d: { name: string }) => d.name === 'catalog').health.live as { version: string; views: number; errors: number };
  };
  /** The counts are written beside the answer, not before it. */
  const settled = async (expected: number) => {
    for (let i = 0; i < 50 && (await catalogHealth()).errors !== expected; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    return catalogHealth();
  };

  it('a slot whose remote threw on the server, or whose server build is missing, is counted against that build; the host\'s own give-up is not', async () => {
    const before = (await catalogHealth()).errors;
    expect((await page('/slot-throws/p1')).body).toContain('<h1>in the browser</h1>');
    expect((await settled(before + 1)).errors).toBe(before + 1);

    expect((await page('/host-gives-up/p1')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await catalogHealth()).errors).toBe(before + 1);

    fs.renameSync(path.join(root, 'mfe-catalog/dist/server/ssr.js'), path.join(root, 'mfe-catalog/dist/server/gone.js'));
    try {
      await page('/pharmacy/product/p1');
    } finally {
      fs.renameSync(path.join(root, 'mfe-catalog/dist/server/gone.js'), path.join(root, 'mfe-catalog/dist/server/ssr.js'));
    }
    expect((await settled(before + 2)).errors).toBe(before + 2);
    // a page that renders whole counts nothing
    await page('/pharmacy/product/p1');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await catalogHealth()).errors).toBe(before + 2);
  });
});
