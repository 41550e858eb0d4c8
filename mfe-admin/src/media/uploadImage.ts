import { CSRF_HEADER, CSRF_HEADER_VALUE, CatalogRoutes, ErrorCodes, MAX_UPLOAD_BYTES, UPLOAD_IMAGE_TYPES, pathTo, type UploadedImage } from '@pharmacy/contracts';
import { ApiError, NetworkErrorCodes, REFRESH_PATH, api } from '@pharmacy/session';

export const UPLOAD_IMAGE_PATH = pathTo(CatalogRoutes.adminProducts.uploadImage);

/** What the browser can tell before sending: the server still checks the bytes (docs/architecture.md#data). */
export function imageFileProblem(file: File): string | null {
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG or WebP image.';
  if (file.size > MAX_UPLOAD_BYTES) return `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Choose a smaller one.`;
  if (file.size === 0) return 'The file is empty.';
  return null;
}

export interface UploadOptions {
  /** 0..1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

const readEnvelope = (text: string): Record<string, unknown> | null => {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/**
 * One multipart POST through XMLHttpRequest: fetch cannot report upload progress. Mirrors the session
 * client's contract (cookies, CSRF header, ApiError with the server's message).
 */
function sendOnce(file: File, { onProgress, signal }: UploadOptions): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ApiError(0, NetworkErrorCodes.CANCELED, 'The upload was cancelled.'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_IMAGE_PATH);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(CSRF_HEADER, CSRF_HEADER_VALUE);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      const body = readEnvelope(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body?.success === true && body.data) {
        onProgress?.(1);
        resolve(body.data as UploadedImage);
        return;
      }
      const message = typeof body?.message === 'string' && body.message ? body.message : 'The image could not be uploaded. Please try again.';
      const code = typeof body?.code === 'string' ? body.code : NetworkErrorCodes.BAD_RESPONSE;
      reject(new ApiError(xhr.status, code, message, body ?? undefined));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, NetworkErrorCodes.NETWORK, 'We could not reach the pharmacy. Check your internet connection and try again.'));
    };
    xhr.onabort = () => {
      done();
      reject(new ApiError(0, NetworkErrorCodes.CANCELED, 'The upload was cancelled.'));
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/** Uploads a product or banner image; an expired access token is refreshed once, as the api client does. */
export async function uploadImage(file: File, options: UploadOptions = {}): Promise<UploadedImage> {
  try {
    return await sendOnce(file, options);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || error.code !== ErrorCodes.TOKEN_EXPIRED) throw error;
    await api.post(REFRESH_PATH, undefined, { skipRefresh: true });
    return sendOnce(file, options);
  }
}
