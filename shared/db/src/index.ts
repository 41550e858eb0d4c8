/**
 * @pharmacy/db: the DocumentStore and BlobStore ports (./port) and their adapters. A service calls
 * openStore/openBlobStore once with its name; MONGODB_URL selects MongoDB, otherwise the embedded store
 * under DATA_DIR is used (docs/architecture.md#data).
 */
import path from 'node:path';
import { DiskBlobStore } from './blobs/disk';
import { GridFsBlobStore, MEDIA_BUCKET } from './blobs/gridfs';
import { MemoryBlobStore } from './blobs/memory';
import { openEmbeddedStore } from './embedded';
import { MongoStore, openMongoStore, shareMongoClient } from './mongo';
import type { BlobStore, DocumentStore, OpenStoreOptions } from './port';

export * from './port';
export { EmbeddedStore, openEmbeddedStore, type EmbeddedStoreOptions } from './embedded';
export { MongoStore, openMongoStore, MongoConnectionError, redactMongoUrl, type MongoStoreOptions } from './mongo';
export { runMigrations, pendingMigrations, MIGRATIONS, MigrationError, type Migration, type MigrationRun } from './migrations';
export { UnsupportedOperatorError, InvalidQueryError } from './query';
export { applyUpdate } from './apply-update';
export { DataFolderInUseError } from './lock';
export { lastFlushedBytes } from './append-file';
export { copyAsAfterPowerCut } from './power-cut';
export { UnreadableDataError, type DataFileProblem } from './datafile';
export { verifiedJson } from './line-checksum';
export { DiskBlobStore } from './blobs/disk';
export { GridFsBlobStore, MEDIA_BUCKET } from './blobs/gridfs';
export { MemoryBlobStore } from './blobs/memory';
export { isBlobId } from './blobs/ids';
export { auditPagedSorts, indexServesSort, type PagedSortAudit } from './paged-sort-audit';

export const DEFAULT_DATA_DIR = './data';

/** MongoDB when `mongoUrl` is set, else the embedded store in `<dataDir>/<name>` (or in memory). */
export function openStore(options: OpenStoreOptions): Promise<DocumentStore> {
  if (options.mongoUrl) return openMongoStore({ name: options.name, url: options.mongoUrl, critical: options.critical, log: options.log });
  return openEmbeddedStore({ name: options.name, dataDir: options.dataDir ?? DEFAULT_DATA_DIR, inMemory: options.inMemory, durable: options.durable });
}

export interface OpenBlobStoreOptions extends OpenStoreOptions {
  /** A MongoDB store already open for the same service: GridFS then shares its connection. */
  store?: DocumentStore;
  /**
   * The bucket (GridFS bucket name, or folder under dataDir): default `media`, what /api/media serves. A service's
   * private files (checkout's `prescription-files`) live in a bucket of their own that no public route reads.
   */
  bucket?: string;
}

/**
 * GridFS (bucket `media` unless `bucket` names another, 64 KiB chunks) in the service's database when `mongoUrl` is
 * set; otherwise files under `<dataDir>/<bucket>`, or memory when `inMemory`.
 */
export async function openBlobStore(options: OpenBlobStoreOptions): Promise<BlobStore> {
  const bucket = options.bucket ?? MEDIA_BUCKET;
  if (options.mongoUrl) {
    if (options.store instanceof MongoStore) return new GridFsBlobStore(options.store.db, undefined, bucket);
    const { client, release } = await shareMongoClient(options.mongoUrl);
    return new GridFsBlobStore(client.db(options.name), release, bucket);
  }
  if (options.inMemory) return new MemoryBlobStore();
  return DiskBlobStore.open(path.join(options.dataDir ?? DEFAULT_DATA_DIR, bucket));
}
