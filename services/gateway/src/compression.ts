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
};
