import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { RemoteModuleId, RemoteName, RemoteReport, RemoteReportKind, RemoteRoutes } from '@pharmacy/contracts';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { remoteNameOf } from './types';
import { buildOf } from './builds';

// Type-only use of contracts (see registry.ts): tsc checks these against REMOTE_REPORTS_MAX and the route table.
const REPORTS_URL: (typeof RemoteRoutes)['reports']['path'] = '/api/remotes/reports';
/** REMOTE_REPORTS_MAX: a fuller queue is sent at once. */
const BATCH_MAX = 20;
/** Reports wait this long for others to share a request with (a page's views arrive together). */
export const REPORT_FLUSH_MS = 5_000;
/** Sent for a remote whose manifest never arrived (its load failed before the version was known). */
export const UNKNOWN_VERSION = 'unknown';

/**
 * The route pattern of `pathname` among the app's routes ('/pharmacy/product/:productId'), '/*' when none: what a
 * report names as its page (never the URL, which has ids and a query). The server render names its pages the same.
 */
export function routePattern(routes: RouteObject[], pathname: string): string {
  const matches = matchRoutes(routes, pathname) ?? [];
  const parts = matches.map((m) => m.route.path ?? '').filter((p) => p && p !== '/');
  const page = `/${parts.join('/')}`.replace(/\/{2,}/g, '/');
  return page === '/' && pathname !== '/' ? '/*' : page.replace(/^\/\*$/, '/*');
}

/**
 * What the page reports of the remotes it uses (docs/operations.md#remote-reports): a view per page per remote,
 * and its first load failure or render error on that page (one failing view: a rate never passes 100 %), with the version of the remote the page loaded and the page's route
 * pattern (never its URL, which has ids and a query). Cheap and silent: batched, sent when the browser is idle or
 * the page is hidden, with `sendBeacon` (or a keepalive fetch), and nothing here ever throws into the page.
 */
class RemoteReporter {
  private queue: RemoteReport[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly versions = new Map<RemoteName, string>();
  private routes: RouteObject[] = [];
  /** What was counted on the page being shown: a view and an error at most per remote, again after a navigation. */
  private shown = { path: '', viewed: new Set<RemoteName>(), failed: new Set<RemoteName>() };

  setRoutes(routes: RouteObject[]): void {
    this.routes = routes;
  }

  setVersion(name: RemoteName, version: string): void {
    this.versions.set(name, version);
  }

  /**
   * The version tag the gateway gave this visitor's build in /remotes.json (unique per build, so a canary and the live
   * build are told apart even with one version number); else the manifest's buildVersion.
   */
  versionOf(name: RemoteName): string {
    return buildOf(name)?.version ?? this.versions.get(name) ?? UNKNOWN_VERSION;
  }

  pageOf(pathname: string): string {
    return routePattern(this.routes, pathname);
  }

  private onPage(pathname: string) {
    if (this.shown.path !== pathname) this.shown = { path: pathname, viewed: new Set(), failed: new Set() };
    return this.shown;
  }

  view(name: RemoteName, pathname: string): void {
    const { viewed } = this.onPage(pathname);
    if (viewed.has(name)) return;
    viewed.add(name);
    this.report(name, 'view', pathname);
  }

  /** The remote's first failure on this page; more of it (another of its modules, a retry) is the same failing view. */
  fail(name: RemoteName, kind: Exclude<RemoteReportKind, 'view'>, pathname: string): void {
    const { failed } = this.onPage(pathname);
    if (failed.has(name)) return;
    failed.add(name);
    this.report(name, kind, pathname);
  }

  private report(name: RemoteName, kind: RemoteReportKind, pathname: string): void {
    try {
      this.queue.push({ remote: name, version: this.versionOf(name), page: this.pageOf(pathname), kind });
      if (this.queue.length >= BATCH_MAX) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), REPORT_FLUSH_MS);
    } catch {
      // reporting never breaks the page
    }
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.queue.length) send(this.queue.splice(0, BATCH_MAX));
  }

  /** Tests: start afresh. */
  reset(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.queue = [];
    this.versions.clear();
    this.shown = { path: '', viewed: new Set(), failed: new Set() };
  }
}

function send(reports: RemoteReport[]): void {
  try {
    const body = JSON.stringify({ reports });
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(REPORTS_URL, new Blob([body], { type: 'application/json' }))) return;
    }
    void fetch(REPORTS_URL, { method: 'POST', body, keepalive: true, credentials: 'same-origin', headers: { 'content-type': 'application/json' } }).catch(() => undefined);
  } catch {
    // a report that cannot be sent is dropped
  }
}

export const remoteReports = new RemoteReporter();

const currentPath = () => (typeof location === 'undefined' ? '/' : location.pathname);

/** A slot of `id` was shown on the page at `pathname`: one view of its remote on this page. */
export const reportRemoteView = (id: RemoteModuleId, pathname: string) => remoteReports.view(remoteNameOf(id), pathname);
/** A slot of `id` failed: its code did not load, or it threw while rendering (caught by the slot's boundary). */
export const reportRemoteError = (id: RemoteModuleId, kind: Exclude<RemoteReportKind, 'view'>, pathname: string) =>
  remoteReports.fail(remoteNameOf(id), kind, pathname);

/** Starts reporting for the page: the app's routes give each page its pattern; what waits is sent when the page is hidden. */
export function startRemoteReports(routes: RouteObject[]): void {
  remoteReports.setRoutes(routes);
  addEventListener('pagehide', () => remoteReports.flush());
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') remoteReports.flush();
  });
}

const KNOWN_REMOTES: Record<RemoteName, true> = { catalog: true, cartCheckout: true, account: true, admin: true };
const isRemoteName = (name: string): name is RemoteName => Object.prototype.hasOwnProperty.call(KNOWN_REMOTES, name);

/**
 * Runtime plugin: learns the version of each remote from its manifest as the federation runtime loads it, and
 * reports a remote whose code could not be loaded (the fallback plugin then shows its slot's fallback). Module
 * Federation 2.9 has no observability hook of its own in the browser (`onReport` is not in the installed runtime).
 */
export function remoteReportsPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'pharmacy-remote-reports',
    afterLoadManifest({ moduleInfo, manifestJson }) {
      const version = manifestJson?.metaData?.buildInfo?.buildVersion;
      if (isRemoteName(moduleInfo.name) && typeof version === 'string' && version) remoteReports.setVersion(moduleInfo.name, version);
    },
    errorLoadRemote({ id, lifecycle }) {
      // every failure reaches 'onLoad' in the end: counted once there
      if (lifecycle === 'onLoad' && isRemoteName(id.split('/')[0])) remoteReports.fail(id.split('/')[0] as RemoteName, 'load-error', currentPath());
      return undefined;
    },
  };
}
