import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, expectEventually, launch, newContext, trackErrors } from '../setup/browser';

// The listing on a 375×812 touch phone: two columns of compact cards (at least four on the first screen), Add to
// cart on each card, and the filters in a sheet whose "Show N results" is the server's count for the choices.
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const PHONE = { width: 375, height: 812 };

/** A phone as shoppers hold it: 375×812, touch, mobile viewport. */
const phoneContext = (): Promise<BrowserContext> => newContext(browser, { width: 375, height: 812, touch: true });

/** How many cards show at least three quarters of themselves on the first screen (before any scroll). */
async function cardsOnFirstScreen(page: Page): Promise<number> {
  const boxes = await page.getByRole('list', { name: 'Products' }).locator(':scope > li').evaluateAll((cards) =>
    cards.map((card) => {
      const r = card.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height };
    }),
  );
  return boxes.filter((b) => {
    const shown = Math.min(b.bottom, PHONE.height) - Math.max(b.top, 0);
    return b.left >= 0 && b.right <= PHONE.width && shown / b.height >= 0.75;
  }).length;
}

interface ApiProduct {
  brand: string;
}

async function listed(query: string): Promise<{ total: number; items: ApiProduct[] }> {
  const res = await fetch(`${baseUrl()}/api/shop/products/get?${query}&limit=100`);
  const body = (await res.json()) as { total: number; data: ApiProduct[] };
  return { total: body.total, items: body.data };
}

/** The sheet's apply button once the server has answered for the current choices: its N. */
async function shownCount(sheet: ReturnType<Page['getByRole']>): Promise<number> {
  const button = sheet.getByRole('button', { name: /^Show \d+ results?$/ });
  await button.waitFor();
  await expectEventually(() => button.isEnabled(), true);
  return Number(/\d+/.exec(await button.innerText())![0]);
}

describe('the listing on a phone', () => {
  it('shows at least four cards on the first screen, each with Add to cart, and adds from a card', async () => {
    const context = await phoneContext();
    const page = await context.newPage();
    const errors = trackErrors(page);
    await page.goto('/pharmacy/products');
    const grid = page.getByRole('list', { name: 'Products' });
    await grid.waitFor();
    // the cart's widget arrives on every card, in the slot held for it
    await grid.getByRole('button', { name: /^Add to cart: / }).first().waitFor();
    expect(await cardsOnFirstScreen(page)).toBeGreaterThanOrEqual(4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // no filter checkbox stands before the products
    expect(await page.getByRole('checkbox').count()).toBe(0);

    // every card has the cart's button, except a prescription-only medicine's, which shows its route instead (the
    // cards come with the page; each button arrives with the cart's code, in the slot held for it)
    const withoutButton = grid
      .locator(':scope > li')
      .filter({ hasNot: page.getByRole('button', { name: /^(Add to cart|Out of stock): / }) })
      .filter({ hasNotText: 'Prescription only' });
    await expectEventually(() => withoutButton.count(), 0);

    const add = grid.getByRole('button', { name: /^Add to cart: / }).and(page.locator(':enabled')).first();
    await add.tap();
    await page.getByRole('link', { name: /Cart\s*1\s*item/ }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('filters in a sheet: Show N results shows those N, and brand counts honour the chosen category', async () => {
    const context = await phoneContext();
    const page = await context.newPage();
    const errors = trackErrors(page);
    await page.goto('/pharmacy/products');
    // the Filters button opens its sheet once the page's code runs: the cards' cart buttons say it has
    await page.getByRole('list', { name: 'Products' }).getByRole('button', { name: /^Add to cart: / }).first().waitFor();

    const filters = page.getByRole('button', { name: /^Filters/ });
    await filters.tap();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.waitFor();
    const everything = await shownCount(sheet);
    await sheet.getByRole('checkbox', { name: /^Cold & Flu/ }).tap();
    await expectEventually(async () => (await shownCount(sheet)) < everything, true);
    const n = await shownCount(sheet);
    const inCategory = await listed('category=cold-and-flu');
    expect(n).toBe(inCategory.total);
    expect(n).toBeGreaterThan(0);

    await sheet.getByRole('button', { name: /^Show \d+ results?$/ }).tap();
    await sheet.waitFor({ state: 'hidden' });
    await page.waitForURL(/category=cold-and-flu/);
    await page.getByText(`${n} product${n === 1 ? '' : 's'}`, { exact: true }).waitFor();
    await expectEventually(() => page.getByRole('list', { name: 'Products' }).locator(':scope > li').count(), Math.min(n, 24));
    await page.getByRole('button', { name: 'Filters (1 selected)' }).waitFor();

    // every brand of the listed products counts its products in that category, and is offered
    await page.getByRole('button', { name: 'Filters (1 selected)' }).tap();
    await sheet.waitFor();
    await shownCount(sheet);
    const brands = new Map<string, number>();
    for (const p of inCategory.items) brands.set(p.brand, (brands.get(p.brand) ?? 0) + 1);
    for (const [brand, count] of brands) {
      const box = sheet.getByRole('checkbox', { name: `${brand} (${count})`, exact: true });
      await box.waitFor();
      expect(await box.isEnabled()).toBe(true);
    }
    // a brand with nothing in that category is offered at 0 and cannot be ticked
    const all = await listed('');
    const absent = [...new Set(all.items.map((p) => p.brand))].find((b) => !brands.has(b));
    if (absent) expect(await sheet.getByRole('checkbox', { name: `${absent} (0)`, exact: true }).isDisabled()).toBe(true);

    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    expect(page.url()).toMatch(/category=cold-and-flu$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
