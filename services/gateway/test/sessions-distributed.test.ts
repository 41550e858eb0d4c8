/**
 * Distributed mode, as deployed: each service listening on its own port as its server.ts runs it (so catalog and
 * checkout poll the account service's revocations over HTTP), the gateway proxying to them and following the
 * revocations itself for its check-auth fallback.
 */
import { randomUUID } from 'node:crypto';
import { CSRF_HEADER, CSRF_HEADER_VALUE, DEMO_ADMIN } from '@pharmacy/contracts';
import { loadConfig, type App } from '@pharmacy/service-kit';
import { buildGateway } from '../src';
import { freePort, startRealServices, type RealServices } from './realServices';
import { roleChangeReachesEveryService } from './role-change';

let services: RealServices;
let gateway: App;

const cookieOf = (res: { headers: Record<string, unknown> }) =>
  ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []).map((c) => c.split(';')[0]).join('; ');

async function signIn(email: string, password = 'Correct-horse-9'): Promise<{ id: string; headers: Record<string, string> }> {
  const login = await gateway.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(login.statusCode).toBe(200);
  return { id: login.json().user._id, headers: { cookie: cookieOf(login), [CSRF_HEADER]: CSRF_HEADER_VALUE } };
}

/** The claims of the access token in a signed-in browser's cookie. */
const claimsOf = (who: { headers: Record<string, string> }) => {
  const token = who.headers.cookie.split('; ').find((c) => c.startsWith('pharmacy_at='))!.slice('pharmacy_at='.length);
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string; sid: string };
};

/**
 * How long after now `check` first holds, counted to the start of the check that saw it: the promise is about when
 * the change takes effect, not how long a request takes on a loaded machine.
 */
async function within5s(check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    const asked = Date.now() - started;
    if (asked > 5000) throw new Error('not within 5 s');
    if (await check()) return asked;
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  services = await startRealServices('gw-sessions-');
  const port = await freePort();
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: services.dataDir, PORT: String(port) }), logLevel: 'silent' };
  gateway = await buildGateway({ mode: 'distributed', config, serviceUrls: services.urls });
  await gateway.listen({ port, host: '127.0.0.1' });
  for (const email of ['leaving@example.com', 'staying@example.com']) {
    const reg = await gateway.inject({ method: 'POST', url: '/api/auth/register', payload: { firstName: 'Ada', lastName: 'Lovelace', email, password: 'Correct-horse-9' } });
    expect(reg.statusCode).toBe(201);
  }
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await services?.stopAll();
});

test('a staff sign-out takes effect at once on the admin routes of every service, not within the next poll', async () => {
  const admin = await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const staffCalls = () =>
    Promise.all([
      gateway.inject({ url: '/api/admin/orders/get', headers: admin.headers }),
      gateway.inject({ url: '/api/admin/products/get', headers: admin.headers }),
      gateway.inject({ method: 'DELETE', url: `/api/admin/products/delete/${randomUUID()}`, headers: admin.headers }),
      gateway.inject({ url: '/api/admin/users/get', headers: admin.headers }),
    ]);
  expect((await staffCalls()).map((r) => r.statusCode)).toEqual([200, 200, 404, 200]);

  expect((await gateway.inject({ method: 'POST', url: '/api/auth/logout', headers: admin.headers })).statusCode).toBe(200);
  // Right after, with no wait: catalog and checkout ask the account service before trusting a staff token.
  // (The account service's own answer tells a browser still holding its refresh cookie to refresh, which then fails.)
  expect((await staffCalls()).map((r) => r.statusCode)).toEqual([401, 401, 401, 401]);
}, 60_000);

test('a change of staff roles: the old token is refused as expired by catalog and checkout over HTTP within 5 s, the refreshed one carries the new roles', async () => {
  await roleChangeReachesEveryService(gateway);
}, 60_000);

test('a signed-out token is refused by checkout through the gateway within 5 s, and by check-auth while the account service is down', async () => {
  const leaving = await signIn('leaving@example.com');
  const staying = await signIn('staying@example.com');
  const cart = (who: { id: string; headers: Record<string, string> }) => gateway.inject({ url: `/api/shop/cart/get/${who.id}`, headers: who.headers });
  expect((await cart(leaving)).statusCode).toBe(200);

  expect((await gateway.inject({ method: 'POST', url: '/api/auth/logout', headers: leaving.headers })).statusCode).toBe(200);
  expect(await within5s(async () => (await cart(leaving)).statusCode === 401)).toBeLessThan(5000);
  expect((await cart(staying)).statusCode).toBe(200);

  // The gateway learnt of it too: with the account service down, check-auth answers from the token, but not for
  // a session that was signed out.
  const checkAuth = (who: { headers: Record<string, string> }) => gateway.inject({ url: '/api/auth/check-auth', headers: who.headers });
  await within5s(async () => gateway.revocations.isRevoked(claimsOf(leaving)));
  await services.stop('account');
  const refused = await checkAuth(leaving);
  expect(refused.statusCode).toBe(401);
  const degraded = await checkAuth(staying);
  expect(degraded.statusCode).toBe(200);
  expect(degraded.json()).toMatchObject({ degraded: true, user: { _id: staying.id } });
  // Checkout keeps the revocations it knows while it cannot reach the account service.
  expect((await cart(leaving)).statusCode).toBe(401);
  expect((await cart(staying)).statusCode).toBe(200);
}, 60_000);
