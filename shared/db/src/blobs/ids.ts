import { randomUUID } from 'node:crypto';

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
