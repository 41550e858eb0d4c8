/**
 * Every datafile line carries a CRC-32 of its JSON. A byte changed inside a string value leaves the line valid JSON;
 * the checksum is what refuses it, at start, in data:check and in data:repair, like any other unreadable line.
 * Files written before checksums load as they are and get them at the compaction of their first load.
 */
import { appendFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openEmbeddedStore, UnreadableDataError } from '../src';
import { jsonLinesOf, jsonOfLine, signedLine } from './datafile-lines';
import { runDataTool, tempDirs } from './data-tool';

const tempDir = tempDirs('pharmacy-checksum-');

/** Ids that sort like their numbers: a compacted file holds them in that order, order-07 on line 7. */
const order = (n: number) => ({ _id: `order-${String(n).padStart(2, '0')}`, status: 'paid', shopper: 'Zoë Lee', totalCents: 1000 + n });
const ORDERS = Array.from({ length: 20 }, (_, i) => order(i + 1));

/** A checkout folder whose orders.db the store wrote: the 20 orders, compacted on close. */
async function storedOrders() {
  const dataDir = tempDir();
  const store = await openEmbeddedStore({ name: 'checkout', dataDir });
  await store.collection('orders').insertMany(ORDERS);
  await store.close();
  return { dataDir, file: path.join(dataDir, 'checkout', 'orders.db') };
}

/** The file with one byte of line `at` (1-based) changed inside a string value: "paid" becomes "pajd". */
function damageLine(file: string, at: number): string {
  const lines = readFileSync(file, 'utf8').split('\n');
  const damaged = lines[at - 1].replace('"paid"', '"pajd"');
  expect(damaged).not.toBe(lines[at - 1]);
  // Still a valid JSON document: nothing but the checksum can tell.
  expect(JSON.parse(damaged.replace(/ crc32:[0-9a-f]{8}$/, ''))).toMatchObject({ status: 'pajd' });
  lines[at - 1] = damaged;
  writeFileSync(file, lines.join('\n'));
  return damaged;
}

async function ordersIn(dataDir: string) {
  const store = await openEmbeddedStore({ name: 'checkout', dataDir });
  try {
    return await store.collection('orders').find({}, { sort: { totalCents: 1 } });
  } finally {
    await store.close();
  }
}

describe('each line carries a checksum', () => {
  it('appended lines and compacted lines end with " crc32:" and the CRC-32 of their JSON', async () => {
    const dataDir = tempDir();
    const store = await openEmbeddedStore({ name: 'checkout', dataDir });
    const file = path.join(dataDir, 'checkout', 'orders.db');
    await store.collection('orders').createIndex({ status: 1 });
    await store.collection('orders').insertMany(ORDERS.slice(0, 2));
    await store.collection('orders').updateOne({ _id: 'order-01' }, { $set: { note: 'Leave with neighbour\nat no. 5', at: new Date(0) } });
    // Before any compaction: what the appends wrote.
    expect(jsonLinesOf(file).map((json) => JSON.parse(json) as object)).toEqual([
      { $$indexCreated: { fieldName: 'status', unique: false, sparse: false } },
      order(1),
      order(2),
      { ...order(1), note: 'Leave with neighbour\nat no. 5', at: { $$date: 0 } },
    ]);
    await store.close();
    expect(jsonLinesOf(file)).toHaveLength(3); // two documents and the index record, each with its checksum
    await expect(runDataTool('check', dataDir)).resolves.toMatchObject({ code: 0, stdout: expect.stringContaining('All 1 file readable') });
  });
});

describe('a byte changed inside a string value', () => {
  it('stops the start naming the file and line, data:check fails on it, data:repair quarantines it', async () => {
    const { dataDir, file } = await storedOrders();
    const damaged = damageLine(file, 7);
    const before = readFileSync(file);

    const error = await openEmbeddedStore({ name: 'checkout', dataDir }).catch((e) => e);
    expect(error).toBeInstanceOf(UnreadableDataError);
    expect(error.message).toContain(`The checkout store cannot start: 1 unreadable line in ${file}.`);
    expect(error.message).toContain(`${file} line 7: checksum mismatch (the line changed after it was written): "{\\"_id\\":\\"order-07\\"`);
    expect(readFileSync(file).equals(before)).toBe(true);

    const check = await runDataTool('check', dataDir);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain(`1 unreadable line in 1 of 1 file in ${dataDir} (checkout):`);
    expect(check.stderr).toContain(`${file} line 7: checksum mismatch`);

    const repair = await runDataTool('repair', dataDir);
    expect(repair).toMatchObject({ code: 0, stderr: '' });
    expect(repair.stdout).toContain(`${file}: moved 1 line to ${file}.quarantine-`);
    expect(repair.stdout).toContain('  line 7: checksum mismatch');
    const [quarantine] = readdirSync(path.dirname(file)).filter((n) => n.startsWith('orders.db.quarantine-'));
    expect(readFileSync(path.join(path.dirname(file), quarantine), 'utf8')).toBe(`${damaged}\n`);
    expect(await ordersIn(dataDir)).toEqual(ORDERS.filter((o) => o._id !== 'order-07'));
  });

  it('in a file damaged after the store opened, nedb’s own load refuses it too', async () => {
    const dataDir = tempDir();
    const store = await openEmbeddedStore({ name: 'checkout', dataDir }); // the folder was empty when it was checked
    try {
      const file = path.join(dataDir, 'checkout', 'orders.db');
      writeFileSync(file, ORDERS.map((o) => `${signedLine(JSON.stringify(o))}\n`).join(''));
      damageLine(file, 12);
      const error = await store.collection('orders').find({}).catch((e) => e);
      expect(error).toBeInstanceOf(UnreadableDataError);
      expect(error.message).toContain(`${file} line 12: checksum mismatch`);
    } finally {
      await store.close();
    }
  });
});

describe('datafiles written before checksums', () => {
  it('load as they are, and the compaction of their first load gives every line its checksum', async () => {
    const dataDir = tempDir();
    const folder = path.join(dataDir, 'checkout');
    mkdirSync(folder, { recursive: true });
    const file = path.join(folder, 'orders.db');
    // An install upgraded in place: an index record, documents, an update line, a deletion, a Date, no checksums.
    const old = [
      { $$indexCreated: { fieldName: 'status', unique: false, sparse: false } },
      ...ORDERS.slice(0, 3),
      { ...order(2), status: 'refunded', at: { $$date: 1700000000000 } },
      { _id: 'order-03', $$deleted: true },
    ];
    writeFileSync(file, old.map((r) => `${JSON.stringify(r)}\n`).join(''));
    await expect(runDataTool('check', dataDir)).resolves.toMatchObject({ code: 0 });

    const store = await openEmbeddedStore({ name: 'checkout', dataDir });
    try {
      expect(await store.collection('orders').find({}, { sort: { _id: 1 } })).toEqual([
        order(1),
        { ...order(2), status: 'refunded', at: new Date(1700000000000) },
      ]);
      // Loading compacted the file: the live documents and the index record, now each with its checksum.
      expect(jsonLinesOf(file).map((json) => JSON.parse(json) as object)).toEqual([
        order(1),
        { ...order(2), status: 'refunded', at: { $$date: 1700000000000 } },
        { $$indexCreated: { fieldName: 'status', unique: false, sparse: false } },
      ]);
    } finally {
      await store.close();
    }
  });

  it('a line without a checksum in a file whose lines carry one is refused, and quarantined by data:repair', async () => {
    const { dataDir, file } = await storedOrders();
    const lines = readFileSync(file, 'utf8').split('\n');
    // The checksum gone from line 4: what is left is a valid JSON document that nothing vouches for.
    lines[3] = jsonOfLine(lines[3]);
    writeFileSync(file, lines.join('\n'));

    await expect(openEmbeddedStore({ name: 'checkout', dataDir })).rejects.toThrow(
      `${file} line 4: no checksum, in a file whose lines carry one`,
    );
    const repair = await runDataTool('repair', dataDir);
    expect(repair.stdout).toContain('  line 4: no checksum');
    expect(await ordersIn(dataDir)).toEqual(ORDERS.filter((o) => o._id !== 'order-04'));
  });
});

describe('a power cut in the middle of an append', () => {
  it.each([
    ['inside its checksum', (line: string) => line.slice(0, -3)],
    ['just before its checksum (the JSON complete)', (line: string) => jsonOfLine(line)],
  ])('a last line cut %s is an incomplete last line, repaired with every earlier order kept', async (_where, cut) => {
    const { dataDir, file } = await storedOrders();
    const next = cut(signedLine(JSON.stringify(order(21))));
    appendFileSync(file, next);

    await expect(openEmbeddedStore({ name: 'checkout', dataDir })).rejects.toThrow(
      `${file} line 21: incomplete last line (a write cut short by a crash or a full disk)`,
    );
    const repair = await runDataTool('repair', dataDir);
    expect(repair.stdout).toContain('  line 21: incomplete last line');
    expect(await ordersIn(dataDir)).toEqual(ORDERS);
  });
});
