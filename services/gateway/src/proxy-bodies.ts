import { PassThrough, Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { badRequest, type App } from '@pharmacy/service-kit';

/** Request bodies the gateway read whole, by request: their length once decoded. */
const readWhole = new WeakMap<FastifyRequest, number>();
/** Why a streamed body failed on its way to the service (the shopper's request, not the service). */
const bodyFailures = new WeakMap<FastifyRequest, Error>();

/**
 * Distributed mode reads a request's body as embedded mode does before a service sees it
 * (docs/operations.md#distributed-mode): decoded from its Content-Encoding by @fastify/compress (gzip, deflate,
 * br; another encoding is a 415), then read whole under the app's body limit with Fastify's own reader, so a body
 * that is too large (413), whose bytes are not in the encoding it declares (400) or shorter than its
 * Content-Length (400) is refused here at once, in the same words, and never reaches a service half sent. The
 * service is given the decoded bytes with their length. An image upload (multipart, up to 5 MB, staff only) is
 * streamed on instead, decoded as it arrives: buffering it for whoever sends one would let anyone hold the
 * gateway's memory, while the catalog checks the caller before it reads a byte.
 */
export function readBodiesAsEmbedded(scope: App): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  scope.addContentTypeParser('multipart/form-data', (_request, payload, done) => done(null, payload));
  scope.addHook('preHandler', async (request) => {
    const { body } = request;
    if (Buffer.isBuffer(body)) {
      readWhole.set(request, body.length);
      // as a stream: reply-from would send a Buffer of a JSON request as JSON.stringify(buffer)
      request.body = new PassThrough().end(body);
    } else if (body instanceof Readable) {
      request.body = relay(request, body);
    }
  });
}

/**
 * The proxy destroys the body it sends when the service cannot be reached; given the shopper's own request stream,
 * that would reset their connection instead of letting the 503 reach them, so it gets a pipe of it. A failure of
 * the body itself (bytes not in their encoding, the shopper gone) ends the pipe at once with that failure.
 */
function relay(request: FastifyRequest, body: Readable): Readable {
  const pipe = new PassThrough();
  body.once('error', (error) => {
    bodyFailures.set(request, error);
    pipe.destroy(error);
  });
  return body.pipe(pipe);
}

/** The headers of the body as the gateway sends it on: decoded, so without its Content-Encoding, and its real length. */
export function bodyHeaders(request: FastifyRequest, headers: Record<string, unknown>): Record<string, unknown> {
  if (request.body === undefined) return headers;
  const { 'content-encoding': _decoded, 'content-length': _sent, 'transfer-encoding': _chunked, ...rest } = headers;
  const length = readWhole.get(request);
  // a streamed upload that was encoded goes on chunked: its decoded length is not known before its end
  if (length !== undefined) return { ...rest, 'content-length': String(length) };
  return _decoded === undefined ? headers : rest;
}

/**
 * Why the proxying failed because of the request's own body (answered as embedded mode answers it, a 4xx), or
 * undefined when the service failed.
 */
export function bodyFailure(request: FastifyRequest): Error | undefined {
  const error = bodyFailures.get(request) as (Error & { statusCode?: number }) | undefined;
  if (!error) return undefined;
  return error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error : badRequest('The request did not arrive whole. Please try again.');
}
