import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PHONE, baseUrl, launch, newContext } from '../setup/browser';
import { allProducts, type ProductSummary } from '../setup/journeys';
import { REPO_ROOT, linkedBuild, startServer, type RunningServer } from '../setup/server';

// Public pages paint from the first response (docs/architecture.md#server-rendering): their content is in the HTML
// before any script runs, the browser hydrates that HTML (the same elements stay, nothing moves, no error), and the
// data the server rendered with is not fetched a second time. A remote that fails on the server leaves its slot to
// the browser, which renders it there.

let browser: Browser;
let product: ProductSummary;
beforeAll(async () => {
  browser = await launch();
  product = (await allProducts(baseUrl())).find((p) => p.totalStock > 0 && !p.requiresPrescription) as ProductSummary;
});
afterAll(async () => {
  await browser?.close();
});

/** A phone that runs no JavaScript: what a crawler or a slow phone gets from the first response alone. */
async function withoutScripts(base?: string, desktop = false): Promise<BrowserContext> {
  const screen = desktop ? { viewport: { width: 1280, height: 800 } } : { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
  return browser.newContext({ baseURL: base ?? baseUrl(), javaScriptEnabled: false, ...screen });
}

const text = (page: Page) => page.locator('#root').innerText();

describe('with JavaScript off, the first response has the page', () => {
  it('home: the heading, the banner image with its size, the featured products', async () => {
    const context = await withoutScripts();
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Your pharmacy, delivered with care' }).waitFor();
    const banner = page.getByRole('region', { name: 'Offers' }).locator('img').first();
    expect(await banner.getAttribute('width')).toMatch(/^\d+$/);
    expect(await banner.getAttribute('height')).toMatch(/^\d+$/);
    await page.getByRole('heading', { name: 'Featured products' }).waitFor();
    expect(await page.getByRole('list', { name: 'Featured products' }).getByRole('listitem').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('listing and search results: the products with their prices', async () => {
    const context = await withoutScripts();
    const page = await context.newPage();
    await page.goto('/pharmacy/products?sortBy=title-atoz');
    await page.getByRole('heading', { level: 1, name: 'All products' }).waitFor();
    expect(await text(page)).toContain((await allProducts(baseUrl()))[0].title);
    expect(await text(page)).toMatch(/£\d+\.\d\d/); // the default market's currency
    await page.goto(`/pharmacy/products?q=${encodeURIComponent(product.title.split(' ')[0])}`);
    await page.getByRole('heading', { level: 1, name: /Results for/ }).waitFor();
    expect(await text(page)).toContain(product.title.split(' ')[0]);
    await context.close();
  });

  it('product: title, price, availability, schema.org Product data and the canonical URL', async () => {
    const context = await withoutScripts();
    const page = await context.newPage();
    const response = await page.goto(`/pharmacy/product/${product._id}`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
    expect(await page.title()).toBe(`${product.title} | Pharmacy`);
    expect(await text(page)).toMatch(/In stock|Only \d+ left/);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toBe(`${baseUrl()}/pharmacy/product/${product._id}`);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.title,
      offers: { '@type': 'Offer', priceCurrency: 'GBP', availability: 'https://schema.org/InStock' },
    });
    expect(jsonLd.offers.price).toMatch(/^\d+\.\d\d$/);
    // a product that does not exist is a real 404 for search engines, with the page's own message
    const missing = await page.goto('/pharmacy/product/no-such-product');
    expect(missing?.status()).toBe(404);
    await page.getByText('This product is not available').waitFor();
    await context.close();
  });

  it('the cart shell and the sign-in form', async () => {
    const context = await withoutScripts();
    const page = await context.newPage();
    await page.goto('/cart');
    await page.getByRole('heading', { level: 1, name: 'Your cart' }).waitFor();
    await page.goto('/sign-in');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.getByLabel('Email').waitFor();
    // until its script runs the form cannot send itself (it would put the password in the URL)
    expect(await page.getByRole('button', { name: 'Sign in', exact: true }).isDisabled()).toBe(true);
    await context.close();
  });

  it('the header search works as a plain form: Enter opens the results the server renders', async () => {
    // on a desktop, where the search box is always open (a phone opens it with a button)
    const context = await withoutScripts(undefined, true);
    const page = await context.newPage();
    await page.goto('/care');
    const word = product.title.split(' ')[0];
    await page.getByRole('combobox', { name: 'Search products' }).fill(word);
    await page.getByRole('combobox', { name: 'Search products' }).press('Enter');
    await page.getByRole('heading', { level: 1, name: `Results for "${word}"` }).waitFor();
    expect(await text(page)).toContain(product.title);
    await context.close();
  });
});

/**
 * Loads `path` on a touch phone and reports what hydration did: whether the server's heading element is the one
 * on screen afterwards (attached to, not replaced), the layout shift, console errors, and the catalog data calls.
 */
async function hydrate(path: string, base?: string) {
  const context = await newContext(browser, { ...PHONE, base });
  await context.addInitScript(() => {
    const win = window as unknown as { __shift: number; __serverHeading: Element | null };
    win.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) win.__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    // the parser is done and no script has run yet (deferred scripts run after this): the server's heading
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') win.__serverHeading = document.querySelector('h1');
    });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  // a visitor's check-auth answers 401 by design: the browser logs the status, which is not an app error
  page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  const dataCalls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (/^\/api\/(shop\/(products|search|review\/(?!can-review))|common\/(feature|market))/.test(url.pathname)) dataCalls.push(url.pathname + url.search);
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const result = await page.evaluate(() => {
    const win = window as unknown as { __shift: number; __serverHeading: Element | null };
    const h1 = document.querySelector('h1');
    return { kept: !!win.__serverHeading && win.__serverHeading === h1 && !!h1?.isConnected, shift: win.__shift, heading: h1?.textContent ?? '' };
  });
  return { ...result, errors, dataCalls, page, context };
}

describe('in the browser, the server’s HTML is hydrated', () => {
  it.each([
    ['home', '/'],
    ['listing', '/pharmacy/products?category=pain-relief'],
    ['search results', '/pharmacy/products?q=tablets'],
  ])('%s: the same elements, no shift, no console error, no second fetch of its data', async (_label, url) => {
    const run = await hydrate(url);
    expect(run.errors).toEqual([]);
    expect(run.kept).toBe(true);
    expect(run.shift).toBeLessThan(0.02);
    expect(run.dataCalls).toEqual([]);
    await run.context.close();
  });

  it('product: hydrated in place, and it works: quantity and Add to cart respond', async () => {
    const run = await hydrate(`/pharmacy/product/${product._id}`);
    expect(run.errors).toEqual([]);
    expect(run.kept).toBe(true);
    expect(run.heading).toBe(product.title);
    expect(run.shift).toBeLessThan(0.02);
    expect(run.dataCalls).toEqual([]);
    await run.page.getByRole('button', { name: /Add to cart/ }).first().tap();
    await run.page.getByText(/added to (your )?cart/i).first().waitFor();
    await run.context.close();
  });
});

describe('a remote that throws on the server', () => {
  let server: RunningServer;
  let staticRoot: string;
  beforeAll(async () => {
    // the built apps, with the catalog's server build replaced by one whose every module throws while rendering
    staticRoot = linkedBuild('pharmacy-ssr-broken-', ['mfe-catalog']);
    const catalog = path.join(staticRoot, 'mfe-catalog', 'dist');
    fs.cpSync(path.join(REPO_ROOT, 'mfe-catalog', 'dist'), catalog, { recursive: true });
    fs.writeFileSync(
      path.join(catalog, 'server', 'ssr.js'),
      "module.exports = new Proxy({}, { get: () => ({ default: function Broken() { throw new Error('the catalog broke on the server'); } }) });\n",
    );
    server = await startServer({ staticRoot });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(staticRoot, { recursive: true, force: true });
  });

  it('leaves its slots to the browser: the shell is in the HTML, the product renders on the client', async () => {
    // this server has its own data folder, so its own product ids
    const own = (await allProducts(server.url)).find((p) => p.title === product.title) as ProductSummary;
    const html = await (await fetch(`${server.url}/pharmacy/product/${own._id}`, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('Skip to content');
    expect(html).not.toContain(own.title);
    const run = await hydrate(`/pharmacy/product/${own._id}`, server.url);
    await run.page.getByRole('heading', { level: 1, name: own.title }).waitFor();
    expect(run.errors).toEqual([]);
    await run.context.close();
  });
});
