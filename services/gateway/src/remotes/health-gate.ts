import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { REMOTE_EXPOSES, type RemoteBuildInfo, type RemoteName } from '@pharmacy/contracts';
import { unprocessable, type App } from '@pharmacy/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { fetchManifestText, localFile, parseManifest } from './manifest';
import type { OriginRule } from './origins';

/** Resolves when the build at `manifestUrl` is healthy; throws a 422 naming what failed, page by page, otherwise. */
export type HealthGate = (manifestUrl: string, buildInfo: RemoteBuildInfo, name: RemoteName) => Promise<void>;

/** How long a remote's entry or server build may take to arrive, and how large each may be. */
export const GATE_FETCH_TIMEOUT_MS = 10_000;
export const ENTRY_MAX_BYTES = 5 * 1024 * 1024;
export const SERVER_BUILD_MAX_BYTES = 50 * 1024 * 1024;
/** How long one page may take to render in the worker, and the builds to load, before the worker is stopped. */
export const GATE_PAGE_TIMEOUT_MS = 5_000;
export const GATE_LOAD_TIMEOUT_MS = 10_000;
/** The worker's own heap: a remote that eats memory is stopped there, not in the gateway. */
export const GATE_RESOURCE_LIMITS = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64, stackSizeMb: 4 };

/** A page the gate renders: its route pattern (what a failure is reported with) and the URL it renders. */
export interface GatePage {
  page: string;
  url: string;
}

/**
 * The pages an anonymous visitor is given rendered on the server, per remote, with the sample each needs (a
 * product from the shop's own catalogue). Modules shown only to a signed-in shopper or to staff are rendered in
 * the browser: the gate checks that the server build exports them.
 */
export function gatePages(name: RemoteName, sample: { productId: string }): GatePage[] {
  const pages: Record<RemoteName, GatePage[]> = {
    catalog: [
      { page: '/', url: '/' },
      { page: '/pharmacy/products', url: '/pharmacy/products' },
      { page: '/pharmacy/product/:productId', url: `/pharmacy/product/${encodeURIComponent(sample.productId)}` },
    ],
    cartCheckout: [{ page: '/cart', url: '/cart' }],
    account: [
      { page: '/sign-in', url: '/sign-in' },
      { page: '/signup', url: '/signup' },
      { page: '/forgot-password', url: '/forgot-password' },
    ],
    admin: [],
  };
  return pages[name];
}

/** A GET of the shop's own API, as the page renderer makes it (in process, anonymous). */
export type ApiGet = (pathAndQuery: string) => Promise<{ status: number; headers: Record<string, string>; body: string }>;

/** `ApiGet` answered by the gateway's own routes, as a server render's calls are (pages/render.ts). */
export async function apiGet(app: App, pathAndQuery: string): ReturnType<ApiGet> {
  const res = await app.inject({ method: 'GET', url: pathAndQuery, headers: { accept: 'application/json', 'x-server-render': '1' } });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined || name === 'content-length' || name === 'transfer-encoding' || name === 'content-encoding') continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return { status: res.statusCode, headers, body: res.body };
}

export interface HealthGateOptions {
  /** Where the built apps are: the host's server build, and the files of a build served here. */
  root: string;
  originAllowed: OriginRule;
  /** The shop's public origin, as pages are rendered with it. */
  origin: string;
  /** The gateway's own API, which the pages' data comes from. */
  api: ApiGet;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** NODE_ENV=production (the configuration's): the remote's server build runs in the worker as in the gateway. */
  production?: boolean;
  pageTimeoutMs?: number;
  loadTimeoutMs?: number;
}

const JAVASCRIPT = /^(text|application)\/(x-)?javascript\b/i;

/** A file of the build: from disk when it is served here, else fetched from its allowed origin within the limits. */
async function readAsset(url: string, what: string, maxBytes: number, opts: HealthGateOptions): Promise<{ text: string; filename: string }> {
  if (url.startsWith('/')) {
    const file = localFile(opts.root, url);
    if (!file || !fs.existsSync(file)) throw new Error(`${what} ${url} does not exist on this server`);
    const size = (await fs.promises.stat(file)).size;
    if (size > maxBytes) throw new Error(`${what} ${url} is larger than ${maxBytes / 1024 / 1024} MB`);
    return { text: await fs.promises.readFile(file, 'utf8'), filename: file };
  }
  const parsed = new URL(url);
  if (!opts.originAllowed(parsed.origin)) throw new Error(`${what} ${url} is on an origin that is not allowed (REMOTE_ORIGINS)`);
  let response: Response;
  try {
    // no redirects: browsers load the entry from where the manifest says, and so does the check
    response = await fetch(parsed, { redirect: 'manual', signal: AbortSignal.timeout(GATE_FETCH_TIMEOUT_MS) });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    opts.log?.warn({ url, err: e.message }, 'health gate: a remote file could not be fetched');
    throw new Error(e.name === 'TimeoutError' ? `${what} ${url} did not arrive within ${GATE_FETCH_TIMEOUT_MS / 1000} s` : `${what} ${url} could not be fetched`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`${what} ${url} answered ${response.status}`);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!JAVASCRIPT.test(type)) {
    await response.body?.cancel();
    throw new Error(`${what} ${url} is served as ${type || 'no content type'}, not JavaScript`);
  }
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel();
    throw new Error(`${what} ${url} is larger than ${maxBytes / 1024 / 1024} MB`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  try {
    for (;;) {
      const next = await reader?.read();
      if (!next || next.done) break;
      size += next.value.byteLength;
      if (size > maxBytes) {
        await reader?.cancel();
        throw new Error(`${what} ${url} is larger than ${maxBytes / 1024 / 1024} MB`);
      }
      chunks.push(next.value);
    }
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') throw new Error(`${what} ${url} did not arrive within ${GATE_FETCH_TIMEOUT_MS / 1000} s`);
    throw err;
  }
  return { text: Buffer.concat(chunks).toString('utf8'), filename: url };
}

/** Where a file of the build is, relative to its manifest (or its public path when the build names one). */
function beside(manifestUrl: string, buildInfo: RemoteBuildInfo, file: string): string {
  const base = buildInfo.publicPath && /^https?:\/\//.test(buildInfo.publicPath) ? buildInfo.publicPath : manifestUrl;
  if (manifestUrl.startsWith('/') && base === manifestUrl) return new URL(file, `http://shop.invalid${manifestUrl}`).pathname;
  return new URL(file, base).href;
}

type WorkerMessage =
  | { type: 'fetch'; id: number; path: string }
  | { type: 'host-failed' | 'load-failed'; message: string }
  | { type: 'loaded'; missing: string[] }
  | { type: 'page'; page: string; problem: string | null }
  | { type: 'done' };

/** The worker: the built .js beside this file, or the source one when running from source (tests, dev). */
const WORKER_FILE = path.join(__dirname, 'health-gate-worker.js');

/**
 * Renders `pages` in one worker; a page that takes too long stops the worker and is named, and the pages after it
 * are rendered in a fresh worker. Answers every problem found, page by page.
 */
async function renderInWorkers(
  name: RemoteName,
  server: { text: string; filename: string },
  pages: GatePage[],
  opts: HealthGateOptions,
): Promise<string[]> {
  const problems: string[] = [];
  let remaining = pages;
  let first = true;
  while (first || remaining.length) {
    const checkExports = first;
    first = false;
    const outcome = await new Promise<{ stopped: 'load' | 'page' | null; rendered: string[] }>((resolve) => {
      const worker = new Worker(WORKER_FILE, {
        workerData: {
          hostFile: path.join(opts.root, 'host-shell', 'dist', 'server', 'ssr.js'),
          remote: { name, filename: server.filename, source: server.text },
          exposes: checkExports ? [...REMOTE_EXPOSES[name]] : [],
          pages: remaining,
          origin: opts.origin,
        },
        resourceLimits: GATE_RESOURCE_LIMITS,
        // the gateway's secrets are in its environment: the worker gets none of it
        env: { NODE_ENV: opts.production === false ? 'development' : 'production' },
        stdout: true,
        stderr: true,
      });
      // what the remote prints is not the gateway's log
      worker.stdout.resume();
      worker.stderr.resume();
      const rendered: string[] = [];
      let timer: NodeJS.Timeout | undefined;
      let settled = false;
      const finish = (stopped: 'load' | 'page' | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        resolve({ stopped, rendered });
      };
      const arm = (ms: number, stage: 'load' | 'page', problem: () => string) => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          problems.push(problem());
          finish(stage);
        }, ms);
      };
      const pageTimeout = opts.pageTimeoutMs ?? GATE_PAGE_TIMEOUT_MS;
      const nextPage = () => remaining[rendered.length];
      const armPage = () => {
        const page = nextPage();
        if (page) arm(pageTimeout, 'page', () => `${page.page}: did not render within ${pageTimeout / 1000} s`);
      };
      arm(opts.loadTimeoutMs ?? GATE_LOAD_TIMEOUT_MS, 'load', () => `the server build did not load within ${(opts.loadTimeoutMs ?? GATE_LOAD_TIMEOUT_MS) / 1000} s`);
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'fetch') {
          opts.api(message.path).then(
            (answer) => worker.postMessage({ type: 'fetched', id: message.id, ...answer }),
            () => worker.postMessage({ type: 'fetched', id: message.id, status: 502, headers: {}, body: '' }),
          );
        } else if (message.type === 'host-failed') {
          problems.push(`the host's server build could not be loaded here (${message.message})`);
          finish(null);
        } else if (message.type === 'load-failed') {
          problems.push(`the server build does not load: ${message.message}`);
          finish(null);
        } else if (message.type === 'loaded') {
          for (const expose of message.missing) problems.push(`the server build does not export ${expose}`);
          armPage();
        } else if (message.type === 'page') {
          rendered.push(message.page);
          if (message.problem) problems.push(`${message.page}: ${message.problem}`);
          armPage();
        } else {
          finish(null);
        }
      });
      worker.on('error', (err) => {
        const page = nextPage();
        problems.push(page ? `${page.page}: the worker stopped (${err.message})` : `the server build stopped the worker (${err.message})`);
        finish(page ? 'page' : null);
      });
      worker.on('exit', (code) => {
        if (settled) return;
        const page = nextPage();
        problems.push(page ? `${page.page}: the server build ended the worker (exit code ${code})` : `the server build ended the worker (exit code ${code})`);
        finish(page ? 'page' : null);
      });
    });
    // the page that stopped the worker is named; the ones after it are checked in a fresh one
    remaining = outcome.stopped === 'page' ? remaining.slice(outcome.rendered.length + 1) : [];
  }
  return problems;
}

/**
 * The check a build passes before any visitor is given it (docs/operations.md#health-gate): its manifest and entry
 * can be fetched (from an allowed origin, as JavaScript, within the size and time limits), its server build loads
 * in an isolated worker, and every page of the remote renders something, without throwing, within the time limit.
 */
export function createHealthGate(opts: HealthGateOptions): HealthGate {
  return async (manifestUrl, buildInfo, name) => {
    const refuse = (problems: string[]) => unprocessable(`The ${name} build at ${manifestUrl} failed its health check: ${problems.join('; ')}.`);
    if (!buildInfo.remoteEntry) throw refuse(['its manifest names no entry']);
    let server: { text: string; filename: string };
    try {
      parseManifest(await fetchManifestText(manifestUrl, opts));
      await readAsset(beside(manifestUrl, buildInfo, buildInfo.remoteEntry), 'its entry', ENTRY_MAX_BYTES, opts);
      server = await readAsset(beside(manifestUrl, buildInfo, 'server/ssr.js'), 'its server build', SERVER_BUILD_MAX_BYTES, opts);
    } catch (err) {
      throw refuse([(err as Error).message]);
    }
    const productId = await sampleProductId(opts.api);
    const problems = await renderInWorkers(name, server, gatePages(name, { productId }), opts);
    if (problems.length) throw refuse(problems);
  };
}

/** A product to render the product page with: the first of the shop's listing (a made-up id renders "not found"). */
async function sampleProductId(api: ApiGet): Promise<string> {
  try {
    const answer = await api('/api/shop/products/get?limit=1');
    const id = (JSON.parse(answer.body) as { data?: Array<{ _id?: unknown }> }).data?.[0]?._id;
    if (typeof id === 'string') return id;
  } catch {
    // the catalogue is down: the product page is still rendered, as a shopper would see it then
  }
  return 'sample-product';
}
