import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: the e2e globalSetup did not run');
  return url;
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/** A small phone held upright: 375 px wide, a touch screen, and the mobile viewport rules (page.tap works). */
export const PHONE = { width: 375, height: 740, touch: true } as const;

/** A fresh context (own cookies) whose pages record the React each bundle imported (one-React proof). */
export async function newContext(
  browser: Browser,
  opts: { width?: number; height?: number; touch?: boolean; base?: string; bypassCSP?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: opts.base ?? baseUrl(),
    bypassCSP: opts.bypassCSP ?? false,
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    hasTouch: opts.touch ?? false,
    isMobile: opts.touch ?? false,
  });
  await context.addInitScript(() => {
    (window as unknown as { __PHARMACY_E2E__: boolean }).__PHARMACY_E2E__ = true;
  });
  return context;
}

/** Collects uncaught page errors so a test can assert the app ran cleanly. */
export function trackErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

export const DEMO_ADMIN = { email: 'admin@pharmacy.local', password: 'Admin123!demo' };
export const DEMO_SHOPPER = { email: 'shopper@pharmacy.local', password: 'Shopper123!demo' };
/** The demo pharmacist (Priya Pharmacist, GPhC 2071234): the one who may be the responsible pharmacist. */
export const DEMO_PHARMACIST = { email: 'pharmacist@pharmacy.local', password: 'Pharmacist123!demo' };

/**
 * Waits until `read()` gives `expected` (deep equality), then asserts it. The app updates the URL before React
 * commits the matching render (router navigations are transitions), so reading the DOM once right after a
 * navigation can see the previous view; this reads again until it settles or the time is up.
 */
export async function expectEventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let actual = await read();
  while (!isEqual(actual, expected) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    actual = await read();
  }
  expect(actual).toEqual(expected);
}

function isEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
