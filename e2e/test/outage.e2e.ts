import type { Browser, Page } from 'playwright-core';
import { expectEventually, launch, newContext, trackErrors } from '../setup/browser';
import { addToCartFromProductPage, plainProducts, registerShopper, signIn } from '../setup/journeys';
import { startServer, type RunningServer } from '../setup/server';

/** What the journey met on the way, for CI's log. */
const log = (what: string) => console.log(`[outage journey] ${what}`);

// docs/product.md#client-state and #layout: a dropped connection is a state, not a crash. With the shop stopped, a
// page whose code was never loaded shows "temporarily unavailable" inside the layout (header and footer stay), the
// shopper stays signed in, the cart keeps its items, and a guarded page does not send them to sign in. When the shop
// is back, Retry brings the page and the notice goes by itself. This journey stops and restarts its own server.

let browser: Browser;
let server: RunningServer;
beforeAll(async () => {
  browser = await launch();
  server = await startServer();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const UNAVAILABLE = 'This section is temporarily unavailable';
const UNREACHABLE = /We can't reach the pharmacy right now/;

/** What a shopper sees of the frame: the header with their name, the footer. Never a white window. */
async function frameIntact(page: Page, firstName: string): Promise<void> {
  await page.getByRole('banner').waitFor();
  await page.getByRole('contentinfo').waitFor();
  await page.getByRole('button', { name: new RegExp(firstName) }).waitFor();
  expect(await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).count()).toBe(0);
}

describe('the shop going away while a shopper is on it', () => {
  it('keeps the frame, the sign-in and the cart through the outage; Retry and the page recover when it is back', async () => {
    const shopper = await registerShopper(server.url, 'Olu');
    const products = await plainProducts(server.url, 2);
    const context = await newContext(browser, { base: server.url });
    const page = await context.newPage();
    const errors = trackErrors(page);

    await signIn(page, shopper);
    for (const product of products) await addToCartFromProductPage(page, product);
    // the cart and My Orders have been seen once (their code is in the page); "Our story" never has
    await page.goto('/cart');
    const items = page.getByRole('list', { name: 'Cart items' });
    for (const product of products) await items.getByText(product.title).waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'My orders' }).click();
    await page.waitForURL((url) => url.pathname === '/my-orders');
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    await server.halt();

    // 1. a page whose code cannot be fetched: the message with Retry, inside the layout
    await page.getByRole('contentinfo').getByRole('link', { name: 'Our story' }).click();
    await page.getByRole('heading', { name: UNAVAILABLE }).waitFor();
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    await frameIntact(page, 'Olu');

    // 2. the cart: its items, said to be as last loaded, never "empty"
    await page.getByRole('contentinfo').getByRole('link', { name: 'Your cart' }).click();
    await page.waitForURL((url) => url.pathname === '/cart');
    for (const product of products) await items.getByText(product.title).waitFor();
    await page.getByText(/This is your cart as we last loaded it/).waitFor();
    expect(await page.getByText('Your cart is empty').count()).toBe(0);
    await page.getByText(UNREACHABLE).first().waitFor();
    await frameIntact(page, 'Olu');

    // 3. a guarded page: still signed in, not sent to the sign-in form
    await page.getByRole('contentinfo').getByRole('link', { name: 'My orders' }).click();
    await page.waitForURL((url) => url.pathname === '/my-orders');
    await page.getByText(UNREACHABLE).first().waitFor();
    expect(await page.getByRole('form', { name: 'Sign in' }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/my-orders');
    await frameIntact(page, 'Olu');

    // 4. back to the page that could not load, then the shop returns: Retry brings it
    await page.getByRole('contentinfo').getByRole('link', { name: 'Our story' }).click();
    await page.getByRole('heading', { name: UNAVAILABLE }).waitFor();
    await server.restart();
    // Retry brings it back, unless the page's own retry (every AUTO_RETRY_MS, 10 s) got there first while the shop
    // restarted on a busy machine: then the button is gone because the page is back, which is the point too
    const retry = page.getByRole('button', { name: 'Retry' });
    const story = page.getByRole('heading', { level: 1, name: 'Our story' });
    await retry.or(story).first().waitFor();
    if (await retry.isVisible()) await retry.click({ timeout: 5_000 }).catch(() => log('the page came back by itself as Retry was pressed'));
    else log('the page came back by itself before Retry was pressed');
    await story.waitFor();
    await frameIntact(page, 'Olu');

    // 5. the notice goes by itself once the shop answers again, and the cart is the server's again
    await expectEventually(() => page.getByText(UNREACHABLE).count(), 0, 30_000);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Your cart' }).click();
    for (const product of products) await items.getByText(product.title).waitFor();
    await expectEventually(() => page.getByText(/This is your cart as we last loaded it/).count(), 0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a page whose code could not load comes back by itself once the shop answers', async () => {
    const context = await newContext(browser, { base: server.url });
    const page = await context.newPage();
    // the server's HTML shows the heading before the scripts run: a click before hydration would be a full page load
    // of a halted shop (the browser's own error page), so the page must have settled first
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Your pharmacy, delivered with care' }).waitFor();
    await server.halt();
    try {
      await page.getByRole('contentinfo').getByRole('link', { name: 'Care advice' }).click();
      await page.getByRole('heading', { name: UNAVAILABLE }).waitFor();
    } finally {
      // the next test needs the shop whatever happened here
      await server.restart();
    }
    // no click: the page tries again by itself (every 10 s while the browser is online)
    await page.getByRole('heading', { level: 1, name: 'Care advice' }).waitFor({ timeout: 30_000 });
    await context.close();
  });
});

describe('an address the shop does not have', () => {
  it('is answered 404 with the home page, the not-found notice and noindex, rendered on the server', async () => {
    const res = await fetch(`${server.url}/nope-404`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('Your pharmacy, delivered with care');
    expect(html).toContain('We couldn&#x27;t find that page.');

    const context = await newContext(browser, { base: server.url });
    const page = await context.newPage();
    const errors = trackErrors(page);
    const response = await page.goto('/nope-404');
    expect(response?.status()).toBe(404);
    await page.getByText("We couldn't find that page.").waitFor();
    await page.getByRole('heading', { level: 1, name: 'Your pharmacy, delivered with care' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/nope-404');
    expect(errors).toEqual([]);
    await context.close();
  });
});
