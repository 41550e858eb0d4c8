/**
 * The compiled filter (src/matcher.ts) decides exactly as nedb's matcher on the translated filter, for documents
 * whose fields are missing, null, numbers, strings, booleans, dates, arrays (containment) and sub-documents.
 */
import { compileMatcher } from '../src/matcher';
import { translateFilter } from '../src/query';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- nedb's own matcher: the oracle
const nedb = require('@seald-io/nedb/lib/model') as { match(doc: unknown, query: unknown): boolean };

const values: unknown[] = [undefined, null, 'Ann Smith', 'smith', 'SMITH', 'x', 3, 0, true, false, new Date(5), ['smith', 'x'], [3, 4], [], { a: 'smith' }, [{ a: 'x' }, { a: 'smith' }]];
const docs = values.flatMap((name, i) =>
  values.map((tag, j) => {
    const doc: Record<string, unknown> = { _id: `d${i}-${j}` };
    if (name !== undefined) doc.name = name;
    if (tag !== undefined) doc.address = { tag, list: [{ a: tag }] };
    return doc;
  }),
);

const filters: Array<Record<string, unknown>> = [
  { name: 'smith' },
  { name: 3 },
  { name: true },
  { name: /smith/i },
  { 'address.tag': 'x' },
  { 'address.tag': /^sm/ },
  { 'address.list.a': 'smith' },
  { name: { $in: ['smith', 3, false] } },
  { $or: [{ name: /ann/i }, { 'address.tag': 3 }] },
  { $and: [{ name: /smith/i }, { 'address.tag': { $in: ['x', 'smith'] } }] },
  { name: 'x', 'address.tag': 'smith' },
  { $or: [{ name: { $in: ['x'] } }, { $and: [{ 'address.tag': true }, { name: 0 }] }] },
];

it.each(filters.map((f) => [JSON.stringify(f, (_k, v) => (v instanceof RegExp ? String(v) : v)), f]))('%s matches as nedb does', (_label, filter) => {
  const query = translateFilter(filter as Record<string, unknown>);
  const compiled = compileMatcher(query);
  expect(compiled).not.toBeNull();
  const mismatches = docs.filter((doc) => compiled!(doc) !== nedb.match(doc, query)).map((d) => d._id);
  expect(mismatches).toEqual([]);
  expect(docs.some((doc) => compiled!(doc))).toBe(true);
});

it('leaves other shapes to nedb (null, ranges, $ne, $exists, a global RegExp)', () => {
  for (const filter of [{ name: null }, { name: { $gt: 1 } }, { name: { $ne: 'x' } }, { name: { $exists: true } }, { name: /x/g }]) {
    expect(compileMatcher(translateFilter(filter))).toBeNull();
  }
});
