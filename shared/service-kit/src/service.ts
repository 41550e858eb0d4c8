import type { FastifyBaseLogger } from 'fastify';
import { createApp, type App } from './app';
import { loadConfig, type KitConfig } from './config';
import { loadInternalToken, loadKeys } from './keys';
import { followRevocations, type RevocationFollower } from './revocation';

/** What every service is given to open itself, whether it runs alone or inside the gateway. */
export interface ServiceContext {
  config: KitConfig;
  log: FastifyBaseLogger;
  /** Shared secret for /internal/* calls between services. */
  internalToken: string;
  /** Base URLs other services are reached at (HTTP, even when all run in one process). */
  serviceUrls: { account: string; catalog: string; checkout: string };
  /** Only the account service receives the private key. */
  privateKey?: string;
  /** fetch used for service-to-service calls (tests route it to app.inject). */
  fetch?: typeof fetch;
}

/** An opened service: registers its routes on an app and closes its stores. */
export interface ServiceHandle {
  name: string;
  register(app: App): Promise<void>;
  close(): Promise<void>;
}

export type OpenService = (ctx: ServiceContext) => Promise<ServiceHandle>;

/** Where this process reaches each service: the configured *_SERVICE_URL, else `selfOrigin` (embedded, or a service alone). */
export function serviceUrlsFor(config: Pick<KitConfig, 'serviceUrls'>, selfOrigin: string): ServiceContext['serviceUrls'] {
  return {
    account: config.serviceUrls.account ?? selfOrigin,
    catalog: config.serviceUrls.catalog ?? selfOrigin,
    checkout: config.serviceUrls.checkout ?? selfOrigin,
  };
}

/** Runs one service alone (its server.ts): config from the environment, docs on, graceful shutdown. */
export async function runService(open: OpenService, opts: { name: string; defaultPort: number; needsPrivateKey?: boolean }): Promise<App> {
  const config = loadConfig(process.env, { port: opts.defaultPort });
  const keys = loadKeys({ dataDir: config.dataDir, withPrivate: !!opts.needsPrivateKey, given: config.jwtKeys });
  const app = await createApp({
    publicKey: keys.publicKey,
    logLevel: config.logLevel,
    slowRequestMs: config.slowRequestMs,
    docs: true,
    trustProxy: '127.0.0.1',
    trustedOrigins: [config.publicOrigin],
    production: config.production,
  });
  const handle = await open({
    config,
    log: app.log,
    internalToken: loadInternalToken(config.dataDir, config.internalToken),
    serviceUrls: serviceUrlsFor(config, `http://127.0.0.1:${config.port}`),
    privateKey: keys.privateKey,
  });
  await handle.register(app);
  app.addHook('onClose', () => handle.close());
  const stop = () => void app.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  await app.listen({ port: config.port, host: config.host });
  return app;
}

/** A fetch that answers from app.inject: service-to-service calls in tests without opening ports. */
export function injectFetch(app: App): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      payload: init?.body as string | undefined,
    });
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      headers: Object.entries(res.headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)] as [string, string]])),
    });
  }) as typeof fetch;
}

const followers = new WeakMap<object, RevocationFollower>();

/**
 * Keeps the app's revocation list current from the account service, so requireUser refuses a signed-out
 * session within seconds. One follower per app however many services ask (embedded mode runs several in one
 * app); it starts once the server listens, because in embedded mode it reaches the account service through
 * this very server.
 */
export function followAccountRevocations(
  app: App,
  ctx: Pick<ServiceContext, 'serviceUrls' | 'internalToken' | 'fetch' | 'log'> & { config: Pick<KitConfig, 'revocationPollMs'> },
): RevocationFollower {
  const known = followers.get(app.revocations);
  if (known) return known;
  const follower = followRevocations(app.revocations, {
    baseUrl: ctx.serviceUrls.account,
    token: ctx.internalToken,
    fetch: ctx.fetch,
    intervalMs: ctx.config.revocationPollMs,
    log: ctx.log,
  });
  followers.set(app.revocations, follower);
  app.addHook('onListen', async () => follower.start());
  app.addHook('onClose', async () => follower.stop());
  return follower;
}
