import zlib from 'node:zlib';
import { as, buildTestCatalog, product, type TestCatalog } from './helpers';

let t: TestCatalog;
beforeAll(async () => {
  // Enough products for a page well over the 1 KB below which bodies go out as they are.
  t = await buildTestCatalog({ products: Array.from({ length: 12 }, (_, i) => product({ id: `p${i}`, title: `Pain Relief Gel ${i}`, brand: 'CareWell' })) });
});
afterAll(() => t.close());

const LISTING = '/api/shop/products/get?brand=CareWell&sortBy=price-lowtohigh&limit=24';
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? zlib.brotliDecompressSync(body).toString() : encoding === 'gzip' ? zlib.gunzipSync(body).toString() : body.toString();

describe('cached catalog answers are kept compressed per encoding', () => {
  it('answers br, gzip or the plain body as the request accepts, each the same JSON, with Vary and one ETag', async () => {
    const plain = await get(LISTING);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data).toHaveLength(12);
    for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip, deflate', 'gzip'], ['gzip;q=1, br;q=0', 'gzip'], ['*', 'br'], ['identity', undefined]] as const) {
      const res = await get(LISTING, { 'accept-encoding': accept });
      expect([accept, res.statusCode, res.headers['content-encoding']]).toEqual([accept, 200, encoding]);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers.etag).toBe(plain.headers.etag);
      expect(decode(encoding, res.rawPayload)).toBe(plain.body);
    }
  });

  it('serves the same stored bytes again, smaller than on-the-fly brotli (quality 4) would be', async () => {
    const first = await get(LISTING, { 'accept-encoding': 'br' });
    const second = await get(LISTING, { 'accept-encoding': 'br' });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const quick = zlib.brotliCompressSync(Buffer.from(decode('br', first.rawPayload)), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
    expect(first.rawPayload.length).toBeLessThan(quick.length);
  });

  it('answers 304 without a body to a request that holds the current ETag', async () => {
    const { etag } = (await get(LISTING)).headers;
    const again = await get(LISTING, { 'if-none-match': String(etag), 'accept-encoding': 'br' });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect((await get(LISTING, { 'if-none-match': 'W/"something-else"' })).statusCode).toBe(200);
  });

  it('a stock change drops the compressed forms with the page: every encoding shows the new stock, under a new ETag', async () => {
    const before = await get(LISTING, { 'accept-encoding': 'br' });
    await get(LISTING, { 'accept-encoding': 'gzip' });
    const stockOf = (body: string) => (JSON.parse(body) as { data: Array<{ _id: string; totalStock: number }> }).data.find((p) => p._id === 'p3')!.totalStock;
    const was = stockOf(decode('br', before.rawPayload));

    const moved = await t.app.inject({ method: 'POST', url: '/api/admin/products/p3/stock', headers: as('admin-1', true), payload: { delta: 7, reason: 'received' } });
    expect(moved.statusCode).toBe(200);

    for (const encoding of ['br', 'gzip']) {
      const after = await get(LISTING, { 'accept-encoding': encoding });
      expect(after.headers['content-encoding']).toBe(encoding);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(stockOf(decode(encoding, after.rawPayload))).toBe(was + 7);
    }
    // A client holding the old ETag gets the new page, not a 304.
    expect((await get(LISTING, { 'if-none-match': String(before.headers.etag) })).statusCode).toBe(200);
  });

  it('sends a small body (under 1 KB) as it is', async () => {
    const res = await get('/api/shop/products/get?brand=nobody', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().data).toEqual([]);
  });
});
