/**
 * Embedded BlobStore: one file per blob under `<dataDir>/media` plus a `<id>.json` metadata sidecar.
 * Files are written under a temporary name and renamed, so a reader never sees half a blob.
 */
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BlobInfo, BlobStore } from '../port';
import { isBlobId, newBlobInfo } from './ids';

interface Sidecar {
  id: string;
  contentType: string;
  size: number;
  createdAt: string;
  filename?: string;
}

const missing = (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT';

export class DiskBlobStore implements BlobStore {
  private constructor(readonly folder: string) {}

  /** `folder` is the media folder itself (openBlobStore passes `<dataDir>/media`). */
  static async open(folder: string): Promise<DiskBlobStore> {
    const absolute = path.resolve(folder);
    await mkdir(absolute, { recursive: true });
    return new DiskBlobStore(absolute);
  }

  private paths(id: string) {
    const data = path.join(this.folder, id);
    return { data, meta: `${data}.json` };
  }

  async put(data: Buffer, info: { contentType: string; filename?: string }): Promise<BlobInfo> {
    const blob = newBlobInfo(data, info);
    const { data: dataPath, meta } = this.paths(blob.id);
    const sidecar: Sidecar = { ...blob, createdAt: blob.createdAt.toISOString() };
    await writeFile(`${dataPath}.tmp`, data);
    await rename(`${dataPath}.tmp`, dataPath);
    // The sidecar is written last: a blob without one is invisible, never served half-described.
    await writeFile(`${meta}.tmp`, JSON.stringify(sidecar));
    await rename(`${meta}.tmp`, meta);
    return blob;
  }

  async get(id: string): Promise<{ info: BlobInfo; stream: NodeJS.ReadableStream } | null> {
    if (!isBlobId(id)) return null;
    const { data, meta } = this.paths(id);
    let sidecar: Sidecar;
    try {
      sidecar = JSON.parse(await readFile(meta, 'utf8')) as Sidecar;
    } catch (e) {
      if (missing(e)) return null;
      throw e;
    }
    const info: BlobInfo = { ...sidecar, createdAt: new Date(sidecar.createdAt) };
    const stream = createReadStream(data);
    // Surface a vanished data file as null rather than a stream that errors later.
    const opened = await new Promise<boolean>((resolve, reject) => {
      stream.once('open', () => resolve(true));
      stream.once('error', (e) => (missing(e) ? resolve(false) : reject(e)));
    });
    return opened ? { info, stream } : null;
  }

  async delete(id: string): Promise<boolean> {
    if (!isBlobId(id)) return false;
    const { data, meta } = this.paths(id);
    let existed = false;
    for (const file of [meta, data]) {
      try {
        await unlink(file);
        existed = true;
      } catch (e) {
        if (!missing(e)) throw e;
      }
    }
    return existed;
  }

  async close(): Promise<void> {}
}
