/**
 * The embedded store's ordered indexes (src/sorted-index.ts): a page comes from the documents it needs, not from
 * matching and sorting every document, and the index survives a reopen from the files.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openStore, type Doc } from '../src';
import { SortedIndex } from '../src/sorted-index';

// nedb's matcher, watched (not replaced) to see how many documents a call looked at.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- nedb's internal module, the one both paths call
const nedbModel = require('@seald-io/nedb/lib/model') as { match: (doc: unknown, query: unknown) => boolean };

type Order = Doc & { createdAt: number; status: string; userId: string };
const orders = (n: number): Order[] =>
  Array.from({ length: n }, (_, i) => ({
    _id: `o${String(i).padStart(5, '0')}`,
    createdAt: 1_700_000_000_000 + i * 1000,
    status: ['pending', 'shipped', 'delivered'][i % 3],
    userId: `u${i % 50}`,
  }));

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
afterEach(() => jest.restoreAllMocks());

it('a newest-first page, an equality page and their counts read no more documents than the page', async () => {
  const store = await openStore({ name: 'idx', inMemory: true });
  const col = store.collection<Order>('orders');
  await col.createIndex({ createdAt: -1 });
  await col.createIndex({ status: 1, createdAt: -1 });
  await col.insertMany(orders(3000));
  const match = jest.spyOn(nedbModel, 'match');

  const page = await col.find({}, { sort: { createdAt: -1, _id: 1 }, skip: 20, limit: 20 });
  expect(page.map((o) => o._id)).toEqual(orders(3000).reverse().slice(20, 40).map((o) => o._id));
  const shipped = await col.find({ status: 'shipped' }, { sort: { createdAt: -1 }, limit: 5 });
  expect(shipped.map((o) => o._id)).toEqual(['o02998', 'o02995', 'o02992', 'o02989', 'o02986']);
  await expect(col.countDocuments({})).resolves.toBe(3000);
  await expect(col.countDocuments({ status: 'shipped' })).resolves.toBe(1000);
  expect(match).not.toHaveBeenCalled();

  // A filter off the index is matched only until the page is full.
  const mine = await col.find({ userId: 'u7' }, { sort: { createdAt: -1, _id: 1 }, limit: 3 });
  expect(mine.map((o) => o._id)).toEqual(['o02957', 'o02907', 'o02857']);
  expect(match.mock.calls.length).toBeLessThanOrEqual(150);
  await store.close();
});

it('is rebuilt from the files on reopen and follows writes made after it', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pharmacy-idx-'));
  dirs.push(dataDir);
  let store = await openStore({ name: 'idx', dataDir });
  let col = store.collection<Order>('orders');
  await col.createIndex({ createdAt: -1 });
  await col.insertMany(orders(50));
  await col.updateOne({ _id: 'o00000' }, { $set: { createdAt: 1_800_000_000_000 } });
  await store.close();

  store = await openStore({ name: 'idx', dataDir });
  col = store.collection<Order>('orders');
  await col.createIndex({ createdAt: -1 });
  await col.deleteOne({ _id: 'o00049' });
  const page = await col.find({}, { sort: { createdAt: -1, _id: 1 }, limit: 3 });
  expect(page.map((o) => o._id)).toEqual(['o00000', 'o00048', 'o00047']);
  await expect(col.countDocuments({})).resolves.toBe(49);
  await store.close();
});

it('a unique violation changes neither the documents nor the ordered index', async () => {
  const store = await openStore({ name: 'idx', inMemory: true });
  const col = store.collection<Order & { email: string }>('users');
  await col.createIndex({ email: 1 }, { unique: true });
  await col.createIndex({ createdAt: -1 });
  await col.insertOne({ _id: 'a', email: 'a@x.io', createdAt: 1, status: '', userId: '' });
  await expect(
    col.insertMany([
      { _id: 'b', email: 'b@x.io', createdAt: 2, status: '', userId: '' },
      { _id: 'c', email: 'a@x.io', createdAt: 3, status: '', userId: '' },
    ]),
  ).rejects.toMatchObject({ code: 11000 });
  await expect(col.updateOne({ _id: 'a' }, { $set: { email: 'a@x.io', createdAt: 9 } })).resolves.toMatchObject({ matchedCount: 1 });
  await col.insertOne({ _id: 'd', email: 'd@x.io', createdAt: 5, status: '', userId: '' });
  await expect(col.updateOne({ _id: 'd' }, { $set: { email: 'a@x.io', createdAt: 99 } })).rejects.toMatchObject({ code: 11000 });
  expect((await col.find({}, { sort: { createdAt: -1 } })).map((u) => u._id)).toEqual(['a', 'd']);
  await expect(col.countDocuments({})).resolves.toBe(2);
  await store.close();
});

it("a keyset page (a range on the key after the equalities) seeks its start instead of walking to it, both ways", async () => {
  const store = await openStore({ name: 'idx', inMemory: true });
  const col = store.collection<Order>('orders');
  await col.createIndex({ createdAt: 1, _id: 1 });
  await col.createIndex({ status: 1, createdAt: 1, _id: 1 });
  const all = orders(3000);
  await col.insertMany(all);
  const t = (i: number) => all[i].createdAt;
  const match = jest.spyOn(nedbModel, 'match');

  const older = await col.find({ createdAt: { $lt: t(100) } }, { sort: { createdAt: -1, _id: -1 }, limit: 5 });
  expect(older.map((o) => o._id)).toEqual(['o00099', 'o00098', 'o00097', 'o00096', 'o00095']);
  const newer = await col.find({ createdAt: { $gt: t(100) } }, { sort: { createdAt: 1, _id: 1 }, limit: 3 });
  expect(newer.map((o) => o._id)).toEqual(['o00101', 'o00102', 'o00103']);
  const between = await col.find({ status: 'shipped', createdAt: { $gte: t(10), $lte: t(19) } }, { sort: { createdAt: -1, _id: -1 } });
  expect(between.map((o) => o._id)).toEqual(['o00019', 'o00016', 'o00013', 'o00010']);
  await expect(col.countDocuments({ createdAt: { $gte: t(2990) } })).resolves.toBe(10);
  // A walk from either end to position 100 would have matched thousands of documents.
  expect(match.mock.calls.length).toBeLessThan(100);
  // Values of another type than the bound are never taken for matches.
  await col.insertOne({ _id: 'odd', createdAt: 'yesterday' as unknown as number, status: 'shipped', userId: 'u1' });
  expect((await col.find({ createdAt: { $lt: t(2) } }, { sort: { createdAt: -1, _id: -1 } })).map((o) => o._id)).toEqual(['o00001', 'o00000']);
  await store.close();
});

it('a range whose matches sit at the far end of an ordered walk gives up the walk for the range index, with the same page', async () => {
  const store = await openStore({ name: 'idx', inMemory: true });
  type Entry = Doc & { seq: number; at: string };
  const col = store.collection<Entry>('trail');
  await col.createIndex({ seq: 1, _id: 1 });
  await col.createIndex({ at: 1 });
  // Appended in time order, 100 a day for 30 days, then one of the first day delivered late.
  const day = (d: number, i: number) => `2026-10-${String(d).padStart(2, '0')}T09:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.000Z`;
  const all: Entry[] = Array.from({ length: 3000 }, (_, i) => ({ _id: String(i + 1).padStart(6, '0'), seq: i + 1, at: day(1 + Math.floor(i / 100), i % 100) }));
  all.push({ _id: '003001', seq: 3001, at: '2026-10-01T08:00:00.000Z' });
  await col.insertMany(all);
  const read = jest.spyOn(SortedIndex.prototype, 'at');

  // Three days of thirty: even matches would fill a page within 250 entries of the walk, so it is planned first.
  const firstDays = { at: { $gte: '2026-10-01T00:00:00.000Z', $lt: '2026-10-04T00:00:00.000Z' } };
  const page = await col.find(firstDays, { sort: { seq: -1, _id: -1 }, limit: 25 });
  expect(page.map((e) => e.seq)).toEqual([3001, ...Array.from({ length: 24 }, (_, i) => 300 - i)]);
  // Walking seq down to those days reads about 3,000 entries.
  expect(read.mock.calls.length).toBeLessThan(1500);

  // A wide range the walk meets at once stays a walk of a page's worth.
  read.mockClear();
  const lastDays = await col.find({ at: { $gte: '2026-10-21T00:00:00.000Z' } }, { sort: { seq: -1, _id: -1 }, limit: 25 });
  expect(lastDays.map((e) => e.seq)).toEqual(Array.from({ length: 25 }, (_, i) => 3000 - i));
  expect(read.mock.calls.length).toBeLessThan(50);
  await store.close();
});
