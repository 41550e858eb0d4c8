/**
 * A service's call to another in the same process (embedded mode) is answered without the headers only a browser
 * reads (security headers, permissions and cache policy): the in-process transport reads the status and the body.
 * Every other request keeps them.
 */
import { Socket } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { INTERNAL_HEADER, createApp, generateTestKeys, isInProcessServiceCall, ok, requireInternal, type App } from '../src';

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
