import { AccountRoutes, CSRF_HEADER, CSRF_HEADER_VALUE, ErrorCodes, pathTo, type Envelope } from '@pharmacy/contracts';
import type { SessionUser } from './types';
import { pickUser } from './user';

/** Network-level error codes (network, timeout, canceled, bad request, bad response: docs/product.md#decisions-where-the-brief-is-silent). */
export const NetworkErrorCodes = {
  NETWORK: 'ERR_NETWORK',
  TIMEOUT: 'ECONNABORTED',
  CANCELED: 'ERR_CANCELED',
  BAD_REQUEST: 'ERR_BAD_REQUEST',
  BAD_RESPONSE: 'ERR_BAD_RESPONSE',
} as const;

/** No default timeout (0, docs/product.md#interface-constants). A caller may still pass `timeout` or an AbortSignal. */
export const DEFAULT_TIMEOUT = 0;
export const REFRESH_PATH = pathTo(AccountRoutes.auth.refresh);
const UNREADABLE = 'The server sent a response we could not read. Please try again.';

export class ApiError extends Error {
  /** HTTP status, or 0 when no response arrived (network, timeout, canceled). */
  readonly status: number;
  /** The server envelope's code (ErrorCodes) when it sent one, else one of NetworkErrorCodes. */
  readonly code: string;
  /** The parsed response body, when there was one. */
  readonly body?: unknown;

  constructor(status: number, code: string, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * The request got no answer from the shop: no connection, a timeout, or a server or gateway failing (5xx). It says
 * nothing about what was asked (docs/product.md#client-state): what the browser last knew still holds.
 */
export const isNoAnswer = (error: unknown): boolean =>
  isApiError(error) && error.code !== NetworkErrorCodes.CANCELED && (error.status === 0 || error.status >= 500);

/** A message a shopper can read, whatever was thrown. */
export function getErrorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  // a read's failure as RTK Query keeps it (ShopQueryError, query.ts): a plain object, never an Error
  if (isObject(error) && typeof error.message === 'string' && error.message) return error.message;
  return fallback;
}

/** A response body: the envelope, plus any extra top-level fields (auth responses carry `user`). */
export type ApiResponse<T> = Envelope<T> & { readonly [extra: string]: unknown };

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

export interface RequestOptions {
  /** Cancels the request; the error code is ERR_CANCELED. */
  signal?: AbortSignal;
  /** ms; 0 or undefined means no timeout (docs/product.md#interface-constants). On expiry the error code is ECONNABORTED. */
  timeout?: number;
  headers?: Record<string, string>;
  /** Query string; arrays are joined with commas (the listing's `category=a,b`), null/undefined dropped. */
  query?: Record<string, QueryValue>;
  /** Bypass every HTTP cache (check-auth is never cached: docs/api.md#authentication). */
  noCache?: boolean;
  /** Do not try a token refresh on 401 TOKEN_EXPIRED. */
  skipRefresh?: boolean;
}

export interface ApiConfig {
  /** '' means same origin (the gateway serves the app and /api). */
  baseUrl: string;
  /** The fetch to use; defaults to the global one at call time (tests swap globalThis.fetch). */
  fetch?: typeof fetch;
}

const config: ApiConfig = { baseUrl: '' };

export function configureApi(next: Partial<ApiConfig>): void {
  Object.assign(config, next);
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const MUTATIONS: ReadonlySet<Method> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  let url = `${config.baseUrl}${path}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value === null || value === undefined) continue;
      params.append(key, Array.isArray(value) ? value.join(',') : String(value));
    }
    const qs = params.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}

const isRawBody = (body: unknown): body is BodyInit =>
  (typeof FormData !== 'undefined' && body instanceof FormData) ||
  (typeof Blob !== 'undefined' && body instanceof Blob) ||
  (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
  body instanceof ArrayBuffer;

function statusMessage(status: number): string {
  if (status === 401) return 'Please sign in to continue.';
  if (status === 403) return 'You are not allowed to do that.';
  if (status === 404) return 'We could not find what you were looking for.';
  if (status === 413) return 'That file or request is too large.';
  if (status === 429) return 'Too many attempts. Please wait a moment and try again.';
  if (status >= 500) return 'Something went wrong on our side. Please try again shortly.';
  return 'The request could not be completed. Please check what you entered and try again.';
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

async function readBody(response: Response): Promise<{ parsed: boolean; body: unknown }> {
  const text = await response.text();
  if (!text) return { parsed: true, body: undefined };
  try {
    return { parsed: true, body: JSON.parse(text) };
  } catch {
    return { parsed: false, body: text };
  }
}

/** One HTTP exchange: returns status and parsed body for 2xx, throws ApiError otherwise. */
async function send(method: Method, path: string, body: unknown, opts: RequestOptions): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    if (isRawBody(body)) payload = body;
    else {
      payload = JSON.stringify(body);
      headers['Content-Type'] = 'application/json';
    }
  }
  if (MUTATIONS.has(method)) headers[CSRF_HEADER] = CSRF_HEADER_VALUE;
  if (opts.noCache) {
    headers['Cache-Control'] = 'no-cache';
    headers.Pragma = 'no-cache';
  }

  // Our own controller tells a caller's cancel apart from our timeout.
  const controller = new AbortController();
  let reason: 'canceled' | 'timeout' | null = null;
  const onCallerAbort = () => {
    reason ??= 'canceled';
    controller.abort();
  };
  if (opts.signal?.aborted) onCallerAbort();
  else opts.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const timeout = opts.timeout ?? DEFAULT_TIMEOUT;
  const timer =
    timeout > 0
      ? setTimeout(() => {
          reason ??= 'timeout';
          controller.abort();
        }, timeout)
      : undefined;

  const fetchImpl = config.fetch ?? globalThis.fetch;
  try {
    let response: Response;
    try {
      response = await fetchImpl(buildUrl(path, opts.query), {
        method,
        headers,
        body: payload,
        credentials: 'include',
        signal: controller.signal,
        ...(opts.noCache ? { cache: 'no-store' as RequestCache } : {}),
      });
    } catch (error) {
      if (reason === 'canceled') throw new ApiError(0, NetworkErrorCodes.CANCELED, 'The request was cancelled.');
      if (reason === 'timeout') throw new ApiError(0, NetworkErrorCodes.TIMEOUT, 'The server took too long to answer. Please try again.');
      throw new ApiError(0, NetworkErrorCodes.NETWORK, 'We could not reach the pharmacy. Check your internet connection and try again.', error);
    }

    const { parsed, body: responseBody } = await readBody(response);
    if (response.ok) {
      if (!parsed) throw new ApiError(response.status, NetworkErrorCodes.BAD_RESPONSE, UNREADABLE, responseBody);
      return { status: response.status, body: responseBody };
    }
    const serverMessage = isObject(responseBody) && typeof responseBody.message === 'string' && responseBody.message ? responseBody.message : null;
    const serverCode = isObject(responseBody) && typeof responseBody.code === 'string' && responseBody.code ? responseBody.code : null;
    const fallbackCode = response.status >= 500 || !parsed ? NetworkErrorCodes.BAD_RESPONSE : NetworkErrorCodes.BAD_REQUEST;
    throw new ApiError(response.status, serverCode ?? fallbackCode, serverMessage ?? statusMessage(response.status), responseBody);
  } finally {
    if (timer) clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onCallerAbort);
  }
}

const renewedListeners = new Set<(user: SessionUser) => void>();

/**
 * Hears the user each token refresh answers with, as the account service holds them now: a member of staff whose
 * roles changed gets a token refused as expired, and the refresh brings the new roles (docs/product.md#staff-roles).
 * Returns the unsubscribe.
 */
export function onSessionRenewed(listener: (user: SessionUser) => void): () => void {
  renewedListeners.add(listener);
  return () => renewedListeners.delete(listener);
}

// Single flight: every request that meets an expired token waits for the same refresh.
let refreshInFlight: Promise<void> | null = null;

function refreshSession(): Promise<void> {
  refreshInFlight ??= send('POST', REFRESH_PATH, undefined, { skipRefresh: true })
    .then(({ body }) => {
      const user = pickUser(body);
      if (user) for (const listener of renewedListeners) listener(user);
    })
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

async function request(method: Method, path: string, body: unknown, opts: RequestOptions = {}): Promise<{ status: number; body: unknown }> {
  try {
    return await send(method, path, body, opts);
  } catch (error) {
    const expired = error instanceof ApiError && error.status === 401 && error.code === ErrorCodes.TOKEN_EXPIRED;
    if (!expired || opts.skipRefresh || path === REFRESH_PATH) throw error;
    await refreshSession(); // a failed refresh rejects with its own error (e.g. 401 "Please sign in")
    return send(method, path, body, { ...opts, skipRefresh: true });
  }
}

async function envelope<T>(method: Method, path: string, body: unknown, opts?: RequestOptions): Promise<ApiResponse<T>> {
  const res = await request(method, path, body, opts);
  if (res.body === undefined) return { success: true, data: undefined as T } as ApiResponse<T>;
  if (!isObject(res.body) || typeof res.body.success !== 'boolean') {
    throw new ApiError(res.status, NetworkErrorCodes.BAD_RESPONSE, UNREADABLE, res.body);
  }
  return res.body as ApiResponse<T>;
}

/**
 * JSON over fetch with cookies (`credentials: 'include'`), the CSRF header on mutations, refresh-and-retry
 * once on 401 TOKEN_EXPIRED. Non-2xx responses and network failures throw ApiError; a 2xx body is returned
 * as is, including a `{ success: false }` body (sign-out relies on seeing it: docs/product.md#client-state).
 */
export const api = {
  get: <T = unknown>(path: string, opts?: RequestOptions) => envelope<T>('GET', path, undefined, opts),
  /** `opts.body`: DELETE /api/account/profile needs the current password in its body. */
  delete: <T = unknown>(path: string, opts?: RequestOptions & { body?: unknown }) => envelope<T>('DELETE', path, opts?.body, opts),
  post: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => envelope<T>('POST', path, body, opts),
  put: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => envelope<T>('PUT', path, body, opts),
  patch: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => envelope<T>('PATCH', path, body, opts),
};

/** Unwraps `data`; a `{ success: false }` body becomes an ApiError with the server's message and code. */
export function unwrap<T>(response: ApiResponse<T>): T {
  if (response.success) return response.data;
  throw new ApiError(200, response.code || NetworkErrorCodes.BAD_RESPONSE, response.message || 'The request could not be completed.', response);
}

/** A list call's answer as a client uses it: the array the envelope's `data` holds, and the figures beside it. */
export type ListResult<T, F extends object = object> = { items: T[] } & F;

/**
 * Unwraps a list call (`data` is the array; paging and summary figures such as total, page, limit, terms or
 * averageReview sit beside it). Any other `data` is a BAD_RESPONSE, so a list is never silently shown empty.
 */
export function unwrapList<T, F extends object = object>(response: ApiResponse<T[]>): ListResult<T, F> {
  const data = unwrap(response);
  if (!Array.isArray(data)) throw new ApiError(200, NetworkErrorCodes.BAD_RESPONSE, UNREADABLE, response);
  const { success: _success, data: _data, message: _message, ...figures } = response as Record<string, unknown>;
  return { ...(figures as F), items: data };
}

/** GET of a list call, resolving to its array (`items`) and the figures beside it; `F` names the figures. */
export const apiList = {
  get: <T, F extends object = object>(path: string, opts?: RequestOptions) => api.get<T[]>(path, opts).then((r) => unwrapList<T, F>(r)),
};

/** Same calls as `api`, resolving to the envelope's `data`. */
export const apiData = {
  get: <T = unknown>(path: string, opts?: RequestOptions) => api.get<T>(path, opts).then(unwrap),
  delete: <T = unknown>(path: string, opts?: RequestOptions & { body?: unknown }) => api.delete<T>(path, opts).then(unwrap),
  post: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => api.post<T>(path, body, opts).then(unwrap),
  put: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => api.put<T>(path, body, opts).then(unwrap),
  patch: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => api.patch<T>(path, body, opts).then(unwrap),
};
