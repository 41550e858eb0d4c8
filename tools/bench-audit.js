#!/usr/bin/env node
// pnpm bench:audit — the Audit screen's calls at 1,000,000 audit entries, through the built gateway (embedded mode,
// as `pnpm start` runs it), and how many entries one shopper's purchase writes.
//
// 1. A fresh DATA_DIR and `node services/gateway/dist/server.js` (demo catalog and staff): the trail is counted
//    through GET /api/admin/audit, one new shopper buys a product through the API as the browser does, and the
//    trail is counted again (a purchase is not a staff decision: expected 0). The gateway stops.
// 2. Bench-only data setup in the store's own line encoding (shared/db's dist): ENTRIES entries appended to the trail after its tail, each
//    hashed and chained with the account service's own code (its dist build), so `pnpm audit:verify` passes on the
//    result. The demo staff and a few more act on products, orders, reviews, roles, banners and health profiles over
//    a year; one in 200 was delivered late by another service and carries an `at` up to two days before its place.
// 3. The gateway again on that folder, staff signed in as the demo admin: p50/p95 of the Audit screen's calls (the
//    first page, one staff member, one entity, a page 50 Older clicks deep, one day a year ago) and of the
//    dashboard figures in the same run (the baseline), the ratio to it, PASS/FAIL against p50 < 100 ms.
// `--entries N` (default 1000000) sets the entries seeded, `--samples N` (default 50) the calls per figure. Figures and
// what is left at 1,000,000 (the gateway's start): README.md#performance.
'use strict';

const { execSync } = require('node:child_process');
const { randomUUID } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runMain, ROOT } = require('./preflight');
const { SERVER, argument, client, percentile, startGateway, sample: sampleGets, buyAsNewShopper } = require('./bench-kit');

const DB_DIST = path.join(ROOT, 'shared', 'db', 'dist');
const DB = path.join(DB_DIST, 'index.js');
const CHAIN = path.join(ROOT, 'services', 'account', 'dist', 'audit', 'chain.js');
const ADMIN = { email: 'admin@pharmacy.local', password: 'Admin123!demo' };
const STAFF_EMAILS = ['admin@pharmacy.local', 'pharmacist@pharmacy.local', 'catalogue@pharmacy.local', 'support@pharmacy.local'];
const P50_LIMIT_MS = 100;
const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 10_000;
const BENCH_LIMITS = { RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_REGISTER: '1000' };

const ENTRIES = Number(argument('--entries', '1000000'));
const SAMPLES = Number(argument('--samples', '50'));

/** How many entries the trail holds above `seq`, read through the API a page at a time. */
async function entriesAfter(staff, seq) {
  let n = 0;
  let after = seq;
  for (;;) {
    const page = await staff.json('GET', `/api/admin/audit?after=${after}&limit=100`);
    n += page.data.length;
    if (page.newer === null || page.data.length === 0) return n;
    after = page.newer;
  }
}

const newestSeq = async (staff) => (await staff.json('GET', '/api/admin/audit?limit=1')).data[0]?.seq ?? 0;

/** Phase 1: one shopper's purchase through the API, the trail counted before and after it. */
async function purchaseWrites(origin) {
  const staff = client(origin);
  await staff.json('POST', '/api/auth/login', ADMIN);
  let before = 0;
  const { orderId } = await buyAsNewShopper(origin, staff, 'bench-audit', async () => {
    before = await newestSeq(staff);
  });
  // Entries from other services arrive through their outboxes: give a late one time to land before counting.
  await new Promise((r) => setTimeout(r, 2000));
  return { orderId, written: await entriesAfter(staff, before) };
}

const EXTRA_STAFF = [
  ['Hannah', 'Okafor', 'pharmacist'], ['Tom', 'Reid', 'support'], ['Sofia', 'Marsh', 'catalogue'], ['Imran', 'Ali', 'admin'],
  ['Ellie', 'Brooks', 'support'], ['Dan', 'Kowalski', 'catalogue'],
];
// What staff do, how often (per 100): [service, action, entity type, how many such entities].
const KINDS = [
  ['catalog', 'product.update', 'product', 2_000, 22], ['catalog', 'stock.adjust', 'product', 2_000, 18],
  ['checkout', 'order.status', 'order', 50_000, 25], ['checkout', 'order.review.approve', 'order', 50_000, 8],
  ['checkout', 'order.review.reject', 'order', 50_000, 2], ['checkout', 'payment.refund', 'order', 50_000, 3],
  ['catalog', 'review.hide', 'review', 10_000, 5], ['account', 'healthProfile.read', 'user', 20_000, 12],
  ['account', 'user.roles', 'user', 20_000, 1], ['catalog', 'banner.update', 'banner', 30, 2], ['gateway', 'remote.deploy', 'remote', 4, 2],
];

/**
 * Phase 2: entries chained after the trail's tail, hashed as the account service hashes them, and appended to the
 * trail's datafile in the store's own line encoding (its dist modules: the JSON, line-separator escapes and
 * checksum nedb's afterSerialization writes). Inserting a million entries through the store's API rebuilt its
 * seven sorted indexes per batch and took 46 minutes on a busy machine; the start that follows loads the very same
 * lines the API would have written, which is what is measured.
 */
async function seed(dataDir) {
  const { openStore } = require(DB);
  const { withChecksum } = require(path.join(DB_DIST, 'line-checksum.js'));
  const { escapeLineSeparators } = require(path.join(DB_DIST, 'datafile.js'));
  const { entryHash, auditDocId } = require(CHAIN);
  let s = 20261127;
  const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const kinds = KINDS.flatMap((k) => Array(k[4]).fill(k));

  const account = await openStore({ name: 'account', dataDir });
  const users = account.collection('users');
  const actors = [];
  for (const email of STAFF_EMAILS) {
    const u = await users.findOne({ email });
    actors.push({ id: u._id, name: `${u.firstName} ${u.lastName}`, role: u.roles[0], roles: u.roles });
  }
  for (const [first, last, role] of EXTRA_STAFF) actors.push({ id: randomUUID(), name: `${first} ${last}`, role, roles: [role] });
  const trail = account.collection('auditTrail');
  const [tail] = await trail.find({}, { sort: { seq: -1 }, limit: 1 });
  // Closed first: the store compacts the file and lets its lock go, so the lines below are appended to a file nobody holds.
  await account.close();

  const file = fs.openSync(path.join(dataDir, 'account', 'auditTrail.db'), 'a');
  let prev = tail ? { seq: tail.seq, hash: tail.hash } : { seq: 0, hash: '0'.repeat(64) };
  const first = prev.seq + 1;
  const end = Date.now() - DAY_MS;
  const start = end - 365 * DAY_MS;
  try {
    for (let from = 0; from < ENTRIES; from += BATCH) {
      let lines = '';
      for (let i = from; i < Math.min(ENTRIES, from + BATCH); i++) {
        const [service, action, type, pool] = pick(kinds);
        const n = Math.floor(rnd() * pool);
        const late = rnd() < 0.005 ? Math.floor(rnd() * 2 * DAY_MS) : 0;
        const seq = prev.seq + 1;
        const body = {
          id: randomUUID(),
          at: new Date(start + Math.floor((i * (end - start)) / ENTRIES) - late).toISOString(),
          service,
          requestId: `bench-${seq}`,
          actor: pick(actors),
          action,
          entity: { type, id: `${type}-${n}`, name: `${type} ${n}` },
          before: { status: 'before', n: n % 7 },
          after: { status: 'after', n: (n + 1) % 7 },
          seq,
          prevHash: prev.hash,
        };
        const entry = { ...body, hash: entryHash(body) };
        lines += `${withChecksum(escapeLineSeparators(JSON.stringify({ _id: auditDocId(seq), ...entry })))}\n`;
        prev = entry;
      }
      fs.writeSync(file, lines);
    }
    fs.fsyncSync(file);
  } finally {
    fs.closeSync(file);
  }
  return { first, last: prev.seq, actors };
}

const sample = (http, url) => sampleGets(http, url, SAMPLES, 3);

const ms = (v) => v.toFixed(2).padStart(8);

runMain(async () => {
  for (const [file, what] of [[SERVER, 'the gateway'], [DB, 'shared/db'], [CHAIN, 'the account service']]) {
    if (!fs.existsSync(file)) throw new Error(`${path.relative(ROOT, file)} is missing (${what}): run \`npx -y pnpm@10.34.9 build\` first.`);
  }
  const t0 = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-audit-'));
  try {
    console.log(`bench:audit: ${ENTRIES.toLocaleString('en-US')} audit entries, built gateway (embedded, default log level), DATA_DIR ${dataDir}`);
    console.log(`load before: ${execSync('uptime').toString().trim()}`);
    let gateway = await startGateway({ dataDir, env: BENCH_LIMITS });
    const purchase = await purchaseWrites(gateway.origin);
    await gateway.stop();
    console.log(`audit entries written by one shopper purchase (order ${purchase.orderId}): ${purchase.written}`);

    const seedStarted = Date.now();
    const seeded = await seed(dataDir);
    console.log(`seeded entries ${seeded.first.toLocaleString('en-US')}–${seeded.last.toLocaleString('en-US')}, chained, in the store's line encoding in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);

    gateway = await startGateway({ dataDir, env: BENCH_LIMITS, timeoutMs: 600_000 });
    console.log(`gateway start on that folder (trail loaded, indexes built): ${(gateway.startMs / 1000).toFixed(1)} s`);
    const staff = client(gateway.origin);
    await staff.json('POST', '/api/auth/login', ADMIN);
    const pharmacist = seeded.actors[1];
    const someone = (await staff.json('GET', '/api/admin/audit?limit=1&entityType=order')).data[0].entity;
    let cursor;
    for (let i = 0, url = '/api/admin/audit'; i < 50; i++) {
      cursor = (await staff.json('GET', url)).older;
      url = `/api/admin/audit?before=${cursor}`;
    }
    const yearAgo = new Date(Date.now() - 340 * DAY_MS).toISOString().slice(0, 10);
    const calls = [
      ['first page', '/api/admin/audit'],
      [`one staff member (${pharmacist.name})`, `/api/admin/audit?actorId=${encodeURIComponent(pharmacist.id)}`],
      [`one entity (${someone.id})`, `/api/admin/audit?entityType=${someone.type}&entityId=${encodeURIComponent(someone.id)}`],
      ['page 51 (50 Older clicks)', `/api/admin/audit?before=${cursor}`],
      [`one day 340 days ago (${yearAgo})`, `/api/admin/audit?from=${yearAgo}&to=${yearAgo}`],
    ];
    const baseline = await sample(staff, '/api/admin/orders/stats');
    const base50 = percentile(baseline, 50);
    console.log(`\n${'call'.padEnd(44)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p50 vs baseline'.padStart(16)}  < ${P50_LIMIT_MS} ms p50`);
    console.log(`${'dashboard figures (baseline)'.padEnd(44)} ${ms(base50)} ${ms(percentile(baseline, 95))} ${'1.00x'.padStart(16)}`);
    let pass = true;
    for (const [label, url] of calls) {
      const sorted = await sample(staff, url);
      const p50 = percentile(sorted, 50);
      pass &&= p50 < P50_LIMIT_MS;
      console.log(`${label.padEnd(44)} ${ms(p50)} ${ms(percentile(sorted, 95))} ${`${(p50 / base50).toFixed(2)}x`.padStart(16)}  ${p50 < P50_LIMIT_MS ? 'PASS' : 'FAIL'}`);
    }
    console.log(`\naudit entries per shopper purchase: ${purchase.written} (expected 0: a purchase is not a staff decision)  ${purchase.written === 0 ? 'PASS' : 'FAIL'}`);
    console.log(`Audit screen calls under ${P50_LIMIT_MS} ms at p50: ${pass ? 'PASS' : 'FAIL'}`);
    console.log(`load after: ${execSync('uptime').toString().trim()}; ${((Date.now() - t0) / 1000).toFixed(0)} s in all`);
    await gateway.stop();
    if (!pass || purchase.written !== 0) process.exitCode = 1;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
