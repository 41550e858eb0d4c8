import { memoryAuditSink } from '@pharmacy/service-kit';
import { NO_REGISTRATION_NUMBER } from '../src/responsible/routes';
import { buildTestApp, get, send, staffMember, type TestApp } from './helpers';

let t: TestApp;
const audit = memoryAuditSink();
beforeEach(async () => {
  audit.entries.length = 0;
  t = await buildTestApp({ audit });
});
afterEach(() => t.close());

const onDuty = async () => (await get(t.app, '/api/account/pharmacist-on-duty')).json().data.onDuty;
const internalOnDuty = async () =>
  (await t.app.inject({ method: 'GET', url: '/internal/account/pharmacist-on-duty', headers: { 'x-internal-token': t.keys.internalToken } })).json().data.onDuty;

describe('the responsible pharmacist', () => {
  it('a pharmacist signs in and out; the footer route names them meanwhile; both are audited', async () => {
    expect(await onDuty()).toBeNull();
    const jane = await staffMember(t, ['pharmacist'], { firstName: 'Jane', lastName: 'Patel', registrationNumber: '2071234' });
    const signIn = await send(t.app, 'POST', '/api/admin/pharmacist/sign-in', undefined, jane.jar);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ message: 'You are now the responsible pharmacist.', data: { name: 'Jane Patel', registrationNumber: '2071234', to: null } });

    const footer = await get(t.app, '/api/account/pharmacist-on-duty');
    expect(footer.headers['cache-control']).toBe('public, max-age=5');
    expect(footer.json().data.onDuty).toEqual({ name: 'Jane Patel', registrationNumber: '2071234', since: signIn.json().data.from });
    expect(await internalOnDuty()).toEqual({ id: jane.user._id, name: 'Jane Patel', registrationNumber: '2071234' });

    const signOut = await send(t.app, 'POST', '/api/admin/pharmacist/sign-out', undefined, jane.jar);
    expect(signOut.statusCode).toBe(200);
    expect(signOut.json().data.to).not.toBeNull();
    expect(await onDuty()).toBeNull();
    expect(await internalOnDuty()).toBeNull();
    expect(audit.entries.map((e) => [e.action, e.actor.name, e.actor.role, e.entity.name])).toEqual([
      ['responsiblePharmacist.signIn', 'Jane Patel', 'pharmacist', 'Jane Patel (GPhC 2071234)'],
      ['responsiblePharmacist.signOut', 'Jane Patel', 'pharmacist', 'Jane Patel (GPhC 2071234)'],
    ]);
  });

  it('one at a time: a second pharmacist is refused with who is on duty, also when both sign in at once', async () => {
    const a = await staffMember(t, ['pharmacist'], { firstName: 'Amir', lastName: 'Khan', registrationNumber: '2000001' });
    const b = await staffMember(t, ['pharmacist'], { firstName: 'Beth', lastName: 'Jones', registrationNumber: '2000002' });
    const both = await Promise.all([a, b].map((p) => send(t.app, 'POST', '/api/admin/pharmacist/sign-in', undefined, p.jar)));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = both.find((r) => r.statusCode === 200)!.json().data.name as string;
    expect(both.find((r) => r.statusCode === 409)!.json().message).toMatch(new RegExp(`^${winner} \\(GPhC 200000[12]\\) is the responsible pharmacist since .* UTC\\. They sign out first`));
    expect((await t.store.collection('responsiblePharmacist').find({})).length).toBe(1);
    // Signing in again while on duty changes nothing.
    const again = await send(t.app, 'POST', '/api/admin/pharmacist/sign-in', undefined, winner === 'Amir Khan' ? a.jar : b.jar);
    expect(again.json().message).toBe('You are already the responsible pharmacist.');
  });

  it('another pharmacist cannot end the period; an administrator can, and the record says who ended it', async () => {
    const a = await staffMember(t, ['pharmacist'], { firstName: 'Amir', lastName: 'Khan', registrationNumber: '2000001' });
    const b = await staffMember(t, ['pharmacist'], { registrationNumber: '2000002' });
    const boss = await staffMember(t, ['admin'], { firstName: 'Olu', lastName: 'Ade' });
    await send(t.app, 'POST', '/api/admin/pharmacist/sign-in', undefined, a.jar);
    const refused = await send(t.app, 'POST', '/api/admin/pharmacist/sign-out', undefined, b.jar);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Amir Khan is the responsible pharmacist: only they, or an administrator, can end their period.');
    const ended = await send(t.app, 'POST', '/api/admin/pharmacist/sign-out', undefined, boss.jar);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ message: 'Amir Khan is no longer the responsible pharmacist. Clinical decisions wait until a pharmacist signs in.', data: { endedByName: 'Olu Ade' } });
    expect(audit.entries.at(-1)).toMatchObject({ action: 'responsiblePharmacist.signOut', actor: { name: 'Olu Ade', role: 'admin' } });
    expect((await send(t.app, 'POST', '/api/admin/pharmacist/sign-out', undefined, boss.jar)).json()).toMatchObject({ code: 'CONFLICT', message: 'No pharmacist is signed in as responsible pharmacist.' });
  });

  it('refuses a pharmacist without a registration number, and roles without clinical review', async () => {
    const noNumber = await staffMember(t, ['pharmacist']);
    const res = await send(t.app, 'POST', '/api/admin/pharmacist/sign-in', undefined, noNumber.jar);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ success: false, code: 'NO_REGISTRATION_NUMBER', message: NO_REGISTRATION_NUMBER });
    for (const role of ['support', 'catalogue'] as const) {
      const other = await staffMember(t, [role], { registrationNumber: '2000009' });
      expect((await send(t.app, 'POST', '/api/admin/pharmacist/sign-in', undefined, other.jar)).statusCode).toBe(403);
    }
    expect(await onDuty()).toBeNull();
    expect(audit.entries).toEqual([]);
  });

  it('keeps the record (who, number, from, to) for staff and exports it as CSV with formulas defused', async () => {
    const evil = await staffMember(t, ['pharmacist'], { lastName: 'Smith', registrationNumber: '2000003' });
    // A name saved before today's name rule, or imported: the export must still not run it as a formula.
    await t.store.collection('users').updateOne({ _id: evil.user._id }, { $set: { firstName: '=HYPERLINK("x")' } });
    await send(t.app, 'POST', '/api/admin/pharmacist/sign-in', undefined, evil.jar);
    await send(t.app, 'POST', '/api/admin/pharmacist/sign-out', undefined, evil.jar);
    await send(t.app, 'POST', '/api/admin/pharmacist/sign-in', undefined, evil.jar);
    const support = await staffMember(t, ['support']);
    const list = await get(t.app, '/api/admin/pharmacist/record', support.jar);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 2, page: 1, onDuty: { registrationNumber: '2000003', to: null } });
    expect(list.json().data.map((p: { to: string | null }) => p.to === null)).toEqual([true, false]);

    const csv = await get(t.app, '/api/admin/pharmacist/record/export', support.jar);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="responsible-pharmacist-record-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Pharmacist,GPhC registration number,From (UTC),To (UTC),Ended by,Absences (UTC),Absent (minutes)');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""x""\) Smith",2000003,\d{4}-.*Z,\d{4}-.*Z,,,0$/);
    expect(lines[2]).toMatch(/,on duty,,,0$/);
    expect((await get(t.app, '/api/admin/pharmacist/record')).statusCode).toBe(401);
  });
});
