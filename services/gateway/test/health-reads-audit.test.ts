/**
 * Every staff read of health data is in the audit trail, and only those who need it read any
 * (docs/api.md#audited-staff-actions, docs/domain.md#health-data). One shopper is seeded with health data no
 * response could hold by chance: allergies, conditions, a date of birth, consultation answers on an order held for
 * the pharmacist, the safety warning their allergy raised, a change to their health profile since, and a
 * prescription file. Then every staff GET route the embedded gateway registers (walked, not listed: a new one is
 * covered the day it is registered) is called by every staff role allowed it, with the path and query that reach
 * that shopper. A response that holds any of it, in JSON, CSV or a file's bytes, must have recorded exactly one entry
 * of the read documented for its route, naming the shopper, the member of staff and their role; a response that
 * holds none records no health-data read; and a role without 'health.read' finds none anywhere.
 */
import { randomUUID } from 'node:crypto';
import { ROLE_PERMISSIONS, STAFF_ROLES, hasPermission, type StaffRole } from '@pharmacy/contracts';
import type { AuditEntryInput } from '@pharmacy/service-kit';
import {
  apiDocTable, awaitingPrescription, fill, heldOrder, openStaffShop, pharmacistOnDuty, placedOrder, signUpShopper, staffName, type Shopper, type StaffRoute,
  type StaffShop,
} from './staff';

jest.setTimeout(120_000);

/**
 * What the shopper told the shop, each a word no other data holds, in every form a response may write it (a date of
 * birth is a date: one from 1937, as stored and as staff read it), and the safety warning their allergy raised, a
 * sentence read once the order is placed.
 */
const tag = randomUUID().replace(/-/g, '').slice(0, 10);
const SENTINELS: Record<string, string[]> = {
  'date of birth': ['1937-03-29', '29 Mar 1937', '29 March 1937', '29/03/1937'],
  allergy: [`Quillonex${tag}`],
  condition: [`Marrowfen${tag}`],
  'allergy since removed (health history)': [`Dravostil${tag}`],
  'consultation answer': [`Tessaprine${tag}`],
  'prescription file': [`PrescriptionBytes${tag}`],
  'safety warning': [],
};
type Sentinel = keyof typeof SENTINELS;
const sentinel = (name: Sentinel) => SENTINELS[name][0];
/** An allergy the safety table knows, so that ordering an ibuprofen product raises a warning quoting it. */
const KNOWN_ALLERGY = 'Ibuprofen';

/** The audit actions that record a read of health data (the others a GET may record, exports, are not about it). */
const HEALTH_READ_ACTIONS = ['health.read', 'prescription.file.read'];

/**
 * The audited staff reads, by `METHOD path`: the action each records, and whether it is a read of health data
 * (recorded when, and only when, the answer holds some) or an export (recorded on every call). docs/api.md's table
 * lists the same.
 */
const AUDITED_READS: Record<string, { action: string; health: boolean }> = {
  'GET /api/admin/users/details/:id': { action: 'health.read', health: true },
  'GET /api/admin/orders/details/:id': { action: 'health.read', health: true },
  'GET /api/admin/prescriptions/:id': { action: 'health.read', health: true },
  'GET /api/admin/prescriptions/:id/file': { action: 'prescription.file.read', health: true },
  'GET /api/admin/recalls/:id/export.csv': { action: 'recall.export', health: false },
  'GET /api/admin/audit/export.csv': { action: 'audit.export', health: false },
};

/** What was seeded: the shopper and everything of theirs a staff read may reach. */
interface Seeded {
  shopper: Shopper;
  userId: string;
  name: string;
  lastName: string;
  orderId: string;
  productId: string;
  /** The lot of the batch the order took. */
  lot: string;
  prescriptionId: string;
  recallId: string;
}

interface ReadExample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /**
   * An answer that names no shopper: the product they ordered, their file's bytes (every other example's must); or
   * names none to these roles only.
   */
  namesNoShopper?: true | readonly StaffRole[];
}

/**
 * How each staff read reaches the seeded shopper: its path's parameters, and the query that puts them on a list's
 * page. A route with a parameter and no entry here fails ("no example"); one without parameters is called as it is.
 */
const READ_EXAMPLES: Record<string, (s: Seeded) => ReadExample> = {
  'GET /api/admin/users/get': (s) => ({ query: { q: s.lastName } }),
  'GET /api/admin/users/details/:id': (s) => ({ params: { id: s.userId } }),
  'GET /api/admin/products/:id/stock': (s) => ({ params: { id: s.productId }, namesNoShopper: true }),
  'GET /api/admin/products/batches': (s) => ({ query: { lot: s.lot }, namesNoShopper: true }),
  'GET /api/admin/orders/get': (s) => ({ query: { q: s.lastName } }),
  'GET /api/admin/orders/details/:id': (s) => ({ params: { id: s.orderId } }),
  // the pharmacist's queue on the dashboard: its oldest orders, by customer
  // The review queue names shoppers only to roles that may see orders.
  'GET /api/admin/orders/stats': () => ({ namesNoShopper: STAFF_ROLES.filter((r) => !hasPermission([r], 'orders.view')) }),
  'GET /api/admin/prescriptions': () => ({}),
  'GET /api/admin/prescriptions/:id': (s) => ({ params: { id: s.prescriptionId } }),
  'GET /api/admin/prescriptions/:id/file': (s) => ({ params: { id: s.prescriptionId }, namesNoShopper: true }),
  'GET /api/admin/supply-limits/usage/:userId': (s) => ({ params: { userId: s.userId } }),
  'GET /api/admin/recalls/:id': (s) => ({ params: { id: s.recallId } }),
  'GET /api/admin/recalls/:id/export.csv': (s) => ({ params: { id: s.recallId } }),
};

let shop: StaffShop;
let seeded: Seeded;

/** A PDF (kept as sent, unlike a photo, which is re-encoded) whose bytes hold the file's sentinel. */
const prescriptionPdf = () => Buffer.from(`%PDF-1.4\n% ${sentinel('prescription file')}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');

async function seed(): Promise<Seeded> {
  const lastName = 'Fairweather';
  const allergies = [sentinel('allergy'), KNOWN_ALLERGY];
  const shopper = await signUpShopper(shop, { DOB: sentinel('date of birth'), allergies, healthConditions: [sentinel('condition')] }, lastName);
  // "None" to the conditions question contradicts the profile; the unknown allergy is an unrecognised term
  const order = await heldOrder(shop, {
    shopper,
    product: { activeIngredients: ['Ibuprofen'] },
    acknowledgeSafetyWarnings: true,
    answers: { otherMedicines: sentinel('consultation answer'), conditions: 'None' },
  });
  const details = await shop.app.inject({ url: `/api/admin/orders/details/${order.orderId}`, headers: shop.headers('pharmacist') });
  SENTINELS['safety warning'] = (details.json().data.items[0].warnings as string[]).filter((w) => w.includes(`allergic to ${KNOWN_ALLERGY}`));
  // After the order, an allergy added and taken away again: only the health history holds it now.
  for (const changed of [[...allergies, sentinel('allergy since removed (health history)')], allergies]) {
    const res = await shop.app.inject({ method: 'PUT', url: '/api/account/profile', headers: shopper.headers, payload: { allergies: changed } });
    if (res.statusCode !== 200) throw new Error(`profile change failed: ${res.body}`);
  }
  const rx = await awaitingPrescription(shop, { shopper, file: { name: 'prescription.pdf', contentType: 'application/pdf', bytes: prescriptionPdf() } });
  // A recall of the batch the held order took: the recall's affected list names the shopper.
  const stock = await shop.app.inject({ url: `/api/admin/products/${order.productId}/stock`, headers: shop.headers('admin') });
  const batch = (stock.json().data.batches as Array<{ id: string; lot: string }>)[0];
  await pharmacistOnDuty(shop);
  const recall = await shop.app.inject({
    method: 'POST', url: '/api/admin/recalls', headers: shop.headers('pharmacist'),
    payload: { batchIds: [batch.id], recallClass: 2, reason: 'Wrong strength printed on the pack.', action: 'Stop taking it and bring it back.' },
  });
  if (recall.statusCode !== 200) throw new Error(`recall failed: ${recall.body}`);
  return { shopper, userId: shopper.id, name: shopper.name, lastName, orderId: order.orderId, productId: order.productId, lot: batch.lot, prescriptionId: rx.id, recallId: recall.json().data._id };
}

beforeAll(async () => {
  shop = await openStaffShop();
  seeded = await seed();
});
afterAll(() => shop?.close());

const gets = () => shop.staffRoutes.filter((r) => r.method === 'GET');
const allowed = (role: StaffRole, route: StaffRoute) => route.permission !== undefined && ROLE_PERMISSIONS[role].includes(route.permission);

/** The sentinels a response's bytes hold (JSON, CSV or a file alike). */
const sentinelsIn = (body: Buffer): Sentinel[] => Object.keys(SENTINELS).filter((s) => SENTINELS[s].some((form) => body.includes(Buffer.from(form))));

interface Read {
  status: number;
  found: Sentinel[];
  entries: AuditEntryInput[];
}

/** `route` called by `role` as it reaches the seeded shopper, with what it showed and what it recorded. */
async function read(route: StaffRoute, role: StaffRole): Promise<Read | string> {
  const example = READ_EXAMPLES[route.key]?.(seeded);
  if (/:\w/.test(route.path) && !example?.params) return 'no example in READ_EXAMPLES (services/gateway/test/health-reads-audit.test.ts)';
  shop.audit.entries.splice(0);
  const res = await shop.app.inject({ method: 'GET', url: fill(route.path, example?.params ?? {}), query: example?.query, headers: shop.headers(role) });
  const entries = shop.audit.entries.splice(0);
  // an example that does not reach the shopper would find nothing and prove nothing
  const named = [seeded.userId, seeded.name].some((s) => res.rawPayload.includes(Buffer.from(s)));
  const namesNone = example?.namesNoShopper === true || example?.namesNoShopper?.includes(role);
  if (res.statusCode === 200 && example && !namesNone && !named) return `the answer does not name the shopper: fix its example in READ_EXAMPLES`;
  return { status: res.statusCode, found: sentinelsIn(res.rawPayload), entries };
}

/** What is wrong with what `role` reading `route` recorded, in words, or null when it is right. */
function auditProblem(route: StaffRoute, role: StaffRole, { status, found, entries }: Read): string | null {
  if (status !== 200) return `answered ${status} as ${role}, who is allowed it: the walk must reach the shopper`;
  const healthReads = entries.filter((e) => HEALTH_READ_ACTIONS.includes(e.action));
  const documented = AUDITED_READS[route.key];
  if (documented && !documented.health && entries.filter((e) => e.action === documented.action).length !== 1) {
    return `expected one ${documented.action} entry, got: ${entries.map((e) => e.action).join(', ') || 'none'}`;
  }
  if (found.length === 0) return healthReads.length === 0 ? null : `shows no health data but recorded ${healthReads.map((e) => e.action).join(', ')}`;
  if (!hasPermission([role], 'health.read')) return `shows ${found.join(', ')} to ${role}, a role without health.read (it must read "restricted")`;
  if (!documented?.health) return `shows ${found.join(', ')}: a read of health data no one documented (AUDITED_READS and docs/api.md#audited-staff-actions)`;
  if (healthReads.length === 0) return `shows ${found.join(', ')} and records no ${documented.action}`;
  if (healthReads.length > 1) return `shows ${found.join(', ')} and records ${healthReads.length} health-data reads (${healthReads.map((e) => e.action).join(', ')}), not one`;
  try {
    expect(healthReads[0]).toMatchObject({
      action: documented.action,
      actor: { id: shop.staffId(role), name: staffName(role), role, roles: [role] },
      entity: { name: expect.stringContaining(seeded.name) },
      requestId: expect.any(String),
      at: expect.any(String),
    });
    // which fields were read, never what they hold
    expect(sentinelsIn(Buffer.from(JSON.stringify(healthReads[0])))).toEqual([]);
  } catch (err) {
    return (err as Error).message.split('\n').slice(0, 20).join('\n');
  }
  return null;
}

describe('every staff read of health data is in the audit trail', () => {
  const readers = STAFF_ROLES.filter((role) => hasPermission([role], 'health.read'));
  const restricted = STAFF_ROLES.filter((role) => !hasPermission([role], 'health.read'));

  it('walks the staff reads of every service, and the roles on both sides of need-to-know', () => {
    const keys = gets().map((r) => r.key);
    expect(keys).toEqual(expect.arrayContaining(Object.keys(AUDITED_READS)));
    expect(keys).toEqual(expect.arrayContaining(['GET /api/admin/users/get', 'GET /api/admin/orders/get', 'GET /api/admin/prescriptions']));
    expect(readers).toEqual(expect.arrayContaining(['admin', 'pharmacist']));
    expect(restricted).toEqual(expect.arrayContaining(['support', 'catalogue']));
  });

  it.each(readers)('as %s: each read that shows health data records it once, naming the shopper; the others record no read', async (role) => {
    const problems: string[] = [];
    const seen = new Set<Sentinel>();
    for (const route of gets().filter((r) => allowed(role, r))) {
      const result = await read(route, role);
      const problem = typeof result === 'string' ? result : auditProblem(route, role, result);
      if (typeof result !== 'string') result.found.forEach((s) => seen.add(s));
      if (problem) problems.push(`${route.key}: ${problem}`);
    }
    expect(problems).toEqual([]);
    // the walk reached every piece of it, which is what makes "no entry where none shows" mean something
    if (role === 'pharmacist') expect([...seen].sort()).toEqual(Object.keys(SENTINELS).sort());
  });

  it.each(restricted)('as %s (no health.read): no staff read shows any of it, and none records a read of it', async (role) => {
    const problems: string[] = [];
    for (const route of gets().filter((r) => allowed(role, r))) {
      const result = await read(route, role);
      const problem = typeof result === 'string' ? result : auditProblem(route, role, result);
      if (problem) problems.push(`${route.key}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  it("a write's answer carries none of it to a role without health.read: the warnings and reasons keep their kind, restricted", async () => {
    const order = await placedOrder(shop, { shopper: seeded.shopper, product: { activeIngredients: ['Ibuprofen'] }, acknowledgeSafetyWarnings: true });
    const paid = await shop.app.inject({ method: 'PUT', url: `/api/admin/orders/payment/${order.orderId}`, headers: shop.headers('support'), payload: { paymentStatus: 'paid' } });
    expect(paid.statusCode).toBe(200);
    expect(sentinelsIn(paid.rawPayload)).toEqual([]);
    const answered = paid.json().data;
    expect(answered).toMatchObject({
      acknowledgedWarnings: ['Safety warning: restricted'],
      items: [expect.objectContaining({ warnings: ['Safety warning: restricted'] })],
      restricted: ['consultation', 'unrecognisedTerms'],
    });
    // the two unrecognised terms are the allergy and the condition
    expect(answered.review.reasons).toEqual(['Acknowledged warning: restricted', '2 × Unrecognised health term: restricted']);
    // the pharmacist reads them in words in the details, where the read is recorded
    const details = await shop.app.inject({ url: `/api/admin/orders/details/${order.orderId}`, headers: shop.headers('pharmacist') });
    expect(details.json().data.review.reasons).toEqual(expect.arrayContaining([`Unrecognised health term: '${sentinel('allergy')}'`]));
  });

  it('is documented: docs/api.md lists each audited staff read and the action it records', () => {
    const documented = Object.fromEntries(apiDocTable('Audited staff actions').filter(([route]) => route.startsWith('GET ')).map(([route, action]) => [route, action]));
    expect(documented).toEqual(Object.fromEntries(Object.entries(AUDITED_READS).map(([route, { action }]) => [route, action])));
  });

  it('keeps an example only for a route that exists', () => {
    const registered = gets().map((r) => r.key);
    expect([...Object.keys(READ_EXAMPLES), ...Object.keys(AUDITED_READS)].filter((key) => !registered.includes(key))).toEqual([]);
  });
});
