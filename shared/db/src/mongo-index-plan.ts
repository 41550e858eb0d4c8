/**
 * How the MongoDB adapter brings an index to what a service asks for (docs/operations.md#mongodb): MongoDB refuses a
 * createIndex whose key or name matches an existing index with other options, which used to stop the start on an
 * existing database the day a TTL or a unique flag changed. A plain function of the wanted index and `listIndexes`,
 * so every case is tested without a server; `mongo.ts` only runs the steps.
 */
import type { IndexOptions } from './port';

export type IndexKey = Record<string, 1 | -1>;

/** One row of `listIndexes` (the fields the plan reads). */
export interface ExistingIndex {
  name: string;
  key: Record<string, unknown>;
  unique?: boolean;
  sparse?: boolean;
  expireAfterSeconds?: number;
}

export type IndexStep =
  | { kind: 'create'; key: IndexKey; options: IndexOptions & { name: string } }
  | { kind: 'drop'; name: string; reason: string }
  /** collMod changes a TTL in place (no rebuild, the index stays in use). */
  | { kind: 'ttl'; name: string; expireAfterSeconds: number };

/** The index's name once the steps have run, and the steps. */
export interface IndexPlan {
  name: string;
  steps: IndexStep[];
}

/** MongoDB's own default name: `createdAt_-1__id_1`. */
export const defaultIndexName = (key: IndexKey): string =>
  Object.entries(key)
    .map(([field, direction]) => `${field}_${direction}`)
    .join('_');

const sameKey = (a: Record<string, unknown>, b: IndexKey): boolean => {
  const left = Object.entries(a);
  const right = Object.entries(b);
  return left.length === right.length && left.every(([field, direction], i) => field === right[i][0] && Number(direction) === right[i][1]);
};

const optionDifferences = (existing: ExistingIndex, wanted: IndexOptions): string[] => {
  const out: string[] = [];
  if (Boolean(existing.unique) !== Boolean(wanted.unique)) out.push(`unique ${Boolean(existing.unique)} -> ${Boolean(wanted.unique)}`);
  if (Boolean(existing.sparse) !== Boolean(wanted.sparse)) out.push(`sparse ${Boolean(existing.sparse)} -> ${Boolean(wanted.sparse)}`);
  const ttlBefore = existing.expireAfterSeconds === undefined ? undefined : Number(existing.expireAfterSeconds);
  if (ttlBefore !== wanted.expireAfterSeconds) out.push(`expireAfterSeconds ${ttlBefore ?? 'none'} -> ${wanted.expireAfterSeconds ?? 'none'}`);
  return out;
};

/**
 * The steps that make `existing` hold the wanted index, in order; none when an index with the same key and options is
 * there (under any name). A TTL that changed is a collMod. Anything else that changed (a new or dropped unique or
 * sparse flag, a TTL added to or taken from an index, a name now given to another key) drops the old index and
 * builds the new one: while it builds, queries fall back to other indexes, and a unique index the data breaks fails
 * its build with the duplicate key, which stops the start with it named.
 */
export function planIndex(key: IndexKey, options: IndexOptions, existing: readonly ExistingIndex[]): IndexPlan {
  const name = options.name ?? defaultIndexName(key);
  const steps: IndexStep[] = [];
  const byName = existing.find((index) => index.name === name);
  if (byName && !sameKey(byName.key, key)) steps.push({ kind: 'drop', name, reason: `the name ${name} now indexes ${defaultIndexName(key)}` });
  const byKey = existing.find((index) => sameKey(index.key, key));
  const create: IndexStep = { kind: 'create', key, options: { ...options, name } };
  if (!byKey) return { name, steps: [...steps, create] };
  const differences = optionDifferences(byKey, options);
  // The same index under another name (an earlier version's default) is kept as it is.
  if (differences.length === 0) return { name: byKey.name, steps };
  const ttlOnly = differences.length === 1 && byKey.expireAfterSeconds !== undefined && options.expireAfterSeconds !== undefined;
  if (ttlOnly) return { name: byKey.name, steps: [...steps, { kind: 'ttl', name: byKey.name, expireAfterSeconds: options.expireAfterSeconds as number }] };
  return { name, steps: [...steps, { kind: 'drop', name: byKey.name, reason: differences.join(', ') }, create] };
}
