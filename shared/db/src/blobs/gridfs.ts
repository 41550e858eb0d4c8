/**
 * MongoDB BlobStore: GridFS bucket `media` with 64 KiB chunks (docs/architecture.md#data). Blob ids are UUID strings,
 * like the disk store's, so media URLs do not depend on the adapter.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GridFSBucket, type Collection, type Db, type ObjectId } from 'mongodb';
import type { BlobInfo, BlobStore } from '../port';
import { UPLOAD_CHUNK_BYTES } from '../port';
import { isBlobId, newBlobInfo } from './ids';

export const MEDIA_BUCKET = 'media';

// The driver types GridFS ids as ObjectId, but any BSON value is accepted as a file id.
const fileId = (id: string) => id as unknown as ObjectId;

export class GridFsBlobStore implements BlobStore {
  private readonly bucket: GridFSBucket;
  private readonly files: Collection;
  private readonly chunks: Collection;

  /** `release`, when given, is called by close() (openBlobStore's own share of the process's client). */
  constructor(
    db: Db,
    private readonly release?: () => Promise<void>,
    bucketName: string = MEDIA_BUCKET,
  ) {
    this.bucket = new GridFSBucket(db, { bucketName, chunkSizeBytes: UPLOAD_CHUNK_BYTES });
    this.files = db.collection(`${bucketName}.files`);
    this.chunks = db.collection(`${bucketName}.chunks`);
  }

  async put(data: Buffer, info: { contentType: string; filename?: string }): Promise<BlobInfo> {
    const blob = newBlobInfo(data, info);
    const upload = this.bucket.openUploadStreamWithId(fileId(blob.id), info.filename ?? blob.id, {
      metadata: { contentType: blob.contentType },
    });
    await pipeline(Readable.from([data]), upload);
    return { ...blob, createdAt: upload.gridFSFile?.uploadDate ?? blob.createdAt };
  }

  async get(id: string): Promise<{ info: BlobInfo; stream: NodeJS.ReadableStream } | null> {
    if (!isBlobId(id)) return null;
    const file = await this.bucket.find({ _id: fileId(id) }, { limit: 1 }).next();
    if (!file) return null;
    const info: BlobInfo = {
      id,
      contentType: String(file.metadata?.contentType ?? 'application/octet-stream'),
      size: file.length,
      createdAt: file.uploadDate,
      ...(file.filename !== id && { filename: file.filename }),
    };
    return { info, stream: this.bucket.openDownloadStream(fileId(id)) };
  }

  /**
   * One deleteOne on the file's document decides who deleted it: of two deletes at once one answers true, the other
   * false (the driver's bucket.delete throws on a file already gone, and reading first left a gap between the two).
   * The chunks go after it, also when the file was already gone, so chunks a stopped delete left behind go too.
   */
  async delete(id: string): Promise<boolean> {
    if (!isBlobId(id)) return false;
    const { deletedCount } = await this.files.deleteOne({ _id: { $eq: fileId(id) } });
    await this.chunks.deleteMany({ files_id: { $eq: fileId(id) } });
    return deletedCount === 1;
  }

  async close(): Promise<void> {
    await this.release?.();
  }
}
