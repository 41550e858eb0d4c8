import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RemoteModuleId, RemoteName, RemoteReport } from '@pharmacy/contracts';
import { UNAVAILABLE_RETRY_AFTER_SECONDS, type App } from '@pharmacy/service-kit';
import { versionTag } from '../remotes/registry';
import type { ServedRemotes } from '../static-files';
import { ServerBuilds } from './bundles';
import { pageRest, parseTemplate, type PageTemplate } from './document';
import type { HostRenderer, RenderedPage } from './types';

/** The id of the script element with the page's data (@pharmacy/session SERVER_DATA_ELEMENT_ID). */
const DATA_ELEMENT_ID = 'page-data';

export interface PageRendererOptions {
  root: string;
  /** The shop's public origin (canonical URLs, structured data). */
  origin: string;
  /**
   * Where a page's server-render fallbacks go, one per remote that could not render here (its server build did not
   * load, or it threw): counted with what browsers report (docs/operations.md#remote-reports).
   */
  reportFallbacks?: (reports: RemoteReport[]) => void;
}

/**
 * The page's API calls made in process: the gateway's own routes answer them through inject, as the shopper's
 * address (so rate limits count the visitor, not the server) and without the shopper's cookies (only public data
 * is rendered on the server).
 */
function injectFetch(app: App): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers: { accept: 'application/json', 'x-server-render': '1' },
      remoteAddress: visitor.getStore() ?? '127.0.0.1',
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined || name === 'content-length' || name === 'transfer-encoding' || name === 'content-encoding') continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  }) as typeof fetch;
}

const isDown = (failure: unknown) => {
  const status = (failure as { status?: unknown } | null | undefined)?.status;
  return status === 503 || status === 504;
};

/**
 * A data answer the page was rendered with is a service's 503 (down) or the gateway's 504 (not answering): an
 * inlined answer's own, or a refusal kept in a remote's RTK Query cache the page carries (its `queries`).
 */
const serviceDown = (data: RenderedPage['data']) =>
  Object.values(data).some((entry) => {
    if (isDown(entry)) return true;
    const queries = (entry as { data?: { queries?: Record<string, { error?: unknown } | undefined> } } | null)?.data?.queries;
    return Object.values(queries ?? {}).some((query) => isDown(query?.error));
  });

/** Whose page is being rendered, across the awaits of a render (several pages render at once). */
const visitor = new AsyncLocalStorage<string>();

function readTemplate(file: string, cache: { mtimeMs: number; template: PageTemplate | null } | undefined) {
  const mtimeMs = fs.statSync(file).mtimeMs;
  if (cache && cache.mtimeMs === mtimeMs) return cache;
  return { mtimeMs, template: parseTemplate(fs.readFileSync(file, 'utf8')) };
}

const remoteModuleOf = (id: RemoteModuleId): [RemoteName, string] => {
  const slash = id.indexOf('/');
  return [id.slice(0, slash) as RemoteName, `.${id.slice(slash)}`];
};

/**
 * Server rendering of the shop's pages (docs/architecture.md#server-rendering). Returns a function that answers a
 * page navigation with the rendered page and true, or false when it cannot (no server build, a template it does not
 * understand, the host's render failed): the caller then sends index.html and the browser renders as before.
 */
export function pageRenderer(app: App, opts: PageRendererOptions) {
  const builds = new ServerBuilds(opts.root, (host: HostRenderer) => host.configureServerApi(injectFetch(app)));
  const indexFile = path.join(opts.root, 'host-shell', 'dist', 'index.html');
  let template: ReturnType<typeof readTemplate> | undefined;
  let reported = '';

  return async function renderPage(request: FastifyRequest, reply: FastifyReply, headers: Record<string, string>, served: ServedRemotes): Promise<boolean> {
    const host = builds.host();
    if (host instanceof Error) {
      if (reported !== host.message) request.log.warn({ err: host }, 'pages are rendered in the browser: no server build of the host');
      reported = host.message;
      return false;
    }
    template = readTemplate(indexFile, template);
    const parts = template.template;
    if (!parts) return false;
    const live = served;
    /** Remotes that fell back to the browser on this page although their server build is here. */
    const fellBack = new Set<RemoteName>();
    const remote = (id: RemoteModuleId) => {
      const [name, expose] = remoteModuleOf(id);
      const modules = builds.remote(name, live.get(name), host);
      if (modules instanceof Error && builds.serverFileOf(name, live.get(name))) fellBack.add(name);
      return modules instanceof Error ? undefined : modules[expose]?.default;
    };
    let page;
    try {
      page = await visitor.run(request.ip, () =>
        host.renderPage({
          url: request.url,
          origin: opts.origin,
          remote,
          // a slot left to the browser is expected (a shopper's own widget, a remote served elsewhere); one whose
          // remote threw here is a fallback
          onSlotError: (error) => {
            const threw = builds.remoteThatThrew(error, live);
            if (threw) fellBack.add(threw);
            request.log[threw ? 'warn' : 'debug']({ err: error, remote: threw }, 'a page slot is rendered in the browser');
          },
        }),
      );
    } catch (error) {
      request.log.error({ err: error }, 'server rendering failed; the page is rendered in the browser');
      return false;
    }
    const fallbacks = [...fellBack].flatMap((name): RemoteReport[] => {
      const entry = live.get(name);
      return entry ? [{ remote: name, version: versionTag(entry), page: page.page ?? '/*', kind: 'ssr-fallback' }] : [];
    });
    if (fallbacks.length) opts.reportFallbacks?.(fallbacks);
    // rendered whole before the first byte: the status is the page's own (a product that does not exist is a 404),
    // or 503 when a service its data comes from is down: the page shows what failed, and crawlers and monitors
    // are told to come back rather than take it for the page (docs/architecture.md#server-rendering)
    if (serviceDown(page.data)) reply.code(503).header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    else reply.code(page.status);
    void reply
      .headers(headers)
      .type('text/html; charset=utf-8')
      .send(parts.start + pageRest(page, parts, opts.origin, DATA_ELEMENT_ID));
    return true;
  };
}
