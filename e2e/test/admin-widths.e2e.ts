import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { baseUrl, DEMO_ADMIN, expectEventually, launch, newContext, trackErrors } from '../setup/browser';
import { buyThroughApi, plainProducts, registerShopper, signIn, shortNumber } from '../setup/journeys';

// The admin is its own full-screen app at any width: no page of it is wider than the screen at 375 px (a phone,
// in device emulation with touch) or at 1280 px, its dialogs fit inside a phone's screen, and staff find an order by
// the short number the shopper reads out.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  if (figures.length) console.log(`Admin widths:\n${figures.join('\n')}`);
  await browser?.close();
});

const PHONE = { width: 375, height: 812, touch: true };
const DESKTOP = { width: 1280, height: 800, touch: false };
const PAGES = [
  ['dashboard', 'Dashboard'],
  ['products', 'Products'],
  ['orders', 'Orders'],
  ['users', 'All Users'],
] as const;

const adminContext = (device: typeof PHONE | typeof DESKTOP): Promise<BrowserContext> => newContext(browser, device);

/** The document's width against the screen's: nothing may widen the page (a phone would zoom out to show it). */
const widths = (page: Page) => page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));

/** Each page's document width against the screen's, printed at the end for the closing note. */
const figures: string[] = [];

async function expectNoSidewaysScroll(page: Page, record?: string): Promise<void> {
  const { scrollWidth, innerWidth } = await widths(page);
  if (record) figures.push(`${record}: document ${scrollWidth} px in a ${innerWidth} px screen`);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** The dialog's box lies inside the screen, and so does its close button. */
async function expectInsideViewport(page: Page, dialog: Locator): Promise<void> {
  const { innerWidth, innerHeight } = await page.evaluate(() => ({ innerWidth: window.innerWidth, innerHeight: window.innerHeight }));
  const box = await dialog.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(innerWidth);
  expect(box!.y + box!.height).toBeLessThanOrEqual(innerHeight);
  const close = await dialog.getByRole('button', { name: 'Close', exact: true }).boundingBox();
  expect(close).not.toBeNull();
  expect(close!.x + close!.width).toBeLessThanOrEqual(innerWidth);
  expect(close!.y).toBeGreaterThanOrEqual(0);
}

/** A new shopper buys a product through the API (so the orders list has at least this one): its id. */
async function orderFrom(firstName: string): Promise<string> {
  const [product] = await plainProducts(baseUrl(), 1);
  const shopper = await registerShopper(baseUrl(), firstName);
  const context = await adminContext(DESKTOP);
  const page = await context.newPage();
  await signIn(page, shopper);
  const orderId = await buyThroughApi(page, product._id);
  await context.close();
  return orderId;
}

describe('admin at 375 and 1280 px', () => {
  it.each([
    ['375 px phone', PHONE],
    ['1280 px desktop', DESKTOP],
  ] as const)('no admin page is wider than the screen at %s', async (deviceName, device) => {
    await orderFrom('Sol');
    const context = await adminContext(device);
    const page = await context.newPage();
    const errors = trackErrors(page);
    await signIn(page, DEMO_ADMIN);
    for (const [path, heading] of PAGES) {
      await page.goto(`/admin/${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      // The list's rows (or the dashboard's figures) have arrived, so the widest content is on the page.
      const name = heading === 'All Users' ? 'Users' : heading;
      if (path === 'dashboard') await page.getByRole('img', { name: /^Revenue per day/ }).waitFor();
      else if (device === PHONE) await page.getByRole('list', { name }).getByRole('listitem').first().waitFor();
      else {
        const table = page.getByRole('table', { name });
        await table.getByRole('row').nth(1).waitFor();
        // the table fits its own frame too: every column, Delete included, without a sideways scroll inside it
        const frame = await table.evaluate((t) => ({ scroll: t.parentElement!.scrollWidth, client: t.parentElement!.clientWidth }));
        expect(frame.scroll).toBeLessThanOrEqual(frame.client);
      }
      await expectNoSidewaysScroll(page, `${deviceName} /admin/${path}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone: one menu, the edit product dialog and the order details fit the screen', async () => {
    await orderFrom('Wren');

    const context = await adminContext(PHONE);
    const page = await context.newPage();
    await signIn(page, DEMO_ADMIN);

    await page.goto('/admin/products');
    const products = page.getByRole('list', { name: 'Products' });
    await products.waitFor();
    // The shop's header is gone: the admin's menu is the only one.
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    expect(await page.getByRole('button', { name: /menu/i }).count()).toBe(1);
    await page.getByRole('link', { name: 'Back to shop' }).waitFor();
    await products.getByRole('button', { name: /^Edit / }).first().click();
    const edit = page.getByRole('dialog', { name: 'Edit product' });
    await edit.getByLabel(/^Price/).waitFor();
    await expectInsideViewport(page, edit);
    await expectNoSidewaysScroll(page);
    // Scrolled to its end, the close button is still on the screen.
    await edit.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expectInsideViewport(page, edit);
    await edit.getByRole('button', { name: 'Close', exact: true }).click();
    await edit.waitFor({ state: 'detached' });

    await page.goto('/admin/orders');
    await page.getByRole('list', { name: 'Orders' }).getByRole('button', { name: 'View Details' }).first().click();
    const details = page.getByRole('dialog', { name: 'Order details' });
    await details.getByRole('heading', { name: 'Items' }).waitFor();
    await expectInsideViewport(page, details);
    await expectNoSidewaysScroll(page);
    await context.close();
  });

  it('staff find an order by its short number, as the shopper reads it out', async () => {
    const orderId = await orderFrom('Ines');
    const number = shortNumber(orderId);

    const context = await adminContext(DESKTOP);
    const page = await context.newPage();
    await signIn(page, DEMO_ADMIN);
    await page.goto('/admin/orders');
    const table = page.getByRole('table', { name: 'Orders' });
    await table.waitFor();
    await page.getByRole('searchbox', { name: 'Search orders by number, customer name or email' }).fill(number);
    await table.getByRole('row').filter({ hasText: number }).waitFor();
    // Only that order is listed (the header row and its row), once the debounced search has answered.
    await expectEventually(() => table.getByRole('row').count(), 2);
    await page.getByRole('searchbox', { name: 'Search orders by number, customer name or email' }).fill('no-such-order-zzzz');
    await page.getByText('No orders found').waitFor();
    await context.close();
  });
});
