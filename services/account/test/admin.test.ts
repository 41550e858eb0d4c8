import { Value } from '@sinclair/typebox/value';
import { UserListResponse } from '@pharmacy/contracts';
import { createAccessTokenSigner } from '@pharmacy/service-kit';
import { ACCESS_COOKIE, buildTestApp, get, login, noHash, register, signedIn, type TestApp } from './helpers';

let t: TestApp;
let admin: Awaited<ReturnType<typeof login>>;
beforeAll(async () => {
  t = await buildTestApp();
  const { body, user } = await register(t.app);
  await t.store.collection('users').updateOne({ _id: user._id }, { $set: { admin: true, roles: ['admin'] } });
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

  it('answers data as the array of users (the shape a client maps as is), the paging figures beside it', async () => {
    const res = await get(t.app, '/api/admin/users/get', admin);
    const body = res.json();
    expect([...Value.Errors(UserListResponse, body)].map((e) => `${e.path}: ${e.message}`)).toEqual([]);
    expect(Object.keys(body).sort()).toEqual(['data', 'limit', 'page', 'success', 'total']);
    expect(Array.isArray(body.data)).toBe(true);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body).toMatchObject({ page: 1, limit: 20, total: await t.store.collection('users').countDocuments({}) });
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

describe('GET /api/admin/users/get: pages and search', () => {
  const names: Array<[string, string | null]> = [
    ['Alice', 'Smith'], ['Bob', 'Stone'], ['Carla', 'Alison'], ['Dan', null], ['Eve', 'St. John'], ['Ann Marie', 'Lee'],
  ];
  const made: string[] = [];
  beforeAll(async () => {
    const users = t.store.collection('users');
    const template = (await users.findOne({}))!;
    // 45 users a second apart, the newest last; names cycle through the list above.
    for (let i = 0; i < 45; i++) {
      const [firstName, lastName] = names[i % names.length];
      const _id = `page-user-${String(i).padStart(2, '0')}`;
      made.push(_id);
      await users.insertOne({ ...template, _id, email: `page${i}@example.com`, firstName, lastName, createdAt: new Date(Date.UTC(2030, 0, 1, 0, 0, i)) });
    }
  });
  const page = async (query: string) => {
    const res = await get(t.app, `/api/admin/users/get?${query}`, admin);
    expect(res.statusCode).toBe(200);
    return res.json() as { data: Array<{ _id: string; firstName: string; lastName: string | null }>; total: number; page: number; limit: number };
  };

  it('pages newest first with the total, each user once', async () => {
    const all = await t.store.collection('users').countDocuments({});
    const first = await page('page=1&limit=10');
    expect(first).toMatchObject({ total: all, page: 1, limit: 10 });
    expect(first.data.map((u) => u._id)).toEqual([...made].reverse().slice(0, 10));
    const seen: string[] = [];
    for (let p = 1; p <= Math.ceil(all / 10); p++) seen.push(...(await page(`page=${p}&limit=10`)).data.map((u) => u._id));
    expect(seen).toHaveLength(all);
    expect(new Set(seen).size).toBe(all);
    expect((await page(`page=${Math.ceil(all / 10) + 1}&limit=10`)).data).toEqual([]);
  });

  it('refuses a page or limit out of range', async () => {
    for (const query of ['page=0', 'page=-1', 'page=x', 'limit=0', 'limit=101', 'limit=2.5', `q=${'a'.repeat(101)}`, 'q=%00']) {
      expect((await get(t.app, `/api/admin/users/get?${query}`, admin)).statusCode).toBe(400);
    }
  });

  it('finds by first name, last name or "first last", ignoring case, with the total of the matches', async () => {
    const bob = await page('q=BOB&limit=100');
    expect(bob.total).toBe(8);
    expect(bob.data.every((u) => u.firstName === 'Bob')).toBe(true);
    expect((await page('q=alison&limit=100')).data.every((u) => u.lastName === 'Alison')).toBe(true);
    const ali = await page('q=ali&limit=100');
    expect(new Set(ali.data.map((u) => `${u.firstName} ${u.lastName}`))).toEqual(new Set(['Alice Smith', 'Carla Alison']));
    expect((await page('q=b%20st&limit=100')).data.every((u) => u.firstName === 'Bob')).toBe(true);
    expect((await page('q=ann%20marie%20l')).total).toBe(7);
    expect((await page('q=%20alice%20%20%20smith%20')).total).toBe(8);
    expect((await page('q=smith%20alice')).total).toBe(0);
  });

  it('matches the text literally: pattern characters are letters to find', async () => {
    expect((await page('q=st.%20john')).total).toBe(7);
    expect((await page('q=s.%20john')).total).toBe(0);
    expect((await page('q=.*')).total).toBe(0);
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
