import zlib from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

/**
 * On-the-fly compression of the gateway's answers (pnpm bench:gateway gives its bare baseline the same). It must
 * stay cheap, since it is paid on every request: brotli quality 4 (11 costs tens of milliseconds per answer).
 * Bodies worth more are compressed once and stored: the catalog's cached pages (service-kit's sendCached) and the
 * pre-compressed static files, which set Content-Encoding themselves and are left alone here.
 */
export const COMPRESS_OPTIONS: FastifyCompressOptions = {
  global: true,
  encodings: ['br', 'gzip'],
  threshold: 1024,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } },
  zlibOptions: { level: 6 },
  // Request bodies are decoded too (gzip, deflate, br), in both modes (docs/api.md#envelope): its refusals in
  // words an API client acts on, rather than the plugin's own.
  onUnsupportedRequestEncoding: () => refusal(415, 'This Content-Encoding is not supported. Send the body uncompressed, or as gzip, deflate or br.'),
  onInvalidRequestPayload: () => refusal(400, 'The request body is not in the Content-Encoding it declares.'),
};

/** Own enumerable fields: the plugin copies them onto the decoder's error, which the error handler then answers. */
function refusal(statusCode: number, message: string): Error {
  return Object.assign(new Error(), { statusCode, message });
}
