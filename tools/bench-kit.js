// What the benchmarks share (pnpm bench:orders, bench:admin, bench:first-load): a free port, the built gateway
// started as `pnpm start` runs it on a data folder, a cookie-keeping API client, a percentile.
'use strict';

const { spawn } = require('node:child_process');
const net = require('node:net');
const path = require('node:path');
const { ROOT } = require('./preflight');

const SERVER = path.join(ROOT, 'services', 'gateway', 'dist', 'server.js');
const CSRF = { 'x-pharmacy-csrf': '1' };

/** `--name value` from the command line, else `fallback`. */
function argument(name, fallback) {
  const i = process.argv.indexOf(name);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The built gateway (embedded mode) on `dataDir` and a free port, with the caller's environment less the service
 * URLs, MONGODB_URL and LOG_LEVEL (the default log level is what is measured), plus `env`. Resolves once it
 * answers, with how long that took; `stop()` ends it. `env` may be a function of the gateway's origin (a service
 * URL pointing back at it). `nodeArgs` go before the script (--require a probe, --cpu-prof); `ipc` opens a channel.
 */
async function startGateway({ dataDir, env = {}, nodeArgs = [], ipc = false, timeoutMs = 120_000 }) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const inherited = Object.entries(process.env).filter(([name]) => !/_SERVICE_URL$/.test(name) && name !== 'LOG_LEVEL' && name !== 'MONGODB_URL');
  const started = Date.now();
  const child = spawn(process.execPath, [...nodeArgs, SERVER], {
    cwd: ROOT,
    env: {
      ...Object.fromEntries(inherited),
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: origin,
      GATEWAY_MODE: 'embedded',
      ...(typeof env === 'function' ? env(origin) : env),
    },
    stdio: ['ignore', 'ignore', 'pipe', ...(ipc ? ['ipc'] : [])],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the gateway stopped at start (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${origin}/api/payments/config`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`the gateway did not answer within ${timeoutMs / 1000} s: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const startMs = Date.now() - started;
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  return { origin, child, startMs, stop };
}

/** One client with its own cookies, as a browser tab: `call` answers the Response, `json` the parsed body or throws. */
function client(origin) {
  const jar = new Map();
  async function call(method, url, body, { redirect = 'follow' } = {}) {
    const headers = { origin, ...CSRF };
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url.startsWith('http') ? url : `${origin}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), redirect });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  }
  async function json(method, url, body) {
    const res = await call(method, url, body);
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url.split('?')[0]} -> ${res.status} ${text.slice(0, 200)}`);
    return JSON.parse(text);
  }
  return { call, json };
}

/** The p-th percentile of an ascending array (NaN when empty). */
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

module.exports = { SERVER, argument, freePort, startGateway, client, percentile };
