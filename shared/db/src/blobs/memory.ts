/** In-memory BlobStore for tests that open the store with `inMemory`. */
import { Readable } from 'node:stream';
import type { BlobInfo, BlobStore } from '../port';
import { checkContentType, isBlobId, newBlobId } from './ids';

export class MemoryBlobStore implements BlobStore {
  private readonly blobs = new Map<string, { info: BlobInfo; data: Buffer }>();

  async put(data: Buffer, info: { contentType: string; filename?: string }): Promise<BlobInfo> {
    const blob: BlobInfo = {
      id: newBlobId(),
      contentType: checkContentType(info.contentType),
      size: data.length,
      createdAt: new Date(),
      ...(info.filename !== undefined && { filename: info.filename }),
    };
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
