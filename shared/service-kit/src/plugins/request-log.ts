import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

// Query parameters whose values may be credentials (reset and verification links, provider callbacks).
const SECRET_PARAM = /token|secret|password|passwd|key|code|signature|session|auth|email/i;

/** The request's path with the values of secret-looking query parameters replaced, so a log line never carries them. */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const name of new Set(params.keys())) if (SECRET_PARAM.test(name)) params.set(name, '[redacted]');
  const query = params.toString();
  return query ? `${url.slice(0, q)}?${query}` : url.slice(0, q);
}

const VERBOSE = new Set(['debug', 'trace']);

/** Server errors whose line was already written where they happened (with their cause): not logged twice. */
const explained = new WeakSet<FastifyRequest>();

/**
 * Says that this request's 5xx answer was already logged, with its cause, by the code that gave it (the error
 * handler, the gateway's upstream failures), so the request log does not write a second line for it.
 */
export function failureLogged(request: FastifyRequest): void {
  explained.add(request);
}

export const requestSummary = (request: FastifyRequest, statusCode: number, ms: number) => ({
  method: request.method,
  url: loggableUrl(request.url),
  statusCode,
  responseTimeMs: Math.round(ms * 10) / 10,
});

/**
 * Request logging that costs nothing on a healthy request: Fastify's two JSON lines per request (a quarter of the
 * gateway's throughput under load) are not written; one line is, for a 5xx answer (error) or an answer slower than
 * `slowRequestMs` (warn). At debug level and below every request gets its line again, for diagnosis. Fastify's other
 * lines (a response stream that failed, its default error handler, a serializer error) are kept as they were.
 */
export class RequestLogController extends LogController {
  constructor(private readonly slowRequestMs: number) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    if (status >= 500) {
      if (!explained.has(request)) request.log.error(requestSummary(request, status, ms), 'request answered with a server error');
    } else if (ms >= this.slowRequestMs) request.log.warn(requestSummary(request, status, ms), 'slow request');
    else if (VERBOSE.has(request.log.level)) request.log.debug(requestSummary(request, status, ms), 'request completed');
  }
}
