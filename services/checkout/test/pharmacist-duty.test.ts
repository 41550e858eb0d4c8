/**
 * Clinical decisions and health data at the admin desk (docs/domain.md#responsible-pharmacist, #health-data): a
 * review records the responsible pharmacist on duty and is refused when there is none; an order's health data goes
 * only to roles with 'health.read', each read audited; the pharmacist sees what changed in the health profile since.
 */
import { NO_RESPONSIBLE_PHARMACIST } from '@pharmacy/contracts';
import { memoryAuditSink } from '@pharmacy/service-kit';
import { CONSULTATION_ANSWERS, createHarness, payOrder, placeOrder, type Harness } from './harness';

jest.setTimeout(30_000);

let h: Harness;
const audit = memoryAuditSink();
beforeAll(async () => {
  h = await createHarness({ deps: { audit } });
});
afterAll(() => h.close());
beforeEach(() => {
  audit.entries.length = 0;
  h.onDuty.current = { id: 'pharmacist-1', name: 'Jane Patel', registrationNumber: '2071234' };
  h.onDuty.absent = undefined;
});

const pharmacist = () => h.asStaff('pharmacist-1', ['pharmacist']);
const decide = (orderId: string, payload: object, headers = pharmacist()) =>
  h.app.inject({ method: 'POST', url: `/api/admin/orders/review/${orderId}`, headers, payload });
const details = (orderId: string, headers: Record<string, string>) => h.app.inject({ url: `/api/admin/orders/details/${orderId}`, headers });

async function heldOrder(userId: string) {
  const productId = await h.addProduct({ pharmacyOnly: true, title: `Pharmacy medicine ${userId}`, totalStock: 20, price: 7.5 });
  const order = await placeOrder(h, userId, [{ productId, quantity: 1 }], { consultation: CONSULTATION_ANSWERS });
  await payOrder(h, userId, order);
  return order.orderId;
}

describe('the responsible pharmacist and clinical decisions', () => {
  test('with nobody on duty a review is refused with a clear message, and the order still waits', async () => {
    const orderId = await heldOrder('u-nobody');
    h.onDuty.current = null;
    const res = await decide(orderId, { decision: 'approve' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, code: 'NO_RESPONSIBLE_PHARMACIST', message: NO_RESPONSIBLE_PHARMACIST });
    expect((await details(orderId, pharmacist())).json().data).toMatchObject({ orderStatus: 'confirmed', review: { status: 'awaiting', decidedBy: null } });
  });

  test('while the responsible pharmacist is away a review is refused, by whoever asks, saying since when; back, it goes ahead', async () => {
    const orderId = await heldOrder('u-away');
    h.onDuty.absent = { since: '2026-11-27T10:05:00.000Z', sinceTime: '10:05' };
    for (const headers of [pharmacist(), h.asStaff('boss', ['admin'])]) {
      const res = await decide(orderId, { decision: 'approve' }, headers);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        code: 'RESPONSIBLE_PHARMACIST_ABSENT',
        message: 'The responsible pharmacist Jane Patel is away from the pharmacy (since 10:05). Clinical decisions wait until they are back.',
      });
    }
    expect((await details(orderId, pharmacist())).json().data).toMatchObject({ orderStatus: 'confirmed', review: { status: 'awaiting', decidedBy: null } });

    h.onDuty.absent = undefined;
    const approved = await decide(orderId, { decision: 'approve' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.review).toMatchObject({ status: 'approved', responsiblePharmacist: { name: 'Jane Patel' } });
  });

  test('an approval and a rejection record the responsible pharmacist at that moment', async () => {
    const approved = await decide(await heldOrder('u-approve'), { decision: 'approve', note: 'Checked' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.review).toMatchObject({ status: 'approved', responsiblePharmacist: { id: 'pharmacist-1', name: 'Jane Patel', registrationNumber: '2071234' } });

    // An administrator decides while another pharmacist is the responsible one: the record names that pharmacist.
    h.onDuty.current = { id: 'pharmacist-2', name: 'Amir Khan', registrationNumber: '2000001' };
    const rejected = await decide(await heldOrder('u-reject'), { decision: 'reject', reason: 'Not suitable with your other medicines' }, h.asStaff('boss', ['admin']));
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data.review).toMatchObject({ status: 'rejected', decidedBy: 'boss', responsiblePharmacist: { name: 'Amir Khan', registrationNumber: '2000001' } });
  });

  test('support cannot decide, whoever is on duty', async () => {
    const orderId = await heldOrder('u-support');
    const res = await decide(orderId, { decision: 'approve' }, h.asStaff('support-1', ['support']));
    expect(res.statusCode).toBe(403);
  });
});

describe("an order's health data", () => {
  test('support gets it as restricted (never as "none"), catalogue not at all; no health read is recorded for them', async () => {
    const orderId = await heldOrder('u-restricted');
    const support = await details(orderId, h.asStaff('support-1', ['support']));
    expect(support.statusCode).toBe(200);
    expect(support.json().data).not.toHaveProperty('consultation');
    expect(support.json().data).not.toHaveProperty('unrecognisedTerms');
    expect(support.json().data.restricted).toEqual(['consultation', 'unrecognisedTerms']);
    expect((await details(orderId, h.asStaff('cat-1', ['catalogue']))).statusCode).toBe(403);
    expect(audit.entries).toEqual([]);
  });

  test('pharmacist and admin get it, and each read is one audit entry naming the fields, never their values', async () => {
    const orderId = await heldOrder('u-full');
    for (const [who, role] of [['pharmacist-1', 'pharmacist'], ['boss', 'admin']] as const) {
      const res = await details(orderId, h.asStaff(who, [role]));
      expect(res.json().data.consultation).toHaveLength(CONSULTATION_ANSWERS.length);
      expect(res.json().data).not.toHaveProperty('restricted');
    }
    expect(audit.entries.map((e) => [e.action, e.actor.id, e.actor.role, e.entity.type, e.entity.id])).toEqual([
      ['health.read', 'pharmacist-1', 'pharmacist', 'order', orderId],
      ['health.read', 'boss', 'admin', 'order', orderId],
    ]);
    expect(audit.entries[0].after).toEqual({ fields: ['consultation'] });
    expect(JSON.stringify(audit.entries)).not.toContain(CONSULTATION_ANSWERS[0].answer);
  });

  test('staff lists never carry health data, whoever asks', async () => {
    await heldOrder('u-listed');
    const list = (await h.app.inject({ url: '/api/admin/orders/get?review=awaiting', headers: pharmacist() })).json();
    expect(list.data.length).toBeGreaterThan(0);
    for (const o of list.data) {
      expect(o).not.toHaveProperty('consultation');
      expect(o.restricted).toEqual(['consultation', 'unrecognisedTerms']);
    }
  });

  test('the reviewing pharmacist sees what changed in the health profile since the order, and only since', async () => {
    const orderId = await heldOrder('u-changed');
    const placedAt = new Date((await details(orderId, pharmacist())).json().data.orderDate);
    const before = new Date(placedAt.getTime() - 60_000).toISOString();
    const after = new Date(placedAt.getTime() + 60_000).toISOString();
    h.healthChanges.set('u-changed', [
      { at: before, field: 'allergies', before: [], after: ['Penicillin'] },
      { at: after, field: 'allergies', before: ['Penicillin'], after: ['Penicillin', 'Ibuprofen'] },
    ]);
    audit.entries.length = 0;
    const res = (await details(orderId, pharmacist())).json().data;
    expect(res.healthChanges).toEqual([{ at: after, field: 'allergies', before: ['Penicillin'], after: ['Penicillin', 'Ibuprofen'] }]);
    expect(audit.entries.map((e) => e.after)).toEqual([{ fields: ['consultation', 'healthChanges'] }]);
    expect((await details(orderId, h.asStaff('support-1', ['support']))).json().data).not.toHaveProperty('healthChanges');
  });
});
