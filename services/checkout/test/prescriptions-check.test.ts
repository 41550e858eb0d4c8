/**
 * The pharmacist's check (docs/domain.md#prescriptions): the queue oldest first, the detail beside the health
 * profile, verification recording the items and the 6-month expiry, warnings acknowledged, a responsible
 * pharmacist on duty, one decision only, and the shopper mailed either way.
 */
import { NO_RESPONSIBLE_PHARMACIST, prescriptionExpiresOn, responsiblePharmacistAbsent } from '@pharmacy/contracts';
import { memoryAuditSink } from '@pharmacy/service-kit';
import { CONSULTATION_ANSWERS, createHarness, payOrder, placeOrder, type Harness } from './harness';
import { PDF, shopDay, uploadPaper, verifyBody } from './prescription-fixtures';

jest.setTimeout(30_000);

let h: Harness;
const audit = memoryAuditSink();
beforeAll(async () => {
  h = await createHarness({ deps: { audit } });
  h.names.set('pharmacist-1', 'Jane Patel');
});
afterAll(() => h.close());
beforeEach(() => {
  audit.entries.length = 0;
  h.onDuty.current = { id: 'pharmacist-1', name: 'Jane Patel', registrationNumber: '2071234' };
});

const pharmacist = () => h.asStaff('pharmacist-1', ['pharmacist']);
const verify = (id: string, payload: object, headers = pharmacist()) => h.app.inject({ method: 'POST', url: `/api/admin/prescriptions/${id}/verify`, headers, payload });
const reject = (id: string, payload: object, headers = pharmacist()) => h.app.inject({ method: 'POST', url: `/api/admin/prescriptions/${id}/reject`, headers, payload });
const details = (id: string) => h.app.inject({ url: `/api/admin/prescriptions/${id}`, headers: pharmacist() });
const mine = async (userId: string) => (await h.app.inject({ url: '/api/shop/prescriptions', headers: h.as(userId) })).json().data;

/** A shopper (named) with a photo of a prescription for a new prescription-only product: the ids. */
async function waiting(userId: string, fields: object = {}) {
  h.names.set(userId, 'Ada Lovelace');
  h.emails.set(userId, `${userId}@example.test`);
  const productId = await h.addProduct({ requiresPrescription: true, title: `Amoxicillin ${userId}`, ...fields });
  const res = await uploadPaper(h, userId, PDF, { productId });
  if (res.statusCode !== 200) throw new Error(res.body);
  return { id: res.json().data._id as string, productId };
}

describe('the queue of prescriptions to check', () => {
  test('oldest first, paged, named by the shopper, with no health data', async () => {
    const first = await waiting('u-q1');
    h.clock.offsetMs = 1000;
    const second = await waiting('u-q2');
    h.clock.offsetMs = 0;
    const res = await h.app.inject({ url: '/api/admin/prescriptions?limit=100', headers: pharmacist() });
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((r: { _id: string }) => r._id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const row = res.json().data.find((r: { _id: string }) => r._id === first.id);
    expect(row).toEqual({
      _id: first.id, userId: 'u-q1', shopperName: 'Ada Lovelace', source: 'paper', status: 'awaiting_check', standing: 'awaiting_check',
      createdAt: expect.any(String), forProduct: { productId: first.productId, title: 'Amoxicillin u-q1' },
    });
    expect(res.json()).toMatchObject({ total: ids.length, page: 1, limit: 100 });
    expect(audit.entries).toEqual([]);
  });

  test('support and shoppers cannot read it', async () => {
    expect((await h.app.inject({ url: '/api/admin/prescriptions', headers: h.asStaff('support-1', ['support']) })).statusCode).toBe(403);
    expect((await h.app.inject({ url: '/api/admin/prescriptions', headers: h.as('u-shopper') })).statusCode).toBe(403);
    expect((await h.app.inject({ url: '/api/admin/prescriptions' })).statusCode).toBe(401);
  });
});

describe('the detail beside the health profile', () => {
  test('shows the profile, the warnings for its product and the history, and records the health read', async () => {
    h.profiles.set('u-detail', { allergies: ['Penicillin'], healthConditions: ['Asthma'], DOB: '1980-05-05' });
    const earlier = await waiting('u-detail', { allergens: ['penicillin'] });
    const rx = await waiting('u-detail', { allergens: ['penicillin'] });
    const res = await details(rx.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: rx.id, userId: 'u-detail', shopper: { name: 'Ada Lovelace', email: 'u-detail@example.test' },
      health: { DOB: '1980-05-05', allergies: ['Penicillin'], healthConditions: ['Asthma'] },
      warnings: [{ productId: rx.productId, message: expect.stringContaining('enicillin') }],
      history: [{ kind: 'prescription', id: earlier.id, summary: 'paper prescription, awaiting check' }],
    });
    expect(audit.entries).toEqual([expect.objectContaining({ action: 'health.read', entity: expect.objectContaining({ type: 'prescription', id: rx.id }) })]);
  });

  test('the history lists the shopper’s orders of pharmacy medicines, not their other orders', async () => {
    const pharmacy = await h.addProduct({ pharmacyOnly: true, title: 'Chloramphenicol eye drops', totalStock: 20 });
    const everyday = await h.addProduct({ title: 'Plasters', totalStock: 20 });
    const held = await placeOrder(h, 'u-history', [{ productId: pharmacy, quantity: 1 }], { consultation: CONSULTATION_ANSWERS });
    await payOrder(h, 'u-history', held);
    await payOrder(h, 'u-history', await placeOrder(h, 'u-history', [{ productId: everyday, quantity: 1 }]));
    const rx = await waiting('u-history');
    const { history } = (await details(rx.id)).json().data;
    expect(history).toEqual([{ kind: 'order', id: held.orderId, at: expect.any(String), summary: expect.stringMatching(/^Order #[0-9A-F]{8} \(confirmed\): 1 × Chloramphenicol eye drops$/) }]);
  });
});

describe('verification', () => {
  test('records the items, prescriber and expiry, who decided under which responsible pharmacist, and mails the shopper', async () => {
    const rx = await waiting('u-verify');
    const writtenOn = shopDay(h, -10);
    const res = await verify(rx.id, verifyBody(rx.productId, writtenOn, { note: 'Take the whole course.' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'verified', standing: 'verified', writtenOn, expiresOn: prescriptionExpiresOn(writtenOn), pharmacistNote: 'Take the whole course.',
      prescriber: { name: 'Dr Ruth Okafor', registration: 'GMC 7012345' },
      items: [{ id: expect.any(String), productId: rx.productId, title: 'Amoxicillin u-verify', quantity: 28, quantityLeft: 28, directions: 'One tablet twice a day with food', repeatsAllowed: 2, repeatsUsed: 0 }],
    });
    expect(res.json().data.refusal).toBeUndefined();
    const detail = (await details(rx.id)).json().data;
    expect(detail.decision).toEqual({
      by: { id: 'pharmacist-1', name: 'Jane Patel', role: 'pharmacist', registrationNumber: '2071234' }, at: expect.any(String),
      responsiblePharmacist: { id: 'pharmacist-1', name: 'Jane Patel', registrationNumber: '2071234' }, acknowledgedWarnings: [],
    });
    expect(audit.entries.find((e) => e.action === 'prescription.verify')).toMatchObject({
      entity: { type: 'prescription', id: rx.id, name: expect.stringMatching(/^Prescription of Ada Lovelace added /) },
      before: { status: 'awaiting_check' },
      after: { status: 'verified', items: ['28 × Amoxicillin u-verify: One tablet twice a day with food (repeats 2)'], prescriber: 'Dr Ruth Okafor', responsiblePharmacist: 'Jane Patel' },
    });
    const mail = h.mails.find((m) => m.userId === 'u-verify');
    expect(mail).toMatchObject({ subject: 'Your prescription was checked and approved by our pharmacist', key: `prescription-verified:${rx.id}` });
    expect(mail?.text).toContain('28 × Amoxicillin u-verify');
    expect(mail?.text).toContain('One tablet twice a day with food');
    // The decided list names who decided, when, and until when it can be used; the detail says which viewer to open.
    const decided = (await h.app.inject({ url: '/api/admin/prescriptions?status=verified&limit=100', headers: pharmacist() })).json().data;
    expect(decided.find((row: { _id: string }) => row._id === rx.id)).toMatchObject({ decidedByName: 'Jane Patel', decidedAt: detail.decision.at, expiresOn: prescriptionExpiresOn(writtenOn) });
    expect(detail.fileType).toBe('application/pdf');
  });

  test('warnings from the profile must be acknowledged, and the acknowledgement is recorded', async () => {
    h.profiles.set('u-warn', { allergies: ['Penicillin'], healthConditions: [], DOB: '1980-05-05' });
    const rx = await waiting('u-warn', { allergens: ['penicillin'] });
    const refused = await verify(rx.id, verifyBody(rx.productId, shopDay(h, -1)));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'SAFETY_ACK_REQUIRED', message: expect.stringContaining('enicillin') });
    expect((await mine('u-warn'))[0].status).toBe('awaiting_check');
    const ok = await verify(rx.id, verifyBody(rx.productId, shopDay(h, -1), { warningsAcknowledged: true }));
    expect(ok.statusCode).toBe(200);
    expect((await details(rx.id)).json().data.decision.acknowledgedWarnings).toEqual([expect.stringContaining('enicillin')]);
  });

  test('with nobody on duty it is refused with 409 and the prescription still waits', async () => {
    const rx = await waiting('u-duty');
    h.onDuty.current = null;
    const res = await verify(rx.id, verifyBody(rx.productId, shopDay(h, -1)));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, code: 'NO_RESPONSIBLE_PHARMACIST', message: NO_RESPONSIBLE_PHARMACIST });
    expect((await reject(rx.id, { reason: 'Unreadable photo' })).statusCode).toBe(409);
    expect((await mine('u-duty'))[0].status).toBe('awaiting_check');
    expect(audit.entries.filter((e) => e.action.startsWith('prescription.'))).toEqual([]);
  });

  test('while the responsible pharmacist is away it is refused with 409 saying since when, and the prescription still waits', async () => {
    const rx = await waiting('u-away');
    h.onDuty.absent = { since: '2026-11-27T10:05:00.000Z', sinceTime: '10:05' };
    try {
      const res = await verify(rx.id, verifyBody(rx.productId, shopDay(h, -1)));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, code: 'RESPONSIBLE_PHARMACIST_ABSENT', message: responsiblePharmacistAbsent('Jane Patel', '10:05') });
      expect((await reject(rx.id, { reason: 'Unreadable photo' })).json().code).toBe('RESPONSIBLE_PHARMACIST_ABSENT');
      expect((await mine('u-away'))[0].status).toBe('awaiting_check');
      expect(audit.entries.filter((e) => e.action.startsWith('prescription.'))).toEqual([]);
    } finally {
      h.onDuty.absent = undefined;
    }
  });

  test('a second decision is 409 and changes nothing; two at once, one wins', async () => {
    const rx = await waiting('u-twice');
    expect((await verify(rx.id, verifyBody(rx.productId, shopDay(h, -1)))).statusCode).toBe(200);
    const again = await reject(rx.id, { reason: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('already verified by Jane Patel');
    expect((await mine('u-twice'))[0]).toMatchObject({ status: 'verified' });

    const raced = await waiting('u-race');
    const answers = await Promise.all([verify(raced.id, verifyBody(raced.productId, shopDay(h, -1))), reject(raced.id, { reason: 'Not a valid prescription' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(h.mails.filter((m) => m.userId === 'u-race')).toHaveLength(1);
  });

  test('each item must be a prescription-only product that exists', async () => {
    const rx = await waiting('u-items');
    const otc = await h.addProduct({ title: 'Vitamin C' });
    const res = await verify(rx.id, verifyBody(otc, shopDay(h, -1)));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Vitamin C is sold without a prescription, so it cannot be put on one.');
    expect((await verify(rx.id, verifyBody('no-such-product', shopDay(h, -1)))).statusCode).toBe(404);
  });

  test('the date it was written: not in the future, and not 6 months ago or more', async () => {
    const rx = await waiting('u-dates');
    const future = await verify(rx.id, verifyBody(rx.productId, shopDay(h, 1)));
    expect(future.statusCode).toBe(422);
    expect(future.json().message).toContain('cannot be in the future');
    const old = await verify(rx.id, verifyBody(rx.productId, shopDay(h, -200)));
    expect(old.statusCode).toBe(422);
    expect(old.json().message).toContain('written more than 6 months ago');
    expect((await verify(rx.id, verifyBody(rx.productId, '2026-02-30'))).statusCode).toBe(400);
  });
});

describe('rejection', () => {
  test('needs a reason, which the shopper reads in My prescriptions and in a mail', async () => {
    const rx = await waiting('u-reject');
    expect((await reject(rx.id, { reason: '  ' })).statusCode).toBe(400);
    expect((await reject(rx.id, {})).statusCode).toBe(400);
    const res = await reject(rx.id, { reason: 'The photo is too blurred to read the dose.' });
    expect(res.statusCode).toBe(200);
    const [shown] = await mine('u-reject');
    expect(shown).toMatchObject({
      status: 'rejected', standing: 'rejected', pharmacistNote: 'The photo is too blurred to read the dose.',
      refusal: 'Your prescription was not accepted by the pharmacist, so this medicine cannot be ordered against it.',
    });
    const mail = h.mails.find((m) => m.userId === 'u-reject');
    expect(mail).toMatchObject({ subject: 'Your prescription could not be accepted by our pharmacist', key: `prescription-rejected:${rx.id}` });
    expect(mail?.text).toContain('The photo is too blurred to read the dose.');
    expect(audit.entries.find((e) => e.action === 'prescription.reject')).toMatchObject({
      before: { status: 'awaiting_check' }, after: { status: 'rejected', reason: 'The photo is too blurred to read the dose.', responsiblePharmacist: 'Jane Patel' },
    });
  });

  test('a mail the account service could not take is sent by the sweep, once', async () => {
    const rx = await waiting('u-mail-later');
    h.mailDown.on = true;
    expect((await reject(rx.id, { reason: 'Not signed by the prescriber' })).statusCode).toBe(200);
    h.mailDown.on = false;
    expect(h.mails.filter((m) => m.userId === 'u-mail-later')).toHaveLength(0);
    await h.controls.sweep();
    await h.controls.sweep();
    expect(h.mails.filter((m) => m.userId === 'u-mail-later')).toHaveLength(1);
  });
});
