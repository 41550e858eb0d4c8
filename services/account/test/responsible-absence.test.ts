/**
 * The responsible pharmacist's absences (docs/domain.md#responsible-pharmacist): the pharmacist on duty steps out
 * and comes back; at most 2 hours in the pharmacy's day, midnight to midnight in London, all absences together
 * (reg. 3(1), (2), (7)); each absence in the record with its date and times (reg. 5(1)(e)); the footer and checkout
 * are told while they are away.
 */
import { memoryAuditSink } from '@pharmacy/service-kit';
import { NOT_AWAY } from '../src/responsible/routes';
import { buildTestApp, get, send, staffMember, type TestApp } from './helpers';

let t: TestApp;
const audit = memoryAuditSink();
/** The service's clock, set by each test: the day's limit is about the pharmacy's wall clock. */
let clock = new Date('2026-11-27T09:00:00Z');
const at = (iso: string) => {
  clock = new Date(iso);
};
beforeEach(async () => {
  audit.entries.length = 0;
  clock = new Date('2026-11-27T09:00:00Z');
  t = await buildTestApp({ audit, now: () => clock });
});
afterEach(() => t.close());

type Staff = Awaited<ReturnType<typeof staffMember>>;
const jane = () => staffMember(t, ['pharmacist'], { firstName: 'Jane', lastName: 'Patel', registrationNumber: '2071234' });
const signIn = (p: Staff) => send(t.app, 'POST', '/api/admin/pharmacist/sign-in', undefined, p.jar);
const stepOut = (p: Staff, body: object = {}) => send(t.app, 'POST', '/api/admin/pharmacist/step-out', body, p.jar);
const back = (p: Staff) => send(t.app, 'POST', '/api/admin/pharmacist/back', undefined, p.jar);
const record = async (p: Staff) => (await get(t.app, '/api/admin/pharmacist/record', p.jar)).json();
const footer = async () => (await get(t.app, '/api/account/pharmacist-on-duty')).json().data.onDuty;
const internal = async () =>
  (await t.app.inject({ method: 'GET', url: '/internal/account/pharmacist-on-duty', headers: { 'x-internal-token': t.keys.internalToken } })).json().data;

/**
 * Holds the record's writes until two requests have read it and both write (or 2 s passed), as two requests at the
 * same moment would; answers how many writes came.
 */
function holdWritesUntilBoth(): () => number {
  const periods = t.store.collection('responsiblePharmacist');
  const write = periods.findOneAndUpdate.bind(periods);
  let arrived = 0;
  let release = () => undefined as void;
  const bothRead = new Promise<void>((resolve) => (release = resolve));
  const held = jest.spyOn(periods, 'findOneAndUpdate').mockImplementation(async (...args: Parameters<typeof write>) => {
    if (++arrived === 2) {
      held.mockRestore();
      release();
    }
    await Promise.race([bothRead, new Promise((resolve) => setTimeout(resolve, 2000))]);
    return write(...args);
  });
  return () => arrived;
}

/** Away from `from` to `to` (ISO), both answered 200. */
async function absence(p: Staff, from: string, to: string) {
  at(from);
  const out = await stepOut(p);
  expect([out.statusCode, out.json().message]).toEqual([200, expect.stringMatching(/^You are away from the pharmacy since/)]);
  at(to);
  expect((await back(p)).statusCode).toBe(200);
}

describe('stepping out and coming back', () => {
  it('records the absence with its note; the footer, checkout and the audit trail know meanwhile', async () => {
    const p = await jane();
    await signIn(p);
    at('2026-11-27T10:05:00Z');
    const out = await stepOut(p, { note: '  On my mobile 07700 900123  ' });
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe('You are away from the pharmacy since 10:05: pharmacy medicines and prescriptions wait until you are back. 2 h of today\'s 2 hours left.');
    expect(out.json().data.absences).toEqual([{ from: '2026-11-27T10:05:00.000Z', to: null, note: 'On my mobile 07700 900123' }]);

    expect(await footer()).toEqual({ name: 'Jane Patel', registrationNumber: '2071234', since: '2026-11-27T09:00:00.000Z', absentSince: '2026-11-27T10:05:00.000Z' });
    expect(await internal()).toEqual({ onDuty: { id: p.user._id, name: 'Jane Patel', registrationNumber: '2071234' }, absent: { since: '2026-11-27T10:05:00.000Z', sinceTime: '10:05' } });

    at('2026-11-27T10:40:00Z');
    const returned = await back(p);
    expect(returned.statusCode).toBe(200);
    expect(returned.json().message).toBe('Welcome back: you were away 35 min. Pharmacy medicines and prescriptions can go ahead.');
    expect(returned.json().data).toMatchObject({ absences: [{ from: '2026-11-27T10:05:00.000Z', to: '2026-11-27T10:40:00.000Z', note: 'On my mobile 07700 900123' }], absentMinutes: 35 });
    expect(await footer()).not.toHaveProperty('absentSince');
    expect(await internal()).toEqual({ onDuty: { id: p.user._id, name: 'Jane Patel', registrationNumber: '2071234' } });

    expect(audit.entries.map((e) => [e.action, e.actor.name, e.entity.name])).toEqual([
      ['responsiblePharmacist.signIn', 'Jane Patel', 'Jane Patel (GPhC 2071234)'],
      ['responsiblePharmacist.absent', 'Jane Patel', 'Jane Patel (GPhC 2071234)'],
      ['responsiblePharmacist.returned', 'Jane Patel', 'Jane Patel (GPhC 2071234)'],
    ]);
    expect(audit.entries[1].before).toMatchObject({ absences: [] });
    expect(audit.entries[1].after).toMatchObject({ absences: [{ from: '2026-11-27T10:05:00.000Z', to: null }] });
    expect(audit.entries[2].after).toMatchObject({ absences: [{ to: '2026-11-27T10:40:00.000Z' }], absentMinutes: 35 });
  });

  it('tells the time on the London clock in summer (BST)', async () => {
    at('2027-07-01T08:00:00Z');
    const p = await jane();
    await signIn(p);
    at('2027-07-01T09:05:00Z');
    expect((await stepOut(p)).json().message).toMatch(/^You are away from the pharmacy since 10:05:/);
    expect((await internal()).absent).toEqual({ since: '2027-07-01T09:05:00.000Z', sinceTime: '10:05' });
  });

  it('keeps one absence when "Step out" is sent twice at once, and again later', async () => {
    const p = await jane();
    await signIn(p);
    // Both requests have found nobody away before either writes: the write itself must decide.
    const arrived = holdWritesUntilBoth();
    const both = await Promise.all([stepOut(p, { note: 'first' }), stepOut(p, { note: 'second' })]);
    expect(arrived()).toBe(2);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const again = await stepOut(p);
    expect(again.statusCode).toBe(200);
    const { onDuty } = await record(p);
    expect(onDuty.absences).toHaveLength(1);
    expect(both.map((r) => r.json().data.absences[0].note)).toEqual([onDuty.absences[0].note, onDuty.absences[0].note]);
    expect(audit.entries.filter((e) => e.action === 'responsiblePharmacist.absent')).toHaveLength(1);
  });

  it('answers "Back" with nobody away 409, and records nothing', async () => {
    const p = await jane();
    await signIn(p);
    const res = await back(p);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, code: 'CONFLICT', message: NOT_AWAY });
    // Twice "Back" after one absence: the second finds nobody away.
    await absence(p, '2026-11-27T10:00:00Z', '2026-11-27T10:10:00Z');
    expect((await back(p)).statusCode).toBe(409);
    expect(audit.entries.map((e) => e.action)).toEqual(['responsiblePharmacist.signIn', 'responsiblePharmacist.absent', 'responsiblePharmacist.returned']);
  });

  it('only the pharmacist on duty records their absence: nobody on duty, another pharmacist and an administrator get 409', async () => {
    const p = await jane();
    const other = await staffMember(t, ['pharmacist'], { firstName: 'Amir', lastName: 'Khan', registrationNumber: '2000001' });
    const boss = await staffMember(t, ['admin'], { firstName: 'Olu', lastName: 'Ade' });
    expect((await stepOut(p)).json()).toEqual({ success: false, code: 'CONFLICT', message: 'No pharmacist is signed in as responsible pharmacist.' });
    await signIn(p);
    for (const who of [other, boss]) {
      const res = await stepOut(who);
      expect([res.statusCode, res.json().message]).toEqual([409, 'Jane Patel is the responsible pharmacist: only they record their absence from the pharmacy.']);
    }
    expect((await stepOut(await staffMember(t, ['support']))).statusCode).toBe(403);
    expect((await footer()).absentSince).toBeUndefined();
  });

  it('refuses a note over 200 characters, or anything else in the body, and records nothing', async () => {
    const p = await jane();
    await signIn(p);
    expect((await stepOut(p, { note: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await stepOut(p, { note: 'ok', until: '12:00' })).statusCode).toBe(400);
    expect((await footer()).absentSince).toBeUndefined();
  });

  it('signing out while away ends the absence at the sign-out', async () => {
    const p = await jane();
    await signIn(p);
    at('2026-11-27T12:00:00Z');
    await stepOut(p, { note: 'Amir Khan covers' });
    at('2026-11-27T12:45:00Z');
    const out = await send(t.app, 'POST', '/api/admin/pharmacist/sign-out', undefined, p.jar);
    expect(out.statusCode).toBe(200);
    expect(out.json().data).toMatchObject({ to: '2026-11-27T12:45:00.000Z', absences: [{ from: '2026-11-27T12:00:00.000Z', to: '2026-11-27T12:45:00.000Z', note: 'Amir Khan covers' }], absentMinutes: 45 });
    expect(audit.entries.at(-1)).toMatchObject({ action: 'responsiblePharmacist.signOut', before: { absences: [{ to: null }] }, after: { absences: [{ to: '2026-11-27T12:45:00.000Z' }] } });
    expect(await footer()).toBeNull();
    // Nobody is away any more: the next pharmacist starts the day with 45 minutes of it used.
    const amir = await staffMember(t, ['pharmacist'], { registrationNumber: '2000001' });
    await signIn(amir);
    expect((await record(amir)).absenceToday).toEqual({ day: '2026-11-27', usedMinutes: 45, leftMinutes: 75 });
  });

  it('"Back" and signing out at the same moment end the absence once', async () => {
    const p = await jane();
    await signIn(p);
    at('2026-11-27T12:00:00Z');
    await stepOut(p);
    at('2026-11-27T12:30:00Z');
    const arrived = holdWritesUntilBoth();
    const [returned, signedOut] = await Promise.all([back(p), send(t.app, 'POST', '/api/admin/pharmacist/sign-out', undefined, p.jar)]);
    expect(arrived()).toBe(2);
    expect([returned.statusCode, signedOut.statusCode]).toContain(200);
    const [period] = await t.store.collection('responsiblePharmacist').find({});
    expect(period.absences).toHaveLength(1);
    expect(period).not.toHaveProperty('away');
  });
});

describe('at most 2 hours in a day (reg. 3(1), (2))', () => {
  it('allows exactly 2 hours in all, then refuses stepping out with what to do', async () => {
    const p = await jane();
    await signIn(p);
    await absence(p, '2026-11-27T09:30:00Z', '2026-11-27T10:30:00Z');
    await absence(p, '2026-11-27T11:00:00Z', '2026-11-27T12:00:00Z');
    const { onDuty, absenceToday } = await record(p);
    expect(absenceToday).toEqual({ day: '2026-11-27', usedMinutes: 120, leftMinutes: 0 });
    expect(onDuty.absences.map((a: { overLimit?: true }) => a.overLimit ?? false)).toEqual([false, false]);
    expect(onDuty.absentMinutes).toBe(120);

    at('2026-11-27T15:00:00Z');
    const refused = await stepOut(p);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      success: false,
      code: 'ABSENCE_LIMIT_REACHED',
      message: "Today's absences already total 2 h, and the responsible pharmacist may be away for at most 2 hours in a day. Stay at the pharmacy, or sign out so that another pharmacist can sign in.",
    });
    expect((await footer()).absentSince).toBeUndefined();
  });

  it('counts every responsible pharmacist of the day together', async () => {
    const p = await jane();
    await signIn(p);
    await absence(p, '2026-11-27T09:30:00Z', '2026-11-27T11:30:00Z');
    await send(t.app, 'POST', '/api/admin/pharmacist/sign-out', undefined, p.jar);
    const amir = await staffMember(t, ['pharmacist'], { registrationNumber: '2000001' });
    await signIn(amir);
    expect((await stepOut(amir)).json().code).toBe('ABSENCE_LIMIT_REACHED');
  });

  it('lets the pharmacist step out with a minute left; the absence that takes the day to 2 h 1 min is flagged, while open and in the record', async () => {
    const p = await jane();
    await signIn(p);
    await absence(p, '2026-11-27T09:00:00Z', '2026-11-27T10:59:00Z');
    at('2026-11-27T11:00:00Z');
    const out = await stepOut(p);
    expect(out.json().message).toMatch(/ 1 min of today's 2 hours left\.$/);
    at('2026-11-27T11:01:00Z');
    expect((await record(p)).onDuty.absences[1].overLimit).toBeUndefined();
    at('2026-11-27T11:02:00Z');
    const open = await record(p);
    expect(open.onDuty.absences[1]).toEqual({ from: '2026-11-27T11:00:00.000Z', to: null, overLimit: true });
    expect(open.absenceToday).toEqual({ day: '2026-11-27', usedMinutes: 121, leftMinutes: 0 });
    const csv = (await get(t.app, '/api/admin/pharmacist/record/export', p.jar)).body;
    expect(csv).toContain('2026-11-27T11:00:00.000Z to still away, over the 2-hour limit');

    const returned = await back(p);
    expect(returned.json().message).toBe("Welcome back: you were away 2 min. Pharmacy medicines and prescriptions can go ahead. Today's absences went over the 2-hour limit: the record says so.");
    expect(returned.json().data.absences.map((a: { overLimit?: true }) => a.overLimit ?? false)).toEqual([false, true]);
  });

  it('counts the day midnight to midnight in London (BST): 23:30 the day before is not today', async () => {
    at('2027-07-01T19:00:00Z');
    const p = await jane();
    await signIn(p);
    // 21:30 to 23:30 BST on 1 July: that day's 2 hours.
    await absence(p, '2027-07-01T20:30:00Z', '2027-07-01T22:30:00Z');
    at('2027-07-01T22:50:00Z'); // 23:50 BST, still 1 July
    expect((await stepOut(p)).json().code).toBe('ABSENCE_LIMIT_REACHED');
    // 00:10 BST on 2 July is 23:10 on 1 July in UTC: a new day in London all the same.
    at('2027-07-01T23:10:00Z');
    const out = await stepOut(p);
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toMatch(/since 00:10: .* 2 h of today's 2 hours left\.$/);
    expect((await record(p)).absenceToday).toEqual({ day: '2027-07-02', usedMinutes: 0, leftMinutes: 120 });
  });

  it('splits an absence across midnight between the two days', async () => {
    const p = await jane();
    at('2026-11-27T20:00:00Z');
    await signIn(p);
    await absence(p, '2026-11-27T23:30:00Z', '2026-11-28T00:30:00Z');
    expect((await record(p)).absenceToday).toEqual({ day: '2026-11-28', usedMinutes: 30, leftMinutes: 90 });
  });
});

describe('the record', () => {
  it('lists each period\'s absences and their total, and the CSV has them', async () => {
    const p = await jane();
    await signIn(p);
    await absence(p, '2026-11-27T10:00:00Z', '2026-11-27T10:20:00Z');
    at('2026-11-27T11:00:00Z');
    await stepOut(p, { note: '=cmd|calc, on 07700 900123' });
    at('2026-11-27T11:15:00Z');
    const support = await staffMember(t, ['support']);
    const { data } = await record(support);
    expect(data[0]).toMatchObject({
      absences: [{ from: '2026-11-27T10:00:00.000Z', to: '2026-11-27T10:20:00.000Z' }, { from: '2026-11-27T11:00:00.000Z', to: null, note: '=cmd|calc, on 07700 900123' }],
      absentMinutes: 35,
    });

    const csv = await get(t.app, '/api/admin/pharmacist/record/export', support.jar);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Pharmacist,GPhC registration number,From (UTC),To (UTC),Ended by,Absences (UTC),Absent (minutes)');
    expect(lines[1]).toBe(
      'Jane Patel,2071234,2026-11-27T09:00:00.000Z,on duty,,' +
        '"2026-11-27T10:00:00.000Z to 2026-11-27T10:20:00.000Z; 2026-11-27T11:00:00.000Z to still away (=cmd|calc, on 07700 900123)",35',
    );
  });
});
