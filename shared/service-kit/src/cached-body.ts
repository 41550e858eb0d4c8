import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip';

/**
 * A cached body is compressed once, off the event loop (zlib's thread pool), and served as those bytes from then on,
 * so it can afford far more than the quality 4 of on-the-fly compression: about 15% fewer bytes for a listing page.
 * Quality 9 rather than 11: 11 takes several times longer for a few percent, paid again after every catalog write.
 */
export const CACHED_BROTLI_QUALITY = 9;
export const CACHED_GZIP_LEVEL = 9;
/** Smaller bodies go out as they are (compression would save less than its headers; the gateway does the same). */
export const COMPRESS_THRESHOLD = 1024;

interface CachedBody {
  json: string;
  compressible: boolean;
  /** Weak: the same for every encoding of the body (they are the same representation, compressed differently). */
  etag: string;
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
}

const bodies = new WeakMap<object, CachedBody>();

/**
 * The encoding to answer with: br, else gzip, when the client accepts it (q > 0, or by `*`), or null for the body as
 * it is. The server's preference decides between two accepted ones (br is smaller), as @fastify/compress does.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: Encoding) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : null;
}

function compress(json: string, encoding: Encoding): Promise<Buffer> {
  const input = Buffer.from(json);
  return encoding === 'br'
    ? brotli(input, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: CACHED_BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
        },
      })
    : gzip(input, { level: CACHED_GZIP_LEVEL });
}

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
}

/** The request's If-None-Match names this validator (or `*`): the client's copy is current. */
function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.slice(2); // weak comparison: W/"x" and "x" match
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === bare || tag.slice(2) === bare;
  });
}

/**
 * Sends `body` written by the route's own response serializer (fast-json-stringify from its response schema), once
 * per `key`: an object the caller keeps for exactly as long as this body stays true, such as a page the catalog's
 * read model caches until the next write. The schema still decides every byte (a field it does not name never
 * leaves), and a hot read pays for serialising only when its data changed.
 *
 * The compressed forms (brotli, gzip) are made on first demand and kept with the body, so a browser's request is
 * answered with stored bytes (Content-Encoding set: the gateway's @fastify/compress leaves them alone); they go when
 * the key does, so a write that drops the page drops them too. Every answer carries a weak ETag and
 * `Vary: Accept-Encoding`; a request naming the current ETag in If-None-Match is a 304 without a body.
 */
export async function sendCached(
  reply: FastifyReply,
  key: object,
  body: Record<string, unknown> | (() => Record<string, unknown>),
): Promise<FastifyReply> {
  let cached = bodies.get(key);
  if (cached === undefined) {
    const serialize = reply.getSerializationFunction(String(reply.statusCode));
    if (!serialize) throw new Error(`sendCached needs a response schema for status ${reply.statusCode} on ${reply.request.routeOptions.url}.`);
    // A function is called only here: a hot read answered from the cache builds no envelope (less garbage per request).
    const json = serialize(typeof body === 'function' ? body() : body);
    cached = { json, compressible: Buffer.byteLength(json) >= COMPRESS_THRESHOLD, etag: `W/"${createHash('sha1').update(json).digest('base64url').slice(0, 22)}"` };
    bodies.set(key, cached);
  }
  const { headers } = reply.request;
  reply.header('etag', cached.etag);
  addVary(reply);
  if (notModified(headers['if-none-match'], cached.etag)) return reply.code(304).send();

  reply.type('application/json; charset=utf-8');
  const encoding = cached.compressible ? preferredEncoding(headers['accept-encoding']) : null;
  if (!encoding) return reply.send(cached.json);
  let compressed = cached[encoding];
  if (!compressed) {
    compressed = cached[encoding] = compress(cached.json, encoding);
    // A failed compression is not kept: the next request tries again (this one fails as any handler error does).
    compressed.catch(() => {
      if (cached[encoding] === compressed) delete cached[encoding];
    });
  }
  const bytes = await compressed;
  return reply.header('content-encoding', encoding).send(bytes);
}
