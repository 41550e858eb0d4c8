import { randomUUID } from 'node:crypto';
import { CSRF_HEADER, CSRF_HEADER_VALUE, DEMO_ADMIN } from '@pharmacy/contracts';
import type { App } from '@pharmacy/service-kit';

const PROMISE_MS = 5000;
const PASSWORD = 'Correct-horse-9';

const cookieOf = (res: { headers: Record<string, unknown> }) =>
  ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []).map((c) => c.split(';')[0]);

/** A browser's cookies, as the gateway sets them. */
class Browser {
  private cookies = new Map<string, string>();
  take(res: { headers: Record<string, unknown> }): this {
    for (const pair of cookieOf(res)) {
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return this;
  }
  headers() {
    return { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '), [CSRF_HEADER]: CSRF_HEADER_VALUE };
  }
  roles(): string[] | undefined {
    const token = this.cookies.get('pharmacy_at')!;
    return (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { roles?: string[] }).roles;
  }
}

/**
 * Through the gateway: the demo admin grants a new member of staff two roles, then removes one. Each time the staff
 * member's token from before is refused by catalog and checkout staff routes as expired within 5 s, and the refreshed
 * token carries the roles as they are now (docs/architecture.md#security).
 */
export async function roleChangeReachesEveryService(gateway: App): Promise<void> {
  const signIn = async (email: string, password: string) => {
    const res = await gateway.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(res.statusCode).toBe(200);
    return { id: res.json().user._id as string, browser: new Browser().take(res) };
  };
  const email = `staff-${randomUUID().slice(0, 8)}@example.com`;
  expect((await gateway.inject({ method: 'POST', url: '/api/auth/register', payload: { firstName: 'Sid', lastName: 'Staff', email, password: PASSWORD } })).statusCode).toBe(201);
  const admin = await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const staff = await signIn(email, PASSWORD);

  const setRoles = async (roles: string[]) => {
    const res = await gateway.inject({ method: 'PUT', url: `/api/admin/users/roles/${staff.id}`, headers: admin.browser.headers(), payload: { roles } });
    expect(res.statusCode).toBe(200);
  };
  const staffStatuses = async () => {
    const answers = await Promise.all(['/api/admin/products/get', '/api/admin/orders/get'].map((url) => gateway.inject({ url, headers: staff.browser.headers() })));
    return answers.map((res) => (res.statusCode === 401 ? (res.json().code as string) : res.statusCode)).join();
  };
  const refusedAsExpiredWithin = async () => {
    const started = Date.now();
    while ((await staffStatuses()) !== 'TOKEN_EXPIRED,TOKEN_EXPIRED') {
      if (Date.now() - started > PROMISE_MS) throw new Error(`the old token is still accepted after ${PROMISE_MS} ms: ${await staffStatuses()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return Date.now() - started;
  };
  const refresh = async () => {
    const res = await gateway.inject({ method: 'POST', url: '/api/auth/refresh', headers: staff.browser.headers() });
    expect(res.statusCode).toBe(200);
    staff.browser.take(res);
  };

  await setRoles(['catalogue', 'support']);
  expect(await refusedAsExpiredWithin()).toBeLessThan(PROMISE_MS);
  await refresh();
  expect(staff.browser.roles()).toEqual(['catalogue', 'support']);
  expect(await staffStatuses()).toBe('200,200');

  await setRoles(['support']);
  expect(await refusedAsExpiredWithin()).toBeLessThan(PROMISE_MS);
  await refresh();
  expect(staff.browser.roles()).toEqual(['support']);
  expect((await gateway.inject({ url: '/api/admin/orders/get', headers: staff.browser.headers() })).statusCode).toBe(200);
  // check-auth tells the browser the roles it now has.
  expect((await gateway.inject({ url: '/api/auth/check-auth', headers: staff.browser.headers() })).json().user.roles).toEqual(['support']);
}
