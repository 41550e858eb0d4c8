import type { FastifyBaseLogger } from 'fastify';
import { createApp, type App } from './app';
import type { AuditSink } from './audit';
import { loadConfig, type KitConfig, type ServiceName } from './config';
import { httpTransport, injectTransport, type Injectable, type ServiceTransport } from './internal';
import { loadInternalToken, loadKeys } from './keys';
import { followRevocations, type RevocationFollower } from './revocation';

/** What every service is given to open itself, whether it runs alone or inside the gateway. */
export interface ServiceContext {
  config: KitConfig;
  log: FastifyBaseLogger;
  /** Shared secret for /internal/* calls between services. */
  internalToken: string;
  /** How this service's typed clients reach each other service: in process (embedded) or over HTTP. */
  peers: ServicePeers;
  /** Only the account service receives the private key. */
  privateKey?: string;
  /** Where its staff routes record their decisions (docs/architecture.md#audit-trail); tests pass memoryAuditSink(). */
  audit?: AuditSink;
}

/** One transport per service another service may call. */
export type ServicePeers = Record<ServiceName, ServiceTransport>;

/** Every peer over HTTP at its URL: a service run alone, or the distributed gateway. */
export function httpPeers(urls: Record<ServiceName, string>, doFetch?: typeof fetch): ServicePeers {
  return { account: httpTransport(urls.account, doFetch), catalog: httpTransport(urls.catalog, doFetch), checkout: httpTransport(urls.checkout, doFetch) };
}

/**
 * Embedded mode: every service is registered on `app`, so each call goes through app.inject (no socket);
 * a service whose *_SERVICE_URL is set is still called there over HTTP, as configured.
 */
export function inProcessPeers(app: Injectable, configured: Partial<Record<ServiceName, string>> = {}): ServicePeers {
  const local = injectTransport(app);
  const peer = (name: ServiceName) => (configured[name] ? httpTransport(configured[name]) : local);
  return { account: peer('account'), catalog: peer('catalog'), checkout: peer('checkout') };
}

/** An opened service: registers its routes on an app and closes its stores. */
export interface ServiceHandle {
  name: string;
  register(app: App): Promise<void>;
  close(): Promise<void>;
}

export type OpenService = (ctx: ServiceContext) => Promise<ServiceHandle>;

/** Where a service run alone reaches each service: the configured *_SERVICE_URL, else `selfOrigin`. */
export function serviceUrlsFor(config: Pick<KitConfig, 'serviceUrls'>, selfOrigin: string): Record<ServiceName, string> {
  return {
    account: config.serviceUrls.account ?? selfOrigin,
    catalog: config.serviceUrls.catalog ?? selfOrigin,
    checkout: config.serviceUrls.checkout ?? selfOrigin,
  };
}

/** Runs one service alone (its server.ts): config from the environment, docs as API_DOCS says, graceful shutdown. */
export async function runService(open: OpenService, opts: { name: string; defaultPort: number; needsPrivateKey?: boolean }): Promise<App> {
  const config = loadConfig(process.env, { port: opts.defaultPort });
  const keys = loadKeys({ dataDir: config.dataDir, withPrivate: !!opts.needsPrivateKey, given: config.jwtKeys });
  const app = await createApp({
    publicKey: keys.publicKey,
    logLevel: config.logLevel,
    slowRequestMs: config.slowRequestMs,
    docs: config.apiDocs,
    trustProxy: '127.0.0.1',
    trustedOrigins: [config.publicOrigin],
    production: config.production,
  });
  const handle = await open({
    config,
    log: app.log,
    internalToken: loadInternalToken(config.dataDir, config.internalToken),
    peers: httpPeers(serviceUrlsFor(config, `http://127.0.0.1:${config.port}`)),
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
 * app); it starts once the server listens, when every service's routes are ready to answer.
 */
export function followAccountRevocations(
  app: App,
  ctx: Pick<ServiceContext, 'internalToken' | 'log'> & { peers: Pick<ServicePeers, 'account'> } & { config: Pick<KitConfig, 'revocationPollMs'> },
): RevocationFollower {
  const known = followers.get(app.revocations);
  if (known) return known;
  const follower = followRevocations(app.revocations, {
    transport: ctx.peers.account,
    token: ctx.internalToken,
    intervalMs: ctx.config.revocationPollMs,
    log: ctx.log,
  });
  followers.set(app.revocations, follower);
  app.addHook('onListen', async () => follower.start());
  app.addHook('onClose', async () => follower.stop());
  return follower;
}
