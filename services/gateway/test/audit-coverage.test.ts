/**
 * Every staff write is in the audit trail (docs/api.md#audited-staff-actions): each staff route with a write method
 * the embedded gateway registers (walked, not listed) is called for real by a role it allows, and leaves exactly one
 * entry naming who, under which role, what, on which entity (by the name staff read) and the change. A staff write
 * route with no example in STAFF_WRITE_EXAMPLES fails, and so does one that records nothing or records twice. A
 * write that is refused, or that changes nothing, records nothing.
 */
import { STAFF_ROLES, roleGranting, type StaffRole } from '@pharmacy/contracts';
import { STAFF_WRITE_EXAMPLES, addProduct, apiDocTable, fill, heldOrder, openStaffShop, placedOrder, staffName, type StaffRoute, type StaffShop } from './staff';

jest.setTimeout(180_000);

const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];

let shop: StaffShop;
beforeAll(async () => {
  shop = await openStaffShop();
});
afterAll(() => shop?.close());

/** The least of the roles allowed to call it (an administrator only when no other role is). */
const callerFor = (route: StaffRoute): StaffRole | null =>
  route.permission ? (roleGranting(STAFF_ROLES.filter((r) => r !== 'admin'), route.permission) ?? 'admin') : null;

/** What is wrong with `route`'s audit entry, in words, or null when it records exactly what it did. */
async function auditProblem(route: StaffRoute): Promise<string | null> {
  const example = STAFF_WRITE_EXAMPLES[route.key];
  if (!example) return 'no example in STAFF_WRITE_EXAMPLES (services/gateway/test/staff.ts)';
  const role = callerFor(route);
  if (!role) return 'missing from STAFF_ROUTE_PERMISSIONS';
  const write = await example.prepare(shop);
  shop.audit.entries.splice(0);
  const res = await shop.app.inject({
    method: route.method as 'POST',
    url: fill(route.path, write.params),
    headers: { ...shop.headers(role), ...write.headers },
    ...(write.body !== undefined ? { payload: write.body as object } : {}),
  });
  if (res.statusCode !== 200) return `the write did not take effect as ${role}: ${res.statusCode} ${res.body.slice(0, 300)}`;
  const entries = shop.audit.entries.splice(0);
  if (entries.length !== 1) return `expected one audit entry, got ${entries.length}: ${entries.map((e) => e.action).join(', ')}`;
  const data = res.json().data as { _id?: string; id?: string };
  const entity = write.entity ?? { id: data._id ?? data.id ?? '', name: expect.any(String) };
  try {
    expect(entries[0]).toMatchObject({
      action: example.action,
      actor: { id: shop.staffId(role), name: staffName(role), role, roles: [role] },
      entity: { type: example.entityType, id: entity.id, name: entity.name instanceof RegExp ? expect.stringMatching(entity.name) : entity.name },
      requestId: expect.any(String),
      at: expect.any(String),
    });
    if (write.change) expect({ before: entries[0].before, after: entries[0].after }).toEqual(write.change);
    else expect(entries[0].before ?? entries[0].after).toBeDefined();
  } catch (err) {
    return (err as Error).message.split('\n').slice(0, 30).join('\n');
  }
  return null;
}

describe('the audit trail covers every staff write', () => {
  it('finds the staff writes of every service and the gateway', () => {
    const writes = shop.staffRoutes.filter((r) => WRITES.includes(r.method)).map((r) => r.key);
    expect(writes).toEqual(expect.arrayContaining(['POST /api/admin/products/add', 'PUT /api/admin/orders/update/:id', 'POST /api/common/feature/add', 'PUT /api/admin/remotes/:name']));
  });

  it('records each staff write once, with who, which role, what, on which entity and the change', async () => {
    const problems: string[] = [];
    for (const route of shop.staffRoutes.filter((r) => WRITES.includes(r.method))) {
      const problem = await auditProblem(route);
      if (problem) problems.push(`${route.key}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  it('is documented: docs/api.md names each staff write and the action it records', () => {
    // the table's GET rows are the audited reads (health-reads-audit.test.ts)
    const writeRows = apiDocTable('Audited staff actions').filter(([route]) => WRITES.includes(route.split(' ')[0]));
    const documented = Object.fromEntries(writeRows.map(([route, actions]) => [route, actions.split(', ')]));
    const recorded = Object.fromEntries(Object.entries(STAFF_WRITE_EXAMPLES).map(([route, example]) => [route, example.action]));
    for (const [route, action] of Object.entries(recorded)) expect({ route, documented: documented[route] }).toEqual({ route, documented: expect.arrayContaining([action]) });
    expect(Object.keys(documented).sort()).toEqual(Object.keys(recorded).sort());
  });

  it('keeps an example only for a route that exists', () => {
    const registered = shop.staffRoutes.map((r) => r.key);
    expect(Object.keys(STAFF_WRITE_EXAMPLES).filter((key) => !registered.includes(key))).toEqual([]);
  });
});

test("a pharmacist's rejection is recorded as one too, with the reason the shopper is given", async () => {
  const { orderId } = await heldOrder(shop);
  shop.audit.entries.splice(0);
  const reason = 'Not suitable with the allergy on your profile.';
  const res = await shop.app.inject({ method: 'POST', url: `/api/admin/orders/review/${orderId}`, headers: shop.headers('pharmacist'), payload: { decision: 'reject', reason } });
  expect(res.statusCode).toBe(200);
  expect(shop.audit.entries).toEqual([
    expect.objectContaining({
      action: 'order.review.reject',
      actor: expect.objectContaining({ id: shop.staffId('pharmacist'), name: staffName('pharmacist'), role: 'pharmacist' }),
      entity: { type: 'order', id: orderId, name: expect.stringMatching(/^Order #[0-9A-F]{8} for Rosa Buyer$/) },
      before: { review: 'awaiting', orderStatus: 'confirmed', paymentStatus: 'paid' },
      after: { review: 'rejected', orderStatus: 'rejected', paymentStatus: 'refunded', reason },
    }),
  ]);
});

describe('a write that did not happen records nothing', () => {
  const headers = (role: StaffRole) => shop.headers(role);
  beforeEach(() => shop.audit.entries.splice(0));

  it('refused writes: more stock removed than there is, a move the order cannot make, a product that is gone', async () => {
    const product = await addProduct(shop);
    const { orderId } = await placedOrder(shop);
    shop.audit.entries.splice(0);
    const answers = await Promise.all([
      shop.app.inject({ method: 'POST', url: `/api/admin/products/${product.id}/stock`, headers: headers('catalogue'), payload: { delta: -51, reason: 'damaged' } }),
      shop.app.inject({ method: 'PUT', url: `/api/admin/orders/update/${orderId}`, headers: headers('support'), payload: { orderStatus: 'delivered' } }),
      shop.app.inject({ method: 'DELETE', url: '/api/admin/products/delete/00000000-0000-4000-8000-000000000000', headers: headers('catalogue') }),
      shop.app.inject({ method: 'PUT', url: `/api/admin/products/edit/${product.id}`, headers: headers('catalogue'), payload: { version: 7, price: 9 } }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([409, 422, 404, 409]);
    expect(shop.audit.entries).toEqual([]);
  });

  it('writes that change nothing: a form saved as it was, a review decision repeated', async () => {
    const product = await addProduct(shop);
    const { orderId } = await heldOrder(shop);
    const approve = () => shop.app.inject({ method: 'POST', url: `/api/admin/orders/review/${orderId}`, headers: headers('pharmacist'), payload: { decision: 'approve' } });
    expect((await approve()).statusCode).toBe(200);
    shop.audit.entries.splice(0);

    const unchanged = await shop.app.inject({ method: 'PUT', url: `/api/admin/products/edit/${product.id}`, headers: headers('catalogue'), payload: { version: 1, price: 4.5 } });
    expect(unchanged.statusCode).toBe(200);
    expect((await approve()).statusCode).toBe(200);
    expect(shop.audit.entries).toEqual([]);
  });
});
