/**
 * nedb appends a line for every write; the store compacts while it runs so a datafile stays bounded by its
 * live documents instead of its history.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openEmbeddedStore, type EmbeddedStore } from '../src';
import { jsonLinesOf } from './datafile-lines';

const tempDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pharmacy-compact-'));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => tempDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('compaction while the store runs', () => {
  let store: EmbeddedStore;
  afterEach(() => store?.close());

  it('1,000 updates to one document never leave more than its line plus 100 appended, and a compaction leaves one', async () => {
    const dataDir = tempDir();
    store = await openEmbeddedStore({ name: 'catalog', dataDir, compactAfterAppends: 100 });
    const products = store.collection('products');
    const file = path.join(dataDir, 'catalog', 'products.db');
    await products.insertOne({ _id: 'p1', totalStock: 0 });
    let longest = 0;
    for (let i = 1; i <= 1000; i++) {
      await products.updateOne({ _id: 'p1' }, { $inc: { totalStock: 1 } });
      longest = Math.max(longest, jsonLinesOf(file).length);
    }
    // The 100th append queues the compaction; whether the test reads the file before or after it runs depends on
    // when that write's flush starts (group commit), so the longest file is its line plus 99 or 100.
    expect(longest).toBeGreaterThanOrEqual(100);
    expect(longest).toBeLessThanOrEqual(1 + 100);
    await store.compactDirty();
    expect(jsonLinesOf(file)).toEqual([JSON.stringify({ _id: 'p1', totalStock: 1000 })]);
    expect(await products.findOne({ _id: 'p1' })).toEqual({ _id: 'p1', totalStock: 1000 });
  });

  it('a collection with more documents than the threshold is compacted once its appends outnumber them', async () => {
    const dataDir = tempDir();
    store = await openEmbeddedStore({ name: 'catalog', dataDir, compactAfterAppends: 10 });
    const products = store.collection('products');
    const file = path.join(dataDir, 'catalog', 'products.db');
    await products.insertMany(Array.from({ length: 50 }, (_, i) => ({ _id: `p${i}`, n: 0 })));
    await products.createIndex({ n: 1 });
    await store.compactDirty(); // 50 documents and the index record
    for (let i = 0; i < 49; i++) await products.updateOne({ _id: 'p0' }, { $inc: { n: 1 } });
    expect(jsonLinesOf(file)).toHaveLength(51 + 49); // below the 50 documents' worth: not yet rewritten
    await products.updateOne({ _id: 'p0' }, { $inc: { n: 1 } });
    await products.countDocuments(); // the compaction queued behind that write has finished
    expect(jsonLinesOf(file)).toHaveLength(51);
  });

  it('collections with appends are compacted on the interval, untouched ones are not rewritten', async () => {
    const dataDir = tempDir();
    store = await openEmbeddedStore({ name: 'checkout', dataDir, compactionIntervalMs: 20 });
    const orders = store.collection('orders');
    const carts = store.collection('carts');
    await orders.insertOne({ _id: 'o1', status: 'pending' });
    await carts.insertOne({ _id: 'c1' });
    await store.compactDirty();
    // A compaction renames a newly written file over the old one: another inode or a later modification time.
    const identity = () => {
      const { ino, mtimeNs } = statSync(path.join(dataDir, 'checkout', 'carts.db'), { bigint: true });
      return `${ino}@${mtimeNs}`;
    };
    const cartsFile = identity();
    await orders.updateOne({ _id: 'o1' }, { $set: { status: 'paid' } });
    const file = path.join(dataDir, 'checkout', 'orders.db');
    expect(jsonLinesOf(file)).toHaveLength(2);
    const deadline = Date.now() + 5_000;
    while (jsonLinesOf(file).length > 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(jsonLinesOf(file)).toEqual([JSON.stringify({ _id: 'o1', status: 'paid' })]);
    await new Promise((r) => setTimeout(r, 60)); // several more ticks
    expect(identity()).toBe(cartsFile);
  });

  it('appends after a compaction reach the rewritten file at its path, before any close (a crash keeps them)', async () => {
    const dataDir = tempDir();
    store = await openEmbeddedStore({ name: 'checkout', dataDir });
    const orders = store.collection('orders');
    const file = path.join(dataDir, 'checkout', 'orders.db');
    await orders.insertOne({ _id: 'o1', status: 'pending' });
    await store.compactDirty();
    await orders.updateOne({ _id: 'o1' }, { $set: { status: 'paid' } });
    await orders.insertOne({ _id: 'o2', status: 'pending' });
    expect(jsonLinesOf(file).map((l) => JSON.parse(l) as object)).toEqual([
      { _id: 'o1', status: 'pending' },
      { _id: 'o1', status: 'paid' },
      { _id: 'o2', status: 'pending' },
    ]);
  });

  it('refuses a compaction setting that is not a positive integer', async () => {
    await expect(openEmbeddedStore({ name: 'x', dataDir: tempDir(), compactAfterAppends: 0 })).rejects.toThrow(
      'compactAfterAppends must be a positive integer, not 0',
    );
  });
});
