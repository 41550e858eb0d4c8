import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { loadConfig, type App } from '@pharmacy/service-kit';
import { buildGateway } from '../src';

const LISTING = '/api/shop/products/get?sortBy=price-lowtohigh&limit=24';

// The embedded gateway with the demo catalog: its listing page is well over the 1 KB compression threshold.
let app: App;
beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-compressed-'));
  app = await buildGateway({ mode: 'embedded', config: { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), logLevel: 'silent' } });
  // A service route that answers a large body without the catalog's cache (registered like the services' routes).
  app.get('/api/test/uncached', async () => ({ success: true, data: Array.from({ length: 200 }, (_, i) => `line ${i}`) }));
  await app.ready();
  // The demo data settles in the background after start (the demo recall's order takes a unit of its product): the
  // listing is compared once it has stopped changing.
  let last = '';
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    const etag = String((await app.inject(LISTING)).headers.etag);
    if (etag === last) break;
    last = etag;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  }
}, 60_000);
afterAll(() => app?.close());


describe('the catalog listing through the gateway', () => {
  it("is answered with the catalog's stored brotli bytes, compressed once (the gateway's compression leaves them alone)", async () => {
    const plain = await app.inject(LISTING);
    expect(plain.statusCode).toBe(200);
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await app.inject({ url: LISTING, headers: { 'accept-encoding': accept } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toBe('accept-encoding');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      // One decompression gives the JSON: not compressed a second time on the way out.
      expect(decode(res.rawPayload).toString()).toBe(plain.body);
      expect(res.headers.etag).toBe(plain.headers.etag);
    }
  });

  it('an answer the catalog does not cache is still compressed on the fly', async () => {
    const res = await app.inject({ url: '/api/test/uncached', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.etag).toBeUndefined(); // not a cached body
    expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString()).data).toHaveLength(200);
  });
});
