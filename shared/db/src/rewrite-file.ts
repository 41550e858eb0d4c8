/**
 * A collection's compaction, written in large chunks. nedb's own (persistCachedDatabaseAsync) builds every line in
 * one array and hands each line to a write stream without waiting for it to drain, so a 100,000-product catalog
 * queued 100,000 small native buffers (~80 MB of malloc'd memory at once, at every start and every compaction)
 * which glibc kept as resident memory afterwards. This writes the same lines, in the same order, in ~1 MB writes,
 * each awaited, with nedb's crash safety: temporary file `<file>~`, fsynced, renamed over the file, folder fsynced.
 */
import { open } from 'node:fs/promises';
import path from 'node:path';

interface NedbStorage {
  flushToStorageAsync(options: { filename: string; isDir?: boolean; mode?: number }): Promise<void>;
  existsAsync(file: string): Promise<boolean>;
  renameAsync(from: string, to: string): Promise<void>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal file nedb ships without types, typed here
const storage = require('@seald-io/nedb/lib/storage') as NedbStorage;

/** What this needs of nedb's persistence and datastore (the same fields nedb's own rewrite reads). */
export interface RewritableDatastore {
  persistence: {
    filename: string;
    modes: { fileMode: number; dirMode: number };
    afterSerialization(line: string): string | Promise<string>;
  };
  getAllData(): unknown[];
  indexes: Record<string, { fieldName: unknown; unique: unknown; sparse: unknown }>;
  emit(event: string): unknown;
}

const CHUNK_CHARS = 1 << 20;

/** Resolves with the new file's length in bytes, once it is on disk under the datafile's name. */
export async function rewriteDataFile(ds: RewritableDatastore, serialize: (doc: unknown) => string): Promise<number> {
  const { filename, modes, afterSerialization } = ds.persistence;
  const temporary = `${filename}~`;
  const folder = path.dirname(filename);
  await storage.flushToStorageAsync({ filename: folder, isDir: true, mode: modes.dirMode });
  if (await storage.existsAsync(filename)) await storage.flushToStorageAsync({ filename, mode: modes.fileMode });

  // The documents as they are now (nedb runs this in its executor, so no write changes them meanwhile).
  const docs = ds.getAllData();
  const indexLines = Object.keys(ds.indexes)
    .filter((field) => field !== '_id') // nedb keeps the _id index itself; the others are recorded in the file
    .map((field) => {
      const { fieldName, unique, sparse } = ds.indexes[field];
      return { $$indexCreated: { fieldName, unique, sparse } };
    });
  const file = await open(temporary, 'w', modes.fileMode);
  let bytes = 0;
  try {
    let chunk = '';
    for (const doc of [...docs, ...indexLines]) {
      chunk += `${await afterSerialization(serialize(doc))}\n`;
      if (chunk.length >= CHUNK_CHARS) {
        bytes += Buffer.byteLength(chunk);
        await file.write(chunk);
        chunk = '';
      }
    }
    if (chunk) {
      bytes += Buffer.byteLength(chunk);
      await file.write(chunk);
    }
    await file.sync();
  } finally {
    await file.close();
  }
  await storage.renameAsync(temporary, filename);
  await storage.flushToStorageAsync({ filename: folder, isDir: true, mode: modes.dirMode });
  ds.emit('compaction.done');
  return bytes;
}
