import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Type } from '@sinclair/typebox';
import { ACCESS_COOKIE, CSRF_HEADER, StrictObject } from '@pharmacy/contracts';
import { createApp, createAccessTokenSigner, generateTestKeys, requireUser, type App } from '../src';

const keys = generateTestKeys();
const sign = createAccessTokenSigner(keys.privateKey);
const POLICY = /camera=\(\).*microphone=\(\).*geolocation=\(\).*payment=\(\)/;

let app: App;
let port: number;
beforeAll(async () => {
  app = await createApp({ publicKey: keys.publicKey, logLevel: 'silent' });
  app.get('/api/search/:keyword', { schema: { params: StrictObject({ keyword: Type.String({ maxLength: 100 }) }) } }, async (req) => ({
    success: true,
    data: req.params.keyword,
  }));
  app.get('/api/me', { preHandler: requireUser }, async (req) => ({ success: true, data: { id: req.user.sub } }));
  app.get('/api/products', { config: { publicData: true } }, async () => ({ success: true, data: [] }));
  app.get('/api/media/logo', async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    return { success: true, data: 'bytes' };
  });
  app.get('/', async (_req, reply) => reply.type('text/html').send('<!doctype html><title>page</title>'));
  app.post('/api/order', { preHandler: requireUser, config: { rateLimit: { max: 2, timeWindow: '1 minute' } } }, async () => ({ success: true, data: null }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => app.close());

/** Sends raw bytes to the listening server and returns the whole answer (the server closes the socket). */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('utf8')));
    socket.on('error', (err) => (data ? resolve(data) : reject(err)));
    socket.on('close', () => resolve(data));
    socket.write(request);
  });
}
const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
const statusOf = (answer: string) => Number(answer.split(' ')[1]);

describe("the framework's own errors in the envelope", () => {
  it('bad URL encoding: 400 VALIDATION', async () => {
    const res = await app.inject('/api/search/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 'VALIDATION', message: expect.stringMatching(/not valid/) });
    expect(res.headers['permissions-policy']).toMatch(POLICY);
  });
  it('a path parameter longer than the router accepts: 414 TOO_LARGE', async () => {
    const res = await app.inject(`/api/search/${'a'.repeat(1001)}`);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ success: false, code: 'TOO_LARGE', message: expect.stringMatching(/too long/) });
  });
  it('an unknown method on a known path: 404 in the envelope', async () => {
    const res = await app.inject({ method: 'PROPFIND', url: '/api/health' });
    expect([404, 405]).toContain(res.statusCode);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
  it('a method Node does not know (over a real socket): 405 in the envelope', async () => {
    const answer = await raw('BREW /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(statusOf(answer)).toBe(405);
    expect(bodyOf(answer)).toEqual({ success: false, code: 'VALIDATION', message: 'This request method is not supported.' });
  });
  it('headers too large (over a real socket): 431 in the envelope', async () => {
    const answer = await raw(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nCookie: big=${'x'.repeat(20_000)}\r\n\r\n`);
    expect(statusOf(answer)).toBe(431);
    expect(answer).toMatch(/\r\nPermissions-Policy: camera=\(\)/);
    expect(bodyOf(answer)).toEqual({ success: false, code: 'TOO_LARGE', message: expect.stringMatching(/headers are too large/) });
  });
  it('a request line too long for the server (fetch): 431 in the envelope', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/search/${'q'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(await res.json()).toMatchObject({ success: false, code: 'TOO_LARGE' });
  });
});

describe('Cache-Control and Permissions-Policy', () => {
  const user = { cookie: `${ACCESS_COOKIE}=${sign({ sub: 'u1', admin: false, sid: 's1' })}` };
  it('an API answer is no-store by default, signed in or not, success or error', async () => {
    for (const res of [
      await app.inject({ url: '/api/me', headers: user }),
      await app.inject('/api/me'),
      await app.inject('/api/nope'),
      await app.inject('/api/health'),
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['permissions-policy']).toMatch(POLICY);
    }
  });
  it('public data may be cached (revalidated), and a route keeps its own Cache-Control', async () => {
    expect((await app.inject('/api/products')).headers['cache-control']).toBe('no-cache');
    expect((await app.inject('/api/media/logo')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
  it('pages get the Permissions-Policy but no API cache rule', async () => {
    const res = await app.inject('/');
    expect(res.headers['permissions-policy']).toMatch(POLICY);
    expect(res.headers['cache-control']).toBeUndefined();
  });
});

describe('rate limits count per signed-in user, per address otherwise', () => {
  const as = (sub: string) => ({ cookie: `${ACCESS_COOKIE}=${sign({ sub, admin: false, sid: `s-${sub}` })}`, [CSRF_HEADER]: '1' });
  it('25 users on one address each get their own budget; one user past it gets 429 with Retry-After', async () => {
    for (let i = 0; i < 25; i++) {
      for (let n = 0; n < 2; n++) {
        expect((await app.inject({ method: 'POST', url: '/api/order', headers: as(`nat-${i}`), remoteAddress: '203.0.113.7' })).statusCode).toBe(200);
      }
    }
    const over = await app.inject({ method: 'POST', url: '/api/order', headers: as('nat-0'), remoteAddress: '203.0.113.7' });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // The same user from another address is still the same user.
    expect((await app.inject({ method: 'POST', url: '/api/order', headers: as('nat-0'), remoteAddress: '198.51.100.1' })).statusCode).toBe(429);
  });
  it('a forged or missing token counts per address', async () => {
    const forged = createAccessTokenSigner(generateTestKeys().privateKey)({ sub: 'victim', admin: false, sid: 's' });
    for (let n = 0; n < 2; n++) {
      await app.inject({ method: 'POST', url: '/api/order', headers: { cookie: `${ACCESS_COOKIE}=${forged}`, [CSRF_HEADER]: '1' }, remoteAddress: '192.0.2.9' });
    }
    const third = await app.inject({ method: 'POST', url: '/api/order', headers: { [CSRF_HEADER]: '1' }, remoteAddress: '192.0.2.9' });
    expect(third.statusCode).toBe(429);
    // The real user "victim" is untouched by the forger's attempts.
    expect((await app.inject({ method: 'POST', url: '/api/order', headers: as('victim'), remoteAddress: '192.0.2.9' })).statusCode).toBe(200);
  });
});
