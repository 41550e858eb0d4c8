/**
 * MongoDB DocumentStore: the official driver, one database per service. Services already write MongoDB
 * filters and updates, so each method delegates and only normalises what the port promises:
 * string `_id`s (a UUID where MongoDB would invent an ObjectId, including upserts) and
 * findOneAndUpdate returning the document AFTER the update by default. The driver's own default is
 * 'before'; both adapters use 'after' so services behave the same on either.
 */
import { randomUUID } from 'node:crypto';
import {
  MongoClient,
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
  Update,
  UpdateOptions,
  UpdateResult,
  WithOptionalId,
} from './port';

export interface MongoStoreOptions {
  /** Service name: the database. */
  name: string;
  /** MONGODB_URL. */
  url: string;
  /** How long to wait for a server before giving up (default 10 s). */
  serverSelectionTimeoutMS?: number;
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
  constructor(private readonly coll: DriverCollection<Document>) {}

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

  createIndex(keys: Record<string, 1 | -1>, options: IndexOptions = {}): Promise<string> {
    const { unique, sparse, expireAfterSeconds, name } = options;
    return this.coll.createIndex(keys, {
      ...(unique !== undefined && { unique }),
      ...(sparse !== undefined && { sparse }),
      ...(expireAfterSeconds !== undefined && { expireAfterSeconds }),
      ...(name !== undefined && { name }),
    });
  }
}

export class MongoStore implements DocumentStore {
  readonly kind = 'mongodb' as const;
  private constructor(
    readonly client: MongoClient,
    readonly db: Db,
  ) {}

  static async open(options: MongoStoreOptions): Promise<MongoStore> {
    // undefined fields are dropped like the embedded store (JSON) does, rather than stored as null.
    let client: MongoClient | undefined;
    try {
      // 10 s unless the caller or the URL says otherwise (the driver's 30 s makes a start-up look hung).
      const timeout =
        options.serverSelectionTimeoutMS ?? (/serverSelectionTimeoutMS=/i.test(options.url) ? undefined : 10_000);
      client = new MongoClient(options.url, {
        ...(timeout !== undefined && { serverSelectionTimeoutMS: timeout }),
        ignoreUndefined: true,
      });
      await client.connect();
      const db = client.db(options.name);
      await db.command({ ping: 1 });
      return new MongoStore(client, db);
    } catch (e) {
      await client?.close().catch(() => undefined);
      throw new MongoConnectionError(options.url, e);
    }
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    return new MongoCollection<T>(this.db.collection(name));
  }

  close(): Promise<void> {
    return this.client.close();
  }
}

export const openMongoStore = (options: MongoStoreOptions): Promise<MongoStore> => MongoStore.open(options);
