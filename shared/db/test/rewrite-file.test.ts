/**
 * Compaction writes the datafile in ~1 MB chunks (src/rewrite-file.ts) instead of nedb's one write per line: the
 * file must still hold exactly one line per live document, in nedb's format with its checksum, with its index records,
 * whatever the chunk boundaries.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openEmbeddedStore } from '../src';
import { jsonOfLine } from './datafile-lines';

const dataDir = mkdtempSync(path.join(tmpdir(), 'pharmacy-rewrite-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('a compaction larger than one chunk keeps every document, line by line, and the store reopens with them', async () => {
  const docs = Array.from({ length: 3000 }, (_, i) => ({
    _id: `p${String(i).padStart(5, '0')}`,
    title: `Product ${i} ${'x'.repeat(500 + (i % 97))}`,
    at: new Date(Date.UTC(2024, 0, 1) + i * 1000),
    tags: i % 3 ? ['a', 'b'] : [],
  }));
  let store = await openEmbeddedStore({ name: 'catalog', dataDir });
  await store.collection('products').createIndex({ title: 1 });
  await store.collection('products').insertMany(docs);
  await store.collection('products').deleteOne({ _id: 'p00007' });
  await store.close(); // compacts

  const lines = readFileSync(path.join(dataDir, 'catalog', 'products.db'), 'utf8').split('\n');
  expect(readFileSync(path.join(dataDir, 'catalog', 'products.db')).length).toBeGreaterThan(1024 * 1024);
  expect(lines.pop()).toBe(''); // ends with a newline
  const records = lines.map((l) => JSON.parse(jsonOfLine(l)) as Record<string, unknown>);
  const documents = records.filter((r) => !('$$indexCreated' in r));
  expect(documents).toHaveLength(2999);
  expect(new Set(documents.map((d) => d._id)).size).toBe(2999);
  expect(records.filter((r) => '$$indexCreated' in r)).toEqual([{ $$indexCreated: { fieldName: 'title', unique: false, sparse: false } }]);

  store = await openEmbeddedStore({ name: 'catalog', dataDir });
  try {
    const products = store.collection<(typeof docs)[number]>('products');
    expect(await products.countDocuments({})).toBe(2999);
    expect(await products.findOne({ _id: 'p02999' })).toEqual(docs[2999]);
    expect(await products.findOne({ _id: 'p00007' })).toBeNull();
  } finally {
    await store.close();
  }
});
