/**
 * The 6-month rule (docs/domain.md#prescriptions): a prescription can be dispensed up to the day before
 * `prescriptionExpiresOn(writtenOn)`, and the shop's date is the one in the market's time zone.
 */
import { prescriptionExpiresOn } from '@pharmacy/contracts';
import { prescriptionStanding, shopToday } from '../src/prescriptions/standing';
import { createHarness, type Harness } from './harness';
import { PDF, shopDay, uploadPaper, verifyBody } from './prescription-fixtures';

jest.setTimeout(30_000);

const item = (quantityLeft: number, repeatsUsed = 0, repeatsAllowed = 0) => ({ quantityLeft, repeatsUsed, repeatsAllowed });

describe('a prescription’s standing', () => {
  const verified = { status: 'verified' as const, writtenOn: '2026-01-15', items: [item(28)] };

  test('usable until the day before it expires, expired from that day', () => {
    expect(prescriptionExpiresOn('2026-01-15')).toBe('2026-07-15');
    expect(prescriptionStanding(verified, '2026-07-14')).toBe('verified');
    expect(prescriptionStanding(verified, '2026-07-15')).toBe('expired');
  });

  test('used up when nothing is left and no repeat remains; a repeat left keeps it verified', () => {
    expect(prescriptionStanding({ ...verified, items: [item(0), item(0, 1, 1)] }, '2026-02-01')).toBe('used_up');
    expect(prescriptionStanding({ ...verified, items: [item(0, 0, 1)] }, '2026-02-01')).toBe('verified');
    expect(prescriptionStanding({ ...verified, items: [item(0), item(3)] }, '2026-02-01')).toBe('verified');
  });

  test('a decision stored is the standing until verified', () => {
    expect(prescriptionStanding({ status: 'awaiting_check', items: [] }, '2026-02-01')).toBe('awaiting_check');
    expect(prescriptionStanding({ status: 'rejected', items: [] }, '2026-02-01')).toBe('rejected');
  });

  test('the shop’s date is London’s: 00:30 on a summer morning is already that day', () => {
    expect(shopToday(new Date('2026-07-14T23:30:00Z'), 'GB')).toBe('2026-07-15');
    expect(shopToday(new Date('2026-01-14T23:30:00Z'), 'GB')).toBe('2026-01-14');
  });
});

describe('at the pharmacist’s desk and in My prescriptions', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  /** The last day a prescription expiring today could have been written: the day after it can still be used. */
  function lastExpiredToday(): string {
    const today = shopDay(h);
    let last = '';
    for (let back = 150; back <= 200; back++) if (prescriptionExpiresOn(shopDay(h, -back)) <= today && shopDay(h, -back) > last) last = shopDay(h, -back);
    return last;
  }

  async function waiting(userId: string) {
    const productId = await h.addProduct({ requiresPrescription: true, title: `Sertraline ${userId}` });
    const res = await uploadPaper(h, userId, PDF, { productId });
    return { id: res.json().data._id as string, productId };
  }
  const verify = (id: string, body: object) => h.app.inject({ method: 'POST', url: `/api/admin/prescriptions/${id}/verify`, headers: h.asStaff('pharmacist-1', ['pharmacist']), payload: body });

  test('written 6 months ago less a day is accepted; written exactly its expiry ago is refused', async () => {
    const expiredToday = lastExpiredToday();
    expect(prescriptionExpiresOn(expiredToday) <= shopDay(h)).toBe(true);
    const dayAfter = new Date(`${expiredToday}T12:00:00Z`);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
    const usable = dayAfter.toISOString().slice(0, 10);

    const refused = await waiting('u-edge-old');
    const res = await verify(refused.id, verifyBody(refused.productId, expiredToday));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('written more than 6 months ago');

    const accepted = await waiting('u-edge-ok');
    const ok = await verify(accepted.id, verifyBody(accepted.productId, usable));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ standing: 'verified', expiresOn: prescriptionExpiresOn(usable) });
  });

  test('a verified prescription shows as expired, with the reason, once its 6 months are over', async () => {
    const rx = await waiting('u-later');
    const writtenOn = shopDay(h, -1);
    expect((await verify(rx.id, verifyBody(rx.productId, writtenOn))).statusCode).toBe(200);
    h.clock.offsetMs = 200 * 86_400_000;
    const [shown] = (await h.app.inject({ url: '/api/shop/prescriptions', headers: h.as('u-later') })).json().data;
    h.clock.offsetMs = 0;
    expect(shown).toMatchObject({
      status: 'verified', standing: 'expired', expiresOn: prescriptionExpiresOn(writtenOn),
      refusal: expect.stringContaining('Your prescription has expired'),
    });
  });
});
