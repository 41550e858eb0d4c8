import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@pharmacy/contracts';
import { HttpError, forbidden, unavailable } from './errors';

export const INTERNAL_HEADER = 'x-internal-token';

/** preHandler for /internal/* routes: only other services (holding the shared token) may call them. */
export function requireInternal(token: string) {
  const expected = Buffer.from(token);
  return async (request: FastifyRequest) => {
    const given = Buffer.from(String(request.headers[INTERNAL_HEADER] ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw forbidden('Internal route.');
  };
}

export interface ServiceClientOptions {
  baseUrl: string;
  token: string;
  /** Service-to-service calls do time out, unlike the browser's (a dead dependency must not hang checkout). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * A small typed HTTP client for service-to-service calls. Failures of the other service keep its status
 * and message; a network failure or timeout becomes 503.
 */
export function createServiceClient(opts: ServiceClientOptions) {
  const doFetch = opts.fetch ?? fetch;
  const base = opts.baseUrl.replace(/\/$/, '');
  return async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers: {
          [INTERNAL_HEADER]: opts.token,
          [CSRF_HEADER]: CSRF_HEADER_VALUE,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
      });
    } catch {
      throw unavailable();
    }
    const payload = (await res.json().catch(() => null)) as { success?: boolean; data?: T; message?: string; code?: string } | null;
    if (!res.ok || !payload || payload.success !== true) {
      if (res.status >= 500 || !payload) throw unavailable();
      throw new HttpError(res.status, payload.code ?? 'UPSTREAM', payload.message ?? 'Request failed.');
    }
    return payload.data as T;
  };
}
export type ServiceClient = ReturnType<typeof createServiceClient>;
