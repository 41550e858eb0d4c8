// The build writes a brotli (.br) and gzip (.gz) sibling of every file >= 1 KB; the gateway sends those bytes as
// they are instead of compressing on every request. Fake dist folders with siblings written here, served by a real
// embedded gateway (helmet, @fastify/compress and the remote registry as in production).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { bearer, DEPLOY_TOKENS, fakeBuild, fakeManifest, startGateway, type TestGateway } from './remotes';

/** Script text big enough to be compressed, with enough variety that two compressors would not agree by chance. */
const script = (label: string) =>
  Array.from({ length: 400 }, (_, i) => `export const ${label}${i} = ${JSON.stringify({ i, sq: i * i, label })};`).join('\n');

/** Writes a file and, like the build, its .br (quality 11) and .gz (level 9) siblings; answers the three contents. */
function withSiblings(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const plain = Buffer.from(text);
  const br = zlib.brotliCompressSync(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gz = zlib.gzipSync(plain, { level: 9 });
  fs.writeFileSync(file, plain);
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gz);
  return { plain, br, gz };
}

let gw: TestGateway;
let root: string;
let hostChunk: ReturnType<typeof withSiblings>;
let hostEntry: ReturnType<typeof withSiblings>;
let remoteChunk: ReturnType<typeof withSiblings>;
const lonely = script('lonely');

beforeAll(async () => {
  root = fakeBuild();
  hostChunk = withSiblings(path.join(root, 'host-shell/dist/main.0123abcd.js'), script('host'));
  hostEntry = withSiblings(path.join(root, 'host-shell/dist/remoteEntry.js'), script('entry'));
  remoteChunk = withSiblings(path.join(root, 'mfe-catalog/dist/417.89abcdef.js'), script('catalog'));
  // A file the build left without siblings (or one dropped in by hand): compressed on the fly as before.
  fs.writeFileSync(path.join(root, 'mfe-catalog/dist/918.00ff00ff.js'), lonely);
  gw = await startGateway({ root });
});

afterAll(() => gw.app.close());

const get = (url: string, acceptEncoding?: string, extra: Record<string, string> = {}) =>
  gw.app.inject({ url, headers: { ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }), ...extra } });

describe('pre-compressed siblings of the built files', () => {
  it('a browser accepting brotli gets the .br bytes as written, labelled as the original script, cached forever', async () => {
    const plain = await get('/main.0123abcd.js', 'identity');
    const res = await get('/main.0123abcd.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    // the sibling's own bytes: not compressed again on the way out, not compressed on the fly
    expect(res.rawPayload.equals(hostChunk.br)).toBe(true);
    expect(zlib.brotliDecompressSync(res.rawPayload).equals(hostChunk.plain)).toBe(true);
    expect(res.headers['content-length']).toBe(String(hostChunk.br.length));
    expect(res.headers['content-type']).toBe(plain.headers['content-type']);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['last-modified']).toBeDefined();
    // each encoding is its own representation: a cache must not hand one's validator to the other
    expect(res.headers.etag).toBeDefined();
    expect(res.headers.etag).not.toBe(plain.headers.etag);
  });

  it('a browser accepting only gzip (or refusing brotli) gets the .gz bytes', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
      const res = await get('/main.0123abcd.js', accept);
      expect([accept, res.headers['content-encoding']]).toEqual([accept, 'gzip']);
      expect(res.rawPayload.equals(hostChunk.gz)).toBe(true);
      expect(res.headers['content-length']).toBe(String(hostChunk.gz.length));
    }
  });

  it('a client accepting neither gets the plain file, marked as varying with accept-encoding', async () => {
    for (const headers of [undefined, 'identity']) {
      const res = await get('/main.0123abcd.js', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload.equals(hostChunk.plain)).toBe(true);
      expect(res.headers['content-length']).toBe(String(hostChunk.plain.length));
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('a file whose name has no hash keeps no-cache when served from its sibling', async () => {
    const res = await get('/remoteEntry.js', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.equals(hostEntry.br)).toBe(true);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('HEAD answers the headers of the sibling GET would send, with no body', async () => {
    const get1 = await get('/main.0123abcd.js', 'br');
    const head = await gw.app.inject({ method: 'HEAD', url: '/main.0123abcd.js', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    for (const h of ['content-encoding', 'content-length', 'content-type', 'etag', 'cache-control']) {
      expect([h, head.headers[h]]).toEqual([h, get1.headers[h]]);
    }
  });

  it('a revalidation with the sibling ETag is answered 304', async () => {
    const first = await get('/remoteEntry.js', 'br');
    const again = await get('/remoteEntry.js', 'br', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('a remote chunk under /mfe/<remote>/ is served from its sibling too', async () => {
    const res = await get('/mfe/catalog/417.89abcdef.js', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.equals(remoteChunk.br)).toBe(true);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a file without siblings is still compressed on the fly', async () => {
    const res = await get('/mfe/catalog/918.00ff00ff.js', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(lonely);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a page path and a missing file are not looked up as siblings: the page, and a 404', async () => {
    expect((await get('/missing.11112222.js', 'br')).statusCode).toBe(404);
    expect((await get('/mfe/catalog/missing.11112222.js', 'br')).statusCode).toBe(404);
    const page = await gw.app.inject({ url: '/pharmacy/products', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('a remote build deployed through the registry (a folder served from disk) is served the same way', async () => {
    const dir = path.join(root, 'mfe-catalog/dist/v2');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(fakeManifest('catalog', { buildVersion: '0.2.0' })));
    // the entry too: its hash is recorded at the deploy
    fs.writeFileSync(path.join(dir, 'remoteEntry.js'), script('entry v2'));
    const chunk = withSiblings(path.join(dir, '52.deadbeef.js'), script('v2'));
    const deployed = await gw.app.inject({
      method: 'PUT',
      url: '/api/admin/remotes/catalog',
      headers: bearer(DEPLOY_TOKENS.catalog),
      payload: { manifestUrl: '/mfe/catalog/v2/mf-manifest.json' },
    });
    expect(deployed.statusCode).toBe(200);
    const res = await get('/mfe/catalog/v2/52.deadbeef.js', 'gzip, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.equals(chunk.br)).toBe(true);
  });
});
