import path from 'node:path';
import fs from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { HEADER_REMOTES, REMOTES, type RemoteName } from '@pharmacy/contracts';
import type { App } from '@pharmacy/service-kit';

/** Where the built apps are: <root>/host-shell/dist and <root>/mfe-<folder>/dist. */
export interface StaticOptions {
  root: string;
  /** remote name → URL of its mf-manifest.json, overriding the local folder (a remote deployed elsewhere). */
  remoteUrls?: Partial<Record<RemoteName, string>>;
}

// Webpack names hashed files "<name>.<hash>.js"; only those may be cached forever.
const HASHED = /[.-][0-9a-f]{8,}\.(js|css|png|jpe?g|webp|svg|woff2?)$/;

function cacheHeaders(reply: FastifyReply, filePath: string): void {
  reply.header('cache-control', HASHED.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

export const hostDist = (root: string) => path.join(root, 'host-shell', 'dist');
export const remoteDist = (root: string, name: RemoteName) => path.join(root, `mfe-${REMOTES[name].folder}`, 'dist');

/** The remotes the host registers at run time: relative manifest URLs unless configured otherwise. */
export function remotesManifest(opts: StaticOptions): Record<RemoteName, string> {
  return Object.fromEntries(
    (Object.keys(REMOTES) as RemoteName[]).map((name) => [name, opts.remoteUrls?.[name] ?? `/mfe/${REMOTES[name].folder}/mf-manifest.json`]),
  ) as Record<RemoteName, string>;
}

export async function registerStatic(app: App, opts: StaticOptions): Promise<void> {
  const host = hostDist(opts.root);
  await app.register(fastifyStatic, { root: host, prefix: '/', wildcard: false, index: false, setHeaders: cacheHeaders });
  for (const name of Object.keys(REMOTES) as RemoteName[]) {
    const dir = remoteDist(opts.root, name);
    // A missing remote is not an error: its routes show their fallback and the rest of the app runs.
    if (!fs.existsSync(dir)) app.log.warn({ remote: name, dir }, 'remote not built; its routes will show their fallback');
    await app.register(fastifyStatic, {
      root: dir,
      prefix: `/mfe/${REMOTES[name].folder}/`,
      decorateReply: false,
      wildcard: true,
      setHeaders: cacheHeaders,
    });
  }
  const manifest = JSON.stringify(remotesManifest(opts));
  app.get('/remotes.json', { schema: { hide: true } }, async (_req, reply) =>
    reply.header('cache-control', 'no-cache').type('application/json').send(manifest),
  );
  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain').send('User-agent: *\nDisallow: /admin\nDisallow: /api/\nAllow: /\n'),
  );
}

/**
 * The SPA fallback serves index.html only to page navigations: GETs that accept HTML, have no file extension and
 * are outside /mfe/ and /api/. A missing remote file must stay a 404, never HTML ("Unexpected token '<'").
 */
/**
 * Preload hints sent with every page: the browser fetches /remotes.json and the header remotes' manifests and
 * entries while it runs the host's scripts, instead of one after another once the host asks for them (three
 * round trips fewer before the header and home widgets render). Attributes match how they are fetched later:
 * fetch() in CORS mode without credentials, the entry as a plain script.
 */
export function preloadLinks(opts: StaticOptions): string {
  const manifests = remotesManifest(opts);
  const links = ['</remotes.json>; rel=preload; as=fetch; crossorigin=anonymous'];
  for (const name of HEADER_REMOTES) {
    links.push(`<${manifests[name]}>; rel=preload; as=fetch; crossorigin=anonymous`);
    // a remote served from here has its entry beside its manifest; one deployed elsewhere is left to the runtime
    if (!opts.remoteUrls?.[name]) links.push(`</mfe/${REMOTES[name].folder}/remoteEntry.js>; rel=preload; as=script`);
  }
  return links.join(', ');
}

export function spaFallback(opts: StaticOptions) {
  const { root } = opts;
  const index = path.join(hostDist(root), 'index.html');
  const preload = preloadLinks(opts);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const url = request.url.split('?')[0];
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (request.headers.accept ?? '').includes('text/html') &&
      !url.startsWith('/api/') &&
      !url.startsWith('/mfe/') &&
      !url.startsWith('/internal/') &&
      !path.extname(url);
    if (!isPage || !fs.existsSync(index)) return false;
    reply.header('cache-control', 'no-cache').header('link', preload).type('text/html; charset=utf-8').send(fs.createReadStream(index));
    return true;
  };
}
