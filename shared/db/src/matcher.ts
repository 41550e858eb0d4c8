/**
 * A translated filter (./query) compiled into a plain function for the common shapes (a value or a RegExp on a
 * path, `$in` of plain values, `$and`/`$or` of those), so a scan costs a property read and a comparison per
 * document instead of nedb's general matcher, several times slower. A document whose value is an array or an object
 * (where MongoDB's meaning differs from a plain comparison) is handed to nedb's matcher for that clause, so the
 * result is nedb's in every case; a filter of any other shape is not compiled (null) and nedb matches it.
 */
import { isPlainObject } from './query';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal file nedb ships without types, typed here
const model = require('@seald-io/nedb/lib/model') as {
  getDotValue(doc: unknown, field: string): unknown;
  match(doc: unknown, query: unknown): boolean;
};

type Predicate = (doc: unknown) => boolean;

const isPlainValue = (v: unknown): v is string | number | boolean =>
  typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && !Number.isNaN(v));
/** Arrays and sub-documents: nedb's matcher decides. */
const isComposite = (v: unknown) => typeof v === 'object' && v !== null;
/** The value at `path`; through an array on the way, nedb's own reading (it collects the elements' values). */
export const read = (path: string): ((doc: unknown) => unknown) => {
  if (!path.includes('.')) return (doc) => (doc as Record<string, unknown>)[path];
  const parts = path.split('.');
  return (doc) => {
    let v: unknown = doc;
    for (const part of parts) {
      if (typeof v !== 'object' || v === null) return undefined;
      if (Array.isArray(v)) return model.getDotValue(doc, path);
      v = (v as Record<string, unknown>)[part];
    }
    return v;
  };
};

function field(path: string, condition: unknown): Predicate | null {
  const get = read(path);
  const exact = { [path]: condition };
  const byNedb = (doc: unknown) => model.match(doc, exact);
  if (condition instanceof RegExp) {
    if (condition.global || condition.sticky) return null;
    return (doc) => {
      const v = get(doc);
      return typeof v === 'string' ? condition.test(v) : isComposite(v) ? byNedb(doc) : false;
    };
  }
  if (isPlainValue(condition)) {
    return (doc) => {
      const v = get(doc);
      return v === condition || (isComposite(v) && byNedb(doc));
    };
  }
  if (isPlainObject(condition) && Object.keys(condition).length === 1 && Array.isArray(condition.$in) && condition.$in.every(isPlainValue)) {
    const values = new Set<unknown>(condition.$in);
    return (doc) => {
      const v = get(doc);
      return (isPlainValue(v) && values.has(v)) || (isComposite(v) && byNedb(doc));
    };
  }
  return null;
}

export function compileMatcher(query: Record<string, unknown>): Predicate | null {
  const parts: Predicate[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value)) return null;
      const subs = value.map((q) => (isPlainObject(q) ? compileMatcher(q) : null));
      if (subs.some((p) => p === null)) return null;
      const all = subs as Predicate[];
      parts.push(key === '$and' ? (doc) => all.every((p) => p(doc)) : (doc) => all.some((p) => p(doc)));
    } else if (key.startsWith('$')) {
      return null;
    } else {
      const p = field(key, value);
      if (!p) return null;
      parts.push(p);
    }
  }
  if (parts.length === 1) return parts[0];
  return (doc) => parts.every((p) => p(doc));
}

/** The compiled filter, or nedb's matcher on it. */
export const matcherFor = (query: Record<string, unknown>): Predicate => compileMatcher(query) ?? ((doc) => model.match(doc, query));
