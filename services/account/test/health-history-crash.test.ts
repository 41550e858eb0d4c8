/**
 * A change to the health profile and its history entry are written in one document update and then moved to the
 * history (docs/domain.md#health-history): a stop between the writes loses nothing and records nothing twice.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { INTERNAL_HEADER } from '@pharmacy/service-kit';
import { openStore, type Collection, type Doc, type DocumentStore } from '@pharmacy/db';
import type { StaffRole } from '@pharmacy/contracts';
import { buildTestApp, get, send, signedIn, staffMember, type TestApp } from './helpers';

jest.setTimeout(30_000);

/** A store whose history inserts, or whose pulls of pending changes off the user, fail while switched on. */
function faulty(real: DocumentStore) {
  const faults = { historyInsert: false, pendingPull: false };
  const fail = () => Promise.reject(new Error('injected: the process stopped here'));
  const store = {
    kind: real.kind,
    close: () => real.close(),
    collection<T extends Doc>(name: string): Collection<T> {
      const c = real.collection<T>(name);
      return new Proxy(c, {
        get(target, prop) {
          const v = Reflect.get(target, prop) as unknown;
          if (typeof v !== 'function') return v;
          return (...args: unknown[]) => {
            if (name === 'healthHistory' && prop === 'insertOne' && faults.historyInsert) return fail();
            if (name === 'users' && prop === 'updateOne' && faults.pendingPull && JSON.stringify(args[1]).includes('$pull')) return fail();
            return (v as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
    },
  } as DocumentStore;
  return { store, faults };
}

const changesOf = (t: TestApp, userId: string) =>
  t.app.inject({ url: `/internal/account/users/${userId}/health-changes?since=2000-01-01T00:00:00.000Z`, headers: { [INTERNAL_HEADER]: t.keys.internalToken } });
const fieldsIn = async (t: TestApp, userId: string) =>
  ((await changesOf(t, userId)).json().data.changes as Array<{ field: string; before: unknown; after: unknown }>).map((c) => [c.field, c.before, c.after]);
const rawUser = (store: DocumentStore, id: string) => store.collection('users').findOne({ _id: id });
const historyCount = (store: DocumentStore, userId: string) => store.collection('healthHistory').countDocuments({ userId });

describe('a stop between the profile write and its history entry', () => {
  let real: DocumentStore;
  let t: TestApp;
  let faults: ReturnType<typeof faulty>['faults'];
  beforeEach(async () => {
    real = await openStore({ name: 'account', inMemory: true });
    const f = faulty(real);
    faults = f.faults;
    t = await buildTestApp({ store: f.store });
  });
  afterEach(async () => {
    await t.close();
    await real.close();
  });

  it('the history insert fails: the profile is saved, and the next read of the history shows the change exactly once', async () => {
    const shopper = await signedIn(t.app);
    faults.historyInsert = true;
    const saved = await send(t.app, 'PUT', '/api/account/profile', { allergies: ['Penicillin'] }, shopper.jar);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.allergies).toEqual(['Penicillin']);
    expect(await historyCount(real, shopper.user._id)).toBe(0);
    expect((await rawUser(real, shopper.user._id))!.pendingHealthChanges).toHaveLength(1);

    faults.historyInsert = false;
    expect(await fieldsIn(t, shopper.user._id)).toEqual([['allergies', [], ['Penicillin']]]);
    expect(await fieldsIn(t, shopper.user._id)).toEqual([['allergies', [], ['Penicillin']]]);
    expect(await rawUser(real, shopper.user._id)).not.toHaveProperty('pendingHealthChanges');
  });

  it('a stop after the insert but before the changes are taken off the user: moved again, never recorded twice', async () => {
    const shopper = await signedIn(t.app);
    faults.pendingPull = true;
    expect((await send(t.app, 'PUT', '/api/account/profile', { healthConditions: ['Asthma'], DOB: '1980-05-06' }, shopper.jar)).statusCode).toBe(200);
    expect(await historyCount(real, shopper.user._id)).toBe(2);
    expect((await rawUser(real, shopper.user._id))!.pendingHealthChanges).toHaveLength(2);

    faults.pendingPull = false;
    expect(await fieldsIn(t, shopper.user._id)).toEqual([
      ['DOB', null, '1980-05-06'],
      ['healthConditions', [], ['Asthma']],
    ]);
    expect(await historyCount(real, shopper.user._id)).toBe(2);
    expect(await rawUser(real, shopper.user._id)).not.toHaveProperty('pendingHealthChanges');
  });

  it('the next save moves a change still pending with its own, in order', async () => {
    const shopper = await signedIn(t.app);
    faults.historyInsert = true;
    await send(t.app, 'PUT', '/api/account/profile', { allergies: ['Penicillin'] }, shopper.jar);
    faults.historyInsert = false;
    await send(t.app, 'PUT', '/api/account/profile', { allergies: ['Penicillin', 'Latex'] }, shopper.jar);
    expect(await historyCount(real, shopper.user._id)).toBe(2);
    expect(await rawUser(real, shopper.user._id)).not.toHaveProperty('pendingHealthChanges');
    expect(await fieldsIn(t, shopper.user._id)).toEqual([
      ['allergies', [], ['Penicillin']],
      ['allergies', ['Penicillin'], ['Penicillin', 'Latex']],
    ]);
  });

  it("two saves at once: each history entry's before is what the other left, never the same starting point twice", async () => {
    const shopper = await signedIn(t.app);
    const saves = await Promise.all(
      [['Penicillin'], ['Latex'], ['Aspirin']].map((allergies) => send(t.app, 'PUT', '/api/account/profile', { allergies }, shopper.jar)),
    );
    expect(saves.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const history = await fieldsIn(t, shopper.user._id);
    expect(history).toHaveLength(3);
    expect(history[0][1]).toEqual([]);
    for (let i = 1; i < history.length; i++) expect(history[i][1]).toEqual(history[i - 1][2]);
    expect(history[2][2]).toEqual((await get(t.app, '/api/account/profile', shopper.jar)).json().data.allergies);
  });

  it('no answer carries the pending changes: the shopper, staff and other services see the profile only', async () => {
    const shopper = await signedIn(t.app);
    faults.historyInsert = true;
    const saved = await send(t.app, 'PUT', '/api/account/profile', { allergies: ['Penicillin'] }, shopper.jar);
    expect((await rawUser(real, shopper.user._id))!.pendingHealthChanges).toHaveLength(1);
    const internal = { [INTERNAL_HEADER]: t.keys.internalToken };
    // Staff as they sign in (the test app's own store is not the one it runs on here).
    const staff = async (roles: StaffRole[]) => (await staffMember({ ...t, store: real }, roles)).jar;
    const answers = {
      saved,
      profile: await get(t.app, '/api/account/profile', shopper.jar),
      me: await get(t.app, '/api/auth/me', shopper.jar),
      pharmacist: await get(t.app, `/api/admin/users/details/${shopper.user._id}`, await staff(['pharmacist'])),
      support: await get(t.app, `/api/admin/users/details/${shopper.user._id}`, await staff(['support'])),
      list: await get(t.app, '/api/admin/users/get', await staff(['admin'])),
      safety: await t.app.inject({ url: `/internal/account/users/${shopper.user._id}/safety-profile`, headers: internal }),
      name: await t.app.inject({ url: `/internal/account/users/${shopper.user._id}/name`, headers: internal }),
    };
    for (const [which, answer] of Object.entries(answers)) {
      expect([which, answer.statusCode]).toEqual([which, 200]);
      expect(answer.body).not.toContain('pendingHealthChanges');
    }
    expect(answers.pharmacist.json().data.allergies).toEqual(['Penicillin']);
  });
});

describe('changes a stop left on users reach the history at start', () => {
  it('a restart moves them before anyone reads the history, exactly once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'health-history-'));
    const first = await openStore({ name: 'account', dataDir });
    const f = faulty(first);
    let t = await buildTestApp({ store: f.store });
    const shopper = await signedIn(t.app);
    f.faults.historyInsert = true;
    expect((await send(t.app, 'PUT', '/api/account/profile', { allergies: ['Ibuprofen'] }, shopper.jar)).statusCode).toBe(200);
    await t.close();
    await first.close();

    const again = await openStore({ name: 'account', dataDir });
    try {
      expect((await rawUser(again, shopper.user._id))!.pendingHealthChanges).toHaveLength(1);
      t = await buildTestApp({ store: again });
      // Moved by the start alone: nothing has read this shopper's history yet.
      expect(await historyCount(again, shopper.user._id)).toBe(1);
      expect(await rawUser(again, shopper.user._id)).not.toHaveProperty('pendingHealthChanges');
      expect(await fieldsIn(t, shopper.user._id)).toEqual([['allergies', [], ['Ibuprofen']]]);
      await t.close();
    } finally {
      await again.close();
    }
  });
});
