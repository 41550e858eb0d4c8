#!/usr/bin/env node
// pnpm bench:orders — complete purchases per second through the built gateway (embedded mode, default log level,
// services calling each other in process), with durable writes (every acknowledged write on disk, group commit:
// shared/db group-commit.ts), against the same load with DATA_UNSAFE_NO_FSYNC (answers before the disk: the
// baseline, never a way to run the shop), both in this run. `--http` adds a third run whose services call each
// other over HTTP (each *_SERVICE_URL pointed at the gateway itself), durable too.
//
// For each run: a fresh DATA_DIR, `node services/gateway/dist/server.js` on a free port (demo catalog), 20
// shoppers signed up and signed in with an address each, the chosen products restocked by staff. Then the 20
// shoppers buy for a fixed time, as the browser does (docs/api.md, e2e/setup/journeys.ts buyThroughApi): add to
// cart, create the order (sandbox approval link), approve at the sandbox, capture on the return path -> paid.
// Printed per run: purchases/s, p50/p99 purchase latency, CPU ms per purchase (the whole process, and its main
// thread alone: the event loop, which caps the rate at 1000 / that many purchases a second), internal HTTP calls per purchase
// (counted inside the gateway by tools/bench-orders-probe.js, with the store's appends, write calls and fdatasyncs), failures; then the ratios and
// PASS/FAIL against 100 purchases/s with durable writes. `--seconds N` (default 15) sets the timed part; `--cpu-prof DIR` writes the gateway's CPU
// profile of the timed part of each run there (gateway-<run>.cpuprofile, started and written by the probe).
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runMain } = require('./preflight');
const { SERVER, argument, client, percentile, startGateway } = require('./bench-kit');

const SHOPPERS = 20;
const TARGET_PER_SECOND = 100;
const WARMUP_SECONDS = 3;
const PRODUCTS = 8;
/** The bench's batches expire two years on: never a reason for a purchase to fail. */
const BENCH_EXPIRY = new Date(Date.now() + 2 * 365 * 86_400_000).toISOString().slice(0, 10);
const PASSWORD = 'Steady-lantern-58';
const SERVICE_URL_VARIABLES = ['ACCOUNT_SERVICE_URL', 'CATALOG_SERVICE_URL', 'CHECKOUT_SERVICE_URL'];

const SECONDS = Number(argument('--seconds', '15'));
const CPU_PROF_DIR = argument('--cpu-prof', '');
const WITH_HTTP = process.argv.includes('--http');


/** The gateway with the probe preloaded; resolves once it answers. */
async function startGatewayWithProbe(label, { http, unsafe }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-orders-${label}-`));
  if (CPU_PROF_DIR) fs.mkdirSync(CPU_PROF_DIR, { recursive: true });
  // Told to the probe with each probe message (not the environment, which the shop reads only through its schema).
  const profileFile = CPU_PROF_DIR ? path.resolve(CPU_PROF_DIR, `gateway-${label.split(' ')[0]}.cpuprofile`) : undefined;
  const env = {
    // 20 shoppers sign up and in from one address, and each buys several times a second.
    RATE_LIMIT_REGISTER: '1000',
    RATE_LIMIT_LOGIN: '1000',
    RATE_LIMIT_CART: '1000000',
    RATE_LIMIT_ORDER_CREATE: '1000000',
    RATE_LIMIT_ORDER_CAPTURE: '1000000',
    ...(unsafe ? { DATA_UNSAFE_NO_FSYNC: 'true' } : {}),
  };
  // The baseline: every service reaches the others over HTTP at the gateway's own port (known once it is chosen).
  const gateway = await startGateway({
    dataDir,
    env: (origin) => (http ? { ...env, ...Object.fromEntries(SERVICE_URL_VARIABLES.map((name) => [name, origin])) } : env),
    nodeArgs: ['--require', path.join(__dirname, 'bench-orders-probe.js')],
    ipc: true,
    timeoutMs: 60_000,
  });
  const probe = () =>
    new Promise((resolve) => {
      gateway.child.once('message', resolve);
      gateway.child.send({ probe: true, profileFile });
    });
  const stop = async () => {
    await gateway.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin: gateway.origin, probe, stop };
}


/** What a shopper does to buy one product, from the cart to a paid order. */
async function purchase(shopper, productId) {
  await shopper.http.json('POST', '/api/shop/cart/add', { productId, quantity: 1 });
  const order = await shopper.http.json('POST', '/api/shop/order/create', { addressId: shopper.addressId });
  const approval = await shopper.http.call('GET', `${order.approvalURL}/confirm`, undefined, { redirect: 'manual' });
  await approval.arrayBuffer();
  const back = new URL(approval.headers.get('location') ?? '', 'http://x');
  if (approval.status !== 302 || !back.searchParams.get('PayerID')) throw new Error(`sandbox approval -> ${approval.status}`);
  const paid = await shopper.http.json('POST', '/api/shop/order/capture', {
    orderId: order.orderId,
    paymentId: back.searchParams.get('paymentId'),
    payerId: back.searchParams.get('PayerID'),
  });
  if (paid.data.paymentStatus !== 'paid') throw new Error(`order ${order.orderId} is ${paid.data.paymentStatus} after capture`);
}

async function setUp(origin) {
  const staff = client(origin);
  await staff.json('POST', '/api/auth/login', { email: 'admin@pharmacy.local', password: 'Admin123!demo' });
  const shoppers = [];
  for (let i = 0; i < SHOPPERS; i++) {
    const http = client(origin);
    const email = `bench-${i}-${Date.now()}@example.com`;
    await http.json('POST', '/api/auth/register', { firstName: `Bench ${String.fromCharCode(65 + i)}`, lastName: 'Shopper', email, password: PASSWORD });
    await http.json('POST', '/api/auth/login', { email, password: PASSWORD });
    const address = await http.json('POST', '/api/shop/address/add', {
      fullName: `Bench Shopper ${i}`, line1: '3 Mill Road', city: 'Leeds', postalCode: 'LS1 5AB', phone: '+44 113 496 0000',
    });
    shoppers.push({ http, addressId: address.data._id });
  }
  // Products a shopper without a health profile may simply buy, restocked so that no purchase fails for stock.
  const listing = await staff.json('GET', '/api/shop/products/get?limit=100&sortBy=title-atoz');
  const products = [];
  for (const p of listing.data) {
    if (products.length === PRODUCTS) break;
    if (p.pharmacyOnly || p.status === 'discontinued') continue;
    // received as a batch of its own (stock is kept by batch), expiring well after the run
    await staff.json('POST', `/api/admin/products/${p._id}/batches`, { lot: `BENCH-${Date.now()}-${products.length}`, expiresOn: BENCH_EXPIRY, quantity: 100000, note: 'bench:orders' });
    try {
      await purchase(shoppers[0], p._id);
      products.push(p._id);
    } catch {
      // An age check or a safety question: not a plain purchase. Leave it in the cart no longer.
      await shoppers[0].http.call('DELETE', `/api/shop/cart/${p._id}`).catch(() => undefined);
    }
  }
  if (products.length === 0) throw new Error('no product could be bought by a new shopper');
  return { shoppers, products };
}


/** Every shopper buys in a loop until `until`; returns latencies and failures. */
async function load(shoppers, products, until) {
  const latencies = [];
  const failures = new Map();
  let n = 0;
  await Promise.all(
    shoppers.map(async (shopper) => {
      while (Date.now() < until) {
        const productId = products[n++ % products.length];
        const started = process.hrtime.bigint();
        try {
          await purchase(shopper, productId);
          latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        } catch (err) {
          const key = String(err.message).slice(0, 160);
          failures.set(key, (failures.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  return { latencies, failures };
}

async function measure(label, run) {
  const gateway = await startGatewayWithProbe(label, run);
  try {
    const { shoppers, products } = await setUp(gateway.origin);
    await load(shoppers, products, Date.now() + WARMUP_SECONDS * 1000);
    const before = await gateway.probe();
    const started = Date.now();
    const clientCpu = process.cpuUsage();
    const { latencies, failures } = await load(shoppers, products, started + SECONDS * 1000);
    const { user: clientUser, system: clientSystem } = process.cpuUsage(clientCpu);
    const seconds = (Date.now() - started) / 1000;
    const after = await gateway.probe();
    latencies.sort((a, b) => a - b);
    const done = latencies.length;
    const cpuMs = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1000;
    return {
      label,
      purchases: done,
      perSecond: done / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      cpuMsPerPurchase: cpuMs / done,
      mainThreadMsPerPurchase: (after.mainThreadCpuMs - before.mainThreadCpuMs) / done,
      clientMsPerPurchase: (clientUser + clientSystem) / 1000 / done,
      internalPerPurchase: (after.internal - before.internal) / done,
      requestsPerPurchase: (after.requests - before.requests) / done,
      appendsPerPurchase: (after.appends - before.appends) / done,
      writesPerPurchase: (after.writes - before.writes) / done,
      flushesPerPurchase: (after.flushes - before.flushes) / done,
      appendsByFile: Object.entries(after.appendsByFile)
        .map(([file, n]) => [file, (n - (before.appendsByFile[file] ?? 0)) / done])
        .filter(([, n]) => n > 0)
        .sort((a, b) => b[1] - a[1]),
      failures,
      products: products.length,
    };
  } finally {
    await gateway.stop();
  }
}

function print(r) {
  const failed = [...r.failures.values()].reduce((a, b) => a + b, 0);
  console.log(
    `${r.label.padEnd(28)} ${r.perSecond.toFixed(1).padStart(8)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ` +
      `${r.cpuMsPerPurchase.toFixed(2).padStart(8)} ${r.mainThreadMsPerPurchase.toFixed(2).padStart(8)} ${r.internalPerPurchase.toFixed(2).padStart(9)} ${String(r.purchases).padStart(9)} ${String(failed).padStart(8)}`,
  );
  for (const [message, count] of r.failures) console.log(`    ${count} × ${message}`);
}

runMain(async () => {
  if (!fs.existsSync(SERVER)) throw new Error('services/gateway/dist/server.js is missing: run `npx -y pnpm@10.34.9 build` first.');
  const t0 = Date.now();
  console.log(`bench:orders: ${SHOPPERS} shoppers, ${WARMUP_SECONDS} s warm-up then ${SECONDS} s per run, built gateway in embedded mode, default log level`);
  const unsafe = await measure('no fsync (unsafe baseline)', { http: false, unsafe: true });
  const local = await measure('durable writes', { http: false, unsafe: false });
  const http = WITH_HTTP ? await measure('durable, services over HTTP', { http: true, unsafe: false }) : null;
  console.log(`\n${'run'.padEnd(28)} ${'buys/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'CPU ms'.padStart(8)} ${'main ms'.padStart(8)} ${'internal'.padStart(9)} ${'purchases'.padStart(9)} ${'failures'.padStart(8)}`);
  print(unsafe);
  print(local);
  if (http) print(http);
  console.log(
    `\ndurable / no fsync: ${(local.perSecond / unsafe.perSecond).toFixed(2)}× purchases per second, ${(local.cpuMsPerPurchase / unsafe.cpuMsPerPurchase).toFixed(2)}× CPU per purchase, ` +
      `p50 ${(local.p50 / unsafe.p50).toFixed(2)}×; ${local.flushesPerPurchase.toFixed(2)} fdatasyncs and ${local.writesPerPurchase.toFixed(2)} write calls per purchase ` +
      `for ${local.appendsPerPurchase.toFixed(1)} appended lines (group commit; ${unsafe.writesPerPurchase.toFixed(1)} write calls without it)`,
  );
  if (http) {
    console.log(
      `in process / HTTP: ${(local.perSecond / http.perSecond).toFixed(2)}× purchases per second, ${(local.cpuMsPerPurchase / http.cpuMsPerPurchase).toFixed(2)}× CPU per purchase, ` +
        `internal HTTP calls per purchase ${http.internalPerPurchase.toFixed(1)} -> ${local.internalPerPurchase.toFixed(1)}`,
    );
  }
  console.log(`store appends per purchase by datafile: ${local.appendsByFile.map(([file, n]) => `${file} ${n.toFixed(1)}`).join(', ')}`);
  // JavaScript runs on one thread: what it would sustain with a whole core to itself at the CPU each purchase cost
  // it (a bound, not a measurement; on a machine busy with other work the measured rate stays below it).
  console.log(
    `the main thread at this CPU cost: at most ${(1000 / local.mainThreadMsPerPurchase).toFixed(0)} purchases/s with durable writes, ` +
      `${(1000 / unsafe.mainThreadMsPerPurchase).toFixed(0)} without`,
  );
  // The shoppers (this process) share the machine's cores with the gateway.
  console.log(`the 20 shoppers' own CPU (this process): ${local.clientMsPerPurchase.toFixed(2)} ms per purchase with durable writes, ${unsafe.clientMsPerPurchase.toFixed(2)} without`);
  const failed = [...local.failures.values(), ...unsafe.failures.values(), ...(http ? http.failures.values() : [])].reduce((a, b) => a + b, 0);
  const pass = local.perSecond >= TARGET_PER_SECOND && local.internalPerPurchase === 0 && failed === 0;
  console.log(
    `${pass ? 'PASS' : 'FAIL'}: ${local.perSecond.toFixed(1)} purchases/s with durable writes (target ${TARGET_PER_SECOND}), ` +
      `${local.internalPerPurchase.toFixed(1)} internal HTTP calls per purchase (target 0), ${failed} failed purchases; load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; ` +
      `${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
  return pass ? 0 : 1;
});
