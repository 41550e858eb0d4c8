import { openStore } from '@pharmacy/db';
import { ErrorCodes, notPermittedMessage, type StaffRole } from '@pharmacy/contracts';
import { createAccessTokenSigner, memoryAuditSink, INTERNAL_HEADER } from '@pharmacy/service-kit';
import { LAST_ADMIN_MESSAGE } from '../src/admin/staff-roles';
import { ACCESS_COOKIE, buildTestApp, get, login, register, send, signedIn, type Jar, type TestApp } from './helpers';

const audit = memoryAuditSink();
let t: TestApp;
let admin: Jar;
let adminId: string;

const claimsOf = (jar: Jar) =>
  JSON.parse(Buffer.from(jar.get(ACCESS_COOKIE)!.split('.')[1], 'base64url').toString()) as { sub: string; sid: string; admin: boolean; roles?: string[]; staffName?: string };
const setRoles = (id: string, body: unknown, jar = admin) => send(t.app, 'PUT', `/api/admin/users/roles/${id}`, body, jar);
const storedUser = (id: string) => t.store.collection('users').findOne({ _id: id });

/** A registered user an admin gave `roles`, signed in afterwards (so their token carries them). */
async function staffMember(roles: StaffRole[], over: Record<string, unknown> = {}) {
  const { user, email, password } = await signedIn(t.app, over);
  expect((await setRoles(user._id, { roles })).statusCode).toBe(200);
  return { id: user._id, email, jar: await login(t.app, email, password) };
}

beforeAll(async () => {
  t = await buildTestApp({ audit });
  const { body, user } = await register(t.app);
  // The first administrator of an install is made in the store (the demo seed does the same).
  await t.store.collection('users').updateOne({ _id: user._id }, { $set: { admin: true, roles: ['admin'] } });
  admin = await login(t.app, body.email);
  adminId = user._id;
});
afterAll(() => t.close());

describe('PUT /api/admin/users/roles/:id', () => {
  it('grants roles: the admin flag follows them, the next token carries them and the staff member’s full name', async () => {
    const { user, email, password } = await signedIn(t.app, { firstName: 'Priya', lastName: 'Patel' });
    const res = await setRoles(user._id, { roles: ['support', 'pharmacist'], registrationNumber: '2071234' });
    expect(res.statusCode).toBe(200);
    // Kept in the table's order, whatever order they were sent in.
    expect(res.json().data).toMatchObject({ _id: user._id, admin: true, roles: ['pharmacist', 'support'], registrationNumber: '2071234' });
    expect(await storedUser(user._id)).toMatchObject({ admin: true, roles: ['pharmacist', 'support'], registrationNumber: '2071234' });

    const jar = await login(t.app, email, password);
    expect(claimsOf(jar)).toMatchObject({ admin: true, roles: ['pharmacist', 'support'], staffName: 'Priya Patel' });
    expect((await get(t.app, '/api/auth/me', jar)).json().user).toMatchObject({ roles: ['pharmacist', 'support'] });
  });

  it('records who changed whose roles, under which role, before and after, by name', async () => {
    const { user } = await signedIn(t.app, { firstName: 'Cat', lastName: 'Logue' });
    await setRoles(user._id, { roles: ['catalogue'] });
    const entry = audit.entries.filter((e) => e.entity.id === user._id).at(-1)!;
    expect(entry).toMatchObject({
      action: 'staff.roles',
      service: 'account',
      entity: { type: 'user', id: user._id, name: 'Cat Logue' },
      before: { roles: [] },
      after: { roles: ['catalogue'] },
      actor: { id: adminId, role: 'admin', roles: ['admin'] },
    });
    expect(entry.actor.name).toBe('Ada Lovelace');
  });

  it('refuses removing the last administrator, saying why, and changes nothing', async () => {
    const res = await setRoles(adminId, { roles: ['support'] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, code: ErrorCodes.CONFLICT, message: LAST_ADMIN_MESSAGE });
    expect(await storedUser(adminId)).toMatchObject({ admin: true, roles: ['admin'] });
  });

  it('two administrators removing each other at once: one stays an administrator', async () => {
    const a = await staffMember(['admin']);
    const b = await staffMember(['admin']);
    // Leave exactly these two: the first admin steps down (allowed: two remain).
    expect((await setRoles(adminId, { roles: [] }, a.jar)).statusCode).toBe(200);
    const results = await Promise.all([setRoles(b.id, { roles: [] }, a.jar), setRoles(a.id, { roles: [] }, b.jar)]);
    const codes = results.map((r) => r.statusCode);
    expect(codes).toContain(409);
    expect(await t.store.collection('users').countDocuments({ roles: 'admin' })).toBeGreaterThanOrEqual(1);
    // Put the first admin back for the tests that follow.
    const survivor = codes[0] === 200 ? a : b;
    expect((await setRoles(adminId, { roles: ['admin'] }, survivor.jar)).statusCode).toBe(200);
    admin = await login(t.app, (await storedUser(adminId))!.email as string);
  });

  it('removing roles: the old token is refused as expired at once, and the refreshed one carries the roles left', async () => {
    const staff = await staffMember(['support', 'catalogue']);
    expect((await get(t.app, '/api/admin/users/get', staff.jar)).statusCode).toBe(200);
    expect((await setRoles(staff.id, { roles: ['catalogue'] })).statusCode).toBe(200);

    // Not a sign-out: TOKEN_EXPIRED, so the browser refreshes instead of signing the staff member out.
    const stale = await get(t.app, '/api/auth/me', staff.jar);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().code).toBe(ErrorCodes.TOKEN_EXPIRED);
    const refreshed = await send(t.app, 'POST', '/api/auth/refresh', undefined, staff.jar);
    expect(refreshed.statusCode).toBe(200);
    staff.jar.take(refreshed);
    expect(claimsOf(staff.jar).roles).toEqual(['catalogue']);
    expect((await get(t.app, '/api/auth/me', staff.jar)).statusCode).toBe(200);
    const users = await get(t.app, '/api/admin/users/get', staff.jar);
    expect(users.statusCode).toBe(403);
    expect(users.json().message).toBe(notPermittedMessage('users.view'));

    // The other services learn of it from the feed: the user, and the roles a token must carry from now on.
    const feed = await t.app.inject({ url: '/internal/account/revocations?since=0', headers: { [INTERNAL_HEADER]: t.keys.internalToken } });
    expect(feed.json().data.revocations).toContainEqual(expect.objectContaining({ kind: 'roles', id: staff.id, roles: ['catalogue'] }));
  });

  it('removing every role takes away /admin: the admin flag goes with the last role', async () => {
    const staff = await staffMember(['support']);
    expect((await setRoles(staff.id, { roles: [] })).json().data).toMatchObject({ admin: false, roles: [] });
    staff.jar.take(await send(t.app, 'POST', '/api/auth/refresh', undefined, staff.jar));
    expect(claimsOf(staff.jar)).toMatchObject({ admin: false });
    expect(claimsOf(staff.jar).roles).toBeUndefined();
    expect((await get(t.app, '/api/admin/users/get', staff.jar)).statusCode).toBe(403);
  });

  it('is for administrators only: a support user is told who may, a shopper is not staff', async () => {
    const support = await staffMember(['support']);
    const { user, jar } = await signedIn(t.app);
    const refused = await setRoles(user._id, { roles: ['admin'] }, support.jar);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(notPermittedMessage('staff.manage'));
    expect((await setRoles(user._id, { roles: ['admin'] }, jar)).json()).toMatchObject({ code: 'FORBIDDEN', message: 'This area is for pharmacy staff only.' });
    expect((await storedUser(user._id))!.roles).toEqual([]);
  });

  it('decides by the stored roles, not a token claiming more', async () => {
    const { user, jar } = await signedIn(t.app);
    // Stored directly, so no change of roles is on the feed to make the token stale: only the stored record refuses it.
    await t.store.collection('users').updateOne({ _id: user._id }, { $set: { admin: true, roles: ['support'] } });
    const inflated = createAccessTokenSigner(t.keys.privateKey)({ sub: user._id, admin: true, sid: claimsOf(jar).sid, roles: ['admin'] });
    const res = await setRoles(adminId, { roles: ['admin'] }, jar.clone().set(ACCESS_COOKIE, inflated));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(notPermittedMessage('staff.manage'));
  });

  it('a token carrying roles its user no longer has is refused as expired (the browser refreshes it)', async () => {
    const support = await staffMember(['support']);
    const inflated = createAccessTokenSigner(t.keys.privateKey)({ sub: support.id, admin: true, sid: claimsOf(support.jar).sid, roles: ['admin'] });
    const res = await setRoles(adminId, { roles: ['admin'] }, support.jar.clone().set(ACCESS_COOKIE, inflated));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCodes.TOKEN_EXPIRED);
  });

  it('validates the body: known roles only, no other field, a 7-digit number for pharmacists only', async () => {
    const { user } = await signedIn(t.app);
    for (const body of [{ roles: ['owner'] }, { roles: 'admin' }, { roles: [], admin: true }, { roles: ['support', 'support'] }, {}, { roles: ['pharmacist'], registrationNumber: '12345' }]) {
      expect([body, (await setRoles(user._id, body)).statusCode]).toEqual([body, 400]);
    }
    const notPharmacist = await setRoles(user._id, { roles: ['support'], registrationNumber: '2071234' });
    expect(notPharmacist.statusCode).toBe(400);
    expect(notPharmacist.json().message).toMatch(/pharmacists only/);
    expect((await setRoles('no-such-user', { roles: [] })).statusCode).toBe(404);
    expect((await storedUser(user._id))!.roles).toEqual([]);
  });

  it('keeps a pharmacist’s registration number while the role stays, and drops it with the role', async () => {
    const { user } = await signedIn(t.app);
    await setRoles(user._id, { roles: ['pharmacist'], registrationNumber: '2070001' });
    expect((await setRoles(user._id, { roles: ['pharmacist', 'support'] })).json().data.registrationNumber).toBe('2070001');
    const dropped = await setRoles(user._id, { roles: ['support'] });
    expect(dropped.json().data.registrationNumber).toBeUndefined();
    expect((await storedUser(user._id))!.registrationNumber).toBeUndefined();
  });
});

describe('account migration 1: roles', () => {
  it('gives users stored as admins before roles the admin role, and everyone else none', async () => {
    const store = await openStore({ name: 'account', inMemory: true });
    const base = { phone: null, DOB: null, allergies: [], healthConditions: [], passwordHash: 'x', createdAt: new Date(), updatedAt: new Date() };
    await store.collection('users').insertMany([
      { _id: 'old-admin', firstName: 'Old', lastName: 'Admin', email: 'old-admin@example.com', admin: true, ...base },
      { _id: 'old-shopper', firstName: 'Old', lastName: 'Shopper', email: 'old-shopper@example.com', admin: false, ...base },
    ]);
    const migrated = await buildTestApp({ store });
    try {
      expect(await store.collection('users').findOne({ _id: 'old-admin' })).toMatchObject({ admin: true, roles: ['admin'] });
      expect(await store.collection('users').findOne({ _id: 'old-shopper' })).toMatchObject({ admin: false, roles: [] });
    } finally {
      await migrated.close();
      await store.close();
    }
  });
});
