/**
 * Paged sorts and the indexes that serve them (docs/architecture.md#admin-lists-and-figures). MongoDB returns a page
 * from an index without sorting every match only when an index holds the filter's equalities and then the sort's
 * fields, in order, all in the index's directions or all reversed; a page is stable only when the sort ends with
 * `_id` (documents of the same moment otherwise swap between pages). `auditPagedSorts` wraps a store so a service's
 * tests can drive its real routes and list every paged find that no index of the service serves.
 */
import type { Collection, Doc, DocumentStore, Filter, FindOptions, IndexOptions, SortSpec } from './port';

type IndexKey = Record<string, 1 | -1>;

/** Fields the filter fixes to one value: `field: value` or `{ $eq }`, at its top level or inside `$and`. */
export function equalityFields(filter: Filter): Set<string> {
  const fields = new Set<string>();
  for (const [field, value] of Object.entries(filter)) {
    if (field === '$and' && Array.isArray(value)) {
      for (const part of value) for (const f of equalityFields(part as Filter)) fields.add(f);
    } else if (!field.startsWith('$')) {
      const operators = value !== null && typeof value === 'object' && !(value instanceof Date) && !Array.isArray(value);
      if (!operators || Object.keys(value).every((k) => k === '$eq')) fields.add(field);
    }
  }
  return fields;
}

/** Whether MongoDB can read `find(filter).sort(sort)` in the order of this index, with no sort in memory. */
export function indexServesSort(index: IndexKey, filter: Filter, sort: SortSpec): boolean {
  const fixed = equalityFields(filter);
  const keys = Object.entries(index);
  let k = 0;
  while (k < keys.length && fixed.has(keys[k][0])) k++;
  const wanted = Object.entries(sort).filter(([field]) => !fixed.has(field));
  const rest = keys.slice(k);
  if (wanted.length > rest.length) return false;
  const same = wanted.every(([field, direction], i) => rest[i][0] === field && rest[i][1] === direction);
  const reversed = wanted.every(([field, direction], i) => rest[i][0] === field && rest[i][1] === -direction);
  return same || reversed;
}

export interface PagedSortAudit {
  /** The store to hand the service: every call goes to the wrapped one. */
  store: DocumentStore;
  /** Each paged find seen (a sort with skip or limit), as `collection: sort`. */
  pagedSorts(): string[];
  /** Each paged find whose sort does not end with `_id` or that no index created through this store serves. */
  problems(): string[];
  /** Forgets the finds seen so far (a service's start-up reads), keeping the indexes. */
  forget(): void;
}

export function auditPagedSorts(inner: DocumentStore): PagedSortAudit {
  const indexes = new Map<string, IndexKey[]>();
  const finds: Array<{ collection: string; filter: Filter; sort: SortSpec }> = [];
  const describe = (f: { collection: string; sort: SortSpec }) => `${f.collection}: ${JSON.stringify(f.sort)}`;
  const wrap = <T extends Doc>(name: string, collection: Collection<T>): Collection<T> =>
    new Proxy(collection, {
      get(target, property, receiver) {
        if (property === 'createIndex') {
          return (keys: IndexKey, options?: IndexOptions) => {
            indexes.set(name, [...(indexes.get(name) ?? []), keys]);
            return target.createIndex(keys, options);
          };
        }
        if (property === 'find') {
          return (filter: Filter, options: FindOptions = {}) => {
            if (options.sort && (options.skip !== undefined || options.limit !== undefined)) finds.push({ collection: name, filter, sort: options.sort });
            return target.find(filter, options);
          };
        }
        const value = Reflect.get(target, property, receiver) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  const store: DocumentStore = {
    kind: inner.kind,
    collection: <T extends Doc = Doc>(name: string) => wrap<T>(name, inner.collection<T>(name)),
    close: () => inner.close(),
  };
  return {
    store,
    pagedSorts: () => [...new Set(finds.map(describe))],
    forget: () => void finds.splice(0),
    problems: () => {
      const out = new Set<string>();
      for (const f of finds) {
        const keys = Object.keys(f.sort);
        if (keys[keys.length - 1] !== '_id') out.add(`${describe(f)} does not end with _id`);
        else if (!(indexes.get(f.collection) ?? []).some((index) => indexServesSort(index, f.filter, f.sort))) out.add(`${describe(f)} has no index`);
      }
      return [...out];
    },
  };
}
