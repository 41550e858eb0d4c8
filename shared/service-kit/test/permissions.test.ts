import { ACCESS_COOKIE, type StaffRole } from '@pharmacy/contracts';
import { auditPlugin, createAccessTokenSigner, createApp, generateTestKeys, memoryAuditSink, requirePermission, requireStaffFor, type App } from '../src';

const keys = generateTestKeys();
const sign = createAccessTokenSigner(keys.privateKey);
const sink = memoryAuditSink();

let app: App;
beforeAll(async () => {
  app = await createApp({ publicKey: keys.publicKey, logLevel: 'silent', trustedOrigins: ['http://shop.test'] });
  await app.register(auditPlugin, { sink, service: 'test', now: () => new Date('2026-11-27T09:00:00Z') });
  app.put('/api/admin/orders/:id', { preHandler: requirePermission('orders.manage') }, async (request) => {
    await request.audit({ action: 'order.status', entity: { type: 'order', id: '42', name: 'Order 42' }, before: { s: 'Paid' }, after: { s: 'Shipped' } });
    return { success: true, data: request.staff?.role };
  });
  await app.ready();
});
afterAll(() => app.close());

const cookie = (roles: StaffRole[] | undefined, admin = true) =>
  `${ACCESS_COOKIE}=${sign({ sub: 'staff-1', admin, sid: 's1', userName: 'Priya', staffName: 'Priya Shah', roles })}`;
const put = (headers: Record<string, string> = {}) =>
  app.inject({ method: 'PUT', url: '/api/admin/orders/42', headers: { ...headers, origin: 'http://shop.test' } });

describe('requirePermission', () => {
  beforeEach(() => sink.entries.splice(0));

  it('lets a role that grants the permission through, names that role, and the audit entry says who and under which role', async () => {
    const res = await put({ cookie: cookie(['catalogue', 'support']) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBe('support');
    expect(sink.entries).toEqual([
      expect.objectContaining({
        action: 'order.status',
        at: '2026-11-27T09:00:00.000Z',
        service: 'test',
        actor: { id: 'staff-1', name: 'Priya Shah', role: 'support', roles: ['catalogue', 'support'] },
        before: { s: 'Paid' },
        after: { s: 'Shipped' },
        requestId: expect.any(String),
      }),
    ]);
  });

  it('refuses a staff member without such a role with a 403 that says what is needed, and records nothing', async () => {
    const res = await put({ cookie: cookie(['catalogue']) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/does not allow this \(change order status.*Administrator or Customer support/);
    expect(sink.entries).toHaveLength(0);
  });

  it('refuses staff with no roles (403) and shoppers whose token carries a role but no admin flag (403)', async () => {
    expect((await put({ cookie: cookie(undefined) })).statusCode).toBe(403);
    expect((await put({ cookie: cookie(['admin'], false) })).statusCode).toBe(403);
  });

  it('asks a signed-out caller to sign in (401)', async () => {
    expect((await put()).statusCode).toBe(401);
  });
});

describe('requireStaffFor', () => {
  it('takes the permission from STAFF_ROUTE_PERMISSIONS and refuses to build for a staff route missing from it', () => {
    expect(() => requireStaffFor({ method: 'PUT', path: '/api/admin/orders/update/:id' })).not.toThrow();
    expect(() => requireStaffFor({ method: 'POST', path: '/api/admin/unlisted' })).toThrow(/no permission in STAFF_ROUTE_PERMISSIONS/);
  });
});
