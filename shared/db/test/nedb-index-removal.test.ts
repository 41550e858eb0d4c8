/**
 * nedb's index removal by identity (src/nedb-index-removal.ts): a key many documents share keeps exactly the
 * documents nedb's own removal would keep, in the same order, through inserts, updates, removals and multikey values,
 * and the store answers lookups on such a key correctly after many writes.
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
  // An update leaves the key as it was: nedb removes the old document and appends the new one.
  await ds.updateAsync({ _id: 'a' }, { $set: { note: 1 } }, {});
  expect(ids(ds, 'status', 'open')).toEqual(['b', 'd', 'e', 'a']);
  await ds.updateAsync({ _id: 'd' }, { $set: { status: 'closed' } }, {});
  expect(ids(ds, 'status', 'open')).toEqual(['b', 'e', 'a']);
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
