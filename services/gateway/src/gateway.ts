import fastifyCompress from '@fastify/compress';
import {
  createApp,
  devMailboxOn,
  devMailboxPages,
  ensureKeys,
  loadInternalToken,
  findInternalToken,
  followAccountRevocations,
  loadKeys,
  httpPeers,
  inProcessPeers,
  internalRoutesInProcessOnly,
  accountAuditDelivery,
  outboxAuditSink,
  type App,
  type AuditSink,
  type GatewayMode,
  type KitConfig,
  type ServiceContext,
  type ServiceHandle,
  type ServiceTransport,
} from '@pharmacy/service-kit';
import { openStore } from '@pharmacy/db';
import { COMPRESS_OPTIONS } from './compression';
import { embeddedServices } from './embedded';
import { DEMO_MARKET_WARNING, marketRoutes } from './market';
import { remoteOrigins, withRemoteOrigins } from './remotes/csp';
import { apiGet, createHealthGate, type HealthGate } from './remotes/health-gate';
import { hostSharedVersions } from './remotes/host-shared';
import { manifestOrigins } from './remotes/origins';
import { fetchEntryBytes } from './remotes/manifest';
import { RemoteRegistry } from './remotes/registry';
import { RemoteReportStore, remoteReportRoutes } from './remotes/reports';
import { RolloutWatch, type RatesSource } from './remotes/rollout/watch';
import { remoteRoutes } from './remotes/routes';
import { SERVICE_NAMES, type ServiceName } from './routes-table';
import { pageRenderer } from './pages';
import { registerStatic, spaFallback, type PageRender, type StaticOptions } from './static-files';
import { registerUpstreams } from './upstreams';

export type { GatewayMode } from '@pharmacy/service-kit';

export interface GatewayOptions {
  mode: GatewayMode;
  config: KitConfig;
  /** Built apps to serve; omit to serve the API only. */
  static?: StaticOptions;
  /** distributed mode: where each service listens. */
  serviceUrls?: Record<ServiceName, string>;
  /** How often the remote registry is read again from the store (default 2 s; several gateways may share a MongoDB store). */
  registryPollMs?: number;
  /** The check a remote build passes before it is deployed (default: remotes/health-gate.ts on the built apps). */
  healthGate?: HealthGate;
  /**
   * Per-version health of the remotes the rollout watch reads to abort a failing canary and roll back a failing
   * fresh deploy by itself (docs/operations.md#canary-releases); default: what pages reported (remotes/reports).
   */
  rolloutRates?: RatesSource;
  /** distributed mode: how long a service may take to answer before the shopper gets 504 (default 45 s). */
  upstreamTimeoutMs?: number;
  /** Where the gateway's log lines go (default stdout). */
  logStream?: { write(line: string): void };
  /** embedded mode: where the services record staff decisions (docs/architecture.md#audit-trail); tests pass memoryAuditSink(). */
  audit?: AuditSink;
}

/**
 * The one public origin: /api routing, the built host and remotes, /remotes.json and the remote registry.
 * Embedded: every service's plugin in this process. Distributed: each /api prefix proxied to its service.
 */
export async function buildGateway(opts: GatewayOptions): Promise<App> {
  const { config } = opts;
  if (opts.mode === 'embedded') ensureKeys(config.dataDir);
  const keys = loadKeys({ dataDir: config.dataDir, withPrivate: opts.mode === 'embedded', given: config.jwtKeys });
  // The gateway's own store holds the remote registry, which the page fallback reads from its first request.
  const store = opts.static ? await openStore({ name: 'gateway', dataDir: config.dataDir, mongoUrl: config.mongoUrl, durable: config.durableWrites }) : undefined;
  const originAllowed = manifestOrigins({
    listed: config.gateway.remoteOrigins,
    production: config.production,
    publicOrigin: config.publicOrigin,
    remoteUrls: config.gateway.remoteUrls,
  });
  const staticOpts = opts.static && { ...opts.static, secureCookies: opts.static.secureCookies ?? config.production };
  const registry =
    staticOpts && store
      ? new RemoteRegistry(store, {
          root: staticOpts.root,
          remoteUrls: staticOpts.remoteUrls,
          pollMs: opts.registryPollMs,
          // deploys happen once the app answers: the pages' data is asked of its own routes
          healthGate:
            opts.healthGate ??
            createHealthGate({ root: staticOpts.root, originAllowed, origin: config.publicOrigin, production: config.production, api: (pathAndQuery) => apiGet(app, pathAndQuery) }),
          // the hash of a build on another origin is checked again from its origin, by the deploy's own rules
          fetchEntry: (url) => fetchEntryBytes(url, { root: staticOpts.root, originAllowed }),
        })
      : undefined;
  // set once the app exists: the page renderer calls the app's own routes for the page's data
  let renderPage: PageRender | undefined;
  const app = await createApp({
    publicKey: keys.publicKey,
    logLevel: config.logLevel,
    slowRequestMs: config.slowRequestMs,
    logStream: opts.logStream,
    // the services' routes are documented where they are registered: here in embedded mode (off in production unless API_DOCS)
    docs: opts.mode === 'embedded' && config.apiDocs,
    trustedOrigins: [config.publicOrigin],
    production: config.production,
    onNotFound: staticOpts && registry ? spaFallback(staticOpts, registry, (...args) => renderPage?.(...args) ?? Promise.resolve(false)) : undefined,
  });
  if (store) {
    app.addHook('onClose', async () => {
      registry?.stop();
      await store.close();
    });
  }
  await app.register(fastifyCompress, COMPRESS_OPTIONS);
  await app.register(marketRoutes, { market: config.market });
  if (config.production && config.market.demo) app.log.warn({ market: config.market.code }, DEMO_MARKET_WARNING);

  // Where the dev mailbox reads the account service's outbox (below): set by the mode.
  let accountPeer: { transport: ServiceTransport; token: string } | undefined;
  if (opts.mode === 'embedded') {
    const handles: ServiceHandle[] = [];
    const base: Omit<ServiceContext, 'privateKey'> = {
      config,
      log: app.log,
      internalToken: loadInternalToken(config.dataDir, config.internalToken),
      // Every service is on this app: their clients call each other through it in process (no HTTP), except
      // a peer whose *_SERVICE_URL is set, which is called there as configured.
      peers: inProcessPeers(app, config.serviceUrls),
      audit: opts.audit,
    };
    app.addHook('onClose', async () => {
      for (const h of handles.reverse()) await h.close();
    });
    internalRoutesInProcessOnly(app);
    const openers = await embeddedServices();
    for (const name of SERVICE_NAMES) {
      // Only the account service is handed the signing key.
      const handle = await openers[name]({ ...base, privateKey: name === 'account' ? keys.privateKey : undefined });
      handles.push(handle);
      await handle.register(app);
    }
    accountPeer = { transport: base.peers.account, token: base.internalToken };
  } else {
    const urls = opts.serviceUrls;
    if (!urls) throw new Error('distributed mode needs ACCOUNT_SERVICE_URL, CATALOG_SERVICE_URL and CHECKOUT_SERVICE_URL');
    await registerUpstreams(app, { urls, timeoutMs: opts.upstreamTimeoutMs });
    // check-auth is answered from the token while the account service is down: it must still know who signed out.
    const internalToken = findInternalToken(config.dataDir, config.internalToken);
    if (internalToken) {
      followAccountRevocations(app, { peers: httpPeers(urls), internalToken, log: app.log, config });
      accountPeer = { transport: httpPeers(urls).account, token: internalToken };
    } else app.log.warn('INTERNAL_TOKEN not set: the gateway cannot read session revocations from the account service');
  }
  // The dev mailbox is served here only, in either mode: never on a service's own port (docs/operations.md#dev-mailbox).
  if (accountPeer && devMailboxOn({ production: config.production, smtp: Boolean(config.smtpUrl) })) {
    await app.register(devMailboxPages, accountPeer);
  }

  if (opts.static && registry && store) {
    await registry.start(app.log);
    // Deploys wait in the gateway's store until the account service has them in the trail (docs/architecture.md#audit-trail).
    const audit = outboxAuditSink({
      store,
      log: app.log,
      deliver: accountPeer ? accountAuditDelivery(accountPeer) : () => Promise.reject(new Error('INTERNAL_TOKEN not set: the account service cannot be reached')),
    });
    app.addHook('onReady', async () => audit.start());
    app.addHook('preClose', async () => audit.stop());
    // what shoppers' pages report of the remotes they used, per version (docs/operations.md#remote-reports)
    const reports = new RemoteReportStore(store);
    await reports.start();
    await app.register(remoteReportRoutes, { store: reports });
    // the rollout watch reads those counts (a test may give its own) and aborts or rolls back a failing build by itself
    const rates: RatesSource = opts.rolloutRates ?? ((name, sinceMs) => reports.rates(name, sinceMs));
    const watch = new RolloutWatch({
      registry,
      rates,
      audit: opts.audit ?? audit,
      log: app.log,
    });
    app.addHook('onReady', async () => watch.start());
    app.addHook('preClose', async () => watch.stop());
    await app.register(remoteRoutes, {
      // a test's own sink reads what a deploy recorded
      audit: opts.audit ?? audit,
      registry,
      root: opts.static.root,
      hostShared: hostSharedVersions(opts.static.root),
      deployTokens: config.gateway.deployTokens,
      originAllowed,
      rates,
    });
    followRegistryInPolicy(app, registry);
    await registerStatic(app, staticOpts ?? opts.static, registry);
    if (config.gateway.serverRendering) {
      renderPage = pageRenderer(app, {
        root: opts.static.root,
        origin: config.publicOrigin,
        // counted beside what browsers report; a count that cannot be written is only logged
        reportFallbacks: (fallbacks) => void reports.record(fallbacks).catch((err: Error) => app.log.warn({ err }, 'server-render fallbacks could not be counted')),
      });
    }
  }
  return app;
}

/** A policy that allows nothing by default: the route locked its answer down on purpose. */
const LOCKED_DOWN = /(?:^|;)\s*default-src\s+'none'\s*(?:;|$)/i;

/**
 * The Content-Security-Policy helmet writes allows the shop's own origin only; the origins of the live remotes
 * served elsewhere are added to it, recomputed when the registry changes, so a remote deployed on its own origin
 * loads and one rolled back is no longer allowed. A response that set a policy allowing nothing by
 * default (an SVG image from /api/media) keeps it as it is: it must never gain a script source.
 */
function followRegistryInPolicy(app: App, registry: RemoteRegistry): void {
  let cached = { generation: -1, base: '', policy: '' };
  app.addHook('onSend', async (_request, reply, payload) => {
    const base = reply.getHeader('content-security-policy');
    if (typeof base !== 'string' || LOCKED_DOWN.test(base)) return payload;
    if (cached.generation !== registry.generation || cached.base !== base) {
      cached = { generation: registry.generation, base, policy: withRemoteOrigins(base, remoteOrigins(registry.servable())) };
    }
    reply.header('content-security-policy', cached.policy);
    return payload;
  });
}
