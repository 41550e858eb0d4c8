import { CatalogRoutes, MAX_UPLOAD_BYTES, UPLOAD_IMAGE_TYPES, pathTo, type UploadedImage } from '@pharmacy/contracts';
import { uploadForm, type UploadOptions } from '@pharmacy/session';

export const UPLOAD_IMAGE_PATH = pathTo(CatalogRoutes.adminProducts.uploadImage);

/** What the browser can tell before sending: the server still checks the bytes (docs/architecture.md#data). */
export function imageFileProblem(file: File): string | null {
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG or WebP image.';
  if (file.size > MAX_UPLOAD_BYTES) return `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Choose a smaller one.`;
  if (file.size === 0) return 'The file is empty.';
  return null;
}

/** Uploads a product or banner image, its progress reported as the bytes leave. */
export function uploadImage(file: File, options: Omit<UploadOptions, 'failure'> = {}): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  return uploadForm<UploadedImage>(UPLOAD_IMAGE_PATH, form, { ...options, failure: 'The image could not be uploaded. Please try again.' });
}
