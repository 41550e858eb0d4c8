import fastifyHttpProxy from '@fastify/http-proxy';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCodes, UNAVAILABLE_MESSAGES } from '@pharmacy/contracts';
import { failure, failureLogged, UNAVAILABLE_RETRY_AFTER_SECONDS, type App } from '@pharmacy/service-kit';
import { checkAuthFromToken } from './check-auth-fallback';
import { bodyFailure, bodyHeaders, readBodiesAsEmbedded } from './proxy-bodies';
import { SERVICE_NAMES, SERVICE_PREFIXES, type ServiceName } from './routes-table';

/**
 * How long a service may take to start answering before the shopper is told it is unavailable. Longer than the
 * checkout's own calls to the payment provider (an OAuth token and a capture, 15 s each at most), so a slow
 * capture is never cut off while it may still take the money.
 */
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 45_000;
const CHECK_AUTH = '/api/auth/check-auth';

export interface UpstreamOptions {
  urls: Record<ServiceName, string>;
  timeoutMs?: number;
}

type ProxyError = Error & { code?: string; statusCode?: number; cause?: { code?: string } };

/** The transport's own code (ECONNREFUSED, UND_ERR_HEADERS_TIMEOUT…) where reply-from wrapped it. */
const failureCode = (error: ProxyError): string => error.cause?.code ?? error.code ?? 'UNKNOWN';

/**
 * Distributed mode: every /api prefix of a service proxied to its own process, each request's body read first as
 * embedded mode reads it (proxy-bodies.ts). A service that does not answer
 * (refused, reset, or no response headers within the timeout) gives 503 (504 on a timeout) in the envelope with
 * a message naming what is missing, on every route it owns, and one log line naming the service, the URL and the
 * error code. Nothing is cached about a failure: the next request tries the service again, so it is back as
 * soon as it answers, without restarting the gateway. While the account service is down, check-auth is answered
 * from the verified access token instead, so signed-in shoppers stay signed in.
 */
export async function registerUpstreams(app: App, opts: UpstreamOptions): Promise<void> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  // Requests sent on to their service, and those of them it did not answer (the gateway answered them itself).
  const sent = new WeakSet<FastifyRequest>();
  const unanswered = new WeakSet<FastifyRequest>();
  const forwarded = (request: FastifyRequest, headers: Record<string, unknown>) => {
    sent.add(request);
    return {
      ...bodyHeaders(request, headers),
      'x-forwarded-for': request.ip,
      'x-forwarded-host': request.host,
      'x-forwarded-proto': request.protocol,
    };
  };
  const down = new Set<ServiceName>();

  const failed = (name: ServiceName, request: FastifyRequest, error: ProxyError) => {
    failureLogged(request); // this warning is the failure's line: the request log adds no second one
    const wasUp = !down.has(name);
    down.add(name);
    // the path without its query: search words and ids in a query are the shopper's business
    const url = `${opts.urls[name].replace(/\/$/, '')}${request.url.split('?')[0]}`;
    app.log.warn(
      { reqId: request.id, upstream: name, url, code: failureCode(error) },
      wasUp ? `${name} service unavailable` : `${name} service still unavailable`,
    );
  };

  /** The proxy's error handler: the request's own body failing on the way is the shopper's 4xx, not an outage. */
  const onError = (name: ServiceName, answer: (reply: FastifyReply, error: ProxyError) => void) => (reply: FastifyReply, { error }: { error: ProxyError }) => {
    unanswered.add(reply.request);
    const refused = bodyFailure(reply.request);
    if (refused) return void reply.send(refused);
    failed(name, reply.request, error);
    answer(reply, error);
  };
  const unavailable = (name: ServiceName) =>
    onError(name, (reply, error) => {
      reply
        .status(error.statusCode === 504 ? 504 : 503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send(failure(ErrorCodes.UNAVAILABLE, UNAVAILABLE_MESSAGES[name]));
    });

  for (const name of SERVICE_NAMES) {
    await app.register(async (scope) => {
      // reply-from logs each failure with its stack at warn and each answer at info; `failed` already writes the
      // one line an operator needs, so the proxy's own lines are kept to errors (Fastify's request log stays).
      scope.addHook('preHandler', async (request) => {
        const { level } = request.log;
        request.log = request.log.child({}, { level: level === 'fatal' || level === 'silent' ? level : 'error' });
      });
      readBodiesAsEmbedded(scope);
      scope.addHook('onResponse', async (request) => {
        if (down.has(name) && sent.has(request) && !unanswered.has(request)) {
          down.delete(name);
          app.log.info({ upstream: name, url: opts.urls[name] }, `${name} service answering again`);
        }
      });
      const common = {
        upstream: opts.urls[name],
        // bodies are read by readBodiesAsEmbedded, not passed through as they arrive
        proxyPayloads: false,
        // undici's own defaults wait 5 minutes for an answer: a hung service would hold the shopper that long.
        undici: { headersTimeout: timeoutMs, bodyTimeout: timeoutMs, connect: { timeout: Math.min(timeoutMs, 5_000) } },
      };
      for (const prefix of SERVICE_PREFIXES[name]) {
        await scope.register(fastifyHttpProxy, {
          ...common,
          prefix,
          rewritePrefix: prefix,
          replyOptions: { rewriteRequestHeaders: forwarded as never, onError: unavailable(name) as never },
        });
      }
      if (name === 'account') {
        await scope.register(fastifyHttpProxy, {
          ...common,
          prefix: CHECK_AUTH,
          rewritePrefix: CHECK_AUTH,
          httpMethods: ['GET'],
          replyOptions: {
            rewriteRequestHeaders: forwarded as never,
            onError: onError('account', (reply) => void checkAuthFromToken(reply.request, reply)) as never,
          },
        });
      }
    });
  }
}
