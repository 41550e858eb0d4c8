import path from 'node:path';
import fs from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { HEADER_REMOTES, REMOTES, REMOTES_BUILDS_KEY, type RemoteBuildTag, type RemoteName } from '@pharmacy/contracts';
import type { App } from '@pharmacy/service-kit';
import { visitorOf } from './remotes/cohort';
import { entryUrlOf, localFile } from './remotes/manifest';
import { REMOTE_NAMES, versionTag, type RegistryEntry, type RemoteRegistry } from './remotes/registry';

/** Where the built apps are: <root>/host-shell/dist and <root>/mfe-<folder>/dist. */
export interface StaticOptions {
  root: string;
  /** REMOTE_URLS: remote name → URL of its mf-manifest.json, applied to the registry when it changes. */
  remoteUrls?: Partial<Record<RemoteName, string>>;
  /** The cohort cookie is sent over HTTPS only (production). */
  secureCookies?: boolean;
}

/** The build of each remote one visitor is given (their canary cohorts applied). */
export type ServedRemotes = ReadonlyMap<RemoteName, RegistryEntry>;

/**
 * Answers a page navigation with the page rendered on the server with the builds this visitor is given (`served`,
 * the same the browser is told in /remotes.json); false leaves it to index.html.
 */
export type PageRender = (request: FastifyRequest, reply: FastifyReply, headers: Record<string, string>, served: ServedRemotes) => Promise<boolean>;

/** What is live, as the pages need it: the registry's builds for each visitor, read from memory. */
export type LiveRemotes = Pick<RemoteRegistry, 'live' | 'generation' | 'forVisitor' | 'refusedEntry'>;

// Webpack names hashed files "<name>.<hash>.js"; only those may be cached forever.
const HASHED = /[.-][0-9a-f]{8,}\.(js|css|png|jpe?g|webp|svg|woff2?)$/;
// The build's pre-compressed siblings (brotli 11 and gzip 9 of every file >= 1 KB): @fastify/static hands
// setHeaders the sibling it sends, whose cache rule is the original file's.
const SIBLING = /\.(br|gz)$/;

function cacheHeaders(reply: FastifyReply, filePath: string): void {
  const original = filePath.replace(SIBLING, '');
  reply.header('cache-control', HASHED.test(original) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * preCompressed: a request accepting br (gzip) is answered with the file's `.br` (`.gz`) sibling when the build
 * wrote one, with the original's content-type, `content-encoding` and `vary: accept-encoding`; @fastify/compress
 * leaves a response that already has a content-encoding alone, so these bytes cost no CPU per request (brotli on
 * the fly cut a large answer's throughput by two thirds). A file with no sibling is sent plain and compressed on the
 * fly as before. Deployed remote builds are folders under the same dist, so they are served the same way.
 */
const PRE_COMPRESSED = { preCompressed: true, setHeaders: cacheHeaders } as const;

export const hostDist = (root: string) => path.join(root, 'host-shell', 'dist');
export const remoteDist = (root: string, name: RemoteName) => path.join(root, `mfe-${REMOTES[name].folder}`, 'dist');

/** The remotes the host registers at run time: each one's live manifest URL (relative for a build served here). */
export function remotesManifest(live: ReadonlyMap<RemoteName, RegistryEntry>): Record<RemoteName, string> {
  return Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, live.get(name)?.manifestUrl ?? `/mfe/${REMOTES[name].folder}/mf-manifest.json`]),
  ) as Record<RemoteName, string>;
}

/**
 * /remotes.json: each remote's manifest URL as before, and under `builds` the version the page runs (the host
 * reports it with what goes wrong) and the entry's hash for the browser to check.
 */
export function remotesConfig(served: ServedRemotes): Record<string, unknown> {
  const builds: Partial<Record<RemoteName, RemoteBuildTag>> = {};
  for (const [name, entry] of served) builds[name] = { version: versionTag(entry), integrity: entry.integrity ?? null };
  return { ...remotesManifest(served), [REMOTES_BUILDS_KEY]: builds };
}

/**
 * An app's server build (dist/server/*.js, services/gateway/src/pages) sits in the folder its browser build is served
 * from, at any depth of a deployed build: it is never served.
 */
const isServerBuild = (pathName: string) => /(?:^|\/)server\/[^/]+\.js(?:\.br|\.gz)?$/.test(pathName);

export async function registerStatic(app: App, opts: StaticOptions, remotes: LiveRemotes): Promise<void> {
  const host = hostDist(opts.root);
  // wildcard: the files of a host rebuilt while the gateway runs are found too (a file list made at start would not
  // be). Only file names: `/` and every other page path go on to the page fallback.
  await app.register(fastifyStatic, {
    root: host,
    prefix: '/',
    wildcard: true,
    index: false,
    allowedPath: (pathName) => path.extname(pathName) !== '' && !isServerBuild(pathName),
    ...PRE_COMPRESSED,
  });
  for (const name of REMOTE_NAMES) {
    const dir = remoteDist(opts.root, name);
    // A missing remote is not an error: its routes show their fallback and the rest of the app runs.
    if (!fs.existsSync(dir)) app.log.warn({ remote: name, dir }, 'remote not built; its routes will show their fallback');
    await app.register(fastifyStatic, {
      root: dir,
      prefix: `/mfe/${REMOTES[name].folder}/`,
      decorateReply: false,
      wildcard: true,
      allowedPath: (pathName) => !isServerBuild(pathName),
      ...PRE_COMPRESSED,
    });
  }
  // A build served here whose entry no longer matches the hash recorded at its deploy is not served at all.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/mfe/')) return;
    const refused = remotes.refusedEntry(request.url.split('?')[0]);
    if (refused) return reply.code(410).send({ success: false, code: 'GONE', message: `This build is no longer served: ${refused}.` });
  });
  // Per visitor (their cohort cookie, set here when missing): the same builds the page was rendered with.
  app.get('/remotes.json', { schema: { hide: true } }, async (request, reply) => {
    const served = remotes.forVisitor(visitorOf(request, reply, opts.secureCookies ?? false));
    return reply.header('cache-control', 'private, no-cache').type('application/json').send(JSON.stringify(remotesConfig(served)));
  });
  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain').send('User-agent: *\nDisallow: /admin\nDisallow: /api/\nAllow: /\n'),
  );
}

/**
 * Preload hints sent with every page: the browser fetches /remotes.json and the header remotes' manifests and
 * entries while it runs the host's scripts, instead of one after another once the host asks for them (three
 * round trips fewer before the header and home widgets render). They follow the registry: the live manifests,
 * and the entry of a live build served here only while its file exists (a preloaded 404 would be reused by the
 * browser when the remote comes back). An entry on another origin is left to the runtime. Attributes match how
 * they are fetched later: fetch() in CORS mode without credentials, the entry as a plain script.
 */
export function preloadLinks(live: ReadonlyMap<RemoteName, RegistryEntry>, root: string, refused: (entryUrl: string) => string | null = () => null): string {
  const links = ['</remotes.json>; rel=preload; as=fetch; crossorigin=anonymous'];
  const manifests = remotesManifest(live);
  for (const name of HEADER_REMOTES) {
    const manifestUrl = manifests[name];
    links.push(`<${manifestUrl}>; rel=preload; as=fetch; crossorigin=anonymous`);
    if (!manifestUrl.startsWith('/')) continue;
    const build = live.get(name);
    const entry = build ? entryUrlOf(manifestUrl, build.buildInfo) : `${manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1)}remoteEntry.js`;
    const file = localFile(root, entry);
    // with its recorded hash, so the preloaded response is the one the runtime's checked script reuses
    const integrity = build?.integrity ? `; integrity="${build.integrity}"; crossorigin=anonymous` : '';
    if (file && fs.existsSync(file) && !refused(entry)) links.push(`<${entry}>; rel=preload; as=script${integrity}`);
  }
  return links.join(', ');
}

/**
 * The SPA fallback serves index.html only to page navigations: GETs that accept HTML, have no file extension and
 * are outside /mfe/, /api/ and /dev/. A missing remote file must stay a 404, never HTML ("Unexpected token '<'"),
 * and so must /dev/mailbox where it is not served (production, SMTP_URL, another machine): no shop page stands in for it.
 * index.html is read at every page load, so a host rebuilt in place is what the next page load gets.
 */
export function spaFallback(opts: StaticOptions, remotes: LiveRemotes, render?: PageRender) {
  const { root } = opts;
  const index = path.join(hostDist(root), 'index.html');
  return async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const url = request.url.split('?')[0];
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (request.headers.accept ?? '').includes('text/html') &&
      !url.startsWith('/api/') &&
      !url.startsWith('/mfe/') &&
      !url.startsWith('/internal/') &&
      !url.startsWith('/dev/') &&
      !path.extname(url);
    if (!isPage || !fs.existsSync(index)) return false;
    // the builds this visitor runs, decided once for the server render, the preload hints and /remotes.json
    const served = remotes.forVisitor(visitorOf(request, reply, opts.secureCookies ?? false));
    const headers = { 'cache-control': 'no-cache', link: preloadLinks(served, root, (url) => remotes.refusedEntry(url)) };
    // the page rendered on the server (pages/render.ts), else index.html for the browser to render
    if (render && (await render(request, reply, headers, served))) return true;
    reply
      .headers(headers)
      .type('text/html; charset=utf-8')
      .send(fs.createReadStream(index));
    return true;
  };
}
