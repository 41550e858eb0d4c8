// What the benchmarks share (pnpm bench:orders, bench:admin, bench:first-load): a free port, the built gateway
// started as `pnpm start` runs it on a data folder, a cookie-keeping API client, a percentile.
'use strict';

const { spawn } = require('node:child_process');
const http = require('node:http');
const net = require('node:net');
const path = require('node:path');
const zlib = require('node:zlib');
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

/** The encodings a browser accepts, and how this client reads each. */
const decoders = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync, deflate: zlib.inflateSync };

/**
 * One client with its own cookies and its own kept-alive connection, as a browser tab: `call` answers a small
 * Response (status, ok, headers.get / getSetCookie, text, arrayBuffer), `json` the parsed body or throws. Over
 * node:http rather than fetch: undici's fetch cost the 20 shoppers of bench:orders about 5 ms of CPU per purchase
 * on the cores the gateway is measured on. It asks for compressed answers as a browser does, so the gateway does
 * the same work.
 */
function client(origin) {
  const jar = new Map();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  function request(method, target, headers, body) {
    return new Promise((resolve, reject) => {
      const req = http.request(target, { method, headers, agent }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          let bytes = Buffer.concat(chunks);
          const decode = decoders[res.headers['content-encoding']];
          if (decode) bytes = decode(bytes);
          resolve(response(res, bytes));
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  }
  async function call(method, url, body, { redirect = 'follow' } = {}) {
    const headers = { origin, 'accept-encoding': 'gzip, deflate, br', ...CSRF };
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    const target = new URL(url, origin);
    const res = await request(method, target, headers, payload);
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (redirect === 'follow' && res.status >= 300 && res.status < 400 && location) return call('GET', new URL(location, target).href);
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

/** What the benchmarks read of an answer, as fetch's Response names it. */
function response(res, bytes) {
  const setCookie = res.headers['set-cookie'] ?? [];
  return {
    status: res.statusCode,
    ok: res.statusCode >= 200 && res.statusCode < 300,
    headers: {
      get: (name) => {
        const value = res.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : String(value);
      },
      getSetCookie: () => setCookie,
    },
    text: async () => bytes.toString('utf8'),
    arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length),
  };
}

const SHOPPER_PASSWORD = 'Steady-lantern-58';

/**
 * A new shopper signs up and buys one product through the API as the browser does (the first of the catalog's
 * first 100 products, by title, that a shopper may buy alone). `staff` (a signed-in client) reads the catalog;
 * `beforeBuying` runs once the shopper is ready, just before the purchase.
 */
async function buyAsNewShopper(origin, staff, label, beforeBuying = async () => undefined) {
  const shopper = client(origin);
  const email = `${label}-${Date.now()}@example.com`;
  await shopper.json('POST', '/api/auth/register', { firstName: 'Bench', lastName: 'Shopper', email, password: SHOPPER_PASSWORD });
  await shopper.json('POST', '/api/auth/login', { email, password: SHOPPER_PASSWORD });
  const address = await shopper.json('POST', '/api/shop/address/add', {
    fullName: 'Bench Shopper', line1: '3 Mill Road', city: 'Leeds', postalCode: 'LS1 5AB', phone: '+44 113 496 0000',
  });
  const listing = await staff.json('GET', '/api/shop/products/get?limit=100&sortBy=title-atoz');
  await beforeBuying();
  for (const p of listing.data) {
    if (p.pharmacyOnly || p.status === 'discontinued' || p.totalStock < 1) continue;
    try {
      await shopper.json('POST', '/api/shop/cart/add', { productId: p._id, quantity: 1 });
      const order = await shopper.json('POST', '/api/shop/order/create', { addressId: address.data._id });
      const approval = await shopper.call('GET', `${order.approvalURL}/confirm`, undefined, { redirect: 'manual' });
      await approval.arrayBuffer();
      const back = new URL(approval.headers.get('location') ?? '', 'http://x');
      await shopper.json('POST', '/api/shop/order/capture', { orderId: order.orderId, paymentId: back.searchParams.get('paymentId'), payerId: back.searchParams.get('PayerID') });
      return { email, orderId: order.orderId, products: listing.data };
    } catch {
      await shopper.call('DELETE', `/api/shop/cart/${p._id}`).catch(() => undefined);
    }
  }
  throw new Error('no product could be bought by a new shopper');
}

/** One GET, read whole: its latency in ms, or throws on an error status. */
async function timed(http, url) {
  const started = process.hrtime.bigint();
  const res = await http.call('GET', url);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`GET ${url} -> ${res.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** `n` GETs one after another, after `warmup` unmeasured ones: sorted latencies in ms. */
async function sample(http, url, n, warmup) {
  for (let i = 0; i < warmup; i++) await timed(http, url);
  const out = [];
  for (let i = 0; i < n; i++) out.push(await timed(http, url));
  return out.sort((a, b) => a - b);
}

/** The p-th percentile of an ascending array (NaN when empty). */
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

module.exports = { SERVER, argument, freePort, startGateway, client, percentile, timed, sample, buyAsNewShopper };
