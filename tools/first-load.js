#!/usr/bin/env node
// First-load benchmark (docs/architecture.md#budgets): starts the built gateway on a free port, opens each page in Chromium
// with an empty cache, and sums the JS and CSS it downloads before the page settles, gzip -9 and brotli.
// Compared with the budget (130 KB gzip) and with the bar to beat, a typical single-bundle React shop (150 KB).
// Usage: node tools/first-load.js [path ...]   (build first: node tools/build.js)
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const { envSchema, need, needChromium, needFile, runMain, ROOT } = require('./preflight');
const { SERVER, startGateway } = require('./bench-kit');

const BUDGET_KB = 130;
const TYPICAL_SHOP_KB = 150;
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/pharmacy/products'];

const kb = (n) => (n / 1024).toFixed(1);
/** host-shell/src/idlePrefetch.ts IDLE_PREFETCH_MARK */
const IDLE_PREFETCH_MARK = 'pharmacy:idle-prefetch';

/** The built gateway on a fresh data folder, its log at warn (the page loads are measured, not the log). */
async function startFirstLoadGateway() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharmacy-first-load-'));
  const gateway = await startGateway({ dataDir, env: { LOG_LEVEL: 'warn' }, timeoutMs: 90_000 });
  return {
    url: gateway.origin,
    async stop() {
      await gateway.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function measure(browser, url) {
  // The shop's smallest target: a 375 px touch phone (what the README's figures are measured at).
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const files = [];
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    try {
      const body = await res.body();
      files.push({
        name: new URL(res.url()).pathname,
        startedAt: res.request().timing().startTime,
        raw: body.length,
        gzip: zlib.gzipSync(body, { level: 9 }).length,
        br: zlib.brotliCompressSync(body).length,
      });
    } catch {
      /* a response without a body (redirect) */
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  // what the host fetches when the browser is idle after the load, for the next tap (host-shell/src/idlePrefetch.ts)
  const prefetchAt = await page.evaluate((mark) => {
    const entry = performance.getEntriesByName(mark)[0];
    return entry ? performance.timeOrigin + entry.startTime : Infinity;
  }, IDLE_PREFETCH_MARK);
  await context.close();
  const byGzip = (a, b) => b.gzip - a.gzip;
  return { first: files.filter((f) => f.startedAt < prefetchAt).sort(byGzip), idle: files.filter((f) => f.startedAt >= prefetchAt).sort(byGzip) };
}



/** The built file behind a URL the page loaded (host files at /, a remote's under /mfe/<folder>/). */
function builtFile(urlPath) {
  const m = /^\/mfe\/([a-z-]+)\/(.+)$/.exec(urlPath);
  return m ? path.join(ROOT, `mfe-${m[1]}`, 'dist', m[2]) : path.join(ROOT, 'host-shell', 'dist', urlPath.slice(1));
}

/**
 * Whether a file is library code (React, the router, Redux, styled-components, the federation runtime: what any
 * page of this stack loads before a line of the shop's own) or the shop's code, from its source map: library when
 * nine tenths of the sources it was built from are under node_modules.
 */
function isLibrary(urlPath) {
  let map;
  try {
    map = JSON.parse(fs.readFileSync(`${builtFile(urlPath)}.map`, 'utf8'));
  } catch {
    return false;
  }
  let lib = 0;
  let all = 0;
  (map.sources ?? []).forEach((source, i) => {
    const size = (map.sourcesContent?.[i] ?? '').length;
    all += size;
    if (source.includes('node_modules')) lib += size;
  });
  return all > 0 && lib / all >= 0.9;
}

runMain(async () => {
  // Everything this needs, checked before anything starts: a build, playwright-core (installed with e2e/), Chromium.
  needFile(SERVER, 'build first with `pnpm build`');
  needFile(path.join(ROOT, 'host-shell/dist'), 'build first with `pnpm build`');
  const { chromium } = require(need('playwright-core', { root: path.join(ROOT, 'e2e'), purpose: 'it drives Chromium' }));
  const executablePath = needChromium(envSchema().readEnv(process.env, ['CHROMIUM_PATH']).CHROMIUM_PATH);
  const gateway = await startFirstLoadGateway();
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    for (const p of paths) {
      const { first: files, idle } = await measure(browser, gateway.url + p);
      const sum = (k) => files.reduce((n, f) => n + f[k], 0);
      console.log(`\n${p}: ${files.length} JS/CSS files`);
      for (const f of files) console.log(`  ${kb(f.gzip).padStart(6)} KB gzip  ${kb(f.raw).padStart(7)} KB raw  ${f.name}`);
      const gzip = sum('gzip');
      console.log(`  total ${kb(gzip)} KB gzip (${kb(sum('br'))} KB brotli, ${kb(sum('raw'))} KB raw)`);
      // the baseline measured in this run: the libraries alone, which any page of this stack loads first
      const libraries = files.filter((f) => isLibrary(f.name)).reduce((n, f) => n + f.gzip, 0);
      console.log(
        `  libraries (React DOM, federation runtime, router, Redux, styled-components…) ${kb(libraries)} KB gzip, ` +
          `the shop's own code ${kb(gzip - libraries)} KB: the page is ${(gzip / libraries).toFixed(2)}x its libraries, ` +
          `which alone are ${((libraries / 1024 / BUDGET_KB) * 100).toFixed(0)}% of the budget`,
      );
      console.log(`  ${((gzip / 1024 / TYPICAL_SHOP_KB) * 100).toFixed(0)}% of a typical single-bundle React shop (${TYPICAL_SHOP_KB} KB); budget ${BUDGET_KB} KB: ${gzip / 1024 <= BUDGET_KB ? 'met' : 'NOT met'}`);
      const idleGzip = idle.reduce((n, f) => n + f.gzip, 0);
      console.log(`  then, once the page has loaded and the browser is idle, for the next tap: ${idle.length} files, ${kb(idleGzip)} KB gzip (not in the total above)`);
      for (const f of idle) console.log(`  ${kb(f.gzip).padStart(6)} KB gzip  ${kb(f.raw).padStart(7)} KB raw  ${f.name}`);
    }
  } finally {
    await browser.close();
    await gateway.stop();
  }
});
