/** In-memory BlobStore for tests that open the store with `inMemory`. */
import { Readable } from 'node:stream';
import type { BlobInfo, BlobStore } from '../port';
import { isBlobId, newBlobInfo } from './ids';

export class MemoryBlobStore implements BlobStore {
  private readonly blobs = new Map<string, { info: BlobInfo; data: Buffer }>();

  async put(data: Buffer, info: { contentType: string; filename?: string }): Promise<BlobInfo> {
    const blob = newBlobInfo(data, info);
    this.blobs.set(blob.id, { info: blob, data: Buffer.from(data) });
    return { ...blob };
  }

  async get(id: string): Promise<{ info: BlobInfo; stream: NodeJS.ReadableStream } | null> {
    const blob = isBlobId(id) ? this.blobs.get(id) : undefined;
    return blob ? { info: { ...blob.info }, stream: Readable.from([blob.data]) } : null;
  }

  async delete(id: string): Promise<boolean> {
    return isBlobId(id) && this.blobs.delete(id);
  }

  async close(): Promise<void> {
    this.blobs.clear();
  }
}
