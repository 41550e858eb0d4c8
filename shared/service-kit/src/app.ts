import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import { ErrorCodes } from '@pharmacy/contracts';
import { authPlugin } from './plugins/auth';
import { csrfPlugin } from './plugins/csrf';
import { errorsPlugin } from './plugins/errors';
import { installValidators } from './plugins/validation';
import { docsPlugin } from './plugins/docs';
import { rateLimitKey } from './plugins/rate-limit-key';
import { responseHeadersPlugin } from './plugins/response-headers';
import { securityHeadersPlugin } from './plugins/security-headers';
import { clientErrorHandler, frameworkErrors } from './plugins/framework-errors';
import { RequestLogController } from './plugins/request-log';
import { DEFAULT_SLOW_REQUEST_MS } from './config/variables';
import { failure, ok } from './envelope';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export interface CreateAppOptions {
  /** PEM public key that verifies access tokens. */
  publicKey: string;
  /** Origins allowed to send cookie-authenticated state changes besides the request's own host. */
  trustedOrigins?: string[];
  logLevel?: string;
  /** A request answered after this many ms is logged at warn; faster ones only at debug (default 500, SLOW_REQUEST_MS). */
  slowRequestMs?: number;
  /** Where log lines go (default stdout); tests read what an operator would see. */
  logStream?: { write(line: string): void };
  /** Default JSON body limit; upload routes raise their own. */
  bodyLimit?: number;
  /** Serve the OpenAPI document and UI at /api/docs. */
  docs?: boolean;
  /** Behind the gateway's proxy: trust X-Forwarded-* from loopback only. */
  trustProxy?: boolean | string;
  /** Called for unmatched requests before the JSON 404 (the gateway's SPA fallback). */
  onNotFound?: (request: FastifyRequest, reply: FastifyReply) => boolean | Promise<boolean>;
  production?: boolean;
}

export const DEFAULT_BODY_LIMIT = 100 * 1024;
/**
 * How long one plugin (a service loading its data) may take to register before the start fails. The embedded store
 * loads a collection whole: the account service's audit trail at 1,000,000 entries (580 MB) takes about 150 s on a
 * busy 2-core machine (README.md#performance), so a hung plugin is stopped after 10 minutes rather than a big shop
 * never starting. MongoDB opens without loading.
 */
export const PLUGIN_TIMEOUT_MS = 600_000;

/** A per-route limit for @fastify/rate-limit (`config: { rateLimit }`), per signed-in user or else per client address. */
export interface RateLimit {
  max: number;
  /** Milliseconds or a duration string such as '1 minute'. */
  timeWindow: number | string;
}

/**
 * The Fastify app every service runs in (alone, or all together in the gateway's embedded mode):
 * TypeBox validation that rejects unknown fields, the error envelope, helmet, cookies, access-token
 * verification, CSRF defence, rate limiting (opt-in per route) and a rate-limited JSON 404.
 */
export async function createApp(opts: CreateAppOptions): Promise<App> {
  const app = Fastify({
    logger: {
      level: opts.logLevel ?? 'info',
      ...(opts.logStream ? { stream: opts.logStream } : {}),
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    // Fastify's own two lines per request are replaced by one for errors and slow requests only (at info).
    logController: new RequestLogController(opts.slowRequestMs ?? DEFAULT_SLOW_REQUEST_MS),
    bodyLimit: opts.bodyLimit ?? DEFAULT_BODY_LIMIT,
    // A service loads its data while it registers (the catalog's read model of 100,000 products: ~30 s; the audit
    // trail at 1,000,000 entries: ~150 s), past Fastify's 10 s default, which would stop the gateway from starting at all.
    pluginTimeout: PLUGIN_TIMEOUT_MS,
    trustProxy: opts.trustProxy ?? false,
    // Long or non-Latin search terms are several hundred characters once URL-encoded; routes bound them with
    // their own schemas and answer in the envelope instead of Fastify's bare 414.
    routerOptions: { maxParamLength: 1000 },
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();

  installValidators(app);
  await app.register(errorsPlugin);
  await app.register(responseHeadersPlugin);
  await app.register(securityHeadersPlugin, { production: opts.production });
  await app.register(fastifyCookie);
  await app.register(authPlugin, { publicKey: opts.publicKey });
  await app.register(csrfPlugin, { trustedOrigins: opts.trustedOrigins ?? [] });
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: rateLimitKey,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: ErrorCodes.RATE_LIMITED,
      message: `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
  if (opts.docs) await app.register(docsPlugin);

  // Unknown routes are rate limited so the 404 path cannot be used to probe cheaply.
  app.setNotFoundHandler(
    { preHandler: app.rateLimit({ max: 300, timeWindow: '1 minute' }) },
    async (request, reply) => {
      if (opts.onNotFound && (await opts.onNotFound(request, reply))) return reply;
      return reply.status(404).send(failure(ErrorCodes.NOT_FOUND, 'Not found.'));
    },
  );

  app.get('/api/health', { schema: { hide: true } }, async () => ok({ status: 'ok' }));
  return app as unknown as App;
}
