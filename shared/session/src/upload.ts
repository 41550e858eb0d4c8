import { CSRF_HEADER, CSRF_HEADER_VALUE, ErrorCodes } from '@pharmacy/contracts';
import { ApiError, NetworkErrorCodes, REFRESH_PATH, api } from './api';

export interface UploadOptions {
  /** 0..1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** What the shopper reads when the server gave no words of its own. */
  failure?: string;
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
 * One multipart POST through XMLHttpRequest: fetch cannot report upload progress. Mirrors the api client's
 * contract (cookies, CSRF header, ApiError with the server's message and code).
 */
function sendOnce<T>(path: string, form: FormData, { onProgress, signal, failure }: UploadOptions): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ApiError(0, NetworkErrorCodes.CANCELED, 'The upload was cancelled.'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
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
        resolve(body.data as T);
        return;
      }
      const message = typeof body?.message === 'string' && body.message ? body.message : (failure ?? 'The file could not be uploaded. Please try again.');
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
    xhr.send(form);
  });
}

/**
 * Sends a multipart form to `path` with its upload progress, resolving to the envelope's `data`; an expired access
 * token is refreshed once, as the api client does.
 */
export async function uploadForm<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  try {
    return await sendOnce<T>(path, form, options);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || error.code !== ErrorCodes.TOKEN_EXPIRED) throw error;
    await api.post(REFRESH_PATH, undefined, { skipRefresh: true });
    return sendOnce<T>(path, form, options);
  }
}
