import { randomUUID } from 'node:crypto';
import type { BlobInfo } from '../port';

/** Blob ids are UUIDs; anything else (such as `../x`) never reaches a path or a query. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isBlobId = (id: unknown): id is string => typeof id === 'string' && UUID.test(id);

export const newBlobId = (): string => randomUUID();

export function checkContentType(contentType: unknown): string {
  if (typeof contentType !== 'string' || !/^[\w.+-]+\/[\w.+-]+$/.test(contentType)) {
    throw new Error(`Invalid blob content type: ${String(contentType)}`);
  }
  return contentType;
}

/** What every adapter records of a new blob: a fresh id, its checked content type, size, time and name if given. */
export function newBlobInfo(data: Buffer, info: { contentType: string; filename?: string }, createdAt = new Date()): BlobInfo {
  return {
    id: newBlobId(),
    contentType: checkContentType(info.contentType),
    size: data.length,
    createdAt,
    ...(info.filename !== undefined && { filename: info.filename }),
  };
}
