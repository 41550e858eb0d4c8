/**
 * The nedb internals the embedded store relies on, checked for shape and behaviour (docs/architecture.md#data): an
 * nedb release that renames, removes or changes one of them fails here, not in a shopper's order. nedb is pinned
 * to one exact version in package.json; moving the pin means running this first. The store calls private methods
 * (its update runs nedb's update steps itself, without nedb's copies) and replaces some per datastore
 * (src/embedded.ts, sorted-index.ts, nedb-index-removal.ts, bulk-index.ts, rewrite-file.ts, matcher.ts, apply-update.ts); nedb's
 * classes themselves are never changed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as nedbModule from '@seald-io/nedb';
import { openStore } from '../src';
import { removeByIdentity, type AvlTree, type TreeNode } from '../src/nedb-index-removal';

/* eslint-disable @typescript-eslint/no-require-imports -- nedb's internal files, as the store loads them */
const model = require('@seald-io/nedb/lib/model');
const Cursor = require('@seald-io/nedb/lib/cursor');
const storage = require('@seald-io/nedb/lib/storage');
const Index = require('@seald-io/nedb/lib/indexes');
/* eslint-enable @typescript-eslint/no-require-imports */

type NedbClass = typeof import('@seald-io/nedb').default;
const Datastore: NedbClass = (nedbModule as unknown as { default?: NedbClass }).default ?? (nedbModule as unknown as NedbClass);
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- private members, each checked below
type Internal = any;

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nedb-internals-'));
  dirs.push(dir);
  return dir;
};

it('nedb is pinned to one exact version, the one installed', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- package.json files, read as the package manager sees them
  const wanted = require('../package.json').dependencies['@seald-io/nedb'] as string;
  expect(wanted).toMatch(/^\d+\.\d+\.\d+$/);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- package.json files, read as the package manager sees them
  expect(require('@seald-io/nedb/package.json').version).toBe(wanted);
});

it('lib/model, lib/cursor and lib/storage have the functions the store calls, with their meaning', async () => {
  expect(model.serialize({ a: 1 })).toBe('{"a":1}');
  expect(model.modify({ _id: 'x', n: 1 }, { $inc: { n: 2 } })).toEqual({ _id: 'x', n: 3 });
  expect([model.compareThings(1, 2), model.compareThings('b', 'a'), model.compareThings(null, 0)]).toEqual([-1, 1, -1]);
  expect(model.getDotValue({ a: [{ b: 1 }, { b: 2 }] }, 'a.b')).toEqual([1, 2]);
  expect(model.match({ a: 2 }, { a: { $gt: 1 } })).toBe(true);
  const doc = { a: { b: [1] } };
  const copy = model.deepCopy(doc);
  expect(copy).toEqual(doc);
  expect(copy.a).not.toBe(doc.a);

  const ds = new Datastore({ inMemoryOnly: true });
  const cursor = new Cursor(ds, {});
  cursor.projection({ a: 1, _id: 0 });
  expect(cursor._project([{ _id: 'x', a: 1, b: 2 }])).toEqual([{ a: 1 }]);

  for (const name of ['flushToStorageAsync', 'existsAsync', 'renameAsync']) expect(typeof storage[name]).toBe('function');
  const dir = tempDir();
  expect(await storage.existsAsync(path.join(dir, 'none'))).toBe(false);
  writeFileSync(path.join(dir, 'a'), 'x');
  await storage.renameAsync(path.join(dir, 'a'), path.join(dir, 'b'));
  expect(await storage.existsAsync(path.join(dir, 'b'))).toBe(true);
  await storage.flushToStorageAsync({ filename: dir, isDir: true });
});

it('a datastore keeps its indexes, TTL indexes and executor where the store reads them, and maintains indexes through the hooks the store wraps', async () => {
  const ds: Internal = new Datastore({ inMemoryOnly: true });
  await ds.ensureIndexAsync({ fieldName: 'status' });
  expect(Object.keys(ds.indexes).sort()).toEqual(['_id', 'status']);
  expect(ds.indexes.status).toBeInstanceOf(Index);
  expect(ds.indexes.status).toMatchObject({ fieldName: 'status', unique: false, sparse: false });
  expect(ds.ttlIndexes).toEqual({});
  expect(await ds.executor.pushAsync(async () => 42)).toBe(42);

  const calls: string[] = [];
  for (const hook of ['_addToIndexes', '_removeFromIndexes', '_updateIndexes', '_resetIndexes']) {
    const original = ds[hook].bind(ds);
    ds[hook] = (...args: unknown[]) => {
      calls.push(hook);
      return original(...args);
    };
  }
  await ds.insertAsync({ _id: 'a', status: 'open' });
  await ds.updateAsync({ _id: 'a' }, { $set: { status: 'paid' } }, {});
  await ds.removeAsync({ _id: 'a' }, {});
  expect(calls).toEqual(['_addToIndexes', '_updateIndexes', '_removeFromIndexes']);
  await ds.insertAsync([{ _id: 'b', status: 'x' }, { _id: 'c', status: 'x' }]);
  expect(ds._getRawCandidates({ status: 'x' }).map((d: { _id: string }) => d._id).sort()).toEqual(['b', 'c']);
  expect(ds.getAllData()).toHaveLength(2);
});

it('an index is an AVL tree whose nodes hold every document of a key, by identity, and a reset replaces the tree', async () => {
  const ds: Internal = new Datastore({ inMemoryOnly: true });
  await ds.ensureIndexAsync({ fieldName: 'status' });
  await ds.insertAsync([{ _id: 'a', status: 'open' }, { _id: 'b', status: 'open' }, { _id: 'c', status: 'paid' }]);
  const tree: AvlTree = ds.indexes.status.tree;
  expect(typeof tree.delete).toBe('function');
  const root: TreeNode = tree.tree;
  for (const field of ['left', 'right', 'data']) expect(root).toHaveProperty(field);
  expect(typeof root.compareKeys).toBe('function');
  const a = {};
  expect([root.checkValueEquality(a, a), root.checkValueEquality(a, {})]).toEqual([true, false]);
  let node: TreeNode | null = root;
  while (node && node.compareKeys('open', node.key) !== 0) node = node.compareKeys('open', node.key) < 0 ? node.left : node.right;
  expect(node?.data.map((d) => (d as { _id: string })._id)).toEqual(['a', 'b']);
  // The documents in the node are the datastore's own objects (removal compares by identity).
  expect(node?.data[0]).toBe(ds.getAllData().find((d: { _id: string }) => d._id === 'a'));
  ds.indexes.status.reset(ds.getAllData());
  expect(ds.indexes.status.tree).not.toBe(tree);
});

it('an index exposes its fields, sparseness and update, and reverts an update through that update', async () => {
  expect(model.getDotValues({ a: 1, b: { c: 2 } }, ['b.c'])).toBe(2);
  expect(model.getDotValues({ a: 1, b: { c: 2 } }, ['a', 'b.c'])).toEqual({ a: 1, 'b.c': 2 });
  const ds: Internal = new Datastore({ inMemoryOnly: true });
  await ds.ensureIndexAsync({ fieldName: ['status', 'at'] });
  await ds.ensureIndexAsync({ fieldName: 'code', sparse: true });
  const compound = ds.indexes['at,status'];
  expect(compound._fields).toEqual(['at', 'status']);
  expect([compound.sparse, ds.indexes.code.sparse]).toEqual([false, true]);
  expect(Object.prototype.hasOwnProperty.call(compound, 'update')).toBe(false);
  // revertUpdate goes through the index's own `update` (the store's, once installed), with the pairs swapped.
  const seen: unknown[] = [];
  compound.update = (oldDoc: unknown, newDoc?: unknown) => seen.push([oldDoc, newDoc]);
  const a = { _id: 'a' };
  const b = { _id: 'b' };
  compound.revertUpdate([{ oldDoc: a, newDoc: b }]);
  expect(seen).toEqual([[[{ oldDoc: b, newDoc: a }], undefined]]);
  // A failing index's update makes the datastore revert the indexes before it, through revertUpdate.
  await ds.insertAsync({ _id: 'x', status: 'open', at: 1 });
  delete compound.update;
  ds.indexes.code.update = () => {
    throw new Error('refused');
  };
  const reverted: string[] = [];
  for (const name of ['_id', 'at,status']) {
    const revert = ds.indexes[name].revertUpdate.bind(ds.indexes[name]);
    ds.indexes[name].revertUpdate = (...args: unknown[]) => {
      reverted.push(name);
      return revert(...args);
    };
  }
  const stored = ds.getAllData()[0];
  expect(() => ds._updateIndexes([{ oldDoc: stored, newDoc: { ...stored, status: 'paid' } }])).toThrow('refused');
  expect(reverted).toEqual(['_id', 'at,status']);
  expect(compound.getMatching({ status: 'open', at: 1 })).toEqual([stored]);
});

it("a datastore's update is candidates, match, modify, _updateIndexes and an append: what the store's own update runs", async () => {
  const ds: Internal = new Datastore({ inMemoryOnly: true });
  await ds.ensureIndexAsync({ fieldName: 'expiresAt', expireAfterSeconds: 0 });
  await ds.insertAsync([
    { _id: 'live', n: 1, expiresAt: new Date(Date.now() + 60_000) },
    { _id: 'gone', n: 1, expiresAt: new Date(Date.now() - 1000) },
  ]);
  // _getCandidatesAsync drops expired documents as it reads (removed for good), and returns the stored objects.
  const candidates = await ds._getCandidatesAsync({ n: 1 });
  expect(candidates.map((d: { _id: string }) => d._id)).toEqual(['live']);
  expect(candidates[0]).toBe(ds.getAllData()[0]);
  expect(ds.getAllData().map((d: { _id: string }) => d._id)).toEqual(['live']);
  // _updateIndexes takes {oldDoc, newDoc} pairs and puts the new documents in every index.
  const newDoc = model.modify(candidates[0], { $set: { n: 2 } });
  ds._updateIndexes([{ oldDoc: candidates[0], newDoc }]);
  expect(ds.getAllData()).toEqual([newDoc]);
  expect(ds.indexes._id.getMatching('live')).toEqual([newDoc]);
  expect(typeof ds.persistence.persistNewStateAsync).toBe('function');
  await expect(ds.persistence.persistNewStateAsync([newDoc])).resolves.toBeUndefined(); // in memory: nothing to write
  // nedb's own update (after its upsert branch) does the same steps: its source names them, in that order.
  const source = String(ds._updateAsync);
  const update = source.slice(source.indexOf('await this._getCandidatesAsync(query)'));
  const order = ['_getCandidatesAsync', 'model.match', 'model.modify', '_updateIndexes', 'persistNewStateAsync'].map((step) => update.indexOf(step));
  expect(order).toEqual([...order].sort((a, b) => a - b));
  expect(order[0]).toBe(11);
});

it("a datastore's insert is a checked copy, put in every index (all or none), then an append: what the store's own insert runs", async () => {
  const ds: Internal = new Datastore({ inMemoryOnly: true });
  await ds.ensureIndexAsync({ fieldName: 'code', unique: true });
  const given = { _id: 'a', code: 1, lines: [{ n: 1 }] };
  const stored = ds._prepareDocumentForInsertion(given);
  expect(stored).toEqual(given);
  expect(stored.lines).not.toBe(given.lines);
  expect(() => ds._prepareDocumentForInsertion({ _id: 'b', $bad: 1 })).toThrow();
  ds._insertInCache(stored);
  expect(ds.getAllData()).toEqual([stored]);
  expect(ds.getAllData()[0]).toBe(stored);
  // An array goes in all or none: a unique violation takes back the ones before it.
  const twins = ds._prepareDocumentForInsertion([{ _id: 'c', code: 2 }, { _id: 'd', code: 1 }]);
  expect(() => ds._insertInCache(twins)).toThrow(expect.objectContaining({ errorType: 'uniqueViolated' }));
  expect(ds.getAllData().map((d: { _id: string }) => d._id)).toEqual(['a']);
  const source = String(ds._insertAsync);
  const order = ['_prepareDocumentForInsertion', '_insertInCache', 'persistNewStateAsync'].map((step) => source.indexOf(step));
  expect(order[0]).toBeGreaterThan(0);
  expect(order).toEqual([...order].sort((a, b) => a - b));
});

it("the store's removal is installed on its own datastores only, and nedb's classes stay as they are", async () => {
  const prototypeDelete = Object.getPrototypeOf(new Index({ fieldName: 'x' }).tree).delete;
  const nodePrototypeDelete = Object.getPrototypeOf(new Index({ fieldName: 'x' }).tree.tree).delete;
  const ours: Internal = new Datastore({ inMemoryOnly: true });
  removeByIdentity(ours);
  const theirs: Internal = new Datastore({ inMemoryOnly: true });
  for (const ds of [ours, theirs]) {
    await ds.ensureIndexAsync({ fieldName: 'status' });
    await ds.insertAsync([{ _id: 'a', status: 'open' }, { _id: 'b', status: 'open' }]);
    await ds.removeAsync({ _id: 'a' }, {});
  }
  expect(Object.prototype.hasOwnProperty.call(ours.indexes.status.tree, 'delete')).toBe(true);
  expect(Object.prototype.hasOwnProperty.call(theirs.indexes.status.tree, 'delete')).toBe(false);
  expect(Object.getPrototypeOf(new Index({ fieldName: 'x' }).tree).delete).toBe(prototypeDelete);
  expect(Object.getPrototypeOf(new Index({ fieldName: 'x' }).tree.tree).delete).toBe(nodePrototypeDelete);
  expect(ours.indexes.status.getMatching('open').map((d: { _id: string }) => d._id)).toEqual(['b']);
});

it('a datastore on disk persists through the two persistence methods the store replaces, and reports unreadable lines by count', async () => {
  const dir = tempDir();
  const filename = path.join(dir, 'orders.db');
  const ds: Internal = new Datastore({ filename, afterSerialization: (l: string) => l, beforeDeserialization: (l: string) => l });
  const { persistence } = ds;
  expect(persistence.filename).toBe(filename);
  expect(typeof persistence.modes.fileMode).toBe('number');
  expect(typeof persistence.modes.dirMode).toBe('number');
  expect(await persistence.afterSerialization('{"a":1}')).toBe('{"a":1}');
  const seen: string[] = [];
  const append = persistence.persistNewStateAsync.bind(persistence);
  const rewrite = persistence.persistCachedDatabaseAsync.bind(persistence);
  persistence.persistNewStateAsync = async (docs: unknown[]) => {
    seen.push(`append ${docs.length}`);
    return append(docs);
  };
  persistence.persistCachedDatabaseAsync = async () => {
    seen.push('rewrite');
    return rewrite();
  };
  await ds.loadDatabaseAsync();
  await ds.insertAsync({ _id: 'a' });
  await ds.compactDatafileAsync();
  expect(seen).toEqual(['rewrite', 'append 1', 'rewrite']);

  writeFileSync(filename, '{"_id":"a"}\nnot json\n');
  const strict: Internal = new Datastore({ filename, corruptAlertThreshold: 0 });
  await expect(strict.loadDatabaseAsync()).rejects.toMatchObject({ corruptItems: 1 });
});

it('the store itself works on this nedb: write, index, sort, project, compact, reopen', async () => {
  const dataDir = tempDir();
  const store = await openStore({ name: 'guard', dataDir });
  const orders = store.collection('orders');
  await orders.createIndex({ status: 1, createdAt: -1 });
  await orders.insertMany([{ _id: 'a', status: 'open', createdAt: 1 }, { _id: 'b', status: 'open', createdAt: 2 }]);
  await orders.updateOne({ _id: 'a' }, { $set: { status: 'paid' } });
  expect(await orders.find({ status: 'open' }, { sort: { createdAt: -1 }, projection: { status: 1 } })).toEqual([{ _id: 'b', status: 'open' }]);
  await store.close();
  const again = await openStore({ name: 'guard', dataDir });
  expect(await again.collection('orders').find({}, { sort: { _id: 1 } })).toEqual([
    { _id: 'a', status: 'paid', createdAt: 1 },
    { _id: 'b', status: 'open', createdAt: 2 },
  ]);
  await again.close();
});
