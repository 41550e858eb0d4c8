#!/usr/bin/env node
// pnpm bench:admin — staff work at 20,000 orders, through the built gateway (embedded mode, as `pnpm start` runs it).
//
// 1. A fresh DATA_DIR and `node services/gateway/dist/server.js` (demo catalog and accounts): one shopper signs up
//    and buys a product through the API as the browser does; the gateway stops.
// 2. Bench-only data setup through the store (shared/db): 2,000 users cloned from that shopper and 20,000 orders
//    cloned from that order, with the catalog's products, prices, delivery, names and statuses varied and dates
//    spread over 60 days. No dashboard figures are written: the gateway rebuilds them from the orders at start.
// 3. The gateway again on that folder: staff (admin@pharmacy.local) call each admin page's API in turn; p50/p99,
//    and the ratio to a trivial route measured in the same run. Then a shopper's product calls (listing and product
//    pages, CONNECTIONS at once) for SECONDS alone (the baseline) and again while one member of staff refreshes the
//    admin pages in a loop: the p50 ratio. PASS/FAIL: every admin call under 20 ms at p50, the shopper's p50 under 2x.
// `--seconds N` (default 10) sets each shopper phase; `--orders N` (default 20000) the orders seeded.
'use strict';

const { execSync } = require('node:child_process');
const { randomUUID } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runMain, ROOT } = require('./preflight');
const { SERVER, argument, client, percentile, startGateway, timed, sample: sampleGets, buyAsNewShopper } = require('./bench-kit');

const DB = path.join(ROOT, 'shared', 'db', 'dist', 'index.js');
const ADMIN = { email: 'admin@pharmacy.local', password: 'Admin123!demo' };
const ADMIN_P50_LIMIT_MS = 20;
const SHOPPER_RATIO_LIMIT = 2;
const CONNECTIONS = 4;
const SAMPLES = 200;
const USERS = 2000;
const DAY_MS = 24 * 60 * 60 * 1000;
// The bench signs in from one address more often than a person would (each start, each phase); the limits
// themselves stay as configured everywhere else.
const BENCH_LIMITS = { RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_REGISTER: '1000' };

const SECONDS = Number(argument('--seconds', '10'));
const ORDERS = Number(argument('--orders', '20000'));




/** Phase 1: a real shopper, a real order and the catalog's products, made through the API. */
async function realOrder(origin) {
  const staff = client(origin);
  await staff.json('POST', '/api/auth/login', ADMIN);
  return buyAsNewShopper(origin, staff, 'bench-admin');
}

const FIRST = ['Amelia', 'Oliver', 'Isla', 'George', 'Ava', 'Noah', 'Mia', 'Arthur', 'Grace', 'Leo', 'Freya', 'Oscar', 'Lily', 'Harry', 'Zara', 'Jack'];
const LAST = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Patel', 'Wright', 'Garcia', 'Evans', 'Khan', 'Walker', 'Hughes', 'Green'];
// Order status, payment status and how often (per 100): most orders are old and done, some wait or failed.
const STATES = [
  ['delivered', 'paid', 52], ['inShipping', 'paid', 8], ['inProcess', 'paid', 8], ['confirmed', 'paid', 8],
  ['delivered', 'refunded', 4], ['rejected', 'failed', 12], ['rejected', 'refunded', 3], ['pending', 'pending', 5],
];

/** Phase 2: users and orders written through the store, shaped as the services write them. */
async function seed(dataDir, real) {
  const { openStore } = require(DB);
  const rnd = (() => {
    let s = 20261123;
    return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  })();
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const now = Date.now();

  const account = await openStore({ name: 'account', dataDir });
  const usersCol = account.collection('users');
  const userTemplate = await usersCol.findOne({ email: real.email });
  const users = Array.from({ length: USERS }, (_, i) => {
    const firstName = pick(FIRST);
    const lastName = pick(LAST);
    const createdAt = new Date(now - 400 * DAY_MS + i * (400 * DAY_MS) / USERS);
    return { ...userTemplate, _id: randomUUID(), email: `${firstName}.${lastName}.${i}@example.com`.toLowerCase(), firstName, lastName, createdAt, updatedAt: createdAt };
  });
  await usersCol.insertMany(users);
  await account.close();

  const checkout = await openStore({ name: 'checkout', dataDir });
  const ordersCol = checkout.collection('orders');
  const template = await ordersCol.findOne({ _id: real.orderId });
  const products = real.products.filter((p) => !p.pharmacyOnly);
  const weights = STATES.flatMap(([o, p, n]) => Array(n).fill([o, p]));
  for (let start = 0; start < ORDERS; start += 1000) {
    const batch = [];
    for (let i = start; i < Math.min(ORDERS, start + 1000); i++) {
      const _id = randomUUID();
      const user = users[Math.floor(rnd() * users.length)];
      const [orderStatus, paymentStatus] = pick(weights);
      const pending = orderStatus === 'pending';
      // Unpaid orders are recent (their hold has not run out); the others spread over 60 days.
      const createdAt = pending ? now - Math.floor(rnd() * 20 * 60_000) : now - Math.floor(rnd() * 60 * DAY_MS);
      const lines = 1 + Math.floor(rnd() * 3);
      const items = Array.from({ length: lines }, () => {
        const p = pick(products);
        return { ...template.items[0], productId: p._id, title: p.title, brand: p.brand, image: p.image, unitPriceCents: Math.round((p.salePrice ?? p.price) * 100), quantity: 1 + Math.floor(rnd() * 2), warnings: [] };
      });
      const subtotalCents = items.reduce((s, it) => s + it.unitPriceCents * it.quantity, 0);
      const feeCents = subtotalCents >= 3000 ? 0 : (template.delivery?.feeCents ?? 399);
      const totalCents = subtotalCents + feeCents;
      const at = (ms) => ms + Math.floor(rnd() * 3_600_000);
      batch.push({
        ...template,
        _id,
        orderNumber: `#${_id.slice(0, 8).toUpperCase()}`,
        userId: user._id,
        items,
        productIds: [...new Set(items.map((it) => it.productId))],
        address: { ...template.address, fullName: `${user.firstName} ${user.lastName}` },
        subtotalCents,
        delivery: template.delivery ? { ...template.delivery, feeCents } : template.delivery,
        taxIncludedCents: Math.round(totalCents / 6),
        totalCents,
        orderStatus,
        paymentStatus,
        paymentId: `BENCH-${_id.slice(0, 12)}`,
        captureId: paymentStatus === 'pending' || paymentStatus === 'failed' ? '' : `CAP-${_id.slice(0, 12)}`,
        stock: pending ? 'held' : orderStatus === 'rejected' ? 'released' : 'committed',
        ...(orderStatus === 'rejected' ? { closedReason: paymentStatus === 'refunded' ? 'rejectedByPharmacist' : 'rejectedByStaff' } : {}),
        // About one in a hundred paid orders waits for the pharmacist.
        review: paymentStatus === 'paid' && rnd() < 0.01 ? { ...(template.review ?? {}), status: 'awaiting', reasons: ['A pharmacy medicine: the pharmacist checks the answers.'], decidedBy: null, decidedAt: null, note: null } : template.review,
        history: pending ? [] : [{ field: 'paymentStatus', from: 'pending', to: paymentStatus, at: at(createdAt), by: 'system' }],
        createdAt,
        updatedAt: at(createdAt),
        expiresAt: pending ? now + 2 * 3_600_000 : createdAt + 30 * 60_000,
      });
    }
    await ordersCol.insertMany(batch);
  }
  await checkout.close();
  return { users: USERS + 2, orders: ORDERS + 1 };
}

/** CONNECTIONS shoppers browsing listings and product pages for `seconds`. */
async function shoppers(origin, urls, seconds) {
  const until = Date.now() + seconds * 1000;
  const latencies = [];
  let n = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const http = client(origin);
      while (Date.now() < until) latencies.push(await timed(http, urls[n++ % urls.length]));
    }),
  );
  return { sorted: latencies.sort((a, b) => a - b), perSecond: latencies.length / seconds };
}

/** One member of staff refreshing the admin pages' calls, one after another, until stopped. */
function staffLoop(http, urls) {
  let running = true;
  let pages = 0;
  const done = (async () => {
    while (running) {
      for (const url of urls) await timed(http, url);
      pages++;
    }
  })();
  return async () => {
    running = false;
    await done;
    return pages;
  };
}

const sample = (http, url) => sampleGets(http, url, SAMPLES, 10);

const ms = (v) => v.toFixed(2).padStart(8);

runMain(async () => {
  for (const [file, what] of [[SERVER, 'the gateway'], [DB, 'shared/db']]) {
    if (!fs.existsSync(file)) throw new Error(`${path.relative(ROOT, file)} is missing (${what}): run \`npx -y pnpm@10.34.9 build\` first.`);
  }
  const t0 = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-admin-'));
  try {
    console.log(`bench:admin: ${ORDERS.toLocaleString('en-US')} orders, ${USERS.toLocaleString('en-US')} users, built gateway (embedded, default log level), DATA_DIR ${dataDir}`);
    console.log(`load before: ${execSync('uptime').toString().trim()}`);
    let gateway = await startGateway({ dataDir, env: BENCH_LIMITS });
    const real = await realOrder(gateway.origin);
    await gateway.stop();
    const seedStarted = Date.now();
    const seeded = await seed(dataDir, real);
    console.log(`seeded ${seeded.orders.toLocaleString('en-US')} orders and ${seeded.users.toLocaleString('en-US')} users through the store in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);

    gateway = await startGateway({ dataDir, env: BENCH_LIMITS });
    console.log(`gateway start on that folder (indexes built, dashboard figures rebuilt from the orders): ${(gateway.startMs / 1000).toFixed(1)} s`);
    const staff = client(gateway.origin);
    await staff.json('POST', '/api/auth/login', ADMIN);
    const someone = (await staff.json('GET', '/api/admin/orders/get?limit=1&page=137')).data[0];
    const lastName = someone.address.fullName.split(' ').pop();
    const admin = [
      ['dashboard figures', '/api/admin/orders/stats'],
      ['orders list, page 1', '/api/admin/orders/get?page=1&limit=20'],
      ['orders list, page 40', '/api/admin/orders/get?page=40&limit=20'],
      ['orders list, one status', '/api/admin/orders/get?status=inShipping&page=1&limit=20'],
      ['orders awaiting review', '/api/admin/orders/get?review=awaiting&page=1&limit=20'],
      ['order search, number', `/api/admin/orders/get?q=${encodeURIComponent(someone.orderNumber.slice(0, 6))}&page=1&limit=20`],
      [`order search, name`, `/api/admin/orders/get?q=${encodeURIComponent(lastName)}&page=1&limit=20`],
      ['users list, page 1', '/api/admin/users/get?page=1&limit=20'],
      ['users search', `/api/admin/users/get?q=${encodeURIComponent(lastName)}&page=1&limit=20`],
      ['products list, page 1', '/api/admin/products/get?page=1&limit=20'],
      ['products, low stock', '/api/admin/products/get?lowStock=true&page=1&limit=20'],
    ];
    const baseline = await sample(staff, '/api/payments/config');
    const base50 = percentile(baseline, 50);
    console.log(`\n${'admin call'.padEnd(28)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'p50 vs trivial'.padStart(15)}  < ${ADMIN_P50_LIMIT_MS} ms p50`);
    console.log(`${'trivial route (baseline)'.padEnd(28)} ${ms(base50)} ${ms(percentile(baseline, 99))} ${'1.00x'.padStart(15)}`);
    let adminPass = true;
    for (const [label, url] of admin) {
      const s = await sample(staff, url);
      const p50 = percentile(s, 50);
      const pass = p50 < ADMIN_P50_LIMIT_MS;
      adminPass &&= pass;
      console.log(`${label.padEnd(28)} ${ms(p50)} ${ms(percentile(s, 99))} ${`${(p50 / base50).toFixed(2)}x`.padStart(15)}  ${pass ? 'PASS' : 'FAIL'}`);
    }

    const listing = (await staff.json('GET', '/api/shop/products/get?limit=24')).data;
    const shopperUrls = [
      '/api/shop/products/get?page=1&limit=12',
      ...listing.slice(0, 6).map((p) => `/api/shop/products/get/${p._id}`),
      '/api/shop/products/get?page=2&limit=12&sortBy=price-lowtohigh',
      `/api/shop/products/get?page=1&limit=12&category=${encodeURIComponent(listing[0].category)}`,
    ];
    await shoppers(gateway.origin, shopperUrls, 2); // warm-up
    const alone = await shoppers(gateway.origin, shopperUrls, SECONDS);
    const stopStaff = staffLoop(staff, admin.map(([, url]) => url));
    const loaded = await shoppers(gateway.origin, shopperUrls, SECONDS);
    const staffRounds = await stopStaff();
    const ratio = percentile(loaded.sorted, 50) / percentile(alone.sorted, 50);
    console.log(`\nshopper product calls (listing and product pages), ${CONNECTIONS} connections, ${SECONDS} s each`);
    console.log(`${''.padEnd(44)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'req/s'.padStart(8)}`);
    console.log(`${'alone (baseline)'.padEnd(44)} ${ms(percentile(alone.sorted, 50))} ${ms(percentile(alone.sorted, 99))} ${alone.perSecond.toFixed(0).padStart(8)}`);
    console.log(
      `${`staff refreshing admin pages (${(staffRounds / SECONDS).toFixed(1)} rounds/s)`.padEnd(44)} ${ms(percentile(loaded.sorted, 50))} ${ms(percentile(loaded.sorted, 99))} ${loaded.perSecond.toFixed(0).padStart(8)}`,
    );
    console.log(`shopper p50 with staff / alone: ${ratio.toFixed(2)}x (req/s ${(loaded.perSecond / alone.perSecond).toFixed(2)}x)  ${ratio < SHOPPER_RATIO_LIMIT ? 'PASS' : 'FAIL'} (< ${SHOPPER_RATIO_LIMIT}x)`);
    console.log(`admin calls under ${ADMIN_P50_LIMIT_MS} ms at p50: ${adminPass ? 'PASS' : 'FAIL'}`);
    console.log(`load after: ${execSync('uptime').toString().trim()}; ${((Date.now() - t0) / 1000).toFixed(0)} s in all`);
    await gateway.stop();
    if (!adminPass || ratio >= SHOPPER_RATIO_LIMIT) process.exitCode = 1;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
