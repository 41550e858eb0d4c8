/**
 * Loading a big collection builds nedb's index trees in one go (src/bulk-index.ts) and keeps a datafile that is
 * already compact (docs/architecture.md#data): the trees must be exactly what nedb's one-by-one inserts build, the
 * fallbacks must keep nedb's own behaviour, and a file left as it was must still lose what a power cut loses.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { copyAsAfterPowerCut, openStore } from '../src';
import { bulkReset } from '../src/bulk-index';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- nedb's index class, as the store's collections hold it
const Index = require('@seald-io/nedb/lib/indexes');

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pharmacy-bulk-'));
  dirs.push(dir);
  return dir;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- nedb's tree nodes, walked as nedb keeps them
type Node = any;
/** Every node in order: its key, its documents' ids, and its height, as the tree holds them. */
function walk(node: Node, out: Array<[unknown, string[], number]> = []): Array<[unknown, string[], number]> {
  if (!node || !Object.prototype.hasOwnProperty.call(node, 'key')) return out;
  walk(node.left, out);
  out.push([node.key, node.data.map((d: { _id: string }) => d._id), node.height]);
  walk(node.right, out);
  return out;
}
const keysAndDocs = (index: Node) => walk(index.tree.tree).map(([key, ids]) => [key, ids]);

let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const docs = Array.from({ length: 5000 }, (_, i) => ({
  _id: `d${String(i).padStart(5, '0')}`,
  id: `u-${Math.floor(random() * 1e9)}-${i}`,
  group: ['a', 'b', 'c'][i % 3],
  n: Math.floor(random() * 300),
  ...(i % 4 === 0 ? {} : { optional: i % 7 }),
  actor: { id: `staff-${i % 11}` },
}));
const shuffled = [...docs].sort(() => random() - 0.5);

describe.each([
  ['a unique field', { fieldName: 'id', unique: true }],
  ['a field with many documents per key', { fieldName: 'n' }],
  ['a sparse field', { fieldName: 'optional', sparse: true }],
  ['a field some documents lack (not sparse)', { fieldName: 'optional' }],
  ['a compound key on a sub-document', { fieldName: 'actor.id,n,_id' }],
])('building the index on %s in one go', (_, options) => {
  it.each([['in file order', docs], ['shuffled', shuffled]])('makes the tree nedb makes, balanced, with documents %s', (__, input) => {
    const own = new Index(options);
    own.reset(input);
    const bulk = new Index(options);
    expect(bulkReset(bulk, input)).toBe(true);
    expect(keysAndDocs(bulk)).toEqual(keysAndDocs(own));
    expect(() => bulk.tree.tree.checkIsAVLT()).not.toThrow();
    // And it goes on working as nedb's: a lookup, an insert and a delete on the built tree.
    const ids = (index: Node) => index.getMatching(walk(own.tree.tree)[Math.min(77, walk(own.tree.tree).length - 1)][0]).map((d: { _id: string }) => d._id);
    expect(ids(bulk)).toEqual(ids(own));
    expect(ids(bulk).length).toBeGreaterThan(0);
    const extra = { ...input[123], _id: 'zz-extra', id: 'u-extra' };
    bulk.insert(extra);
    own.insert(extra);
    bulk.remove(input[10]);
    own.remove(input[10]);
    expect(keysAndDocs(bulk)).toEqual(keysAndDocs(own));
    expect(() => bulk.tree.tree.checkIsAVLT()).not.toThrow();
  });
});

describe('what is left to nedb', () => {
  it('an array value (nedb indexes each element) and a small collection', () => {
    const tags = docs.map((d, i) => ({ ...d, tags: i === 4000 ? ['x', 'y'] : 'x' }));
    expect(bulkReset(new Index({ fieldName: 'tags' }), tags)).toBe(false);
    expect(bulkReset(new Index({ fieldName: 'n' }), docs.slice(0, 999))).toBe(false);
  });

  it('a duplicate under a unique index: nedb then fails the load with its own error', () => {
    const twice = [...docs, { ...docs[2000], _id: 'dup' }];
    const index = new Index({ fieldName: 'id', unique: true });
    expect(bulkReset(index, twice)).toBe(false);
    expect(() => index.reset(twice)).toThrow(expect.objectContaining({ errorType: 'uniqueViolated' }));
  });
});

describe('opening a big collection', () => {
  const fill = async (dataDir: string) => {
    const store = await openStore({ name: 'shop', dataDir });
    const entries = store.collection('entries');
    await entries.createIndex({ id: 1 }, { unique: true });
    await entries.createIndex({ 'actor.id': 1, n: 1 });
    await entries.insertMany(docs);
    await store.close();
    return path.join(dataDir, 'shop', 'entries.db');
  };

  it('answers from the bulk-built indexes as before, and keeps a compact file as it was', async () => {
    const dataDir = tempDir();
    const file = await fill(dataDir);
    const before = statSync(file);
    const store = await openStore({ name: 'shop', dataDir });
    try {
      const entries = store.collection<(typeof docs)[number]>('entries');
      expect(await entries.findOne({ id: docs[4321].id })).toEqual(docs[4321]);
      const page = await entries.find({ 'actor.id': 'staff-3' }, { sort: { n: -1, _id: 1 }, limit: 5 });
      const expected = docs.filter((d) => d.actor.id === 'staff-3').sort((a, b) => b.n - a.n || a._id.localeCompare(b._id)).slice(0, 5);
      expect(page).toEqual(expected);
      await expect(entries.insertOne({ ...docs[0], _id: 'again' })).rejects.toMatchObject({ code: 11000 });
      // Not rewritten at load: the same file (a rewrite renames a new one over it).
      expect(statSync(file).ino).toBe(before.ino);
    } finally {
      await store.close();
    }
  });

  it('rewrites a file that is not compact (a deleted document still has its lines)', async () => {
    const dataDir = tempDir();
    const file = await fill(dataDir);
    const store = await openStore({ name: 'shop', dataDir });
    await store.collection('entries').deleteOne({ _id: docs[5]._id });
    // A crash before any compaction: the file holds the document and its deletion.
    const lines = readFileSync(file, 'utf8');
    await store.close();
    writeFileSync(file, lines); // the close compacted: the file as the crash left it
    const before = statSync(file).ino;
    const reopened = await openStore({ name: 'shop', dataDir });
    try {
      expect(await reopened.collection('entries').findOne({ _id: docs[5]._id })).toBeNull();
      expect(statSync(file).ino).not.toBe(before);
      expect(readFileSync(file, 'utf8')).not.toContain(`"_id":"${docs[5]._id}"`);
    } finally {
      await reopened.close();
    }
  });

  it('a file kept as it was still loses, in a power cut, what was written after the load and never flushed', async () => {
    // Filled elsewhere and copied, as a shop started on a folder another process wrote: nothing is known here of
    // what that process flushed.
    const filled = tempDir();
    await fill(filled);
    const dataDir = tempDir();
    cpSync(filled, dataDir, { recursive: true });
    const store = await openStore({ name: 'shop', dataDir, durable: false });
    try {
      const entries = store.collection('entries');
      expect(await entries.countDocuments({})).toBe(docs.length);
      await entries.insertOne({ ...docs[1], _id: 'late', id: 'u-late' });
      const copy = tempDir();
      copyAsAfterPowerCut(dataDir, copy);
      const cut = await openStore({ name: 'shop', dataDir: copy });
      try {
        expect(await cut.collection('entries').countDocuments({})).toBe(docs.length);
        expect(await cut.collection('entries').findOne({ _id: 'late' })).toBeNull();
      } finally {
        await cut.close();
      }
    } finally {
      await store.close();
    }
  });
});
