#!/usr/bin/env node
// pnpm bench:recall — a recall's affected list at 100,000 orders and 1,000 batches, and what the supply rules add to
// cart add, through the built gateway (embedded mode, as `pnpm start` runs it). Builds nothing.
//
// 1. A fresh DATA_DIR and `node services/gateway/dist/server.js` (demo catalog and staff): one shopper signs up and
//    buys a product through the API as the browser does (the template order); the gateway stops.
// 2. Bench-only data setup through the store (shared/db's dist, the store's own encoding): ORDERS paid orders cloned
//    from the template, each line taking units of one of BATCHES batches (`items[].batches`), with their
//    `order_batches` rows as checkout writes them; one class 2 recall of one batch, quarantined, with a notice per
//    affected shopper (docs/domain.md#recalls).
// 3. The gateway again on that folder: the demo pharmacist reads GET /api/admin/recalls/:id (p50/p95, PASS under
//    1 s at p50); a shopper's POST /api/shop/cart/add of a medicine the rules look at, in turn with the same call on a
//    second gateway started beside it on a copy of the folder with SUPPLY_LIMITS_BENCH_OFF=true (the limits engine's
//    switch: cart add without the supply rules): both p50s and the delta, PASS under 2 ms.
// `--orders N` (default 100000), `--batches N` (default 1000), `--samples N` (default 50). Figures: README.md#performance.
'use strict';

const { execSync } = require('node:child_process');
const { randomUUID } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runMain, ROOT } = require('./preflight');
const { SERVER, argument, client, percentile, startGateway, sample: sampleGets, buyAsNewShopper } = require('./bench-kit');

const DB = path.join(ROOT, 'shared', 'db', 'dist', 'index.js');
const ADMIN = { email: 'admin@pharmacy.local', password: 'Admin123!demo' };
const PHARMACIST = { email: 'pharmacist@pharmacy.local', password: 'Pharmacist123!demo' };
const SHOPPER_PASSWORD = 'Steady-lantern-58';
const RECALL_ID = 'bench-recall';
const LIST_P50_LIMIT_MS = 1000;
const CART_DELTA_LIMIT_MS = 2;
const DAY_MS = 24 * 60 * 60 * 1000;
// The bench signs in and adds to carts from one address more often than a person would.
const BENCH_LIMITS = { RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_REGISTER: '1000', RATE_LIMIT_CART: '1000000' };

const ORDERS = Number(argument('--orders', '100000'));
const BATCHES = Number(argument('--batches', '1000'));
const SAMPLES = Number(argument('--samples', '50'));
/** The cart add timed: an over-the-counter medicine every rule looks at (its ingredient is in the table). */
const RULED_PRODUCT = 'Loratadine 10mg Non-Drowsy Tablets';
/** Cart adds per gateway: more than the list's, since the difference sought is a few milliseconds. */
const CART_SAMPLES = SAMPLES * 4;

const batchId = (n) => `bench-batch-${String(n).padStart(4, '0')}`;

/** Phase 2: orders, their batches' rows, and one recall with its notices, shaped as checkout writes them. */
async function seed(dataDir, real) {
  const { openStore } = require(DB);
  const now = Date.now();
  // Bench setup only: the writes are not made durable one by one (the gateway's own writes below are).
  const checkout = await openStore({ name: 'checkout', dataDir, durable: false });
  const orders = checkout.collection('orders');
  const rows = checkout.collection('order_batches');
  const template = await orders.findOne({ _id: real.orderId });
  const item = template.items[0];
  const recalled = batchId(7);
  const affected = new Map();
  for (let start = 0; start < ORDERS; start += 1000) {
    const docs = [];
    const batchRows = [];
    for (let i = start; i < Math.min(ORDERS, start + 1000); i++) {
      const _id = randomUUID();
      // 20,000 shoppers of five orders each; each batch taken by ORDERS / BATCHES orders, spread over the shoppers.
      const userId = `bench-user-${Math.floor(i / 5)}`;
      const b = (i * 7919) % BATCHES;
      const take = { batchId: batchId(b), lot: `LOT-${b}`, expiresOn: '2027-12-31', quantity: 1 };
      const createdAt = now - ((i * 104729) % (180 * DAY_MS));
      docs.push({
        ...template, _id, orderNumber: `#${_id.slice(0, 8).toUpperCase()}`, userId, items: [{ ...item, quantity: 1, batches: [take] }],
        orderStatus: 'delivered', paymentStatus: 'paid', stock: 'committed', mailsDue: [], createdAt, updatedAt: createdAt, expiresAt: createdAt + 30 * 60_000,
      });
      const row = { _id: `${_id}:${take.batchId}`, orderId: _id, userId, batchId: take.batchId, lot: take.lot, expiresOn: take.expiresOn, productId: item.productId, quantity: 1, paid: true, at: createdAt };
      batchRows.push(row);
      if (take.batchId === recalled) affected.set(userId, [...(affected.get(userId) ?? []), row]);
    }
    await orders.insertMany(docs);
    await rows.insertMany(batchRows);
  }
  const reason = 'Bench: a batch recalled for the bench.';
  const action = 'Stop taking it and bring it back to the pharmacy.';
  await checkout.collection('recalls').insertOne({
    _id: RECALL_ID, recallClass: 2, reason, action, batchIds: [recalled],
    batches: [{ batchId: recalled, productId: item.productId, productTitle: item.title, lot: 'LOT-7', expiresOn: '2027-12-31', quarantined: 0 }],
    state: 'quarantined', createdAt: now, createdBy: { id: 'bench', name: 'Bench Pharmacist' }, quarantinedAt: now,
    orders: [...affected.values()].reduce((n, l) => n + l.length, 0), shoppers: affected.size,
  });
  await checkout.collection('recall_notices').insertMany(
    [...affected].map(([userId, own], i) => ({
      _id: `bench-notice-${i}`, recallId: RECALL_ID, userId, recallClass: 2, reason, action,
      lines: own.map((r) => ({ orderId: r.orderId, batchId: r.batchId, productId: r.productId, productTitle: item.title, lot: r.lot, expiresOn: r.expiresOn, quantity: 1, outcome: 'paid' })),
      mail: 'sent', mailDueAt: now, sentAt: now, openedAt: i % 3 === 0 ? now : null, createdAt: now,
    })),
  );
  await checkout.close();
  return { affectedOrders: [...affected.values()].reduce((n, l) => n + l.length, 0), shoppers: affected.size };
}

/**
 * `n` cart adds of one unit on each of two gateways, taken in turn (a, b, a, b...) so both meet the same moments of
 * the machine; each line is removed again, unmeasured, so the cart never fills. Sorted latencies in ms, per gateway.
 */
async function cartAddsInTurn(shoppers, productId, n, warmup) {
  const out = shoppers.map(() => []);
  for (let i = 0; i < warmup + n; i++) {
    for (const [k, shopper] of shoppers.entries()) {
      const started = process.hrtime.bigint();
      const res = await shopper.call('POST', '/api/shop/cart/add', { productId, quantity: 1 });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`cart add -> ${res.status}`);
      if (i >= warmup) out[k].push(Number(process.hrtime.bigint() - started) / 1e6);
      await (await shopper.call('DELETE', `/api/shop/cart/${productId}`)).arrayBuffer();
    }
  }
  return out.map((latencies) => latencies.sort((a, b) => a - b));
}

/** A signed-in shopper of this gateway: the one who bought the template order (bench-kit's password). */
async function signedIn(origin, email) {
  const shopper = client(origin);
  await shopper.json('POST', '/api/auth/login', { email, password: SHOPPER_PASSWORD });
  return shopper;
}

const ms = (v) => v.toFixed(2).padStart(9);

runMain(async () => {
  for (const [file, what] of [[SERVER, 'the gateway'], [DB, 'shared/db']]) {
    if (!fs.existsSync(file)) throw new Error(`${path.relative(ROOT, file)} is missing (${what}): run \`npx -y pnpm@10.34.9 build\` first.`);
  }
  const t0 = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-recall-'));
  const offDir = `${dataDir}-baseline`;
  try {
    console.log(`bench:recall: ${ORDERS.toLocaleString('en-US')} orders, ${BATCHES.toLocaleString('en-US')} batches, built gateway (embedded), DATA_DIR ${dataDir}`);
    console.log(`load before: ${execSync('uptime').toString().trim()}`);
    let gateway = await startGateway({ dataDir, env: BENCH_LIMITS });
    const staff = client(gateway.origin);
    await staff.json('POST', '/api/auth/login', ADMIN);
    const real = await buyAsNewShopper(gateway.origin, staff, 'bench-recall');
    await gateway.stop();

    const seedStarted = Date.now();
    const seeded = await seed(dataDir, real);
    console.log(`seeded through the store in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s: the recall reaches ${seeded.affectedOrders} orders of ${seeded.shoppers} shoppers`);

    // The embedded store loads every order at start: minutes on a loaded machine at 100,000.
    gateway = await startGateway({ dataDir, env: BENCH_LIMITS, timeoutMs: 900_000 });
    console.log(`gateway start on that folder: ${(gateway.startMs / 1000).toFixed(1)} s`);
    const pharmacist = client(gateway.origin);
    await pharmacist.json('POST', '/api/auth/login', PHARMACIST);
    const list = await sampleGets(pharmacist, `/api/admin/recalls/${RECALL_ID}`, SAMPLES, 5);
    const listed = (await pharmacist.json('GET', `/api/admin/recalls/${RECALL_ID}`)).data.affected.length;
    const shopperOn = await signedIn(gateway.origin, real.email);
    // a medicine whose active ingredient is in the safety table, so the rules are evaluated (a product without one
    // skips them), with no age limit (the bench shopper has no date of birth)
    const medicine = real.products.find((p) => p.title === RULED_PRODUCT);
    if (!medicine) throw new Error(`${RULED_PRODUCT} is not in the demo catalog`);
    const bought = medicine._id;

    // The baseline: a second gateway, without the supply rules, on a copy of the same folder, running beside the
    // first; cart adds alternate between the two, so the machine's moments fall on both alike.
    // (not the running gateway's folder locks: the copy belongs to the baseline alone)
    fs.cpSync(dataDir, offDir, { recursive: true, filter: (from) => path.basename(from) !== '.lock' });
    const baseline = await startGateway({ dataDir: offDir, env: { ...BENCH_LIMITS, SUPPLY_LIMITS_BENCH_OFF: 'true' }, timeoutMs: 900_000 });
    const shopperOff = await signedIn(baseline.origin, real.email);
    const [withRules, withoutRules] = await cartAddsInTurn([shopperOn, shopperOff], bought, CART_SAMPLES, 20);
    await baseline.stop();
    await gateway.stop();

    const list50 = percentile(list, 50);
    const on50 = percentile(withRules, 50);
    const off50 = percentile(withoutRules, 50);
    const delta = on50 - off50;
    console.log(`\n${'call'.padEnd(52)} ${'p50 ms'.padStart(9)} ${'p95 ms'.padStart(9)}  target`);
    console.log(`${`GET /api/admin/recalls/:id (${listed} affected rows)`.padEnd(52)} ${ms(list50)} ${ms(percentile(list, 95))}  < ${LIST_P50_LIMIT_MS} ms p50: ${list50 < LIST_P50_LIMIT_MS ? 'PASS' : 'FAIL'}`);
    console.log(`${'POST /api/shop/cart/add, supply rules on'.padEnd(52)} ${ms(on50)} ${ms(percentile(withRules, 95))}`);
    console.log(`${'POST /api/shop/cart/add, SUPPLY_LIMITS_BENCH_OFF=true'.padEnd(52)} ${ms(off50)} ${ms(percentile(withoutRules, 95))}`);
    console.log(`${'cart add: what the supply rules add (p50 delta)'.padEnd(52)} ${ms(delta)} ${''.padStart(9)}  < ${CART_DELTA_LIMIT_MS} ms: ${delta < CART_DELTA_LIMIT_MS ? 'PASS' : 'FAIL'}`);
    console.log(`load after: ${execSync('uptime').toString().trim()}; ${((Date.now() - t0) / 1000).toFixed(0)} s in all`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(offDir, { recursive: true, force: true });
  }
});
