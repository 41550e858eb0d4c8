/** The embedded store's fast serialisation writes the very line nedb's serialize writes, and refuses what it refuses. */
import { serializeDocument } from '../src/serialize';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal file nedb ships without types, typed here
const nedbModel = require('@seald-io/nedb/lib/model') as { serialize(doc: unknown): string };
const line = (doc: unknown) => serializeDocument(doc, nedbModel.serialize);

const order = {
  _id: 'o1', userId: 'u1', items: [{ productId: 'p1', title: 'Vitamin C “500”\u2028', quantity: 2, unitPriceCents: 450, warnings: [] }],
  totalCents: 900, note: null, missing: undefined, nested: { deep: [1, null, undefined, { a: 'b' }], empty: {} }, history: [],
  capturing: { payerId: 'P', at: 1_700_000_000_000 }, flag: false, ratio: 0.5, notANumber: Number.NaN,
};

describe('serializeDocument', () => {
  it.each([
    ['an order-like document of plain values', order],
    ['a document holding Dates, at the top and nested', { _id: 'd', createdAt: new Date(1_700_000_000_000), inner: [{ at: new Date(0) }] }],
    ["nedb's deletion marker", { $$deleted: true, _id: 'x' }],
    ["nedb's index record", { $$indexCreated: { fieldName: 'userId', unique: false, sparse: false } }],
    ['a Buffer (a toJSON of its own)', { _id: 'b', raw: Buffer.from('hi') }],
    ['an array at the top', [{ a: 1 }, 'x', null]],
  ])('writes what nedb writes: %s', (_name, doc) => {
    expect(line(doc)).toBe(nedbModel.serialize(doc));
  });

  it.each([
    ['a key beginning with $', { _id: 'x', $set: { a: 1 } }],
    ['a nested key with a dot', { _id: 'x', inner: { 'a.b': 1 } }],
  ])('refuses what nedb refuses: %s', (_name, doc) => {
    expect(() => nedbModel.serialize(doc)).toThrow();
    expect(() => line(doc)).toThrow(/Field names cannot/);
  });
});
