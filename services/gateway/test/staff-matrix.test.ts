/**
 * The role × route matrix (docs/api.md#staff-permissions): every staff route the embedded gateway registers (walked,
 * not listed: a new one is in the matrix the day it is registered), asked by each staff role, by staff with no role,
 * by a shopper and signed out. Each answer is exactly what STAFF_ROUTE_PERMISSIONS and ROLE_PERMISSIONS say: a role
 * granted the permission gets past the guard (a 400 or 404 for a made-up id is past it), every other caller is
 * refused with the envelope and a message that says what is needed. A staff route missing from the table fails.
 */
import { ErrorCodes, ROLE_PERMISSIONS, STAFF_ROLES, STAFF_ROUTE_PERMISSIONS, notPermittedMessage, type Permission, type StaffRole } from '@pharmacy/contracts';
import { CALLERS, MADE_UP, STAFF_WRITE_EXAMPLES, apiDocTable, fill, heldOrder, openStaffShop, signUpShopper, type Caller, type StaffRoute, type StaffShop } from './staff';

jest.setTimeout(120_000);

let shop: StaffShop;
beforeAll(async () => {
  shop = await openStaffShop();
});
afterAll(() => shop?.close());

const call = (route: StaffRoute, caller: Caller) =>
  shop.app.inject({
    method: route.method as 'GET',
    url: fill(route.path, MADE_UP),
    headers: shop.headers(caller),
    ...(STAFF_WRITE_EXAMPLES[route.key]?.body !== undefined ? { payload: STAFF_WRITE_EXAMPLES[route.key].body as object } : {}),
  });

/** What `caller` must be answered on `route`, in words, or null when the answer is right. */
async function wrongAnswer(route: StaffRoute, caller: Caller): Promise<string | null> {
  if (!route.permission) return 'missing from STAFF_ROUTE_PERMISSIONS';
  const res = await call(route, caller);
  const body = res.headers['content-type']?.toString().includes('json') ? res.json() : {};
  const got = `${res.statusCode} ${JSON.stringify(body.message ?? '')}`;
  if (caller === 'signed out') return res.statusCode === 401 && body.success === false ? null : `expected 401, got ${got}`;
  if (caller !== 'shopper' && caller !== 'no role' && ROLE_PERMISSIONS[caller].includes(route.permission)) {
    return res.statusCode === 401 || res.statusCode === 403 ? `expected to get past the guard, got ${got}` : null;
  }
  // The account service decides by the stored user, and a user without a role is not staff there (the admin flag
  // follows the roles): to it, "no role" is a shopper.
  const notStaff = caller === 'shopper' || (caller === 'no role' && route.path.startsWith('/api/admin/users/'));
  const message = notStaff ? 'This area is for pharmacy staff only.' : notPermittedMessage(route.permission);
  const refused = res.statusCode === 403 && body.success === false && body.code === ErrorCodes.FORBIDDEN && body.message === message;
  return refused ? null : `expected 403 "${message}", got ${got}`;
}

describe('the role × route matrix', () => {
  it('walks every staff route the gateway registers, and every route of the table is one of them', () => {
    const registered = shop.staffRoutes.map((r) => r.key);
    // catalog, checkout, account and the gateway's remote registry all have staff routes
    for (const prefix of ['/api/admin/products/', '/api/admin/orders/', '/api/admin/users/', '/api/admin/remotes', '/api/common/feature/']) {
      expect(registered.some((key) => key.includes(prefix))).toBe(true);
    }
    expect(Object.keys(STAFF_ROUTE_PERMISSIONS).filter((key) => !registered.includes(key))).toEqual([]);
  });

  it('is the table docs/api.md gives staff: each route, its permission and the roles that have it', () => {
    const rolesWith = (permission: Permission) => {
      const roles = STAFF_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));
      return roles.length === STAFF_ROLES.length ? 'every role' : roles.join(', ');
    };
    const documented = apiDocTable('Staff permissions');
    expect(documented).toEqual(Object.entries(STAFF_ROUTE_PERMISSIONS).map(([route, permission]) => [route, permission, rolesWith(permission)]));
  });

  it.each(CALLERS)('answers %s exactly as the table says on every staff route', async (caller) => {
    const wrong: string[] = [];
    for (const route of shop.staffRoutes) {
      const problem = await wrongAnswer(route, caller);
      if (problem) wrong.push(`${route.key}: ${problem}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('the cases the issue names', () => {
  const review = (orderId: string, role: StaffRole, body: object) =>
    shop.app.inject({ method: 'POST', url: `/api/admin/orders/review/${orderId}`, headers: shop.headers(role), payload: body });
  const details = async (orderId: string) => (await shop.app.inject({ url: `/api/admin/orders/details/${orderId}`, headers: shop.headers('support') })).json().data; // support's view holds no health data: reading it is no audit entry

  it('support cannot approve or reject a held order: 403 saying who can, and the order still waits for the pharmacist', async () => {
    const { orderId } = await heldOrder(shop);
    const entries = shop.audit.entries.length;
    for (const body of [{ decision: 'approve' }, { decision: 'reject', reason: 'Not suitable with the stated allergy.' }]) {
      const res = await review(orderId, 'support', body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, code: ErrorCodes.FORBIDDEN, message: notPermittedMessage('clinical.review') });
      expect(res.json().message).toMatch(/Administrator or Pharmacist/);
    }
    expect(await details(orderId)).toMatchObject({ review: { status: 'awaiting' }, orderStatus: 'confirmed', paymentStatus: 'paid' });
    expect(shop.audit.entries).toHaveLength(entries);
    // the pharmacist can, which is what makes the refusal above about the role
    expect((await review(orderId, 'pharmacist', { decision: 'approve' })).statusCode).toBe(200);
  });

  it('a catalogue user cannot change an order (status or payment): 403, and the order is as it was', async () => {
    const { orderId } = await heldOrder(shop);
    const status = await shop.app.inject({ method: 'PUT', url: `/api/admin/orders/update/${orderId}`, headers: shop.headers('catalogue'), payload: { orderStatus: 'rejected' } });
    expect(status.statusCode).toBe(403);
    expect(status.json().message).toBe(notPermittedMessage('orders.manage'));
    const payment = await shop.app.inject({ method: 'PUT', url: `/api/admin/orders/payment/${orderId}`, headers: shop.headers('catalogue'), payload: { paymentStatus: 'refunded' } });
    expect(payment.statusCode).toBe(403);
    expect(payment.json().message).toBe(notPermittedMessage('payments.manage'));
    expect(await details(orderId)).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid' });
  });

  it("support cannot read a shopper's health profile: the user's details hold none of it; a pharmacist's do", async () => {
    const shopper = await signUpShopper(shop, { allergies: ['Penicillin'], DOB: '1961-04-12' });
    const read = (role: StaffRole) => shop.app.inject({ url: `/api/admin/users/details/${shopper.id}`, headers: shop.headers(role) });
    const pharmacist = await read('pharmacist');
    expect(pharmacist.statusCode).toBe(200);
    expect(pharmacist.body).toContain('Penicillin');
    const support = await read('support');
    expect(support.statusCode).toBe(200);
    expect(support.json().data.email).toMatch(/@example\.com$/);
    expect(support.body).not.toContain('Penicillin');
    expect(support.body).not.toContain('1961-04-12');
  });
});
