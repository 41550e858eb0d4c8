#!/usr/bin/env node
// Tap benchmark (README#performance): how soon a phone shows what a tap did. The built gateway as `pnpm start`
// runs it, Chromium at 375 px with touch, the CPU slowed 4x and every request 400 ms away (CDP emulation). On the
// listing, once it has settled: the first Add to cart of the visit (when the badge changes, when the toast shows),
// then a product opened from a card (when its title and price show). Each run is a new visit; the same page with
// the idle prefetch and the card-data paint turned off (TAP_BASELINE_FLAG, shared/ui) is run in turn beside it.
// Usage: node tools/bench-tap.js [--runs 5]   (build first: node tools/build.js)
'use strict';
/* global window, document, MutationObserver -- watch() and the waits run inside the page */

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { envSchema, need, needChromium, needFile, runMain, ROOT } = require('./preflight');
const { SERVER, argument, startGateway } = require('./bench-kit');

const RUNS = Number(argument('--runs', '5'));
const PHONE = { width: 375, height: 740 };
const CPU_SLOWDOWN = 4;
/** A slow phone network: 400 ms round trip, 1.6 Mbit/s down, 750 kbit/s up (bytes per second below). */
const NETWORK = { offline: false, latency: 400, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
/** docs/product.md#toasts and the targets, on that phone. */
const TARGETS = { toastAfterBadge: 100, title: 300, price: 300 };
/** The flag the baseline page sets before the app starts (shared/ui/src/tapBaseline.ts). */
const TAP_BASELINE_FLAG = '__PHARMACY_TAP_BASELINE__';

/**
 * Watches the page from before the tap: the moment the first pointer touches down (the tap), the cart badge's count
 * changing, a toast drawn, the h1 showing `title`, and `price` written inside <main>. Times are the page's own clock.
 */
function watch({ title, price }) {
  const seen = {};
  const mark = (name) => {
    if (seen[name] === undefined) seen[name] = performance.now();
  };
  window.addEventListener('pointerdown', (e) => (seen.tap ??= e.timeStamp), { capture: true, once: true });
  const badge = document.querySelector('header a[href="/cart"]');
  const badgeText = badge?.textContent;
  const check = () => {
    if (badge && badge.textContent !== badgeText) mark('badge');
    if (document.querySelector('[data-toast]')) mark('toast');
    const h1 = document.querySelector('main h1');
    if (title && h1?.textContent === title) mark('title');
    if (price && title && h1?.textContent === title && document.querySelector('main').textContent.includes(price)) mark('price');
  };
  new MutationObserver(check).observe(document.documentElement, { subtree: true, childList: true, characterData: true });
  window.__tap = seen;
}

async function visit(browser, origin, baseline) {
  const context = await browser.newContext({ baseURL: origin, viewport: PHONE, hasTouch: true, isMobile: true });
  if (baseline) await context.addInitScript((flag) => (window[flag] = true), TAP_BASELINE_FLAG);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  const since = (seen, from, to) => (seen[to] === undefined || seen[from] === undefined ? NaN : seen[to] - seen[from]);
  try {
    await page.goto('/pharmacy/products', { waitUntil: 'load', timeout: 120_000 });
    const cards = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
    const add = cards.first().getByRole('button', { name: /^Add to cart/ });
    await add.waitFor({ timeout: 60_000 });
    // the shopper taps once the page has settled (nothing more on the wire for half a second)
    await page.waitForLoadState('networkidle', { timeout: 60_000 });

    await page.evaluate(watch, {});
    await add.tap();
    await page.waitForFunction(() => window.__tap.badge !== undefined && window.__tap.toast !== undefined, undefined, { timeout: 30_000 });
    const added = await page.evaluate(() => window.__tap);
    await page.waitForTimeout(500);

    const card = cards.nth(1);
    const link = card.getByRole('heading').getByRole('link');
    const title = (await link.textContent()).trim();
    // the figure the card shows (whatever the currency's symbol): the product page must show the same
    const price = await card.evaluate((li) => [...li.querySelectorAll('p')].map((p) => /\d+\.\d{2}/.exec(p.textContent)?.[0]).find(Boolean));
    await page.evaluate(watch, { title, price });
    await link.tap();
    await page.waitForFunction(() => window.__tap.title !== undefined && window.__tap.price !== undefined, undefined, { timeout: 30_000 });
    const opened = await page.evaluate(() => window.__tap);
    return {
      badge: since(added, 'tap', 'badge'),
      toast: since(added, 'tap', 'toast'),
      toastAfterBadge: since(added, 'badge', 'toast'),
      title: since(opened, 'tap', 'title'),
      price: since(opened, 'tap', 'price'),
    };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (n) => (Number.isFinite(n) ? `${Math.round(n)} ms` : 'n/a');

runMain(async () => {
  needFile(SERVER, 'build first with `pnpm build`');
  needFile(path.join(ROOT, 'host-shell/dist'), 'build first with `pnpm build`');
  const { chromium } = require(need('playwright-core', { root: path.join(ROOT, 'e2e'), purpose: 'it drives Chromium' }));
  const executablePath = needChromium(envSchema().readEnv(process.env, ['CHROMIUM_PATH']).CHROMIUM_PATH);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharmacy-bench-tap-'));
  const gateway = await startGateway({ dataDir, env: { LOG_LEVEL: 'warn' }, timeoutMs: 90_000 });
  const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const results = { fast: [], baseline: [] };
  try {
    console.log(`tap benchmark: 375 px touch phone, CPU ${CPU_SLOWDOWN}x slower, ${NETWORK.latency} ms round trip; ${RUNS} visits each, interleaved`);
    for (let run = 1; run <= RUNS; run++) {
      for (const mode of ['fast', 'baseline']) {
        const r = await visit(browser, gateway.origin, mode === 'baseline');
        results[mode].push(r);
        console.log(`  run ${run} ${mode.padEnd(8)} badge ${ms(r.badge)}, toast ${ms(r.toast)} (${ms(r.toastAfterBadge)} after the badge); product title ${ms(r.title)}, price ${ms(r.price)}`);
      }
    }
  } finally {
    await browser.close();
    await gateway.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const rows = [
    ['Add to cart: badge updated', 'badge'],
    ['Add to cart: toast shown', 'toast'],
    ['toast after the badge', 'toastAfterBadge', TARGETS.toastAfterBadge],
    ['product from a card: title shown', 'title', TARGETS.title],
    ['product from a card: price shown', 'price', TARGETS.price],
  ];
  console.log(`\nmedian of ${RUNS} visits (from the tap)      this build   baseline   target`);
  let met = true;
  for (const [label, key, target] of rows) {
    const fast = median(results.fast.map((r) => r[key]));
    const base = median(results.baseline.map((r) => r[key]));
    const verdict = target === undefined ? '' : `<= ${target} ms ${fast <= target ? 'met' : 'NOT met'}`;
    if (target !== undefined && !(fast <= target)) met = false;
    console.log(`  ${label.padEnd(36)} ${ms(fast).padStart(9)} ${ms(base).padStart(10)}   ${verdict}`);
  }
  console.log(`\nbaseline: the same build and page with the idle prefetch and the card-data paint off (${TAP_BASELINE_FLAG}).`);
  console.log(met ? 'Every target met.' : 'A target was not met.');
});
