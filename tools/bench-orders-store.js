#!/usr/bin/env node
// pnpm bench:orders-store — what one order write costs the embedded store as orders accumulate, with the checkout's
// own order indexes (services/checkout ordersCollection), in memory so only the store's CPU is measured (no disk).
//
// For 1,000 and 20,000 orders: the CPU per order update (a purchase's writes: payment started, captured, paid,
// stock committed), first with the store as built (nedb's index removal by identity, shared/db
// nedb-index-removal.ts), then in the same run with the store opened with `indexRemoval: 'nedb'` (the baseline: nedb's
// own removal, which rebuilds the list of every key the order shares, e.g. its review status, at each write). Prints µs per write, how it grows from
// 1,000 to 20,000 orders, and the ratios; PASS when the store's write at 20,000 orders costs at most half the
// baseline's (what is left of the growth is the heap: V8's collections over a larger one).
// Needs the built packages (`node tools/build.js`, or the services' and shared packages' build).
'use strict';

const os = require('node:os');
const path = require('node:path');
const { runMain, ROOT } = require('./preflight');

const SIZES = [1000, 20000];
const WRITES = 4000;
const ROUNDS = 3;

function order(i) {
  const at = 1_750_000_000_000 + i * 1000;
  return {
    _id: `bench-order-${String(i).padStart(6, '0')}`, orderNumber: `PH-${String(i).padStart(8, '0')}`, userId: `bench-user-${i % 2000}`,
    items: [{ productId: 'p1', title: 'Vitamin D', image: '', brand: 'Acme', unitPriceCents: 1250, quantity: 1, warnings: [] }],
    productIds: ['p1'], address: { addressId: 'a1', fullName: 'Bench Shopper', line1: '3 Mill Road', city: 'Leeds', postalCode: 'LS1 5AB', phone: '+44 113 496 0000' },
    totalCents: 1649, subtotalCents: 1250, currency: 'GBP', orderStatus: 'confirmed', paymentStatus: 'paid', paymentMethod: 'sandbox',
    paymentId: `SBX-${i}`, payerId: 'P', captureId: `C-${i}`, stock: 'committed', captureLockUntil: 0, capturing: null,
    review: { status: 'none', reasons: [], decidedBy: null, decidedAt: null, note: null }, history: [], createdAt: at, updatedAt: at, expiresAt: at + 1_800_000,
  };
}

/** The writes one purchase makes to its order after creating it, in turn on orders spread over the collection. */
const WRITES_OF_A_PURCHASE = [
  (at) => ({ $set: { paymentId: `SBX-${at}`, stock: 'held', updatedAt: at } }),
  (at) => ({ $set: { captureLockUntil: at + 60_000, capturing: { payerId: 'P', at } } }),
  (at) => ({ $set: { paymentStatus: 'paid', orderStatus: 'confirmed', stock: 'commit-pending', captureLockUntil: 0, capturing: null, updatedAt: at } }),
  () => ({ $set: { stock: 'committed' } }),
];

async function measure(size, indexRemoval) {
  const { openEmbeddedStore } = require(path.join(ROOT, 'shared', 'db', 'dist'));
  const { ordersCollection } = require(path.join(ROOT, 'services', 'checkout', 'dist', 'orders', 'store.js'));
  const store = await openEmbeddedStore({ name: 'bench-orders-store', inMemory: true, indexRemoval });
  try {
    const orders = await ordersCollection(store);
    for (let i = 0; i < size; i += 1000) await orders.insertMany(Array.from({ length: Math.min(1000, size - i) }, (_, k) => order(i + k)));
    let best = Infinity;
    for (let round = 0; round < ROUNDS; round++) {
      const started = process.cpuUsage();
      for (let w = 0; w < WRITES; w++) {
        const i = (w * 7919 + round) % size;
        await orders.updateOne({ _id: order(i)._id }, WRITES_OF_A_PURCHASE[w % WRITES_OF_A_PURCHASE.length](Date.now()));
      }
      const used = process.cpuUsage(started);
      best = Math.min(best, (used.user + used.system) / WRITES);
    }
    return best;
  } finally {
    await store.close();
  }
}

runMain(async () => {
  console.log(`bench:orders-store: checkout's order indexes, in memory, ${WRITES} order writes per round, best of ${ROUNDS}; load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const results = {};
  // A warm-up of each (the first rounds run before the JIT has compiled the store's paths).
  for (const removal of ['identity', 'nedb']) await measure(SIZES[0], removal);
  for (const [label, removal] of [['store as built', 'identity'], ["nedb's own removal (baseline)", 'nedb']]) {
    results[label] = {};
    for (const size of SIZES) results[label][size] = await measure(size, removal);
  }
  const [small, large] = SIZES;
  console.log(`\n${'removal'.padEnd(32)} ${`µs/write @${small}`.padStart(16)} ${`µs/write @${large}`.padStart(17)} ${'growth'.padStart(8)}`);
  for (const [label, r] of Object.entries(results)) {
    console.log(`${label.padEnd(32)} ${r[small].toFixed(1).padStart(16)} ${r[large].toFixed(1).padStart(17)} ${`${(r[large] / r[small]).toFixed(2)}×`.padStart(8)}`);
  }
  const built = results['store as built'];
  const base = results["nedb's own removal (baseline)"];
  console.log(`\nstore / baseline: ${(built[small] / base[small]).toFixed(2)}× CPU per order write at ${small} orders, ${(built[large] / base[large]).toFixed(2)}× at ${large}`);
  const pass = built[large] <= 0.5 * base[large];
  console.log(
    `${pass ? 'PASS' : 'FAIL'}: an order write at ${large} orders costs ${(built[large] / base[large]).toFixed(2)}× the baseline's (target at most 0.5×); ` +
      `load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  );
  return pass ? 0 : 1;
});
