/**
 * Ordered indexes of the embedded store: what lets `find` with a sort and skip/limit (and `countDocuments`) answer
 * from the documents a page needs instead of matching and sorting every document per call (docs/architecture.md#data).
 *
 * nedb keeps its own indexes for equality lookups but always sorts every matching document in memory; an admin page
 * of 20 orders out of 20,000 then cost a full sort. Each `createIndex` of the embedded store also keeps one of these:
 * an array of the collection's documents in the index's order (its keys, then `_id` ascending, so the order is
 * total and equal to nedb's own sort of the same keys, whose ties come out by `_id`). It is kept up to date through
 * nedb's own index hooks, so every change nedb makes (inserts, updates, removals, TTL expiry, rollbacks of a failed
 * unique write, a reload) reaches it in the same synchronous step as nedb's indexes.
 */
import type { Doc, Filter, SortSpec } from './port';
import { matcherFor, read } from './matcher';
import { isPlainObject } from './query';

export interface NedbModel {
  compareThings(a: unknown, b: unknown): number;
  getDotValue(doc: unknown, field: string): unknown;
  match(doc: unknown, query: unknown): boolean;
  deepCopy<D>(doc: D): D;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal file nedb ships without types, typed here
const model = require('@seald-io/nedb/lib/model') as NedbModel;

type Key = [field: string, direction: 1 | -1];

/** Above this many documents in one batch, rebuilding by one sort is cheaper than moving the array per document. */
const REBUILD_BATCH = 256;

export class SortedIndex {
  readonly fields: Key[];
  /** Each field's reader, compiled once (nedb's getDotValue splits the path at every call: most of a write's upkeep). */
  private readonly readers: Array<(doc: unknown) => unknown>;
  private docs: Doc[] = [];
  /** Documents holding an array in an indexed field: equality on an array means "contains", so no range lookup then. */
  private multikeyDocs = 0;

  constructor(keys: Record<string, 1 | -1>) {
    const fields = Object.entries(keys) as Key[];
    this.fields = fields.some(([f]) => f === '_id') ? fields : [...fields, ['_id', 1]];
    this.readers = this.fields.map(([f]) => read(f));
  }

  /** The same key, in the same order, as another index: one array serves both. */
  sameAs(keys: Record<string, 1 | -1>): boolean {
    const other = new SortedIndex(keys).fields;
    return other.length === this.fields.length && other.every(([f, d], i) => this.fields[i][0] === f && this.fields[i][1] === d);
  }

  get size(): number {
    return this.docs.length;
  }

  get multikey(): boolean {
    return this.multikeyDocs > 0;
  }

  at(i: number): Doc {
    return this.docs[i];
  }

  /** Every document, in this index's order (not to be changed). */
  all(): readonly Doc[] {
    return this.docs;
  }

  private compare = (a: Doc, b: Doc): number => {
    for (let i = 0; i < this.readers.length; i++) {
      const c = model.compareThings(this.readers[i](a), this.readers[i](b));
      if (c !== 0) return this.fields[i][1] * c;
    }
    return 0;
  };

  private isMultikey(doc: Doc): boolean {
    return this.readers.some((r) => Array.isArray(r(doc)));
  }

  /** First position whose document is not before `doc`. */
  private lowerBound(doc: Doc): number {
    let lo = 0;
    let hi = this.docs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(this.docs[mid], doc) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  reset(docs: Doc[] = []): void {
    this.docs = [...docs].sort(this.compare);
    this.multikeyDocs = this.docs.filter((d) => this.isMultikey(d)).length;
  }

  insert(doc: Doc | Doc[]): void {
    const docs = Array.isArray(doc) ? doc : [doc];
    if (docs.length > REBUILD_BATCH) return this.reset([...this.docs, ...docs]);
    for (const d of docs) {
      this.docs.splice(this.lowerBound(d), 0, d);
      if (this.isMultikey(d)) this.multikeyDocs++;
    }
  }

  remove(doc: Doc | Doc[]): void {
    const docs = Array.isArray(doc) ? doc : [doc];
    if (docs.length > REBUILD_BATCH) {
      const gone = new Set(docs);
      return this.reset(this.docs.filter((d) => !gone.has(d)));
    }
    for (const d of docs) {
      const i = this.positionOf(d);
      if (i < 0) continue;
      this.docs.splice(i, 1);
      if (this.isMultikey(d)) this.multikeyDocs--;
    }
  }

  update(pairs: Array<{ oldDoc: Doc; newDoc: Doc }>): void {
    if (pairs.length > REBUILD_BATCH) {
      const replaced = new Map(pairs.map((p) => [p.oldDoc, p.newDoc]));
      return this.reset(this.docs.map((d) => replaced.get(d) ?? d));
    }
    for (const { oldDoc, newDoc } of pairs) {
      // Most writes leave this index's keys as they were (an order's payment, its history): the new document
      // then takes the old one's place, without a second search or moving the array twice.
      if (this.compare(oldDoc, newDoc) === 0 && this.isMultikey(oldDoc) === this.isMultikey(newDoc)) {
        const i = this.positionOf(oldDoc);
        if (i >= 0) {
          this.docs[i] = newDoc;
          continue;
        }
      }
      this.remove(oldDoc);
      this.insert(newDoc);
    }
  }

  /** Where the stored document is, or -1. */
  private positionOf(doc: Doc): number {
    const i = this.lowerBound(doc);
    // nedb replaces documents rather than changing them, so the stored object sits where its keys say.
    return this.docs[i] === doc ? i : this.docs.findIndex((x) => x === doc || x._id === doc._id);
  }

  /** Positions [from, to) of the documents whose first `values.length` keys equal `values`. */
  range(values: unknown[]): [number, number] {
    const prefix = (doc: Doc) => {
      for (let i = 0; i < values.length; i++) {
        const c = model.compareThings(this.readers[i](doc), values[i]);
        if (c !== 0) return this.fields[i][1] * c;
      }
      return 0;
    };
    const bound = (strict: boolean) => {
      let lo = 0;
      let hi = this.docs.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const c = prefix(this.docs[mid]);
        if (c < 0 || (strict && c === 0)) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    return values.length === 0 ? [0, this.docs.length] : [bound(false), bound(true)];
  }

  /**
   * Within [from, to), whose documents share the keys before `position`, the part where that key's value can fall in
   * `bounds`: a superset of the matches (the filter is still matched per document), found by two binary searches.
   */
  narrow(from: number, to: number, position: number, bounds: RangeBounds): [number, number] {
    const read = this.readers[position];
    const direction = this.fields[position][1];
    const cmp = (doc: Doc, v: unknown) => model.compareThings(read(doc), v);
    /** The first position in [lo, hi) where `past` holds (it holds from some position on). */
    const first = (lo: number, hi: number, past: (doc: Doc) => boolean) => {
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (past(this.docs[mid])) hi = mid;
        else lo = mid + 1;
      }
      return lo;
    };
    const { $gt, $gte, $lt, $lte } = bounds;
    const aboveLow = (d: Doc) => ($gte !== undefined ? cmp(d, $gte) >= 0 : $gt !== undefined ? cmp(d, $gt) > 0 : true);
    const belowHigh = (d: Doc) => ($lt !== undefined ? cmp(d, $lt) < 0 : $lte !== undefined ? cmp(d, $lte) <= 0 : true);
    // Ascending: the values at or above the low bound come first past it, those above the high bound after them.
    if (direction === 1) {
      const start = first(from, to, aboveLow);
      return [start, first(start, to, (d) => !belowHigh(d))];
    }
    const start = first(from, to, belowHigh);
    return [start, first(start, to, (d) => !aboveLow(d))];
  }
}

export interface RangeBounds {
  $gt?: unknown;
  $gte?: unknown;
  $lt?: unknown;
  $lte?: unknown;
}

const RANGE_OPERATORS = new Set(['$gt', '$gte', '$lt', '$lte']);

/** The filter's top-level range on `field` (`{$gt: 5, $lte: 9}`), when that is all it says of the field. */
function rangeOn(filter: Filter, field: string): RangeBounds | null {
  const value = filter[field];
  if (!isPlainObject(value)) return null;
  const entries = Object.entries(value);
  if (entries.length === 0 || !entries.every(([op, v]) => RANGE_OPERATORS.has(op) && isKeyValue(v))) return null;
  return value as RangeBounds;
}

/** nedb's datastore as far as the hooks need it. */
interface NedbIndexHooks {
  _addToIndexes(doc: Doc): void;
  _removeFromIndexes(doc: Doc): void;
  _updateIndexes(oldDoc: Doc | Array<{ oldDoc: Doc; newDoc: Doc }>, newDoc?: Doc): void;
  _resetIndexes(docs?: Doc | Doc[]): void;
}

/**
 * Mirrors nedb's index maintenance into `indexes`, after nedb's own succeeded (a unique violation throws before
 * anything is mirrored, and nedb's rollback of the documents it had added goes through `_removeFromIndexes`).
 */
export function mirrorIndexHooks(ds: unknown, indexes: SortedIndex[]): void {
  const hooks = ds as NedbIndexHooks;
  const add = hooks._addToIndexes.bind(ds);
  const remove = hooks._removeFromIndexes.bind(ds);
  const update = hooks._updateIndexes.bind(ds);
  const reset = hooks._resetIndexes.bind(ds);
  hooks._addToIndexes = (doc) => {
    add(doc);
    for (const index of indexes) index.insert(doc);
  };
  hooks._removeFromIndexes = (doc) => {
    remove(doc);
    for (const index of indexes) index.remove(doc);
  };
  hooks._updateIndexes = (oldDoc, newDoc) => {
    update(oldDoc, newDoc);
    const pairs = Array.isArray(oldDoc) ? oldDoc : [{ oldDoc, newDoc: newDoc! }];
    for (const index of indexes) index.update(pairs);
  };
  hooks._resetIndexes = (docs) => {
    reset(docs);
    const all = docs === undefined ? [] : Array.isArray(docs) ? docs : [docs];
    for (const index of indexes) index.reset(all);
  };
}

/** How one call is answered from an ordered index. */
export interface Plan {
  index: SortedIndex;
  from: number;
  to: number;
  /** Walk the range backwards (the sort is the index's order reversed). */
  reverse: boolean;
  /** The walk yields documents in the requested order: skip and limit stop it early. */
  ordered: boolean;
  /** The filter is exactly the range's equalities: no document needs matching. */
  covered: boolean;
  /**
   * An ordered walk's cost is guessed as if its matches were spread evenly over the index; a range on another key
   * (dates a year back, in a trail read newest first) can put them all at the far end. When a plan that reads its own
   * range whole is cheaper than the walk's worst case, the walk reads at most `budget` documents and then gives up to it.
   */
  fallback?: { plan: Plan; budget: number };
}

const isKeyValue = (v: unknown): v is string | number | boolean =>
  typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

/** The filter's equalities on plain values (top level, `$eq`, and inside `$and`), and whether that is all it says. */
function equalities(filter: Filter): { values: Map<string, unknown>; onlyEqualities: boolean } {
  const values = new Map<string, unknown>();
  let onlyEqualities = true;
  const walk = (f: Filter, top: boolean) => {
    for (const [key, value] of Object.entries(f)) {
      if (key === '$and' && Array.isArray(value)) {
        onlyEqualities = false;
        value.forEach((sub) => isPlainObject(sub) && walk(sub, false));
      } else if (key.startsWith('$')) {
        if (top) onlyEqualities = false;
      } else if (isKeyValue(value)) {
        values.set(key, value);
      } else if (isPlainObject(value) && Object.keys(value).length === 1 && isKeyValue(value.$eq)) {
        values.set(key, value.$eq);
      } else if (top) {
        onlyEqualities = false;
      }
    }
  };
  walk(filter, true);
  return { values, onlyEqualities };
}

/**
 * Picks the ordered index that answers `filter` sorted by `sort`: the longest run of leading keys fixed by the
 * filter's equalities (a range), then the sort in the index's order (or its exact reverse when the sort names `_id`,
 * so ties cannot come out in another order than a plain sort's). null when no index helps: nedb's own path then.
 */
export function planQuery(indexes: SortedIndex[], filter: Filter, sort: SortSpec | undefined, skip = 0, limit = 0): Plan | null {
  const { values, onlyEqualities } = equalities(filter);
  const sortKeys = Object.entries(sort ?? {}) as Key[];
  const plans: Plan[] = [];
  for (const index of indexes) {
    let k = 0;
    if (!index.multikey) while (k < index.fields.length && values.has(index.fields[k][0])) k++;
    const fixed = new Set(index.fields.slice(0, k).map(([f]) => f));
    const wanted = sortKeys.filter(([f]) => !fixed.has(f));
    const rest = index.fields.slice(k);
    // Ties of the sort come out by `_id` ascending, as nedb's plain sort leaves them (its candidates are in `_id` order).
    const next = rest[wanted.length];
    const tiesById = wanted.some(([f]) => f === '_id') || (next?.[0] === '_id' && next[1] === 1);
    const forward = tiesById && wanted.every(([f, d], i) => rest[i]?.[0] === f && rest[i][1] === d);
    const backward =
      !forward && wanted.some(([f]) => f === '_id') && wanted.every(([f, d], i) => rest[i]?.[0] === f && rest[i][1] === -d);
    const ordered = forward || backward;
    let [from, to] = index.range(index.fields.slice(0, k).map(([f]) => values.get(f)));
    // A range on the next key (a cursor's `seq < n`) is sought, not walked to.
    const bounds = !index.multikey && k < index.fields.length ? rangeOn(filter, index.fields[k][0]) : null;
    if (bounds) [from, to] = index.narrow(from, to, k, bounds);
    if (k === 0 && !bounds && !(ordered && sortKeys.length > 0)) continue;
    plans.push({ index, from, to, reverse: backward, ordered, covered: onlyEqualities && values.size === k });
  }
  if (plans.length === 0) return null;
  // The smallest equality range bounds how many documents match; an ordered walk meets a page's worth of them
  // after about (skip + limit) * range / matches documents, a range found by equality is read whole and sorted.
  const matches = Math.max(1, Math.min(...plans.map((p) => p.to - p.from)));
  const cost = (p: Plan) => {
    const size = p.to - p.from;
    if (p.ordered) return limit ? Math.min(size, ((skip + limit) * size) / matches) : size;
    return size + (sortKeys.length > 0 ? (size * Math.log2(size + 1)) / 4 : 0);
  };
  const best = plans.reduce((a, p) => (cost(p) < cost(a) ? p : a));
  if (!best.ordered || !limit) return best;
  const whole = plans.filter((p) => !p.ordered).reduce<Plan | null>((a, p) => (!a || cost(p) < cost(a) ? p : a), null);
  if (whole && cost(whole) < best.to - best.from) best.fallback = { plan: whole, budget: Math.max(cost(whole), skip + limit) };
  return best;
}

/** The plan's documents matching `query` (nedb's translated filter), in order, after skip and up to limit. */
export function runPlan(plan: Plan, query: Record<string, unknown>, sort: SortSpec | undefined, skip = 0, limit = 0): Doc[] {
  const { index, from, to, reverse, ordered, covered, fallback } = plan;
  const matches = matcherFor(query);
  const out: Doc[] = [];
  let skipped = 0;
  const step = reverse ? -1 : 1;
  let read = 0;
  for (let i = reverse ? to - 1 : from; reverse ? i >= from : i < to; i += step) {
    if (fallback && ++read > fallback.budget) return runPlan(fallback.plan, query, sort, skip, limit);
    const doc = index.at(i);
    if (!covered && !matches(doc)) continue;
    if (!ordered) {
      out.push(doc);
      continue;
    }
    if (skipped < skip) {
      skipped++;
      continue;
    }
    out.push(doc);
    if (limit && out.length >= limit) break;
  }
  if (ordered) return out;
  // Only the range was found through the index: sorted here the way nedb sorts, ties by `_id`.
  return sortPage(out, { ...sort, _id: sort?._id ?? 1 }, skip, limit);
}

/** nedb's sort (a stable sort, so documents in `_id` order keep it for ties), then skip and limit. */
export function sortPage(docs: Doc[], sort: SortSpec | undefined, skip = 0, limit = 0): Doc[] {
  const criteria = Object.entries(sort ?? {});
  if (criteria.length > 0) {
    // Each document's keys read once, not at every comparison.
    const readers = criteria.map(([field]) => read(field));
    const keyed = docs.map((doc, i) => ({ doc, i, keys: readers.map((r) => r(doc)) }));
    keyed.sort((a, b) => {
      for (let k = 0; k < criteria.length; k++) {
        const c = criteria[k][1] * model.compareThings(a.keys[k], b.keys[k]);
        if (c !== 0) return c;
      }
      return a.i - b.i;
    });
    docs = keyed.map((k) => k.doc);
  }
  return skip || limit ? docs.slice(skip, limit ? skip + limit : undefined) : docs;
}

/** How many documents of the plan match `query`. */
export function countPlan(plan: Plan, query: Record<string, unknown>): number {
  if (plan.covered) return plan.to - plan.from;
  const matches = matcherFor(query);
  let n = 0;
  for (let i = plan.from; i < plan.to; i++) if (matches(plan.index.at(i))) n++;
  return n;
}

export const deepCopy = <D>(doc: D): D => model.deepCopy(doc);
