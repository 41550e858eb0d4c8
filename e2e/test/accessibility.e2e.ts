import type { Browser, Page } from 'playwright-core';
import { baseUrl, DEMO_ADMIN, DEMO_SHOPPER, launch, newContext } from '../setup/browser';
import { plainProducts, signIn } from '../setup/journeys';

// axe-core, the engine behind Lighthouse's accessibility score, run inside each page: WCAG 2.1 A and AA plus
// its best practices (landmarks, heading order). docs/architecture.md#budgets sets an accessibility score of 100.
const AXE = require.resolve('axe-core/axe.min.js');
const RULES = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: Array<{ target: string[] }>;
}

async function violations(page: Page, path: string, ready: (page: Page) => Promise<unknown>): Promise<string[]> {
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { runOnly: { type: 'tag', values: tags } })).violations;
  }, RULES);
  return found.map((v) => `${path}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first().waitFor();

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('accessibility (axe-core) on a phone-sized screen', () => {
  it('public pages have no violations', async () => {
    const [product] = await plainProducts(baseUrl(), 1);
    // the app's CSP allows no inline script; axe is injected by the test only
    const context = await newContext(browser, { width: 412, height: 823, bypassCSP: true });
    const page = await context.newPage();
    const found: string[] = [];
    for (const path of ['/', '/pharmacy/products', `/pharmacy/product/${product._id}`, '/sign-in', '/signup', '/cart', '/our-story', '/care']) {
      found.push(...(await violations(page, path, heading)));
    }
    expect(found).toEqual([]);
    await context.close();
  });

  it('a signed-in shopper’s pages and the admin panel have no violations', async () => {
    const context = await newContext(browser, { width: 412, height: 823, bypassCSP: true });
    const page = await context.newPage();
    await signIn(page, DEMO_SHOPPER);
    const found: string[] = [];
    for (const path of ['/profile', '/my-orders', '/cart']) found.push(...(await violations(page, path, heading)));
    await context.close();

    const admin = await newContext(browser, { width: 1280, height: 800, bypassCSP: true });
    const adminPage = await admin.newPage();
    await signIn(adminPage, DEMO_ADMIN);
    for (const path of ['/admin/dashboard', '/admin/products', '/admin/orders', '/admin/users']) found.push(...(await violations(adminPage, path, heading)));
    expect(found).toEqual([]);
    await admin.close();
  });
});
