/**
 * Embedded DocumentStore on @seald-io/nedb 4: one datastore file per collection under
 * `<dataDir>/<name>/<collection>.db` (or in memory). Filters and updates go through ./query, which gives
 * them MongoDB's meaning or rejects them; every write of a collection runs through one queue so a
 * read-then-write (conditional update, findOneAndUpdate, upsert) is atomic within the process, and the
 * folder lock makes this process the only writer.
 *
 * On disk nedb appends one line per inserted, changed or removed document; a write is answered once its line is
 * on disk (fdatasync, one flush for all the writes that arrive while the previous one runs: ./group-commit). A
 * compaction rewrites the file with one line per live document (temporary file, fsync, rename). The store
 * refuses to open a folder holding any line nedb could not read (nedb would drop it and compact it away), and
 * compacts each collection once its appended lines outnumber its documents, and periodically while it has
 * appends, so files stay bounded. Each line carries a checksum of its JSON (./line-checksum), checked at open and
 * again as nedb loads the line.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import * as nedbModule from '@seald-io/nedb';
import { DataFileAppender } from './append-file';
import { GroupCommit } from './group-commit';
import { escapeLineSeparators, scanDataFile, scanDataFolder, UnreadableDataError } from './datafile';
import { verifiedJson, withChecksum } from './line-checksum';
import { bulkResetIndexes } from './bulk-index';
import { lockDataFolder } from './lock';
import { removeByIdentity } from './nedb-index-removal';
import { serializeDocument } from './serialize';
import { rewriteDataFile, type RewritableDatastore } from './rewrite-file';
import { compileMatcher, matcherFor } from './matcher';
import { countPlan, deepCopy, mirrorIndexHooks, planQuery, runPlan, SortedIndex, sortPage, type Plan } from './sorted-index';
import type {
  Collection,
  Doc,
  DocumentStore,
  DuplicateKeyError,
  Filter,
  FindOneAndUpdateOptions,
  FindOptions,
  IndexOptions,
  Projection,
  SortSpec,
  Update,
  UpdateOptions,
  UpdateResult,
  WithOptionalId,
} from './port';
import {
  checkProjection,
  checkSort,
  InvalidQueryError,
  isPlainObject,
  translateFilter,
  translateUpdate,
  upsertSeed,
} from './query';

type NedbClass = typeof import('@seald-io/nedb').default;
type Nedb = InstanceType<NedbClass>;
// nedb is CommonJS: depending on the loader the class is the namespace itself or its `default`.
const Datastore: NedbClass =
  (nedbModule as unknown as { default?: NedbClass }).default ?? (nedbModule as unknown as NedbClass);

interface NedbModel {
  serialize(doc: unknown): string;
  modify(doc: Record<string, unknown>, update: Update): Record<string, unknown>;
  compareThings(a: unknown, b: unknown): number;
  getDotValue(doc: unknown, field: string): unknown;
}
// nedb's own update semantics, needed to build an upserted document before inserting it.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal file nedb ships without types, typed here
const nedbModel = require('@seald-io/nedb/lib/model') as NedbModel;
// nedb's cursor, for its projection code on documents read through an ordered index.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal file nedb ships without types, typed here
const NedbCursor = require('@seald-io/nedb/lib/cursor') as new (ds: Nedb, query: object) => {
  projection(p: Projection): void;
  _project(docs: Doc[]): Doc[];
};

/** A read returning at least this many documents is not left in nedb's executor (see released()). */
const RELEASE_RESULTS_FROM = 100;

export interface EmbeddedStoreOptions {
  /** Service name: the folder under dataDir. */
  name: string;
  /** Default ./data. */
  dataDir?: string;
  inMemory?: boolean;
  /** A collection is compacted once this many lines were appended, or as many as it has documents if more. */
  compactAfterAppends?: number;
  /** Collections with appends since their last compaction are compacted this often. */
  compactionIntervalMs?: number;
  /**
   * Default true: a write is answered once it is on disk. False answers as soon as the line is in the operating
   * system's cache, so a power cut can lose acknowledged writes: UNSAFE, for measuring what durability costs only.
   */
  durable?: boolean;
  /**
   * Default 'identity': a document leaves an index key many documents share without nedb rebuilding the key's list
   * (./nedb-index-removal). 'nedb' keeps nedb's own removal: only `pnpm bench:orders-store`'s baseline.
   */
  indexRemoval?: 'identity' | 'nedb';
}

/** The file stays under about twice its live size plus this many lines. */
export const DEFAULT_COMPACT_AFTER_APPENDS = 1000;
export const DEFAULT_COMPACTION_INTERVAL_MS = 5 * 60_000;

interface Compaction {
  afterAppends: number;
  intervalMs: number;
}

/** nedb's internal append (every line it adds to a datafile goes through it) and rewrite (load, compaction). */
interface NedbPersistence {
  filename: string;
  modes: { fileMode: number };
  afterSerialization(line: string): Promise<string>;
  persistNewStateAsync(docs: unknown[]): Promise<void>;
  persistCachedDatabaseAsync(): Promise<void>;
}

/** nedb's datastore internals the store's update runs on (its `_updateAsync` without the copies). */
interface NedbUpdateInternals<T> {
  _getCandidatesAsync(query: Record<string, unknown>): Promise<T[]>;
  _updateIndexes(pairs: Array<{ oldDoc: T; newDoc: T }>): void;
  persistence: { persistNewStateAsync(docs: T[]): Promise<void> };
}

/** nedb's datastore internals the store's insert runs on (its `_insertAsync` without the copy it returns). */
interface NedbInsertInternals<T> {
  _prepareDocumentForInsertion(docs: T | T[]): T | T[];
  _insertInCache(docs: T | T[]): void;
  persistence: { persistNewStateAsync(docs: T[]): Promise<void> };
}

/** nedb found lines it could not parse: its message counts them but names neither the file nor the line. */
const isCorruptionError = (e: unknown) => typeof (e as { corruptItems?: unknown })?.corruptItems === 'number';

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const checkName = (kind: string, name: string) => {
  if (!SAFE_NAME.test(name)) {
    throw new Error(`${kind} name '${name}' is invalid: use letters, digits, '-' or '_' (at most 64)`);
  }
};

/** Serialises async work: each task starts after the previous one settled. */
class Queue {
  private tail: Promise<unknown> = Promise.resolve();
  run<R>(task: () => Promise<R>): Promise<R> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

interface UniqueIndex {
  name: string;
  fields: string[];
}

const indexName = (keys: Record<string, 1 | -1>) =>
  Object.entries(keys)
    .map(([k, v]) => `${k}_${v}`)
    .join('_');

const formatKeyValue = (value: Record<string, unknown>) =>
  `{ ${Object.entries(value)
    .map(([k, v]) => `${k}: ${v instanceof Date ? v.toISOString() : JSON.stringify(v)}`)
    .join(', ')} }`;

class EmbeddedCollection<T extends Doc> implements Collection<T> {
  private readonly queue = new Queue();
  /** Index names given to createIndex, by nedb's index key (sorted fields joined by ','). */
  private readonly indexNames = new Map<string, string>([['_id', '_id_']]);
  /** One ordered index per createIndex key (./sorted-index): sorted pages and counts without a scan. */
  private readonly sorted: SortedIndex[] = [];

  /** Lines appended since the last compaction, and the documents that compaction kept. */
  private appended = 0;
  private documentsAtCompaction = 0;
  private compactionQueued = false;
  /** The datafile's append handle (none in memory). */
  private appender: DataFileAppender | null = null;

  constructor(
    private readonly store: EmbeddedStore,
    readonly name: string,
    private readonly ds: Nedb,
    private readonly ready: Promise<void>,
    private readonly compaction: Compaction | null,
    indexRemoval: 'identity' | 'nedb',
    /** How many lines of the datafile the load read with a checksum that held (./line-checksum). */
    loadedLines: { signed: number } | null = null,
  ) {
    if (indexRemoval === 'identity') removeByIdentity(ds);
    bulkResetIndexes(ds);
    mirrorIndexHooks(ds, this.sorted);
    if (!compaction) return;
    const persistence = (ds as unknown as { persistence: NedbPersistence }).persistence;
    this.appender = new DataFileAppender(persistence.filename, persistence.modes.fileMode, store.commit !== null);
    const appender = this.appender;
    // nedb's append, the same lines, through a handle kept open; counted here, so TTL expiry and index records
    // count as well as this class's writes.
    persistence.persistNewStateAsync = async (docs) => {
      let lines = '';
      for (const doc of docs) lines += `${await persistence.afterSerialization(serializeDocument(doc, nedbModel.serialize))}\n`;
      if (lines) {
        appender.append(lines);
        store.commit?.appended(appender);
      }
      this.noteAppended(docs.length);
    };
    // Both run in nedb's executor, so no append comes between letting the handle go and the file's replacement.
    // The rewrite is ours (./rewrite-file): nedb's queued every line as its own native buffer at once.
    // Loading ends with this rewrite too; a file that is already one signed line per document and per index (an
    // append-only trail, a store closed cleanly) would come out the same, so it is left as it is: at 1,000,000 audit
    // entries that is 600 MB not written again at every start.
    let loading = true;
    persistence.persistCachedDatabaseAsync = () => {
      if (loading && loadedLines && loadedLines.signed === ds.getAllData().length + Object.keys((ds as unknown as RewritableDatastore).indexes).length - 1) {
        return appender.loadedAsIs();
      }
      return appender.replace(() => rewriteDataFile(ds as unknown as RewritableDatastore, nedbModel.serialize));
    };
    ready.then(
      () => {
        loading = false;
        this.documentsAtCompaction = ds.getAllData().length; // loading compacted the file, or found it compact
      },
      () => undefined,
    );
  }

  private noteAppended(lines: number): void {
    this.appended += lines;
    const limit = Math.max(this.compaction!.afterAppends, this.documentsAtCompaction);
    if (this.appended < limit || this.compactionQueued) return;
    this.compactionQueued = true;
    // Queued behind the write in progress, never awaited by it: the caller does not wait for the rewrite.
    this.queue.run(() => this.compactNow(false)).catch((e) => this.compactionFailed(e));
  }

  /** Lets the datafile's append handle go (the store closes). */
  releaseFile(): void {
    this.appender?.release();
  }

  /** Has lines on disk that no compaction has rewritten (and fsynced) yet. */
  get dirty(): boolean {
    return this.appended > 0;
  }

  compactionFailed(e: unknown): void {
    // The appended lines are intact and the next threshold or tick retries; only the file keeps growing.
    process.emitWarning(
      `Compacting ${this.store.name}.${this.name} failed (${(e as Error)?.message ?? e}); its datafile keeps ` +
        'growing until a compaction succeeds.',
      { code: 'PHARMACY_DB_COMPACTION' },
    );
  }

  private async db(): Promise<Nedb> {
    this.store.assertOpen();
    await this.ready;
    return this.ds;
  }

  /** Documents the current write is storing, to tell which unique index a violation came from. */
  private pending: Record<string, unknown>[] = [];

  /**
   * Writes share one queue per collection: what a write read is still true when it writes. nedb's
   * unique violation becomes MongoDB's duplicate-key error (code 11000) naming the index and the key. The answer
   * waits for the write's line to be on disk, outside the queue, so the next write appends meanwhile and shares
   * the flush.
   */
  private async write<R>(task: (ds: Nedb) => Promise<R>): Promise<R> {
    const result = await this.db().then((ds) =>
      this.queue.run(async () => {
        this.pending = [];
        try {
          return await task(ds);
        } catch (e) {
          const err = e as { errorType?: string; key?: unknown };
          if (err?.errorType === 'uniqueViolated') throw this.duplicateKeyError(err.key, this.pending);
          throw e;
        } finally {
          this.pending = [];
        }
      }),
    );
    await this.store.commit?.durable();
    return result;
  }

  /** nedb's unique indexes, including those it re-created from the datafile on load. */
  private uniqueIndexes(): UniqueIndex[] {
    const indexes = (this.ds as unknown as { indexes: Record<string, { unique: boolean }> }).indexes;
    return Object.entries(indexes)
      .filter(([, index]) => index.unique)
      .map(([key]) => {
        const fields = key.split(',');
        return { name: this.indexNames.get(key) ?? fields.map((f) => `${f}_1`).join('_'), fields };
      });
  }

  private duplicateKeyError(
    key: unknown,
    docs: Record<string, unknown>[],
    indexes: UniqueIndex[] = this.uniqueIndexes(),
  ): DuplicateKeyError {
    let index: UniqueIndex | undefined;
    let keyValue: Record<string, unknown> | undefined;
    for (const candidate of indexes) {
      for (const doc of docs) {
        const value =
          candidate.fields.length === 1
            ? nedbModel.getDotValue(doc, candidate.fields[0])
            : Object.fromEntries(candidate.fields.map((f) => [f, nedbModel.getDotValue(doc, f)]));
        const values = Array.isArray(value) && candidate.fields.length === 1 ? value : [value];
        if (values.some((v) => nedbModel.compareThings(v, key) === 0)) {
          index = candidate;
          keyValue =
            candidate.fields.length === 1 ? { [candidate.fields[0]]: key } : (key as Record<string, unknown>);
          break;
        }
      }
      if (index) break;
    }
    const where = `collection: ${this.store.name}.${this.name}`;
    const message = index
      ? `E11000 duplicate key error ${where} index: ${index.name} dup key: ${formatKeyValue(keyValue!)}`
      : `E11000 duplicate key error ${where} dup key: ${JSON.stringify(key)}`;
    const error = new Error(message) as DuplicateKeyError & {
      keyValue?: Record<string, unknown>;
      keyPattern?: Record<string, number>;
      index?: string;
    };
    error.name = 'DuplicateKeyError';
    (error as { code: number }).code = 11000;
    if (index) {
      error.index = index.name;
      error.keyValue = keyValue;
      error.keyPattern = Object.fromEntries(index.fields.map((f) => [f, 1]));
    }
    return error;
  }

  private prepare(doc: WithOptionalId<T>): T {
    if (!isPlainObject(doc)) throw new InvalidQueryError('a document must be a plain object');
    const id = doc._id === undefined ? randomUUID() : doc._id;
    if (typeof id !== 'string') throw new InvalidQueryError('_id must be a string');
    return { ...doc, _id: id } as unknown as T;
  }

  async insertOne(doc: WithOptionalId<T>): Promise<{ insertedId: string }> {
    const prepared = this.prepare(doc);
    return this.write(async (ds) => {
      this.pending = [prepared];
      await this.insertStored(ds, prepared);
      return { insertedId: prepared._id };
    });
  }

  async insertMany(docs: WithOptionalId<T>[]): Promise<{ insertedCount: number }> {
    const prepared = docs.map((d) => this.prepare(d));
    if (prepared.length === 0) return { insertedCount: 0 };
    // nedb inserts an array all-or-nothing (MongoDB's ordered insertMany keeps the ones before a failure).
    return this.write(async (ds) => {
      this.pending = prepared;
      await this.insertStored(ds, prepared);
      return { insertedCount: prepared.length };
    });
  }

  /**
   * nedb's insert (its `_insertAsync`, in its executor like its own): a checked copy of each document goes into
   * every index (all or none) and is appended; without the second copy nedb returns, which no caller here reads.
   */
  private insertStored(ds: Nedb, docs: T | T[]): Promise<void> {
    const internal = ds as unknown as NedbInsertInternals<T>;
    return this.executor(ds).pushAsync(async () => {
      const stored = internal._prepareDocumentForInsertion(docs);
      internal._insertInCache(stored);
      await internal.persistence.persistNewStateAsync(Array.isArray(stored) ? stored : [stored]);
    });
  }

  async findOne(filter: Filter, options: { projection?: Projection; sort?: SortSpec } = {}): Promise<T | null> {
    const [doc] = await this.find(filter, { ...options, limit: 1 });
    return doc ?? null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    const query = translateFilter(filter);
    const sort = checkSort(options.sort);
    const projection = checkProjection(options.projection);
    const { skip, limit } = options;
    for (const [label, n] of [['skip', skip], ['limit', limit]] as const) {
      if (n !== undefined && (!Number.isInteger(n) || n < 0)) {
        throw new InvalidQueryError(`${label} must be a non-negative integer`);
      }
    }
    const ds = await this.db();
    if (this.plan(ds, filter, sort, skip, limit)) {
      // Planned again in nedb's executor, like its own reads: never between a write's change in memory and its
      // append, and on the index as it is then.
      const found = await this.executor(ds).pushAsync(async () => {
        const plan = this.plan(ds, filter, sort, skip, limit);
        return plan && (this.projectCopies(ds, runPlan(plan, query, sort, skip, limit), projection) as T[]);
      });
      if (found) return this.released(ds, found);
    }
    const scan = this.scanner(ds, query);
    if (scan) {
      // No index serves it: every document, in nedb's order, through the compiled filter.
      // In an ordered index's order when there is one (cheaper to read than nedb's tree), so sorted by _id for ties.
      const found = await this.executor(ds).pushAsync(async () => {
        const matching = this.everyDocument(ds).filter(scan);
        const order = this.sorted.length > 0 ? { ...sort, _id: sort?._id ?? 1 } : sort;
        return this.projectCopies(ds, sortPage(matching, order, skip, limit), projection) as T[];
      });
      return this.released(ds, found);
    }
    if (this.noTtl(ds)) {
      // nedb's own candidates (an index lookup when its indexes answer the query), matched, sorted (stably, as
      // nedb does) and copied here: nedb's cursor copies whole documents and projects them several times slower.
      const matches = matcherFor(query);
      const found = await this.executor(ds).pushAsync(async () => {
        const candidates = (ds as unknown as { _getRawCandidates(q: object): Doc[] })._getRawCandidates(query);
        return this.projectCopies(ds, sortPage(candidates.filter(matches), sort, skip, limit), projection) as T[];
      });
      return this.released(ds, found);
    }
    let cursor = ds.findAsync(query, projection ?? {});
    if (sort) cursor = cursor.sort(sort);
    if (skip) cursor = cursor.skip(skip);
    if (limit) cursor = cursor.limit(limit);
    return this.released(ds, (await cursor) as unknown as T[]);
  }

  /**
   * nedb's executor keeps the result of the last task it ran until it runs the next one: after a large read (the
   * catalog's read model loads every product at start) that array of copies stayed in memory at rest, ~170 MB at
   * 100,000 products, for as long as nothing else touched the collection. A no-op task takes its place.
   */
  private released(ds: Nedb, docs: T[]): T[] {
    if (docs.length >= RELEASE_RESULTS_FROM) {
      const executor = (ds as unknown as { executor: { pushAsync(task: () => Promise<void>): Promise<void> } }).executor;
      executor.pushAsync(async () => undefined).catch(() => undefined);
    }
    return docs;
  }

  async countDocuments(filter: Filter = {}): Promise<number> {
    const query = translateFilter(filter);
    const ds = await this.db();
    if (Object.keys(query).length === 0 && this.sorted.length > 0 && this.noTtl(ds)) {
      return this.executor(ds).pushAsync(async () => this.sorted[0].size); // every document is in every ordered index
    }
    if (this.plan(ds, filter, undefined)) {
      const counted = await this.executor(ds).pushAsync(async () => {
        const plan = this.plan(ds, filter, undefined);
        return plan && countPlan(plan, query);
      });
      if (counted !== null) return counted;
    }
    const scan = this.scanner(ds, query);
    if (scan) return this.executor(ds).pushAsync(async () => this.everyDocument(ds).filter(scan).length);
    if (this.noTtl(ds)) {
      const matches = matcherFor(query);
      return this.executor(ds).pushAsync(async () => (ds as unknown as { _getRawCandidates(q: object): Doc[] })._getRawCandidates(query).filter(matches).length);
    }
    return (await ds.countAsync(query)) as unknown as number;
  }

  private everyDocument(ds: Nedb): Doc[] {
    return this.sorted.length > 0 ? (this.sorted[0].all() as Doc[]) : (ds.getAllData() as unknown as Doc[]);
  }

  private noTtl(ds: Nedb): boolean {
    return Object.keys((ds as unknown as { ttlIndexes: object }).ttlIndexes).length === 0;
  }

  /** An ordered index's plan for this call, or null; never with a TTL index, whose expired documents nedb drops as it reads. */
  private plan(ds: Nedb, filter: Filter, sort: SortSpec | undefined, skip?: number, limit?: number): Plan | null {
    if (this.sorted.length === 0 || !this.noTtl(ds)) return null;
    return planQuery(this.sorted, filter, sort, skip, limit);
  }

  /**
   * The compiled filter for a scan of every document, when nedb would scan them all too: not when one of nedb's
   * indexes answers the query (an `_id` or another indexed field at its top level), nor with a TTL index.
   */
  private scanner(ds: Nedb, query: Record<string, unknown>): ((doc: unknown) => boolean) | null {
    if (!this.noTtl(ds)) return null;
    const indexed = new Set(Object.keys((ds as unknown as { indexes: object }).indexes).flatMap((name) => name.split(',')));
    // What nedb looks up in an index: a plain value, or $in / a range, on an indexed field (a RegExp it scans for).
    const lookedUp = (value: unknown) => !(value instanceof RegExp) && (!isPlainObject(value) || ['$in', '$lt', '$lte', '$gt', '$gte'].some((op) => op in value));
    if (Object.entries(query).some(([key, value]) => indexed.has(key) && lookedUp(value))) return null;
    return compileMatcher(query);
  }

  private executor(ds: Nedb): { pushAsync<R>(task: () => Promise<R>): Promise<R> } {
    return (ds as unknown as { executor: { pushAsync<R>(task: () => Promise<R>): Promise<R> } }).executor;
  }

  /** What nedb's find returns: copies, projected by nedb's own projection code. */
  private projectCopies(ds: Nedb, docs: Doc[], projection: Projection | undefined): Doc[] {
    if (!projection) return docs.map(deepCopy);
    // Top-level fields: picked first, so only what is returned is copied.
    const modes = new Set(Object.entries(projection).filter(([k]) => k !== '_id').map(([, v]) => v));
    if (modes.size < 2 && !Object.keys(projection).some((k) => k.includes('.'))) return docs.map((d) => deepCopy(project(d, projection)));
    const cursor = new NedbCursor(ds, {});
    cursor.projection(projection);
    return cursor._project(docs).map(deepCopy);
  }

  /**
   * nedb's update (its `_updateAsync`, in its executor like its own) of the documents matching `query`, first by
   * `sort` and at most `limit` (0: all), without the copies nedb's path makes around it (its find copied each
   * document, its update modified it a second time and copied the result): one modified copy per document, which
   * replaces the stored one in every index (a unique violation changes nothing) and is appended. Returns the stored
   * documents before and after, never to be handed out uncopied. The caller holds the queue.
   */
  private async replaceMatching(
    ds: Nedb,
    query: Record<string, unknown>,
    update: Update,
    sort: SortSpec | undefined,
    limit: number,
  ): Promise<Array<{ oldDoc: T; newDoc: T }>> {
    const internal = ds as unknown as NedbUpdateInternals<T>;
    const matches = matcherFor(query);
    return this.executor(ds).pushAsync(async () => {
      // Expired documents (a TTL index) are removed on the way, as nedb's own update does.
      const found = (await internal._getCandidatesAsync(query)).filter(matches);
      const pairs = sortPage(found, sort, 0, limit).map((oldDoc) => ({ oldDoc: oldDoc as T, newDoc: nedbModel.modify(oldDoc, update) as T }));
      if (pairs.length === 0) return pairs;
      this.pending = pairs.map((p) => p.newDoc);
      internal._updateIndexes(pairs);
      await internal.persistence.persistNewStateAsync(pairs.map((p) => p.newDoc));
      return pairs;
    });
  }

  /** MongoDB's upsert: the filter's equality fields, then the update; a UUID _id unless the filter fixes one. */
  private async upsert(ds: Nedb, filter: Filter, update: Update): Promise<T> {
    const seed = upsertSeed(filter);
    if (seed._id === undefined) seed._id = randomUUID();
    if (typeof seed._id !== 'string') throw new InvalidQueryError('_id must be a string');
    const doc = nedbModel.modify(seed, update);
    this.pending = [doc];
    return (await ds.insertAsync(doc)) as unknown as T;
  }

  async updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    const query = translateFilter(filter);
    const ops = translateUpdate(update);
    return this.write(async (ds) => {
      const [result] = await this.replaceMatching(ds, query, ops, undefined, 1);
      if (result) {
        const modified = isDeepStrictEqual(result.oldDoc, result.newDoc) ? 0 : 1;
        return { matchedCount: 1, modifiedCount: modified, upsertedId: null };
      }
      if (!options.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedId: null };
      const inserted = await this.upsert(ds, filter, ops);
      return { matchedCount: 0, modifiedCount: 0, upsertedId: inserted._id };
    });
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    const query = translateFilter(filter);
    const ops = translateUpdate(update);
    return this.write(async (ds) => {
      // All-or-nothing, as nedb's multi update (a unique violation leaves every document as it was).
      const pairs = await this.replaceMatching(ds, query, ops, undefined, 0);
      const modified = pairs.filter((p) => !isDeepStrictEqual(p.oldDoc, p.newDoc)).length;
      return { matchedCount: pairs.length, modifiedCount: modified, upsertedId: null };
    });
  }

  async findOneAndUpdate(filter: Filter, update: Update, options: FindOneAndUpdateOptions = {}): Promise<T | null> {
    const query = translateFilter(filter);
    const ops = translateUpdate(update);
    const sort = checkSort(options.sort);
    const projection = checkProjection(options.projection);
    const dotted = Object.keys(projection ?? {}).find((k) => k.includes('.'));
    if (dotted) throw new InvalidQueryError(`findOneAndUpdate projects top-level fields only, not '${dotted}'`);
    const returnAfter = (options.returnDocument ?? 'after') === 'after';
    return this.write(async (ds) => {
      const [result] = await this.replaceMatching(ds, query, ops, sort, 1);
      if (result) {
        // The stored document is never handed out: only what is returned is copied.
        const doc = returnAfter ? result.newDoc : result.oldDoc;
        return deepCopy(projection ? project(doc, projection) : doc);
      }
      if (!options.upsert) return null;
      const inserted = await this.upsert(ds, filter, ops);
      return returnAfter ? (projection ? project(inserted, projection) : inserted) : null;
    });
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    const query = translateFilter(filter);
    return this.write(async (ds) => ({ deletedCount: await ds.removeAsync(query, { multi: false }) }));
  }

  async deleteMany(filter: Filter): Promise<{ deletedCount: number }> {
    const query = translateFilter(filter);
    return this.write(async (ds) => ({ deletedCount: await ds.removeAsync(query, { multi: true }) }));
  }

  async createIndex(keys: Record<string, 1 | -1>, options: IndexOptions = {}): Promise<string> {
    const fields = Object.keys(keys);
    if (fields.length === 0) throw new InvalidQueryError('createIndex needs at least one field');
    for (const [k, v] of Object.entries(keys)) {
      if (v !== 1 && v !== -1) throw new InvalidQueryError(`index direction for '${k}' must be 1 or -1`);
    }
    if (options.expireAfterSeconds !== undefined) {
      if (fields.length !== 1) throw new InvalidQueryError('a TTL index must have exactly one field');
      if (!Number.isFinite(options.expireAfterSeconds) || options.expireAfterSeconds < 0) {
        throw new InvalidQueryError('expireAfterSeconds must be a non-negative number');
      }
    }
    const name = options.name ?? indexName(keys);
    const nedbKey = [...fields].sort().join(',');
    return this.write(async (ds) => {
      try {
        await ds.ensureIndexAsync({
          fieldName: fields.length === 1 ? fields[0] : fields,
          unique: options.unique ?? false,
          sparse: options.sparse ?? false,
          expireAfterSeconds: options.expireAfterSeconds,
        });
      } catch (e) {
        const err = e as { errorType?: string; key?: unknown };
        if (err?.errorType !== 'uniqueViolated') throw e;
        // Existing documents break the new unique index: reported like MongoDB's index build.
        const existing = (await ds.findAsync({})) as unknown as Record<string, unknown>[];
        throw this.duplicateKeyError(err.key, existing, [{ name, fields }]);
      }
      if (!this.indexNames.has(nedbKey)) this.indexNames.set(nedbKey, name);
      if (!this.sorted.some((index) => index.sameAs(keys))) {
        const index = new SortedIndex(keys);
        index.reset(ds.getAllData() as unknown as Doc[]);
        this.sorted.push(index);
      }
      return name;
    });
  }

  /**
   * Rewrites the datafile with one line per document (nedb writes a temporary file, fsyncs it and renames
   * it over the old one) if it has appends, or always on close. Runs in the write queue, so no write of ours
   * interleaves with it.
   */
  async compact(onClose = false): Promise<void> {
    try {
      await this.ready;
    } catch {
      return; // never loaded: nothing to compact, and nedb would queue the task forever
    }
    await this.queue.run(() => this.compactNow(onClose));
  }

  /**
   * The caller holds the queue. Outside close, a collection another compaction already rewrote is left alone,
   * and after close only close's own compaction writes: the lock is being released.
   */
  private async compactNow(onClose: boolean): Promise<void> {
    this.compactionQueued = false;
    if (!onClose && (this.store.closed || this.appended === 0)) return;
    const appended = this.appended;
    await this.ds.compactDatafileAsync();
    this.appended -= appended;
    this.documentsAtCompaction = this.ds.getAllData().length;
  }
}

/** Applies a MongoDB projection to a document already read (findOneAndUpdate's result). */
function project<T extends Doc>(doc: T, projection: Projection): T {
  const entries = Object.entries(projection);
  const include = entries.some(([k, v]) => k !== '_id' && v === 1);
  const out: Record<string, unknown> = include ? {} : { ...doc };
  if (include) {
    if (projection._id !== 0) out._id = doc._id;
    for (const [k, v] of entries) if (v === 1 && k in doc) out[k] = doc[k];
  } else {
    for (const [k, v] of entries) if (v === 0) delete out[k];
  }
  if (projection._id === 0) delete out._id;
  return out as T;
}

export class EmbeddedStore implements DocumentStore {
  readonly kind = 'embedded' as const;
  private readonly collections = new Map<string, EmbeddedCollection<Doc>>();
  private isClosed = false;
  private readonly timer: NodeJS.Timeout | null = null;
  /** Null in memory, or when durability is turned off. */
  readonly commit: GroupCommit | null;

  private constructor(
    readonly name: string,
    private readonly folder: string | null,
    private readonly display: string | null,
    private readonly release: (() => Promise<void>) | null,
    private readonly compaction: Compaction | null,
    durable: boolean,
    private readonly indexRemoval: 'identity' | 'nedb',
  ) {
    this.commit = compaction && durable ? new GroupCommit() : null;
    if (compaction) {
      this.timer = setInterval(() => this.compactDirty(), compaction.intervalMs);
      this.timer.unref(); // never what keeps the process alive
    }
  }

  static async open(options: EmbeddedStoreOptions): Promise<EmbeddedStore> {
    checkName('Store', options.name);
    const indexRemoval = options.indexRemoval ?? 'identity';
    if (options.inMemory) return new EmbeddedStore(options.name, null, null, null, null, false, indexRemoval);
    const compaction: Compaction = {
      afterAppends: positive('compactAfterAppends', options.compactAfterAppends ?? DEFAULT_COMPACT_AFTER_APPENDS),
      intervalMs: positive('compactionIntervalMs', options.compactionIntervalMs ?? DEFAULT_COMPACTION_INTERVAL_MS),
    };
    const dataDir = options.dataDir ?? './data';
    const folder = path.resolve(dataDir, options.name);
    const display = path.join(dataDir, options.name);
    const release = await lockDataFolder(folder, display);
    try {
      // Before nedb loads anything: a load that skips a line also compacts the file, erasing it for good.
      const problems = (await scanDataFolder(folder, display)).flatMap((f) => f.problems);
      if (problems.length > 0) throw new UnreadableDataError(options.name, problems);
    } catch (e) {
      await release();
      throw e;
    }
    return new EmbeddedStore(options.name, folder, display, release, compaction, options.durable ?? true, indexRemoval);
  }

  /** Compacts every collection with appends not yet rewritten; errors are warned about, not thrown. */
  compactDirty(): Promise<void> {
    const dirty = [...this.collections.values()].filter((c) => c.dirty);
    return Promise.all(dirty.map((c) => c.compact().catch((e) => c.compactionFailed(e)))).then(() => undefined);
  }

  get closed(): boolean {
    return this.isClosed;
  }

  assertOpen(): void {
    if (this.isClosed) throw new Error(`The ${this.name} store is closed`);
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    this.assertOpen();
    checkName('Collection', name);
    let collection = this.collections.get(name);
    if (!collection) {
      const file = this.folder ? path.join(this.folder, `${name}.db`) : null;
      const loadedLines = { signed: 0 };
      const ds = file
        ? new Datastore({
            filename: file,
            // Any unreadable line, or one whose checksum fails, stops the load before nedb compacts (which would erase it).
            corruptAlertThreshold: 0,
            afterSerialization: (line: string) => withChecksum(escapeLineSeparators(line)),
            beforeDeserialization: (line: string) => {
              const json = verifiedJson(line);
              if (json !== line) loadedLines.signed++;
              return json;
            },
          })
        : new Datastore({ inMemoryOnly: true });
      const ready = ds.loadDatabaseAsync().catch(async (e: unknown) => {
        if (!file || !isCorruptionError(e)) throw e;
        // Only if the file changed after open's scan; the same scan names the file and the line.
        const { problems } = await scanDataFile(file, path.join(this.display!, `${name}.db`));
        throw problems.length > 0 ? new UnreadableDataError(this.name, problems) : e;
      });
      ready.catch(() => undefined); // reported by the first operation that awaits it
      collection = new EmbeddedCollection<Doc>(this, name, ds, ready, this.compaction, this.indexRemoval, loadedLines);
      this.collections.set(name, collection);
    }
    return collection as unknown as Collection<T>;
  }

  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    if (this.timer) clearInterval(this.timer);
    try {
      if (this.folder) await Promise.all([...this.collections.values()].map((c) => c.compact(true)));
    } finally {
      for (const c of this.collections.values()) c.releaseFile();
      this.collections.clear();
      await this.release?.();
    }
  }
}

function positive(option: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${option} must be a positive integer, not ${value}`);
  return value;
}

export const openEmbeddedStore = (options: EmbeddedStoreOptions): Promise<EmbeddedStore> => EmbeddedStore.open(options);
