import { memoryAuditSink } from '@pharmacy/service-kit';
import { buildTestApp, get, send, signedIn, staffMember, type TestApp } from './helpers';

let t: TestApp;
const audit = memoryAuditSink();
beforeAll(async () => {
  t = await buildTestApp({ audit });
});
afterAll(() => t.close());
beforeEach(() => {
  audit.entries.length = 0;
});

const internalChanges = (userId: string, since: string) =>
  t.app.inject({ url: `/internal/account/users/${userId}/health-changes?since=${encodeURIComponent(since)}`, headers: { 'x-internal-token': t.keys.internalToken } });

describe('health data on a need-to-know basis', () => {
  it('support gets it as restricted (never as "none"), catalogue not at all; admin and pharmacist get it, one audit entry per read', async () => {
    const shopper = await signedIn(t.app);
    await send(t.app, 'PUT', '/api/account/profile', { allergies: ['Penicillin'], DOB: '1990-04-01' }, shopper.jar);
    const url = `/api/admin/users/details/${shopper.user._id}`;

    const support = await staffMember(t, ['support']);
    const restricted = (await get(t.app, url, support.jar)).json().data;
    expect(restricted).not.toHaveProperty('allergies');
    expect(restricted).not.toHaveProperty('DOB');
    expect(restricted.restricted).toEqual(['DOB', 'allergies', 'healthConditions']);
    expect((await get(t.app, url, (await staffMember(t, ['catalogue'])).jar)).statusCode).toBe(403);
    expect(audit.entries).toEqual([]);

    for (const role of ['pharmacist', 'admin'] as const) {
      const who = await staffMember(t, [role]);
      const full = (await get(t.app, url, who.jar)).json().data;
      expect(full).toMatchObject({ allergies: ['Penicillin'], DOB: '1990-04-01', healthConditions: [] });
      expect(full).not.toHaveProperty('restricted');
      expect(audit.entries.at(-1)).toMatchObject({
        action: 'health.read', actor: { name: who.name, role }, entity: { type: 'user', id: shopper.user._id, name: 'Ada Lovelace' }, after: { fields: ['DOB', 'allergies', 'healthConditions'] },
      });
    }
    expect(audit.entries).toHaveLength(2);
    expect(JSON.stringify(audit.entries)).not.toContain('Penicillin');
  });

  it('the users list never carries health data, whoever asks', async () => {
    const admin = await staffMember(t, ['admin']);
    const list = (await get(t.app, '/api/admin/users/get', admin.jar)).json().data as Array<Record<string, unknown>>;
    expect(list.length).toBeGreaterThan(0);
    for (const u of list) {
      expect(u).not.toHaveProperty('allergies');
      expect(u.restricted).toEqual(['DOB', 'allergies', 'healthConditions']);
    }
    expect(audit.entries).toEqual([]);
  });
});

describe("the history of a shopper's health profile", () => {
  it('every change keeps when, which field, before and after; other edits keep nothing; checkout reads the changes since a moment', async () => {
    const shopper = await signedIn(t.app);
    const start = new Date(Date.now() - 1000).toISOString();
    await send(t.app, 'PUT', '/api/account/profile', { allergies: ['Penicillin'] }, shopper.jar);
    await send(t.app, 'PUT', '/api/account/profile', { firstName: 'Grace', allergies: ['Penicillin'] }, shopper.jar);
    const middle = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    await send(t.app, 'PUT', '/api/account/profile', { allergies: ['Penicillin', 'Ibuprofen'], healthConditions: ['Asthma'], DOB: '1985-02-03' }, shopper.jar);

    const all = (await internalChanges(shopper.user._id, start)).json().data.changes;
    expect(all.map((c: { field: string; before: unknown; after: unknown }) => [c.field, c.before, c.after])).toEqual([
      ['allergies', [], ['Penicillin']],
      ['DOB', null, '1985-02-03'],
      ['allergies', ['Penicillin'], ['Penicillin', 'Ibuprofen']],
      ['healthConditions', [], ['Asthma']],
    ]);
    const since = (await internalChanges(shopper.user._id, middle)).json().data.changes;
    expect(since.map((c: { field: string }) => c.field)).toEqual(['DOB', 'allergies', 'healthConditions']);
    expect((await t.app.inject({ url: `/internal/account/users/${shopper.user._id}/health-changes?since=${middle}` })).statusCode).toBe(403);
  });

  it('erasing the account erases its health history, and keeps the responsible pharmacist record', async () => {
    const pharmacist = await staffMember(t, ['pharmacist'], { registrationNumber: '2000005' });
    await send(t.app, 'POST', '/api/admin/pharmacist/sign-in', undefined, pharmacist.jar);
    await send(t.app, 'PUT', '/api/account/profile', { allergies: ['Latex'] }, pharmacist.jar);
    await send(t.app, 'POST', '/api/admin/pharmacist/sign-out', undefined, pharmacist.jar);
    const del = await send(t.app, 'DELETE', '/api/account/profile', { password: 'Correct-horse-9' }, pharmacist.jar);
    expect(del.statusCode).toBe(200);
    expect(await t.store.collection('healthHistory').countDocuments({ userId: pharmacist.user._id })).toBe(0);
    expect(await t.store.collection('responsiblePharmacist').countDocuments({ pharmacistId: pharmacist.user._id })).toBe(1);
  });
});
