/**
 * The DocumentStore port: the subset of MongoDB's collection API the services use (docs/architecture.md#data).
 * Services write MongoDB filters and update operators; the MongoDB adapter is the driver itself and the
 * embedded adapter (nedb) implements the same behaviour or rejects what it cannot do with a clear error.
 */
export type Doc = { _id: string } & Record<string, unknown>;
export type Filter = Record<string, unknown>;
export type Update = Record<string, unknown>;
export type SortSpec = Record<string, 1 | -1>;
export type Projection = Record<string, 0 | 1>;
/** A document to insert: `_id` may be left out, the store then assigns a UUID (a string on both adapters). */
export type WithOptionalId<T extends Doc> = { [K in keyof T as K extends '_id' ? never : K]: T[K] } & { _id?: string };

export interface FindOptions {
  sort?: SortSpec;
  skip?: number;
  limit?: number;
  projection?: Projection;
}

export interface UpdateOptions {
  upsert?: boolean;
}

export interface FindOneAndUpdateOptions {
  /**
   * 'after' (the default on both adapters) returns the updated document, 'before' the original.
   * MongoDB's driver defaults to 'before'; the MongoDB adapter passes 'after' unless told otherwise.
   */
  returnDocument?: 'before' | 'after';
  upsert?: boolean;
  sort?: SortSpec;
  projection?: Projection;
}

export interface IndexOptions {
  unique?: boolean;
  /** TTL index: documents expire this many seconds after the date in the indexed field. */
  expireAfterSeconds?: number;
  sparse?: boolean;
  name?: string;
}

export interface UpdateResult {
  matchedCount: number;
  modifiedCount: number;
  upsertedId?: string | null;
}

export interface Collection<T extends Doc = Doc> {
  insertOne(doc: WithOptionalId<T>): Promise<{ insertedId: string }>;
  /** Embedded: all or nothing. MongoDB (ordered): documents before a failing one stay inserted. */
  insertMany(docs: WithOptionalId<T>[]): Promise<{ insertedCount: number }>;
  findOne(filter: Filter, options?: { projection?: Projection; sort?: SortSpec }): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  countDocuments(filter?: Filter): Promise<number>;
  /** Update operators only (no replacement document); an upsert seeds the new document from the filter's equalities. */
  updateOne(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult>;
  updateMany(filter: Filter, update: Update): Promise<UpdateResult>;
  /** Atomic: the match and the update happen as one step (the basis of stock reservation). */
  findOneAndUpdate(filter: Filter, update: Update, options?: FindOneAndUpdateOptions): Promise<T | null>;
  deleteOne(filter: Filter): Promise<{ deletedCount: number }>;
  deleteMany(filter: Filter): Promise<{ deletedCount: number }>;
  createIndex(keys: Record<string, 1 | -1>, options?: IndexOptions): Promise<string>;
}

export interface DocumentStore {
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  close(): Promise<void>;
  readonly kind: 'embedded' | 'mongodb';
}

/** Raised on a unique-index violation by both adapters (MongoDB's duplicate-key shape). */
export interface DuplicateKeyError extends Error {
  code: 11000;
}
export const isDuplicateKeyError = (e: unknown): e is DuplicateKeyError =>
  typeof e === 'object' && e !== null && (e as { code?: unknown }).code === 11000;

/** Binary objects (product images, feature banners): disk in embedded mode, GridFS (64 KiB chunks) on MongoDB. */
export interface BlobInfo {
  /** A UUID. */
  id: string;
  contentType: string;
  size: number;
  createdAt: Date;
  filename?: string;
}

/** GridFS chunk size, the upload chunk: 64 KiB (docs/product.md#interface-constants). */
export const UPLOAD_CHUNK_BYTES = 64 * 1024;
export interface BlobStore {
  put(data: Buffer, info: { contentType: string; filename?: string }): Promise<BlobInfo>;
  /** null for an unknown id, and for a malformed one (never a path outside the store). */
  get(id: string): Promise<{ info: BlobInfo; stream: NodeJS.ReadableStream } | null>;
  /** true when the blob existed. */
  delete(id: string): Promise<boolean>;
  close(): Promise<void>;
}

/** How a service opens its store: one folder (embedded) or one database (MongoDB) per service. */
export interface OpenStoreOptions {
  /** Service name: the folder under dataDir or the database name. */
  name: string;
  /** MONGODB_URL; when set the MongoDB adapter is used. */
  mongoUrl?: string;
  /** DATA_DIR (default ./data); the embedded adapter keeps files under dataDir/name. */
  dataDir?: string;
  /** In-memory embedded store (tests); openBlobStore then keeps blobs in memory too. */
  inMemory?: boolean;
  /**
   * Embedded store: default true, a write is answered once it is on disk. False (DATA_UNSAFE_NO_FSYNC) answers
   * before, so a power cut can lose acknowledged writes: only to measure what durability costs.
   */
  durable?: boolean;
  /**
   * The collections whose writes the shop acknowledges for money, orders and stock. On MongoDB they are written
   * with `{ w: 'majority', journal: true }` and read with majority read concern (mongo-concerns.ts); the embedded
   * store, one copy on one disk, ignores the list.
   */
  critical?: readonly string[];
  /** Told what the store changed of its own accord at start (MongoDB: an index dropped and rebuilt, a TTL changed). */
  log?: StoreLog;
}

/** The part of a pino logger the stores use. */
export interface StoreLog {
  warn(details: object, message: string): void;
}
