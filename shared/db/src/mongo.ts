/**
 * MongoDB DocumentStore: the official driver, one database per service. Services already write MongoDB
 * filters and updates, so each method delegates and only normalises what the port promises:
 * string `_id`s (a UUID where MongoDB would invent an ObjectId, including upserts) and
 * findOneAndUpdate returning the document AFTER the update by default. The driver's own default is
 * 'before'; both adapters use 'after' so services behave the same on either. What it adds for production
 * (shared clients, majority concerns, indexes brought up to date) is in docs/operations.md#mongodb.
 */
import { randomUUID } from 'node:crypto';
import {
  MongoClient,
  MongoServerError,
  type Collection as DriverCollection,
  type Db,
  type Document,
  type Filter as DriverFilter,
  type UpdateFilter,
} from 'mongodb';
import type {
  Collection,
  Doc,
  DocumentStore,
  Filter,
  FindOneAndUpdateOptions,
  FindOptions,
  IndexOptions,
  Projection,
  SortSpec,
  StoreLog,
  Update,
  UpdateOptions,
  UpdateResult,
  WithOptionalId,
} from './port';
import { ClientPool } from './mongo-clients';
import { concernsFor } from './mongo-concerns';
import { planIndex, type ExistingIndex, type IndexStep } from './mongo-index-plan';

export interface MongoStoreOptions {
  /** Service name: the database. */
  name: string;
  /** MONGODB_URL. */
  url: string;
  /** How long to wait for a server before giving up (default 10 s). */
  serverSelectionTimeoutMS?: number;
  /** Collections written for money, orders or stock: majority concerns (./mongo-concerns). */
  critical?: readonly string[];
  /** Told of each index the store drops, rebuilds or changes at start. */
  log?: StoreLog;
}

/** The URL without its password, for error messages and logs. */
export function redactMongoUrl(url: string): string {
  return url.replace(/\/\/([^@/]*)@/, (_m, creds: string) => `//${creds.split(':')[0]}:***@`);
}

export class MongoConnectionError extends Error {
  readonly code = 'MONGODB_UNAVAILABLE';
  constructor(url: string, cause: unknown) {
    super(
      `Cannot connect to MongoDB at ${redactMongoUrl(url)}: ${(cause as Error)?.message ?? String(cause)}. ` +
        'Check MONGODB_URL and that the server is running, or unset MONGODB_URL to use the embedded store.',
      { cause },
    );
    this.name = 'MongoConnectionError';
  }
}

/** Filters with an `undefined` value would match null/missing fields (or everything): refuse them. */
function assertDefined(value: unknown, path: string): void {
  if (value === undefined) throw new Error(`filter value for '${path}' is undefined`);
  if (Array.isArray(value)) value.forEach((v, i) => assertDefined(v, `${path}.${i}`));
  else if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [k, v] of Object.entries(value)) assertDefined(v, path ? `${path}.${k}` : k);
  }
}
const checked = (filter: Filter): DriverFilter<Document> => {
  assertDefined(filter, '');
  return filter as DriverFilter<Document>;
};

/** Id of the filter's `_id` equality, if any: an upsert then keeps it instead of needing a new one. */
const filterFixesId = (filter: Filter) => {
  const id = filter._id;
  return id !== undefined && (typeof id !== 'object' || id === null || '$eq' in (id as object));
};

/** An upsert's inserted document gets a UUID `_id` (MongoDB would create an ObjectId). */
function withUpsertId(filter: Filter, update: Update, upsert: boolean | undefined): UpdateFilter<Document> {
  if (!upsert || filterFixesId(filter)) return update as UpdateFilter<Document>;
  const set = update.$set as Record<string, unknown> | undefined;
  const setOnInsert = (update.$setOnInsert as Record<string, unknown> | undefined) ?? {};
  if (set?._id !== undefined || setOnInsert._id !== undefined) return update as UpdateFilter<Document>;
  return { ...update, $setOnInsert: { ...setOnInsert, _id: randomUUID() } } as UpdateFilter<Document>;
}

const idString = (id: unknown): string | null => (id === null || id === undefined ? null : String(id));

class MongoCollection<T extends Doc> implements Collection<T> {
  constructor(
    private readonly coll: DriverCollection<Document>,
    private readonly db: Db,
    private readonly log?: StoreLog,
  ) {}

  private prepare(doc: WithOptionalId<T>): Document {
    return doc._id === undefined ? { ...doc, _id: randomUUID() } : { ...doc };
  }

  async insertOne(doc: WithOptionalId<T>): Promise<{ insertedId: string }> {
    const { insertedId } = await this.coll.insertOne(this.prepare(doc));
    return { insertedId: String(insertedId) };
  }

  async insertMany(docs: WithOptionalId<T>[]): Promise<{ insertedCount: number }> {
    if (docs.length === 0) return { insertedCount: 0 };
    const { insertedCount } = await this.coll.insertMany(docs.map((d) => this.prepare(d)));
    return { insertedCount };
  }

  async findOne(filter: Filter, options: { projection?: Projection; sort?: SortSpec } = {}): Promise<T | null> {
    return (await this.coll.findOne(checked(filter), options)) as T | null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    const { sort, skip, limit, projection } = options;
    const cursor = this.coll.find(checked(filter), { sort, skip, limit, projection });
    return (await cursor.toArray()) as unknown as T[];
  }

  countDocuments(filter: Filter = {}): Promise<number> {
    return this.coll.countDocuments(checked(filter));
  }

  async updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    const r = await this.coll.updateOne(checked(filter), withUpsertId(filter, update, options.upsert), {
      upsert: options.upsert ?? false,
    });
    return { matchedCount: r.matchedCount, modifiedCount: r.modifiedCount, upsertedId: idString(r.upsertedId) };
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    const r = await this.coll.updateMany(checked(filter), update as UpdateFilter<Document>);
    return { matchedCount: r.matchedCount, modifiedCount: r.modifiedCount, upsertedId: idString(r.upsertedId) };
  }

  async findOneAndUpdate(filter: Filter, update: Update, options: FindOneAndUpdateOptions = {}): Promise<T | null> {
    const doc = await this.coll.findOneAndUpdate(checked(filter), withUpsertId(filter, update, options.upsert), {
      returnDocument: options.returnDocument ?? 'after',
      upsert: options.upsert ?? false,
      sort: options.sort,
      projection: options.projection,
    });
    return doc as T | null;
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    const { deletedCount } = await this.coll.deleteOne(checked(filter));
    return { deletedCount };
  }

  async deleteMany(filter: Filter): Promise<{ deletedCount: number }> {
    const { deletedCount } = await this.coll.deleteMany(checked(filter));
    return { deletedCount };
  }

  /** Brings the index to the wanted key and options (./mongo-index-plan), whatever an earlier version created. */
  async createIndex(keys: Record<string, 1 | -1>, options: IndexOptions = {}): Promise<string> {
    const { unique, sparse, expireAfterSeconds, name } = options;
    const wanted: IndexOptions = {
      ...(unique !== undefined && { unique }),
      ...(sparse !== undefined && { sparse }),
      ...(expireAfterSeconds !== undefined && { expireAfterSeconds }),
      ...(name !== undefined && { name }),
    };
    const plan = planIndex(keys, wanted, await this.existingIndexes());
    for (const step of plan.steps) await this.apply(step);
    return plan.name;
  }

  private async existingIndexes(): Promise<ExistingIndex[]> {
    try {
      return (await this.coll.listIndexes().toArray()) as ExistingIndex[];
    } catch (e) {
      if (e instanceof MongoServerError && e.code === NAMESPACE_NOT_FOUND) return [];
      throw e;
    }
  }

  private async apply(step: IndexStep): Promise<void> {
    const collection = this.coll.collectionName;
    if (step.kind === 'create') {
      await this.coll.createIndex(step.key, step.options);
    } else if (step.kind === 'ttl') {
      await this.db.command({ collMod: collection, index: { name: step.name, expireAfterSeconds: step.expireAfterSeconds } });
      this.log?.warn({ collection, index: step.name, expireAfterSeconds: step.expireAfterSeconds }, 'changed the TTL of an index');
    } else {
      try {
        await this.coll.dropIndex(step.name);
      } catch (e) {
        // Another process starting at the same moment dropped it first.
        if (!(e instanceof MongoServerError && e.code === INDEX_NOT_FOUND)) throw e;
      }
      this.log?.warn({ collection, index: step.name, reason: step.reason }, 'dropped an index to build it again');
    }
  }
}

const NAMESPACE_NOT_FOUND = 26;
const INDEX_NOT_FOUND = 27;

/** Every MongoStore and GridFS store of this process shares one client per server (./mongo-clients). */
const clients = new ClientPool<MongoClient>(async (url, serverSelectionTimeoutMS) => {
  // 10 s unless the caller or the URL says otherwise (the driver's 30 s makes a start-up look hung).
  const timeout = serverSelectionTimeoutMS ?? (/serverSelectionTimeoutMS=/i.test(url) ? undefined : 10_000);
  let client: MongoClient | undefined;
  try {
    // undefined fields are dropped like the embedded store (JSON) does, rather than stored as null.
    client = new MongoClient(url, { ...(timeout !== undefined && { serverSelectionTimeoutMS: timeout }), ignoreUndefined: true });
    await client.connect();
    await client.db('admin').command({ ping: 1 });
    return client;
  } catch (e) {
    await client?.close().catch(() => undefined);
    throw new MongoConnectionError(url, e);
  }
});

/** A client of this process's pool for `url`, and the call that gives it back (the GridFS store without a MongoStore). */
export const shareMongoClient = (url: string, serverSelectionTimeoutMS?: number) => clients.acquire(url, serverSelectionTimeoutMS);

export class MongoStore implements DocumentStore {
  readonly kind = 'mongodb' as const;
  private readonly critical: ReadonlySet<string>;
  private constructor(
    readonly client: MongoClient,
    readonly db: Db,
    private readonly release: () => Promise<void>,
    private readonly options: MongoStoreOptions,
  ) {
    this.critical = new Set(options.critical ?? []);
  }

  static async open(options: MongoStoreOptions): Promise<MongoStore> {
    const { client, release } = await shareMongoClient(options.url, options.serverSelectionTimeoutMS);
    return new MongoStore(client, client.db(options.name), release, options);
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    return new MongoCollection<T>(this.db.collection(name, concernsFor(name, this.critical)), this.db, this.options.log);
  }

  /** Gives the shared client back; the process's last store to close closes it. */
  close(): Promise<void> {
    return this.release();
  }
}

export const openMongoStore = (options: MongoStoreOptions): Promise<MongoStore> => MongoStore.open(options);
