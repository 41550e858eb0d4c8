/**
 * nedb's index upkeep as the store installs it (src/nedb-index-removal.ts): a key many documents share keeps exactly
 * the documents nedb's own removal would keep, through inserts, updates, removals and multikey values; an update
 * leaves the keys it does not change in place and moves the ones it changes, all or nothing; and the store answers
 * lookups on such keys correctly after many writes.
 */
import * as nedbModule from '@seald-io/nedb';
import { openStore, type Doc } from '../src';
import { removeByIdentity } from '../src/nedb-index-removal';

type NedbClass = typeof import('@seald-io/nedb').default;
const Datastore: NedbClass = (nedbModule as unknown as { default?: NedbClass }).default ?? (nedbModule as unknown as NedbClass);
type Indexed = { indexes: Record<string, { getMatching(v: unknown): Array<{ _id: string }>; getAll(): unknown[] }> };
const ids = (ds: unknown, field: string, value: unknown) => (ds as Indexed).indexes[field].getMatching(value).map((d) => d._id);

/** A datastore in memory with the store's removal, as the embedded store makes each of its own. */
const datastore = () => {
  const ds = new Datastore({ inMemoryOnly: true });
  removeByIdentity(ds);
  return ds;
};

it('removes one document from a shared key and keeps the others in their order', async () => {
  const ds = datastore();
  await ds.ensureIndexAsync({ fieldName: 'status' });
  for (const id of ['a', 'b', 'c', 'd', 'e']) await ds.insertAsync({ _id: id, status: 'open' });
  await ds.removeAsync({ _id: 'c' }, {});
  expect(ids(ds, 'status', 'open')).toEqual(['a', 'b', 'd', 'e']);
  // An update that leaves the key as it was puts the new document in the old one's place.
  await ds.updateAsync({ _id: 'a' }, { $set: { note: 1 } }, {});
  expect(ids(ds, 'status', 'open')).toEqual(['a', 'b', 'd', 'e']);
  expect((ds as unknown as Indexed).indexes.status.getMatching('open')[0]).toMatchObject({ _id: 'a', note: 1 });
  await ds.updateAsync({ _id: 'd' }, { $set: { status: 'closed' } }, {});
  expect(ids(ds, 'status', 'open')).toEqual(['a', 'b', 'e']);
  expect(ids(ds, 'status', 'closed')).toEqual(['d']);
  // Down to one document, then none: the node itself goes, as in nedb.
  await ds.removeAsync({ status: 'open' }, { multi: true });
  expect(ids(ds, 'status', 'open')).toEqual([]);
  await ds.removeAsync({ _id: 'd' }, {});
  expect(ids(ds, 'status', 'closed')).toEqual([]);
  expect((ds as unknown as Indexed).indexes.status.getAll()).toEqual([]);
});

it('leaves other keys and unique indexes as they were, and handles array values', async () => {
  const ds = datastore();
  await ds.ensureIndexAsync({ fieldName: 'tags' });
  await ds.ensureIndexAsync({ fieldName: 'code', unique: true });
  await ds.insertAsync([
    { _id: 'a', tags: ['x', 'y'], code: 1 },
    { _id: 'b', tags: ['x'], code: 2 },
    { _id: 'c', tags: ['y', 'x'], code: 3 },
  ]);
  await ds.removeAsync({ _id: 'a' }, {});
  expect(ids(ds, 'tags', 'x')).toEqual(['b', 'c']);
  expect(ids(ds, 'tags', 'y')).toEqual(['c']);
  // A unique violation on update rolls back through the same removal.
  await expect(ds.updateAsync({ _id: 'b' }, { $set: { code: 3 } }, {})).rejects.toMatchObject({ errorType: 'uniqueViolated' });
  expect(ids(ds, 'tags', 'x').sort()).toEqual(['b', 'c']);
  expect(ids(ds, 'code', 2)).toEqual(['b']);
});

it('an update that changes one indexed field moves it there and leaves the document found by every other index', async () => {
  const ds = datastore();
  await ds.ensureIndexAsync({ fieldName: 'status' });
  await ds.ensureIndexAsync({ fieldName: 'userId' });
  await ds.ensureIndexAsync({ fieldName: 'review.status' });
  await ds.ensureIndexAsync({ fieldName: ['status', 'createdAt'] });
  await ds.ensureIndexAsync({ fieldName: 'number', unique: true });
  await ds.insertAsync([
    { _id: 'a', status: 'pending', userId: 'u1', review: { status: 'none' }, createdAt: 1, number: 1 },
    { _id: 'b', status: 'pending', userId: 'u1', review: { status: 'none' }, createdAt: 2, number: 2 },
  ]);
  await ds.updateAsync({ _id: 'a' }, { $set: { status: 'paid' }, $push: { history: 'paid' } }, {});
  const stored = ds.getAllData().find((d) => d._id === 'a');
  expect(stored).toMatchObject({ status: 'paid', history: ['paid'] });
  // Every index holds the stored document itself, the new one, under its key.
  const indexes = (ds as unknown as Indexed).indexes;
  for (const [field, value] of [['_id', 'a'], ['userId', 'u1'], ['review.status', 'none'], ['number', 1], ['status', 'paid']] as const) {
    expect(indexes[field].getMatching(value)).toContain(stored);
  }
  expect(indexes['createdAt,status'].getMatching({ status: 'paid', createdAt: 1 })).toEqual([stored]);
  expect(ids(ds, 'status', 'pending')).toEqual(['b']);
  expect(indexes['createdAt,status'].getMatching({ status: 'pending', createdAt: 1 })).toEqual([]);
  // No index holds the replaced document any more.
  const all = Object.values(indexes).flatMap((index) => index.getAll());
  expect(all.filter((d) => (d as { _id: string })._id === 'a').every((d) => d === stored)).toBe(true);
  expect(await ds.findAsync({ userId: 'u1', status: 'paid' })).toEqual([expect.objectContaining({ _id: 'a' })]);
});

it('an update refused by a unique index leaves every index as it was, the unchanged keys too', async () => {
  const ds = datastore();
  await ds.ensureIndexAsync({ fieldName: 'userId' });
  await ds.ensureIndexAsync({ fieldName: 'number', unique: true });
  await ds.ensureIndexAsync({ fieldName: 'status' });
  await ds.insertAsync([
    { _id: 'a', userId: 'u1', number: 1, status: 'open' },
    { _id: 'b', userId: 'u1', number: 2, status: 'open' },
  ]);
  const before = ds.getAllData().find((d) => d._id === 'a');
  await expect(ds.updateAsync({ _id: 'a' }, { $set: { number: 2, status: 'paid' } }, {})).rejects.toMatchObject({ errorType: 'uniqueViolated' });
  const indexes = (ds as unknown as Indexed).indexes;
  for (const [field, value] of [['_id', 'a'], ['userId', 'u1'], ['number', 1], ['status', 'open']] as const) {
    expect(indexes[field].getMatching(value)).toContain(before);
  }
  expect(ids(ds, 'status', 'paid')).toEqual([]);
  expect(ids(ds, 'number', 2)).toEqual(['b']);
  // A multi update is all or nothing too: b keeps its number (its place is taken in the same index whose change
  // of a fails), and every place taken goes back, in that index and the ones before it.
  await expect(ds.updateAsync({ userId: 'u1' }, { $set: { number: 2 } }, { multi: true })).rejects.toMatchObject({ errorType: 'uniqueViolated' });
  const stored: unknown[] = ds.getAllData();
  expect(ids(ds, 'userId', 'u1').sort()).toEqual(['a', 'b']);
  for (const index of Object.values(indexes)) expect(index.getAll().every((d) => stored.includes(d))).toBe(true);
  expect([ids(ds, 'number', 1), ids(ds, 'number', 2)]).toEqual([['a'], ['b']]);
});

it('a sparse index takes a document in and out as its field appears and goes', async () => {
  const ds = datastore();
  await ds.ensureIndexAsync({ fieldName: 'captureId', sparse: true });
  await ds.ensureIndexAsync({ fieldName: 'status' });
  await ds.insertAsync([{ _id: 'a', status: 'open' }, { _id: 'b', status: 'open', captureId: 'C1' }]);
  await ds.updateAsync({ _id: 'a' }, { $set: { note: 'x' } }, {});
  expect((ds as unknown as Indexed).indexes.captureId.getAll().map((d) => (d as { _id: string })._id)).toEqual(['b']);
  await ds.updateAsync({ _id: 'a' }, { $set: { captureId: 'C2' } }, {});
  expect(ids(ds, 'captureId', 'C2')).toEqual(['a']);
  await ds.updateAsync({ _id: 'b' }, { $unset: { captureId: true } }, {});
  expect(ids(ds, 'captureId', 'C1')).toEqual([]);
  expect(ids(ds, 'status', 'open')).toEqual(['a', 'b']);
});

it('the store finds the right documents on a shared key after many writes', async () => {
  const store = await openStore({ name: 'shared-key', inMemory: true });
  const orders = store.collection<Doc & { status: string; n: number }>('orders');
  await orders.createIndex({ status: 1 });
  await orders.insertMany(Array.from({ length: 600 }, (_, n) => ({ _id: `o${String(n).padStart(4, '0')}`, status: 'pending', n })));
  for (let n = 0; n < 600; n += 3) await orders.updateOne({ _id: `o${String(n).padStart(4, '0')}` }, { $set: { status: 'paid' } });
  for (let n = 1; n < 600; n += 3) await orders.deleteOne({ _id: `o${String(n).padStart(4, '0')}` });
  const pending = await orders.find({ status: 'pending' });
  const paid = await orders.find({ status: 'paid' });
  expect(pending.map((d) => d.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i * 3 + 2));
  expect(paid.map((d) => d.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i * 3));
  expect(await orders.countDocuments({ status: 'pending' })).toBe(200);
  await store.close();
});

it('the store finds an updated document by each of its indexed fields, changed or not', async () => {
  const store = await openStore({ name: 'many-indexes', inMemory: true });
  type Order = Doc & { userId: string; status: string; review: { status: string }; createdAt: number; number: string };
  const orders = store.collection<Order>('orders');
  await orders.createIndex({ userId: 1 });
  await orders.createIndex({ status: 1, createdAt: -1, _id: 1 });
  await orders.createIndex({ 'review.status': 1 });
  await orders.createIndex({ number: 1 }, { unique: true });
  await orders.insertMany(
    Array.from({ length: 50 }, (_, n) => ({ _id: `o${n}`, userId: `u${n % 5}`, status: 'pending', review: { status: 'none' }, createdAt: n, number: `PH-${n}` })),
  );
  await orders.updateOne({ _id: 'o7' }, { $set: { status: 'paid' } });
  await orders.findOneAndUpdate({ _id: 'o8', status: 'pending' }, { $set: { 'review.status': 'pending' } });
  await orders.updateMany({ userId: 'u4' }, { $set: { note: 'seen' } });
  expect((await orders.find({ userId: 'u2' })).map((o) => o._id).sort()).toEqual(['o12', 'o17', 'o2', 'o22', 'o27', 'o32', 'o37', 'o42', 'o47', 'o7']);
  expect(await orders.findOne({ number: 'PH-7' })).toMatchObject({ _id: 'o7', status: 'paid' });
  expect((await orders.find({ status: 'paid' })).map((o) => o._id)).toEqual(['o7']);
  expect(await orders.countDocuments({ status: 'pending' })).toBe(49);
  expect((await orders.find({ 'review.status': 'pending' })).map((o) => o._id)).toEqual(['o8']);
  expect(await orders.countDocuments({ 'review.status': 'none' })).toBe(49);
  expect((await orders.find({ userId: 'u4', note: 'seen' })).length).toBe(10);
  expect((await orders.find({ status: 'pending' }, { sort: { createdAt: -1 }, limit: 3 })).map((o) => o._id)).toEqual(['o49', 'o48', 'o47']);
  // A unique violation changes nothing, the fields it did not touch included.
  await expect(orders.updateOne({ _id: 'o9' }, { $set: { number: 'PH-10', status: 'paid' } })).rejects.toMatchObject({ code: 11000 });
  expect(await orders.findOne({ number: 'PH-9' })).toMatchObject({ _id: 'o9', status: 'pending' });
  expect((await orders.find({ status: 'paid' })).map((o) => o._id)).toEqual(['o7']);
  await store.close();
});
