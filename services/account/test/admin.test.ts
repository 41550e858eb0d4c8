import { Value } from '@sinclair/typebox/value';
import { UserListResponse } from '@pharmacy/contracts';
import { createAccessTokenSigner } from '@pharmacy/service-kit';
import { ACCESS_COOKIE, buildTestApp, get, login, noHash, register, signedIn, type TestApp } from './helpers';

let t: TestApp;
let admin: Awaited<ReturnType<typeof login>>;
beforeAll(async () => {
  t = await buildTestApp();
  const { body, user } = await register(t.app);
  await t.store.collection('users').updateOne({ _id: user._id }, { $set: { admin: true } });
  admin = await login(t.app, body.email);
});
afterAll(() => t.close());

describe('GET /api/admin/users/get', () => {
  it('lists every user newest first, without password hashes', async () => {
    const a = await register(t.app);
    await new Promise((r) => setTimeout(r, 5));
    const b = await register(t.app);
    const res = await get(t.app, '/api/admin/users/get', admin);
    expect(res.statusCode).toBe(200);
    const ids = (res.json().data as Array<{ _id: string; createdAt: string }>).map((u) => u._id);
    expect(ids.indexOf(b.user._id)).toBeLessThan(ids.indexOf(a.user._id));
    const dates = (res.json().data as Array<{ createdAt: string }>).map((u) => u.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    noHash(res);
  });

  it('answers data as the array of users (the shape a client maps as is)', async () => {
    const res = await get(t.app, '/api/admin/users/get', admin);
    const body = res.json();
    expect([...Value.Errors(UserListResponse, body)].map((e) => `${e.path}: ${e.message}`)).toEqual([]);
    expect(Object.keys(body).sort()).toEqual(['data', 'success']);
    expect(Array.isArray(body.data)).toBe(true);
    expect(body.data.length).toBeGreaterThan(0);
  });

  it('answers 403 to a shopper and 401 when signed out', async () => {
    const { jar } = await signedIn(t.app);
    const res = await get(t.app, '/api/admin/users/get', jar);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, code: 'FORBIDDEN', message: 'This area is for pharmacy staff only.' });
    expect((await get(t.app, '/api/admin/users/get')).statusCode).toBe(401);
  });

  it('checks the stored admin flag, not only the token', async () => {
    const { jar, user } = await signedIn(t.app);
    const sid = (await t.store.collection('sessions').findOne({ userId: user._id }))!._id;
    const inflated = createAccessTokenSigner(t.keys.privateKey)({ sub: user._id, admin: true, sid });
    expect((await get(t.app, '/api/admin/users/get', jar.clone().set(ACCESS_COOKIE, inflated))).statusCode).toBe(403);
  });

  it('refuses query parameters it does not know', async () => {
    const res = await get(t.app, '/api/admin/users/get?sort=email', admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown field "sort" in querystring.');
  });
});

describe('GET /api/admin/users/details/{id}', () => {
  it('returns one user', async () => {
    const { user } = await register(t.app);
    const res = await get(t.app, `/api/admin/users/details/${user._id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: user._id, email: user.email, phone: null, DOB: null, allergies: [] });
    noHash(res);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const res = await get(t.app, '/api/admin/users/details/00000000-0000-4000-8000-000000000000', admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No user with this ID.');
    expect((await get(t.app, `/api/admin/users/details/${encodeURIComponent('{"$gt":""}')}`, admin)).statusCode).toBe(400);
  });

  it('answers 403 to a shopper (even about themselves) and 401 when signed out', async () => {
    const { jar, user } = await signedIn(t.app);
    expect((await get(t.app, `/api/admin/users/details/${user._id}`, jar)).statusCode).toBe(403);
    expect((await get(t.app, `/api/admin/users/details/${user._id}`)).statusCode).toBe(401);
  });
});
