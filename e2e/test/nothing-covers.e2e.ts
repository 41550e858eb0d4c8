import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DEMO_ADMIN, PHONE, baseUrl, launch, newContext } from '../setup/browser';
import { addAddressAtCheckout, approveSandboxPayment, buyThroughApi, plainProducts, registerShopper, signIn, type ProductSummary } from '../setup/journeys';

// Nothing covers what you came to press (docs/product.md#layout, #toasts): toasts over no control, one header row in
// the order Tab follows, focus on the page's heading after a change of page, the listing the same however it is
// reached, and timelines and admin tables without overlaps or words broken in the middle. Every check measures the
// boxes Chromium laid out.

type Screen = { width: number; height: number; touch?: boolean };
const DESKTOP: Screen = { width: 1280, height: 800 };
const TABLET: Screen = { width: 768, height: 1024 };

let browser: Browser;
let products: ProductSummary[];
beforeAll(async () => {
  browser = await launch();
  products = await plainProducts(baseUrl(), 3);
});
afterAll(() => browser?.close());

const context = (screen: Screen) => newContext(browser, screen);

/** Presses like a shopper on that screen: a tap on a touch phone, a click elsewhere. */
const press = (locator: Locator, screen: Screen) => (screen.touch ? locator.tap() : locator.click());

interface Box {
  what: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Every control a visitor can press or tab to that is on screen now (links, buttons, fields, the chat button), less
 * those of the toast's own region (the toast, Radix's F8 focus guards), and the drawn toast's box. Hidden ones
 * (display none, visibility hidden, no size, off screen) are not on screen.
 */
async function toastAndControls(page: Page): Promise<{ toast: Box | null; controls: Box[] }> {
  return page.evaluate(() => {
    const box = (el: Element, what: string) => {
      const r = el.getBoundingClientRect();
      return { what, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    };
    const drawn = document.querySelector('[data-toast]');
    // the toast's own region: the toast and the focus guards Radix puts around it for F8
    const region = document.querySelector('[data-toast-region]');
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';
    const controls = [...document.querySelectorAll(selector)]
      .filter((el) => !region?.contains(el))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return r.width > 0 && r.height > 0 && style.visibility === 'visible' && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
      })
      .map((el) => box(el, (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).trim().slice(0, 40) || el.tagName));
    return { toast: drawn ? box(drawn, 'toast') : null, controls };
  });
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Fails naming every control the toast sits over; `mustSee` are controls that must be on screen beside it. */
async function expectToastCoversNothing(page: Page, where: string, mustSee: string[] = []) {
  await page.locator('[data-toast][data-state="open"]').waitFor();
  await page.waitForTimeout(300); // its entrance animation
  const { toast, controls } = await toastAndControls(page);
  expect(toast).not.toBeNull();
  for (const name of mustSee) expect(controls.map((c) => c.what)).toContain(name);
  expect({ where, covered: controls.filter((c) => overlaps(toast!, c)).map((c) => c.what) }).toEqual({ where, covered: [] });
}

describe('a toast never sits over a control', () => {
  it.each([
    ['375 px touch phone', PHONE],
    ['1280 px desktop', DESKTOP],
  ] as const)('on the listing, the cart and checkout at %s', async (label, screen) => {
    const shopper = await registerShopper(baseUrl(), 'Tove');
    const ctx = await context(screen);
    const page = await ctx.newPage();
    await signIn(page, shopper);
    // checkout's code once, so the later visit opens it well within the toast's five seconds
    await page.goto('/secure/checkout');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();

    // the listing: Add to cart on a card
    const grid = page.getByRole('list', { name: 'Products' });
    for (const product of products.slice(0, 2)) {
      await page.goto(`/pharmacy/products?q=${encodeURIComponent(product.title)}`);
      await press(grid.getByRole('button', { name: `Add to cart: ${product.title}`, exact: true }), screen);
      await expectToastCoversNothing(page, `${label} listing`, screen.touch ? [] : ['Chat with us']);
    }

    // the cart: removing a line raises a toast with Undo
    await page.goto('/cart');
    const items = page.getByRole('list', { name: 'Cart items' });
    await items.getByText(products[1].title).waitFor();
    await press(items.getByRole('button', { name: `Remove ${products[1].title}`, exact: true }), screen);
    await expectToastCoversNothing(page, `${label} cart`);

    // checkout, opened from the cart while that toast is up
    await press(page.getByRole('button', { name: /checkout/i }), screen);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await expectToastCoversNothing(page, `${label} checkout`);
    await ctx.close();
  });
});

describe('the header', () => {
  async function headerRow(page: Page) {
    return page.evaluate(() => {
      const bar = document.querySelector('header')!;
      const shown = [...bar.querySelectorAll('a[href], button, input')].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility === 'visible';
      });
      // one row: a horizontal line crosses every control (each one's top above every other one's bottom)
      const boxes = shown.map((el) => el.getBoundingClientRect());
      const oneLine = Math.max(...boxes.map((b) => b.top)) < Math.min(...boxes.map((b) => b.bottom));
      return { height: bar.getBoundingClientRect().height, rows: oneLine ? 1 : 2, count: shown.length };
    });
  }

  it.each([
    ['375 px', PHONE],
    ['768 px', TABLET],
    ['1024 px', { width: 1024, height: 768 }],
    ['1280 px', DESKTOP],
  ] as const)('is one row at %s, signed out and signed in', async (_label, screen) => {
    const ctx = await context(screen);
    const page = await ctx.newPage();
    await page.goto('/pharmacy/products');
    await page.getByRole('link', { name: /^Cart/ }).first().waitFor();
    const out = await headerRow(page);
    expect(out.height).toBeLessThanOrEqual(64);
    expect(out.rows).toBe(1);
    await signIn(page, await registerShopper(baseUrl(), 'Maximilian-Alexander'));
    await page.goto('/pharmacy/products');
    await page.getByRole('link', { name: /^Cart/ }).first().waitFor();
    const signedIn = await headerRow(page);
    expect(signedIn.height).toBeLessThanOrEqual(64);
    expect(signedIn.rows).toBe(1);
    await ctx.close();
  });

  it.each([
    ['768 px', TABLET],
    ['1280 px', DESKTOP],
  ] as const)('is tabbed through in the order it is read, left to right, at %s', async (_label, screen) => {
    const ctx = await context(screen);
    const page = await ctx.newPage();
    await page.goto('/our-story');
    await page.getByRole('link', { name: /^Cart/ }).first().waitFor();
    await page.waitForLoadState('networkidle');
    // from the skip link, the first stop of the page
    await page.evaluate(() => document.querySelector<HTMLElement>('a[href="#main"]')?.focus());
    const visited: Array<{ name: string; left: number }> = [];
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      const now = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        if (!el.closest('header')) return el.textContent?.includes('Skip to content') ? { skip: true } : null;
        const r = el.getBoundingClientRect();
        return { name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(), left: r.left };
      });
      if (now === null) break;
      if ('skip' in now) continue;
      visited.push(now as { name: string; left: number });
    }
    expect(visited.length).toBeGreaterThanOrEqual(4);
    const lefts = visited.map((v) => v.left);
    expect({ order: visited.map((v) => v.name), lefts }).toEqual({ order: visited.map((v) => v.name), lefts: [...lefts].sort((a, b) => a - b) });
    await ctx.close();
  });
});

const focusedHeading = (page: Page) =>
  page.evaluate(() => (document.activeElement?.tagName === 'H1' ? (document.activeElement as HTMLElement).textContent : `not a heading: ${document.activeElement?.tagName}`));

/** Waits until the focused element is an h1 named like `name`, then asserts it (naming what has focus otherwise). */
async function expectHeadingFocused(page: Page, name: RegExp) {
  await page
    .waitForFunction((source) => document.activeElement?.tagName === 'H1' && new RegExp(source).test(document.activeElement.textContent ?? ''), name.source, { timeout: 10_000 })
    .catch(() => undefined);
  expect(await focusedHeading(page)).toMatch(name);
}

describe('focus after a change of page', () => {
  it('lands on the h1 after a full load and after a link', async () => {
    const ctx = await context(DESKTOP);
    const page = await ctx.newPage();
    await page.goto('/care');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectHeadingFocused(page, /care/i);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('heading', { level: 1, name: 'All products' }).waitFor();
    await expectHeadingFocused(page, /^All products$/);
    await ctx.close();
  });

  it('lands on the h1 when the payment provider sends the shopper back', async () => {
    const shopper = await registerShopper(baseUrl(), 'Rafe');
    const ctx = await context(PHONE);
    const page = await ctx.newPage();
    await signIn(page, shopper);
    await page.goto(`/pharmacy/product/${products[2]._id}`);
    await page.getByRole('button', { name: /add to cart/i }).click();
    await page.getByText(/added to (your )?cart/i).first().waitFor();
    await page.goto('/secure/checkout');
    await addAddressAtCheckout(page, { fullName: 'Rafe Tester', line1: '4 Quay Street', city: 'Bristol', postalCode: 'BS1 4DJ', phone: '+44 117 496 0456' });
    await page.getByRole('button', { name: 'Place order and pay' }).click();
    await approveSandboxPayment(page);
    await expectHeadingFocused(page, /Thank you for your order|Confirming your payment/);
    await ctx.close();
  });
});

describe('the listing, however it is reached', () => {
  /** The controls a visitor sees on the listing, by role and name, whatever their order. */
  const controls = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll('main button, main select, main input')]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility === 'visible';
        })
        .map((el) => {
          const labelled = (el as HTMLInputElement).labels?.[0]?.textContent;
          return `${el.tagName.toLowerCase()}:${(el.getAttribute('aria-label') ?? labelled ?? el.textContent ?? '').trim()}`;
        })
        .sort(),
    );

  it('has the same controls at 1280 px rendered by the server and opened from another page, and never the phone’s Filters button', async () => {
    const ctx = await context(DESKTOP);
    const page = await ctx.newPage();
    await page.goto('/pharmacy/products', { waitUntil: 'networkidle' });
    await page.getByRole('list', { name: 'Products' }).getByRole('button', { name: /^Add to cart/ }).first().waitFor();
    const served = await controls(page);

    await page.goto('/our-story', { waitUntil: 'networkidle' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('list', { name: 'Products' }).getByRole('button', { name: /^Add to cart/ }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const navigated = await controls(page);

    expect(served.some((c) => /Filters/.test(c))).toBe(false);
    expect(served).toContain('select:Sort by');
    expect(navigated).toEqual(served);
    await ctx.close();
  });
});

/**
 * Words drawn on more than one line inside `selector` (a word is broken in the middle). A break after a hyphen (an
 * id) or before an email's @ is a place to break, not the middle of a word.
 */
const brokenWords = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const broken: string[] = [];
    for (const el of document.querySelectorAll(sel)) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const word of text.matchAll(/[^\s-]+-?/g)) {
          let start = word.index!;
          for (const part of word[0].split(/(?=@)/)) {
            const range = document.createRange();
            range.setStart(node, start);
            range.setEnd(node, start + part.length);
            start += part.length;
            const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            if (lines.size > 1) broken.push(part);
          }
        }
      }
    }
    return broken;
  }, selector);

/** Pairs of boxes inside `selector` that overlap each other (`parts` each, per item). */
const overlapping = (page: Page, itemSelector: string, partSelector: string) =>
  page.evaluate(
    ([items, parts]) => {
      const found: string[] = [];
      const all = [...document.querySelectorAll(items)].map((item) => ({
        item,
        box: item.getBoundingClientRect(),
        parts: [...item.querySelectorAll(parts)].map((p) => p.getBoundingClientRect()),
      }));
      const hit = (a: DOMRect, b: DOMRect) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
      all.forEach((a, i) =>
        all.forEach((b, j) => {
          if (i >= j) return;
          // a part of one item drawn over another item (a date running into the next step)
          if (a.parts.some((p) => hit(p, b.box)) || b.parts.some((p) => hit(p, a.box))) found.push(`${a.item.textContent} / ${b.item.textContent}`);
        }),
      );
      return found;
    },
    [itemSelector, partSelector],
  );

describe('timelines and admin tables', () => {
  let ctxs: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(ctxs.map((c) => c.close()));
    ctxs = [];
  });

  it.each([
    ['768 px', TABLET],
    ['1280 px', DESKTOP],
  ] as const)('an order’s timeline has no step over another and no word broken at %s', async (_label, screen) => {
    const shopper = await registerShopper(baseUrl(), 'Ines');
    const ctx = await context(screen);
    ctxs.push(ctx);
    const page = await ctx.newPage();
    await signIn(page, shopper);
    await buyThroughApi(page, products[0]._id);
    await page.goto('/my-orders');
    const timeline = page.getByRole('list', { name: /^Progress of order/ }).first();
    await timeline.getByRole('listitem').first().waitFor();
    const steps = 'ol[aria-label^="Progress of order"] > li';
    expect(await overlapping(page, steps, 'span, time')).toEqual([]);
    expect(await brokenWords(page, steps)).toEqual([]);
    // every step's date stays inside its own step
    const outside = await page.evaluate((sel) => {
      const out: string[] = [];
      for (const li of document.querySelectorAll(sel)) {
        const box = li.getBoundingClientRect();
        for (const t of li.querySelectorAll('time')) {
          const r = t.getBoundingClientRect();
          if (r.right > box.right + 0.5 || r.left < box.left - 0.5) out.push(t.textContent ?? '');
        }
      }
      return out;
    }, steps);
    expect(outside).toEqual([]);
  });

  it.each([
    ['768 px', TABLET],
    ['1280 px', DESKTOP],
  ] as const)('admin lists break no word and overflow no cell at %s', async (_label, screen) => {
    const ctx = await context(screen);
    ctxs.push(ctx);
    const page = await ctx.newPage();
    await signIn(page, DEMO_ADMIN);
    for (const [path, name] of [
      ['products', 'Products'],
      ['orders', 'Orders'],
      ['users', 'Users'],
    ] as const) {
      await page.goto(`/admin/${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const list = screen.width >= 1024 ? page.getByRole('table', { name }) : page.getByRole('list', { name });
      await list.waitFor();
      await (screen.width >= 1024 ? list.getByRole('row').nth(1) : list.getByRole('listitem').first()).waitFor();
      const cells = screen.width >= 1024 ? 'main th, main td' : 'main [role="list"] dt, main [role="list"] dd, main [role="list"] li > div';
      expect({ path, broken: await brokenWords(page, cells) }).toEqual({ path, broken: [] });
      const overflowing = await page.evaluate((sel) => [...document.querySelectorAll(sel)].filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent), cells);
      expect({ path, overflowing }).toEqual({ path, overflowing: [] });
    }
  });
});
