import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { launch, newContext, trackErrors } from '../setup/browser';
import { remoteCli as runRemoteCli, serveRemote } from '../setup/remotes';
import { E2E_DEPLOY_TOKEN, REPO_ROOT, startServer, type RunningServer } from '../setup/server';

// A catalog team rolls out two builds of its remote from its own origin (docs/operations.md#canary-releases): one
// whose product page throws in the browser (its server build is fine, so the health gate lets it through), which the
// rollout watch aborts by itself from what the cohort's browsers report, and a healthy one, promoted with no visitor
// seeing an error. The journey prints the time from the first error report to the automatic abort.

/** What the journey reads of the registry's answer (docs/api.md#remote-registry). */
interface RemoteDeployment {
  name: string;
  manifestUrl: string;
  canary?: { manifestUrl: string; percent: number } | null;
}
interface RemoteHistoryEntry {
  name: string;
  action: string;
  from: string | null;
  to: string;
  by: string;
  note?: string;
}

let browser: Browser;
let server: RunningServer;
const served: ChildProcess[] = [];
const copies: string[] = [];
let healthy: string;
let broken: string;

/** `pnpm remote …` against this journey's gateway. */
const remoteCli = (...args: string[]) => runRemoteCli(server.url, 'canary', ...args);

/** A copy of the built catalog remote served from its own origin (tools/serve-remote.js); `patch` edits the copy first. */
async function serveCopy(patch?: (dir: string) => void): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharmacy-catalog-canary-'));
  copies.push(dir);
  fs.cpSync(path.join(REPO_ROOT, 'mfe-catalog', 'dist'), dir, { recursive: true });
  patch?.(dir);
  const { child, origin } = await serveRemote(dir, server.url);
  served.push(child);
  return `${origin}/mf-manifest.json`;
}

/** The browser build's product page throws as its code runs; the server build (what the health gate renders) is untouched. */
function breakProductPageInBrowser(dir: string): void {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8')) as {
    exposes: Array<{ name: string; assets: { js: { sync: string[] } } }>;
  };
  const chunk = manifest.exposes.find((e) => e.name === 'ProductDetails')!.assets.js.sync.find((f) => f.startsWith('__federation_expose_'))!;
  const file = path.join(dir, chunk);
  fs.writeFileSync(file, `if (typeof window !== 'undefined') throw new Error('Broken canary: the product page fails in the browser');\n${fs.readFileSync(file, 'utf8')}`);
  for (const precompressed of [`${file}.br`, `${file}.gz`]) fs.rmSync(precompressed, { force: true });
}

async function registry(): Promise<{ catalog: RemoteDeployment; history: RemoteHistoryEntry[] }> {
  const res = await fetch(`${server.url}/api/admin/remotes`, { headers: { authorization: `Bearer ${E2E_DEPLOY_TOKEN}` } });
  const body = (await res.json()) as { data: RemoteDeployment[]; history: RemoteHistoryEntry[] };
  return { catalog: body.data.find((d) => d.name === 'catalog')!, history: body.history };
}

/** The catalog manifest this visitor (their cohort cookie) is given. */
async function catalogFor(context: BrowserContext): Promise<string> {
  const res = await context.request.get(`${server.url}/remotes.json`);
  return ((await res.json()) as Record<string, string>).catalog;
}

let productPath: string;

beforeAll(async () => {
  browser = await launch();
  server = await startServer();
  healthy = await serveCopy();
  broken = await serveCopy(breakProductPageInBrowser);
  const products = (await (await fetch(`${server.url}/api/shop/products/get?limit=1`)).json()) as { data: Array<{ _id: string }> };
  productPath = `/pharmacy/product/${products.data[0]._id}`;
});

afterAll(async () => {
  for (const child of served) child.kill('SIGTERM');
  await server?.stop();
  await browser?.close();
  for (const dir of copies) fs.rmSync(dir, { recursive: true, force: true });
});

describe('canary releases of a remote', () => {
  it('aborts a canary whose product page throws in its cohort’s browsers, by itself, within 60 s of its views being reported', async () => {
    const canary = await remoteCli('canary', 'catalog', broken, '--percent', '50');
    expect(canary.code).toBe(0);
    expect((await registry()).catalog.canary).toMatchObject({ manifestUrl: broken, percent: 50 });

    // visitors arrive; those the cookie puts in the canary's half load the broken product page, the others the live one
    const inCanary: BrowserContext[] = [];
    let firstErrorAt = 0;
    for (let visitor = 0; visitor < 40 && inCanary.length < 4; visitor++) {
      const context = await newContext(browser, { base: server.url });
      await context.request.get(`${server.url}/remotes.json`); // the cohort cookie
      if ((await catalogFor(context)) !== broken) {
        const page = await context.newPage();
        await page.goto(productPath);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await context.close(); // closing the page sends its reports
        continue;
      }
      inCanary.push(context);
    }
    expect(inCanary.length).toBe(4);
    // each canary visitor opens the product page a few times (a page hidden or left sends what it saw); the
    // watch needs ROLLOUT_POLICY.minViews canary views before it may say anything
    for (const context of inCanary) {
      const page = await context.newPage();
      for (let view = 0; view < 6; view++) {
        await page.goto(productPath, { waitUntil: 'load' });
        // the page has tried the broken module by now (its load failure is reported when the page is left)
        await page.waitForTimeout(1_500);
        firstErrorAt ||= Date.now();
      }
      await page.close();
    }
    // the last of those views is reported as its page closes: from here the watch has enough to act on
    const enoughAt = Date.now();

    // the rollout watch reads the reports every 10 s and aborts the canary by itself, within 60 s
    let aborted: RemoteHistoryEntry | undefined;
    while (!aborted && Date.now() - enoughAt < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      aborted = (await registry()).history.find((h) => h.name === 'catalog' && h.action === 'auto-abort');
    }
    const seconds = (n: number) => `${((Date.now() - n) / 1000).toFixed(1)} s`;
    console.log(`[canary] automatic abort ${seconds(enoughAt)} after the canary's views were all reported (${seconds(firstErrorAt)} after the first error); history note: ${aborted?.note}`);
    expect(aborted).toMatchObject({ by: 'system', from: broken });
    expect(aborted!.note).toMatch(/error/);
    expect((await registry()).catalog.canary ?? null).toBeNull();

    // a fresh page of a visitor from that cohort gets the live build, and its product page works
    const context = inCanary[0];
    expect(await catalogFor(context)).not.toBe(broken);
    const page = await context.newPage();
    const errors = trackErrors(page);
    await page.goto(productPath);
    await page.getByRole('button', { name: /Add to cart/i }).first().waitFor();
    expect(errors).toEqual([]);
    for (const c of inCanary) await c.close();
  }, 240_000); // visitors are drawn until four land in the canary, then browse, then the watch has up to 60 s

  it('promotes a healthy canary to everyone with no visitor seeing an error', async () => {
    expect((await remoteCli('canary', 'catalog', healthy, '--percent', '50')).code).toBe(0);
    const seen: string[] = [];
    const errors: string[] = [];
    for (let visitor = 0; visitor < 6; visitor++) {
      const context = await newContext(browser, { base: server.url });
      const page = await context.newPage();
      errors.push(...trackErrors(page));
      await page.goto(productPath);
      seen.push(await catalogFor(context));
      await page.getByRole('button', { name: /Add to cart/i }).first().waitFor();
      await context.close();
    }
    expect((await remoteCli('promote', 'catalog')).code).toBe(0);
    const { catalog, history } = await registry();
    expect(catalog.manifestUrl).toBe(healthy);
    expect(catalog.canary ?? null).toBeNull();
    expect(history.find((h) => h.name === 'catalog')).toMatchObject({ action: 'promote', to: healthy });

    const context = await newContext(browser, { base: server.url });
    const page = await context.newPage();
    const after = trackErrors(page);
    await page.goto(productPath);
    await page.getByRole('button', { name: /Add to cart/i }).first().waitFor();
    expect(await catalogFor(context)).toBe(healthy);
    await context.close();
    console.log(`[canary] healthy canary: visitors' catalog builds ${JSON.stringify(seen.map((s) => (s === healthy ? 'canary' : 'live')))}`);
    expect([...errors, ...after]).toEqual([]);
  });
});
