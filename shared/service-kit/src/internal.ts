import { timingSafeEqual } from 'node:crypto';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest, InjectOptions } from 'fastify';
import { CSRF_HEADER, CSRF_HEADER_VALUE, fillPath, type AnyRoute, type CallArgs, type DataOf } from '@pharmacy/contracts';
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

/** Where every service-to-service route is (the services' own ports; in process inside the gateway). */
const INTERNAL_PREFIX = '/internal/';

/**
 * Embedded mode: the services' /internal/* routes are on the public app, for their calls to each other through
 * inject (injectTransport). A request that came over the network is answered as an unknown address, before any
 * token check or validation says the route exists (docs/architecture.md#security).
 */
export function internalRoutesInProcessOnly(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url?.startsWith(INTERNAL_PREFIX) && request.raw.socket instanceof Socket) return reply.callNotFound();
  });
}

/**
 * A service's call to another through the in-process transport (injectTransport): no socket, and the internal
 * token header (checked by the route's requireInternal). Its answer's headers never reach a browser: the transport
 * reads the status and the body only, so the browser-facing headers are not worth writing for it.
 */
export const isInProcessServiceCall = (request: FastifyRequest): boolean =>
  request.headers[INTERNAL_HEADER] !== undefined && !(request.raw.socket instanceof Socket);

/** One service-to-service request as a transport carries it (the body already JSON). */
export interface InternalRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

/** The other service's answer: its status and its parsed JSON body (null when it sent none or no JSON). */
export interface InternalResponse {
  status: number;
  payload: unknown;
}

/**
 * How a typed client reaches another service. It rejects when the service could not be reached or did not
 * answer within `timeoutMs`; every answer it got, whatever its status, resolves.
 */
export type ServiceTransport = (request: InternalRequest) => Promise<InternalResponse>;

/** Over HTTP to `baseUrl`: a service run alone, or distributed mode. */
export function httpTransport(baseUrl: string, doFetch: typeof fetch = fetch): ServiceTransport {
  const base = baseUrl.replace(/\/$/, '');
  return async (req) => {
    const res = await doFetch(`${base}${req.path}`, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal: AbortSignal.timeout(req.timeoutMs),
    });
    return { status: res.status, payload: await res.json().catch(() => null) };
  };
}

/** The part of a Fastify app the in-process transport needs (App, or any instance holding the routes). */
export interface Injectable {
  inject(opts: InjectOptions): Promise<{ statusCode: number; body: string }>;
}

/** How often the in-process calls in flight are checked against their deadlines. */
const DEADLINE_TICK_MS = 25;

/**
 * The deadlines of in-process calls in flight, checked by one timer that runs only while there are any (a timer of
 * its own per call, set and cleared seven times a purchase, was 1-2% of the gateway's event loop under load). A
 * call fails within DEADLINE_TICK_MS after its deadline.
 */
class Deadlines {
  private readonly pending = new Set<{ at: number; expire: () => void }>();
  private timer: NodeJS.Timeout | null = null;

  /** Calls `expire` once `ms` have passed, unless the returned function was called first. */
  watch(ms: number, expire: () => void): () => void {
    const entry = { at: Date.now() + ms, expire };
    this.pending.add(entry);
    this.timer ??= setInterval(() => this.check(), DEADLINE_TICK_MS);
    return () => void this.pending.delete(entry);
  }

  private check(): void {
    const now = Date.now();
    for (const entry of this.pending) {
      if (entry.at > now) continue;
      this.pending.delete(entry);
      entry.expire();
    }
    if (this.pending.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
}

/**
 * In process, through the app that holds the other service's routes (embedded mode): the request runs the
 * same route with the same hooks, token check, schema validation and serialisation as over HTTP, without a
 * socket, an HTTP parser or a second JSON round trip through undici. A hung handler still times out.
 */
export function injectTransport(app: Injectable): ServiceTransport {
  const deadlines = new Deadlines();
  return (req) =>
    new Promise<InternalResponse>((resolve, reject) => {
      const done = deadlines.watch(req.timeoutMs, () => reject(new Error(`in-process call timed out after ${req.timeoutMs} ms`)));
      app.inject({ method: req.method, url: req.path, headers: req.headers, payload: req.body }).then(
        (res) => {
          done();
          resolve({ status: res.statusCode, payload: parseJson(res.body) });
        },
        (err: unknown) => {
          done();
          reject(err);
        },
      );
    });
}

function parseJson(body: string): unknown {
  try {
    return body ? (JSON.parse(body) as unknown) : null;
  } catch {
    return null;
  }
}

/** Where a client sends its calls: a transport, or (the HTTP transport's shorthand) a base URL and a fetch. */
export type PeerOptions = { transport: ServiceTransport } | { baseUrl: string; fetch?: typeof fetch };

export type ServiceClientOptions = PeerOptions & {
  token: string;
  /** Service-to-service calls do time out, unlike the browser's (a dead dependency must not hang checkout). */
  timeoutMs?: number;
};

export function transportOf(opts: PeerOptions): ServiceTransport {
  return 'transport' in opts ? opts.transport : httpTransport(opts.baseUrl, opts.fetch);
}

/**
 * A small typed client for service-to-service calls, over whichever transport it is given. Failures of the
 * other service keep its status and message; a 5xx, an answer that is not the envelope, a network failure or
 * a timeout becomes 503, the same in process as over HTTP.
 */
export function createServiceClient(opts: ServiceClientOptions) {
  const transport = transportOf(opts);
  const timeoutMs = opts.timeoutMs ?? 5000;
  return async function call<T>(method: InternalRequest['method'], path: string, body?: unknown): Promise<T> {
    let res: InternalResponse;
    try {
      res = await transport({
        method,
        path,
        headers: {
          [INTERNAL_HEADER]: opts.token,
          [CSRF_HEADER]: CSRF_HEADER_VALUE,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs,
      });
    } catch {
      throw unavailable();
    }
    const payload = res.payload as { success?: boolean; data?: T; message?: string; code?: string } | null;
    const isOk = res.status >= 200 && res.status < 300;
    if (!isOk || !payload || payload.success !== true) {
      if (res.status >= 500 || !payload) throw unavailable();
      throw new HttpError(res.status, payload.code ?? 'UPSTREAM', payload.message ?? 'Request failed.');
    }
    return payload.data as T;
  };
}
export type ServiceClient = ReturnType<typeof createServiceClient>;

/**
 * A client of another service's routes as the route table names them (shared/contracts/src/routes): the URL is
 * built from the route, the body and query are typed by it and the answer is its `data`.
 */
export function createRouteClient(opts: ServiceClientOptions) {
  const call = createServiceClient(opts);
  return <R extends AnyRoute>(route: R, ...[input]: CallArgs<R>): Promise<DataOf<R>> =>
    call<DataOf<R>>(route.method, fillPath(route, input?.params as Record<string, string> | undefined, input?.query as object | undefined), input?.body);
}
export type RouteClient = ReturnType<typeof createRouteClient>;
