import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DEMO_ADMIN, baseUrl, launch, newContext } from '../setup/browser';
import { plainProducts, signIn } from '../setup/journeys';

// The header widgets, the home banner, the listing, the cart and the admin's tables come from remotes and calls
// that arrive after the host's first paint. Their space is reserved, so nothing the visitor already sees moves:
// CLS below 0.02 (Core Web Vitals call 0.1 good) on two phones (375 and 412 px, touch) and a 1280 px desktop.
const LIMIT = 0.02;
const WIDTHS = [
  { label: '375 (touch)', width: 375, height: 812, touch: true },
  { label: '412 (touch)', width: 412, height: 823, touch: true },
  { label: '1280', width: 1280, height: 800, touch: false },
] as const;
type Width = (typeof WIDTHS)[number];

let browser: Browser;
const figures: Record<string, Record<string, number>> = {};
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  // the figures the README and the closing note quote
  const table = Object.fromEntries(Object.entries(figures).map(([page, byWidth]) => [page, byWidth]));
  if (Object.keys(table).length) console.log(`CLS by page and width (limit ${LIMIT}):\n${formatTable(table)}`);
  await browser?.close();
});

function formatTable(table: Record<string, Record<string, number>>): string {
  const cols = WIDTHS.map((w) => w.label);
  const rows = Object.entries(table).map(([page, byWidth]) => [page, ...cols.map((c) => (c in byWidth ? byWidth[c].toFixed(4) : '-'))]);
  const all = [['page', ...cols], ...rows];
  const widths = all[0].map((_, i) => Math.max(...all.map((r) => r[i].length)));
  return all.map((r) => `| ${r.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`).join('\n');
}

/** A context whose pages add up every layout shift not caused by the visitor's own input (the CLS sum). */
async function measuringContext(w: Width): Promise<BrowserContext> {
  const context = await newContext(browser, { width: w.width, height: w.height, touch: w.touch });
  await context.addInitScript(() => {
    const win = window as unknown as { __layoutShift: number; __lastShiftAt: number };
    win.__layoutShift = 0;
    win.__lastShiftAt = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (entry.hadRecentInput) continue;
        win.__layoutShift += entry.value;
        win.__lastShiftAt = performance.now();
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return context;
}

/**
 * Loads `path` with a 4x slower CPU (the remotes then arrive well after the first paint), waits for the page's
 * own content and the network to go quiet, then for a 500 ms stretch without any shift, and answers the sum.
 */
async function layoutShift(context: BrowserContext, path: string, ready: (page: Page) => Locator): Promise<number> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(path, { waitUntil: 'networkidle' });
  await ready(page).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () => {
      const win = window as unknown as { __lastShiftAt: number };
      return performance.now() - win.__lastShiftAt >= 500;
    },
    undefined,
    { polling: 100, timeout: 15_000 },
  );
  const score = await page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift);
  await page.close();
  return Math.round(score * 10_000) / 10_000;
}

const h1 = (name?: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, ...(name ? { name } : {}) });

async function measure(w: Width, pages: Array<[string, string, (page: Page) => Locator]>, context: BrowserContext) {
  const over: Array<[string, number]> = [];
  for (const [name, path, ready] of pages) {
    const score = await layoutShift(context, path, ready);
    (figures[name] ??= {})[w.label] = score;
    if (score >= LIMIT) over.push([name, score]);
  }
  return over;
}

describe('layout stability while remotes load', () => {
  for (const w of WIDTHS) {
    it(`the home page, the listing, a product page, the cart and the admin's pages do not shift at ${w.label} px`, async () => {
      const products = await plainProducts(baseUrl(), 2);
      const shop = await measuringContext(w);
      // a visitor's cart with two lines, as Add to cart leaves it in the browser
      await shop.addInitScript((items) => localStorage.setItem('pharmacy.visitorCart', JSON.stringify(items)), products.map((p) => ({ productId: p._id, quantity: 1 })));
      const over = await measure(
        w,
        [
          ['home', '/', h1()],
          ['listing', '/pharmacy/products', (page) => page.getByRole('list', { name: 'Products' }).locator(':scope > li')],
          ['product', `/pharmacy/product/${products[0]._id}`, h1(products[0].title)],
          ['cart', '/cart', (page) => page.getByRole('button', { name: 'Sign in to check out' })],
        ],
        shop,
      );
      await shop.close();

      const admin = await measuringContext(w);
      const signInPage = await admin.newPage();
      await signIn(signInPage, DEMO_ADMIN);
      await signInPage.close();
      over.push(
        ...(await measure(
          w,
          [
            ['admin dashboard', '/admin/dashboard', h1('Dashboard')],
            ['admin products', '/admin/products', h1('Products')],
            ['admin orders', '/admin/orders', h1('Orders')],
            ['admin users', '/admin/users', h1('Users')],
          ],
          admin,
        )),
      );
      await admin.close();
      // before the header kept its one row a 375 px phone scored 0.273 on every page
      expect(over).toEqual([]);
    }, 240_000);
  }
});
