import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expectEventually, launch, newContext, trackErrors } from '../setup/browser';
import { remoteCli as runRemoteCli, serveRemote } from '../setup/remotes';
import { REPO_ROOT, startServer, type RunningServer } from '../setup/server';

// A catalog team deploys its remote to its own origin and back, as its pipeline would: a copy of the built remote
// served from a second port with CORS (tools/serve-remote.js), moved in the gateway's registry with the CLI
// (tools/remote.js) and the team's deploy token. The journey prints what it saw for the closing note.

const LOCAL_MANIFEST = '/mfe/catalog/mf-manifest.json';

let browser: Browser;
let server: RunningServer;
let remoteServer: ChildProcess;
let copyDir: string;
/** The second origin the copy is served from, e.g. http://127.0.0.1:41234 */
let remoteOrigin: string;

/** `pnpm remote …` against this journey's gateway. */
const remoteCli = (...args: string[]) => runRemoteCli(server.url, 'registry', ...args);

const liveCatalog = async (): Promise<string> => {
  const res = await fetch(`${server.url}/remotes.json`, { cache: 'no-store' });
  return ((await res.json()) as Record<string, string>).catalog;
};

/** The shared package's version in a built manifest (the host's: what it provides). */
function sharedVersion(manifestFile: string, pkg: string): string {
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { shared: Array<{ name: string; version: string }> };
  const entry = manifest.shared.find((s) => s.name === pkg);
  if (!entry) throw new Error(`${manifestFile} does not share ${pkg}`);
  return entry.version;
}

interface ListingLoad {
  /** Origins the catalog remote's files (entry, exposed modules, chunks) came from. */
  catalogOrigins: string[];
  entryUrls: string[];
  cspProblems: string[];
  pageErrors: string[];
}

/** A new page load of the listing, recording where the catalog remote's scripts came from and any CSP complaint. */
async function loadListing(): Promise<ListingLoad> {
  const context = await newContext(browser, { base: server.url });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __CSP_VIOLATIONS__: string[] }).__CSP_VIOLATIONS__ = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const page: Page = await context.newPage();
  const pageErrors = trackErrors(page);
  const cspProblems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text())) cspProblems.push(msg.text());
  });
  const catalogRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === remoteOrigin || url.pathname.startsWith('/mfe/catalog/')) catalogRequests.push(url.href);
  });
  await page.goto('/pharmacy/products');
  await page.getByRole('list', { name: 'Products' }).waitFor({ timeout: 20_000 });
  cspProblems.push(...(await page.evaluate(() => (window as unknown as { __CSP_VIOLATIONS__: string[] }).__CSP_VIOLATIONS__)));
  // the same, as the browser's resource timing records it
  const timedEntries = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((name) => /\/remoteEntry\.js(\?|$)/.test(name)),
  );
  await context.close();
  const entryUrls = catalogRequests.filter((u) => /\/remoteEntry\.js(\?|$)/.test(u));
  const result = {
    catalogOrigins: [...new Set(catalogRequests.map((u) => new URL(u).origin))],
    entryUrls,
    cspProblems,
    pageErrors,
  };
  console.log(`[registry] listing loaded: catalog files from ${JSON.stringify(result.catalogOrigins)}, remote entries in resource timing ${JSON.stringify(timedEntries)}, CSP problems ${cspProblems.length}`);
  return result;
}

beforeAll(async () => {
  browser = await launch();
  // its own gateway (and store), so moving the catalog remote never reaches a journey running beside this one
  server = await startServer();
  copyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharmacy-catalog-copy-'));
  fs.cpSync(path.join(REPO_ROOT, 'mfe-catalog', 'dist'), copyDir, { recursive: true });
  ({ child: remoteServer, origin: remoteOrigin } = await serveRemote(copyDir, server.url));
  console.log(`[registry] shop at ${server.url}; copy of the catalog build served at ${remoteOrigin}`);
});

afterAll(async () => {
  remoteServer?.kill('SIGTERM');
  await server?.stop();
  await browser?.close();
  if (copyDir) fs.rmSync(copyDir, { recursive: true, force: true });
});

describe('remote registry: a team deploys its remote to its own origin and back', () => {
  it('deploys the copy through the CLI; the listing renders from that origin with no CSP error', async () => {
    expect(await liveCatalog()).toBe(LOCAL_MANIFEST);
    const manifestUrl = `${remoteOrigin}/mf-manifest.json`;

    const deploy = await remoteCli('deploy', 'catalog', manifestUrl);
    expect(deploy.code).toBe(0);
    expect(deploy.stdout).toContain(manifestUrl);

    // new page loads get it within 5 s, nothing restarted
    await expectEventually(liveCatalog, manifestUrl, 5_000);
    const csp = (await fetch(`${server.url}/pharmacy/products`, { headers: { accept: 'text/html' } })).headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    console.log(`[registry] page CSP ${scriptSrc.trim()}`);
    expect(scriptSrc.split(/\s+/)).toContain(remoteOrigin);

    const load = await loadListing();
    expect(load.entryUrls.length).toBeGreaterThan(0);
    expect(load.entryUrls.every((u) => new URL(u).origin === remoteOrigin)).toBe(true);
    expect(load.catalogOrigins).toEqual([remoteOrigin]);
    expect(load.cspProblems).toEqual([]);
    expect(load.pageErrors).toEqual([]);
  });

  it('rolls back through the CLI; the next page load uses the local build', async () => {
    const rollback = await remoteCli('rollback', 'catalog');
    expect(rollback.code).toBe(0);
    await expectEventually(liveCatalog, LOCAL_MANIFEST, 5_000);

    const load = await loadListing();
    expect(load.entryUrls.length).toBeGreaterThan(0);
    expect(load.entryUrls.every((u) => new URL(u).origin === server.url && new URL(u).pathname === '/mfe/catalog/remoteEntry.js')).toBe(true);
    expect(load.catalogOrigins).toEqual([server.url]);
    expect(load.cspProblems).toEqual([]);
  });

  it('refuses a build that needs a newer @pharmacy/session than the host provides; what is live stays', async () => {
    // the same build, as if compiled against a @pharmacy/session the host does not have yet
    const hostSession = sharedVersion(path.join(REPO_ROOT, 'host-shell', 'dist', 'mf-manifest.json'), '@pharmacy/session');
    const needed = `^${Number(hostSession.split('.')[0]) + 1}.0.0`;
    const manifest = JSON.parse(fs.readFileSync(path.join(copyDir, 'mf-manifest.json'), 'utf8')) as {
      shared: Array<{ name: string; version: string; requiredVersion: string }>;
    };
    for (const shared of manifest.shared) {
      if (shared.name === '@pharmacy/session') Object.assign(shared, { version: needed.slice(1), requiredVersion: needed });
    }
    fs.mkdirSync(path.join(copyDir, 'next'));
    fs.writeFileSync(path.join(copyDir, 'next', 'mf-manifest.json'), JSON.stringify(manifest, null, 2));
    const manifestUrl = `${remoteOrigin}/next/mf-manifest.json`;

    const deploy = await remoteCli('deploy', 'catalog', manifestUrl);
    expect(deploy.code).not.toBe(0);
    expect(deploy.stderr).toContain(`catalog needs @pharmacy/session ${needed}; the host provides ${hostSession}`);

    // nothing moved: the registry and new page loads still have the local build
    expect(await liveCatalog()).toBe(LOCAL_MANIFEST);
    const list = await remoteCli('list');
    expect(list.code).toBe(0);
    const catalogRow = list.stdout.split('\n').find((line) => line.startsWith('catalog '));
    expect(catalogRow).toContain(LOCAL_MANIFEST);
  });
});
