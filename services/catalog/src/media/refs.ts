import { isBlobId, type BlobStore } from '@pharmacy/db';
import { MEDIA_PATH_PREFIX, mediaUrl } from '@pharmacy/contracts';
import { badRequest } from '@pharmacy/service-kit';

/**
 * Products and banners point at uploaded media only (the site's CSP serves images from its own origin):
 * accepts an upload's id or its `/api/media/<id>` path, checks the blob exists, and returns the path.
 */
export async function resolveMediaRef(blobs: BlobStore, ref: string): Promise<string> {
  return (await resolveMedia(blobs, ref)).url;
}

/** resolveMediaRef, with the name the image was uploaded under (what staff read in the audit trail). */
export async function resolveMedia(blobs: BlobStore, ref: string): Promise<{ url: string; filename?: string }> {
  const id = ref.startsWith(MEDIA_PATH_PREFIX) ? ref.slice(MEDIA_PATH_PREFIX.length) : ref;
  if (!isBlobId(id)) throw badRequest('The image must be an uploaded image (its id or /api/media/... path).');
  const blob = await blobs.get(id);
  if (!blob) throw badRequest('That image was not found. Please upload it again.');
  (blob.stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
  return { url: mediaUrl(id), filename: blob.info.filename };
}
