/**
 * A service's call to another in the same process (embedded mode, injectTransport): answered without the headers
 * only a browser reads (security headers, permissions and cache policy), since the transport reads the status and
 * the body only, while every other request keeps them; and each call times out on its own deadline.
 */
import { Socket } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { INTERNAL_HEADER, createApp, generateTestKeys, injectTransport, isInProcessServiceCall, ok, requireInternal, type App } from '../src';

const TOKEN = 'internal-token-for-tests-0123456789';
let app: App;

beforeAll(async () => {
  app = await createApp({ publicKey: generateTestKeys().publicKey, logLevel: 'silent' });
  app.post<{ Body: { n: number } }>('/internal/echo', { preHandler: requireInternal(TOKEN) }, async (request) => ok({ twice: request.body.n * 2 }));
  await app.ready();
});
afterAll(() => app.close());

it("an in-process service call's answer carries no browser headers; a call over a socket, or any other request, keeps them", async () => {
  const browserHeaders = ['content-security-policy', 'x-content-type-options', 'permissions-policy', 'cache-control'];
  const echo = { method: 'POST' as const, url: '/internal/echo', payload: { n: 2 }, headers: { [INTERNAL_HEADER]: TOKEN } };
  const inProcess = await app.inject(echo);
  expect(inProcess.json()).toEqual({ success: true, data: { twice: 4 } });
  for (const header of browserHeaders) expect(inProcess.headers[header]).toBeUndefined();
  // The same call over a socket (distributed mode) is not one, and a request without the token keeps them too.
  const overSocket = { headers: { [INTERNAL_HEADER]: TOKEN }, raw: { socket: new Socket() } } as unknown as FastifyRequest;
  expect(isInProcessServiceCall(overSocket)).toBe(false);
  const noToken = await app.inject({ ...echo, headers: {} });
  expect(noToken.statusCode).toBe(403);
  for (const header of browserHeaders) expect(noToken.headers[header]).toBeDefined();
  const health = await app.inject('/api/health');
  expect(health.headers['content-security-policy']).toContain("default-src 'self'");
});

it('in process, each call keeps its own deadline, however many are in flight, and an answered call never fails later', async () => {
  const never = new Promise<never>(() => undefined);
  const slow = (ms: number) => new Promise<{ statusCode: number; body: string }>((r) => setTimeout(() => r({ statusCode: 200, body: '{"success":true,"data":1}' }), ms));
  const transport = injectTransport({ inject: (opts) => (opts.url === '/hang' ? never : slow(Number(String(opts.url).slice(1)))) });
  const call = (path: string, timeoutMs: number) => {
    const started = Date.now();
    return transport({ method: 'GET', path, headers: {}, timeoutMs }).then(
      (res) => ({ answered: res.status, after: Date.now() - started }),
      () => ({ answered: 0, after: Date.now() - started }),
    );
  };
  const [short, long, answered, late] = await Promise.all([call('/hang', 100), call('/hang', 400), call('/50', 300), call('/250', 300)]);
  expect([short.answered, long.answered, answered.answered, late.answered]).toEqual([0, 0, 200, 200]);
  expect(short.after).toBeGreaterThanOrEqual(95);
  expect(short.after).toBeLessThan(350);
  expect(long.after).toBeGreaterThanOrEqual(395);
});
