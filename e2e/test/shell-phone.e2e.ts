import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_ADMIN, DEMO_SHOPPER, baseUrl, launch, newContext, trackErrors } from '../setup/browser';
import { plainProducts, signIn } from '../setup/journeys';

// The shop's frame on a 375×812 touch phone: a one-row header under 64 px whose search opens from an icon,
// signed-in visitors kept off the sign-in and sign-up forms, toasts that leave the main action free, an admin
// without the shop's header, footer and chat, and content pages whose amounts carry the shop's currency.
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const PHONE = { width: 375, height: 812 };

const phoneContext = (): Promise<BrowserContext> => newContext(browser, { ...PHONE, touch: true });

/** The cart badge (a remote) has arrived in the header. */
const cartBadge = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });

describe('the shell on a phone', () => {
  it('has a header at most 64 px tall holding the logo, search, cart and menu, and the search opens from its icon', async () => {
    const context = await phoneContext();
    const page = await context.newPage();
    const errors = trackErrors(page);
    await page.goto('/');
    await cartBadge(page).waitFor();
    const header = page.getByRole('banner');
    expect((await header.boundingBox())?.height).toBeLessThanOrEqual(64);
    await header.getByRole('link', { name: 'Pharmacy & Care, home' }).waitFor();
    await header.getByRole('button', { name: 'Menu' }).waitFor();
    const search = page.getByRole('combobox', { name: 'Search products' });
    expect(await search.isVisible()).toBe(false);

    await header.getByRole('button', { name: 'Search' }).tap();
    await search.waitFor({ state: 'visible' });
    // the cursor is put in the field
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
    // the header bar itself stays one row: the field opens below it over the page
    expect((await header.boundingBox())?.height).toBeLessThanOrEqual(64);
    await search.fill('ibuprofen');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/pharmacy/products' && url.searchParams.get('q') === 'ibuprofen');
    expect(await search.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a signed-in shopper who opens /sign-in or /signup home, and sign-in still returns to the page they wanted', async () => {
    const context = await phoneContext();
    const page = await context.newPage();
    await page.goto('/my-orders');
    await page.waitForURL((url) => url.pathname === '/sign-in');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(DEMO_SHOPPER.email);
    await form.getByLabel('Password').fill(DEMO_SHOPPER.password);
    await form.getByRole('button', { name: 'Sign in' }).tap();
    await page.waitForURL((url) => url.pathname === '/my-orders');

    for (const path of ['/sign-in', '/signup']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { level: 1, name: 'Your pharmacy, delivered with care' }).waitFor();
      expect(await page.getByRole('form', { name: /Sign (in|up)/ }).count()).toBe(0);
    }
    await context.close();
  });

  it("shows the Add to cart toast where it covers neither the Add to cart button nor the header's controls", async () => {
    const [product] = await plainProducts(baseUrl(), 1);
    const context = await phoneContext();
    const page = await context.newPage();
    await page.goto(`/pharmacy/product/${product._id}`);
    await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
    const add = page.getByRole('button', { name: /add to cart/i }).first();
    await add.tap();
    const toast = page.getByRole('region', { name: /^Notification/ }).getByRole('listitem').first();
    await toast.getByText(/added to (your )?cart/i).waitFor();
    const [a, t] = [await add.boundingBox(), await toast.boundingBox()];
    if (!a || !t) throw new Error('no box for the button or the toast');
    const overlaps = a.x < t.x + t.width && t.x < a.x + a.width && a.y < t.y + t.height && t.y < a.y + a.height;
    expect(overlaps).toBe(false);
    // it sits in the header bar, in the room the bar keeps for it: over none of the header's links and buttons
    const header = page.getByRole('banner');
    const controls = header.locator('a:visible, button:visible, input:visible');
    const covered: string[] = [];
    for (const control of await controls.all()) {
      // the toast's own Close button is in the bar with it
      if (await control.evaluate((el) => !!el.closest('[aria-label^="Notification"]'))) continue;
      const c = await control.boundingBox();
      if (c && c.x < t.x + t.width && t.x < c.x + c.width && c.y < t.y + t.height && t.y < c.y + c.height) {
        covered.push((await control.getAttribute('aria-label')) ?? (await control.innerText()));
      }
    }
    expect(covered).toEqual([]);
    // it can be closed by touch
    await toast.getByRole('button', { name: 'Close' }).tap();
    await toast.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('shows the admin without the shop header, footer or chat', async () => {
    const context = await phoneContext();
    const page = await context.newPage();
    await signIn(page, DEMO_ADMIN);
    await page.goto('/admin/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await page.getByRole('link', { name: 'Pharmacy & Care, home' }).count()).toBe(0);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Chat with us' }).count()).toBe(0);
    expect(await page.locator('footer').count()).toBe(0);
    await context.close();
  });

  it('gives every amount on the content pages with a currency symbol', async () => {
    const context = await phoneContext();
    const page = await context.newPage();
    await page.goto('/where-we-serve');
    await page.getByRole('heading', { level: 3, name: 'Standard delivery' }).waitFor();
    const main = page.getByRole('main');
    const text = (await main.textContent()) ?? '';
    const amounts = text.match(/\d+\.\d{2}/g) ?? [];
    expect(amounts.length).toBeGreaterThan(0);
    // each amount is written with its currency sign right before it ("$30.00", "€4.50", "£7.99")
    const withSymbol = text.match(/[$€£]\s?\d+\.\d{2}/g) ?? [];
    expect(withSymbol.length).toBe(amounts.length);
    expect(text).toMatch(/free on orders over [$€£]\d+\.\d{2}/);
    for (const path of ['/', '/our-story']) {
      await page.goto(path);
      await page.getByText(/free on orders over [$€£]\d+\.\d{2}/).first().waitFor();
    }
    await context.close();
  });
});
