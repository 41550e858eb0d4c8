// @ts-check
// The health gate's worker (docs/operations.md#health-gate): loads the host's server build and a candidate remote's
// server build in a worker thread of its own, with its own heap limits, and renders the remote's pages with the data
// the shop's own API answers (asked of the gateway through messages). A remote that throws, loops or eats memory
// can only take this thread down, never the gateway: the gateway terminates it when a page takes too long.
// Plain JavaScript: a worker thread runs a file as Node loads it, in tests and in the build alike.
'use strict';

const Module = require('node:module');
const path = require('node:path');
const vm = require('node:vm');
const fs = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');

/** @typedef {{ page: string; url: string }} GatePage */
/** @typedef {{ hostFile: string; remote: { name: string; filename: string; source: string }; exposes: string[]; pages: GatePage[]; origin: string }} GateInput */

/** @type {GateInput} */
const input = workerData;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

/**
 * The Node built-ins a remote's server build may ask for here: ones that compute, none that reach the disk, the
 * network, other processes or this thread's host. A worker thread stops a crash or a hang, it is not a sandbox.
 */
const REMOTE_BUILTINS = new Set(['assert', 'buffer', 'crypto', 'events', 'path', 'querystring', 'stream', 'string_decoder', 'url', 'util']);

/**
 * Evaluates a CommonJS server build as the gateway's page renderer does (services/gateway/src/pages/bundles.ts): a
 * remote's `require` answers from the host's shared modules first, anything else must be a harmless Node built-in.
 * @param {string} source @param {string} filename @param {Record<string, unknown>} [shared]
 */
function evaluate(source, filename, shared) {
  const mod = { exports: /** @type {unknown} */ ({}) };
  const fallback = Module.createRequire(path.isAbsolute(filename) ? filename : path.join(process.cwd(), 'remote.js'));
  /** @param {string} id */
  const localRequire = (id) => {
    if (shared && Object.prototype.hasOwnProperty.call(shared, id)) return shared[id];
    if (shared && !REMOTE_BUILTINS.has(id.replace(/^node:/, ''))) throw new Error(`it needs "${id}", which the host's server build does not share`);
    return fallback(id);
  };
  const wrapper = vm.runInThisContext(Module.wrap(source), { filename });
  wrapper(mod.exports, localRequire, mod, filename, path.dirname(filename));
  return mod.exports;
}

let nextFetch = 0;
/** @type {Map<number, (answer: { status: number; headers: Record<string, string>; body: string }) => void>} */
const waiting = new Map();
port.on('message', (/** @type {{ type: string; id: number; status: number; headers: Record<string, string>; body: string }} */ message) => {
  if (message.type !== 'fetched') return;
  waiting.get(message.id)?.(message);
  waiting.delete(message.id);
});

/**
 * The page's API as the server render calls it, answered by the gateway's own routes (read-only: a health check
 * renders public pages and never changes anything).
 * @type {typeof fetch}
 */
const bridgeFetch = async (request, init) => {
  const url = new URL(typeof request === 'string' || request instanceof URL ? request : request.url);
  const method = (init?.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return new Response(null, { status: 405 });
  const id = nextFetch++;
  const answer = await new Promise((resolve) => {
    waiting.set(id, resolve);
    port.postMessage({ type: 'fetch', id, path: url.pathname + url.search });
  });
  return new Response(answer.status === 204 || answer.status === 304 ? null : answer.body, { status: answer.status, headers: answer.headers });
};

/** Stands in for every module but the one being checked, and for it in the renders it is compared with. */
const Blank = () => null;
/** Stands in for the module being checked as a module that throws: the page as a server render leaves it then. */
const Failing = () => {
  throw new Error('left to the browser');
};

/** @param {unknown} error */
const messageOf = (error) => (error instanceof Error ? error.message : String(error)).split('\n')[0].slice(0, 300);

async function main() {
  /** @type {any} */
  let host;
  /** @type {Record<string, { default?: unknown } | undefined>} */
  let modules;
  try {
    host = evaluate(fs.readFileSync(input.hostFile, 'utf8'), input.hostFile);
    if (typeof host?.renderPage !== 'function' || typeof host?.configureServerApi !== 'function') throw new Error(`${input.hostFile} is not the host's server build`);
    host.configureServerApi(bridgeFetch);
  } catch (error) {
    port.postMessage({ type: 'host-failed', message: messageOf(error) });
    return;
  }
  try {
    modules = /** @type {any} */ (evaluate(input.remote.source, input.remote.filename, host.sharedModules));
  } catch (error) {
    port.postMessage({ type: 'load-failed', message: messageOf(error) });
    return;
  }
  const kind = (/** @type {unknown} */ c) => typeof c === 'function' || (typeof c === 'object' && c !== null && '$$typeof' in c);
  const missing = input.exposes.filter((expose) => !kind(modules[expose]?.default));
  port.postMessage({ type: 'loaded', missing });
  const prefix = `${input.remote.name}/`;
  const own = (/** @type {string} */ id) => modules[`./${id.slice(prefix.length)}`]?.default;
  for (const { page, url } of input.pages) {
    /**
     * The page with the candidate's module `id` as `stand` (every other module left empty), and which of the
     * candidate's modules the page asked for.
     * @param {string | null} id @param {unknown} stand
     */
    const render = async (id, stand) => {
      /** @type {unknown[]} */
      const errors = [];
      /** @type {Set<string>} */
      const asked = new Set();
      const rendered = await host.renderPage({
        url,
        origin: input.origin,
        remote: (/** @type {string} */ wanted) => {
          if (!wanted.startsWith(prefix)) return Blank;
          asked.add(wanted);
          return wanted === id ? stand : Blank;
        },
        onSlotError: (/** @type {unknown} */ error) => errors.push(error),
      });
      return { html: String(rendered?.html ?? ''), errors, asked };
    };
    /** @type {string[]} */
    const problems = [];
    try {
      const { asked } = await render(null, Blank);
      if (asked.size === 0) problems.push('the page did not ask for any of its modules');
      // each module against the same page with it left empty and with it failing, as a server render leaves a
      // slot that threw to the browser: a module that is either has failed, whatever else the page shows
      for (const id of asked) {
        const module = `./${id.slice(prefix.length)}`;
        const empty = await render(id, Blank);
        const failing = await render(id, Failing).catch(() => null);
        const real = await render(id, own(id)).catch((/** @type {unknown} */ error) => ({ html: null, errors: [error], asked }));
        if (real.html === null || real.html === failing?.html || real.html === empty.html || !real.html.trim()) {
          problems.push(real.errors.length ? `${module} threw: ${messageOf(real.errors[0])}` : `${module} rendered nothing`);
        }
      }
    } catch (error) {
      problems.push(`threw: ${messageOf(error)}`);
    }
    port.postMessage({ type: 'page', page, problem: problems.length ? problems.join(', ') : null });
  }
  port.postMessage({ type: 'done' });
}

main().catch((error) => port.postMessage({ type: 'load-failed', message: messageOf(error) }));
