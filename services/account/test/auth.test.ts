import { createAccessTokenSigner, CROSS_SITE_REFUSED } from '@pharmacy/service-kit';
import {
  ACCESS_COOKIE,
  Jar,
  PASSWORD,
  REFRESH_COOKIE,
  buildTestApp,
  get,
  login,
  newShopper,
  noHash,
  register,
  send,
  signedIn,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('POST /api/auth/register', () => {
  it('creates the user, answers { success, user } and sets no auth cookie', async () => {
    const body = newShopper({ email: '  Mixed.Case@Example.COM ' });
    const res = await send(t.app, 'POST', '/api/auth/register', body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json.success).toBe(true);
    expect(json.user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', email: 'mixed.case@example.com', admin: false, allergies: [], healthConditions: [], phone: null, DOB: null });
    expect(json.data).toEqual(json.user);
    expect(res.headers['set-cookie']).toBeUndefined();
    noHash(res);
  });

  it('stores an argon2id hash, never the password', async () => {
    const { user } = await register(t.app);
    const doc = await t.store.collection('users').findOne({ _id: user._id });
    expect(String(doc?.passwordHash)).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(doc)).not.toContain(PASSWORD);
  });

  it('refuses a second account with the same email (any case) with 409', async () => {
    const { body } = await register(t.app);
    const res = await send(t.app, 'POST', '/api/auth/register', newShopper({ email: body.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, code: 'CONFLICT', message: 'An account with this email already exists.' });
  });

  it.each([
    [{ password: 'Short-pass1' }, 'Password must be at least 12 characters.'],
    [{ password: '123456789012' }, 'Password cannot be only numbers. Add some letters or symbols.'],
    [{ password: 'x'.repeat(129) }, 'Password must be at most 128 characters.'],
    [{ email: 'not-an-email' }, 'Enter a valid email address, like name@example.com.'],
    [{ firstName: '' }, 'First name is required.'],
    [{ lastName: 'L'.repeat(51) }, 'Last name must be at most 50 characters.'],
    [{ firstName: '<script>' }, 'First name can only contain letters, spaces, hyphens, apostrophes and periods.'],
  ])('rejects %j with a clear message', async (over, message) => {
    const res = await send(t.app, 'POST', '/api/auth/register', newShopper(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 'VALIDATION', message });
  });

  it('rejects missing fields, wrong types, operator objects and unknown fields with 400', async () => {
    const { password: _pw, ...noPassword } = newShopper();
    for (const payload of [noPassword, newShopper({ firstName: 42 }), newShopper({ email: { $gt: '' } }), newShopper({ admin: true })]) {
      const res = await send(t.app, 'POST', '/api/auth/register', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const unknown = await send(t.app, 'POST', '/api/auth/register', newShopper({ admin: true }));
    expect(unknown.json().message).toBe('Unknown field "admin" in body.');
  });

  it('refuses an oversized body with 413', async () => {
    const res = await send(t.app, 'POST', '/api/auth/register', newShopper({ firstName: 'A'.repeat(200_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('TOO_LARGE');
  });
});

describe('POST /api/auth/login', () => {
  it('answers { success, user } and sets httpOnly SameSite=Lax cookies', async () => {
    const { body } = await register(t.app);
    const res = await send(t.app, 'POST', '/api/auth/login', { email: body.email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(body.email);
    expect(res.json().data).toEqual(res.json().user);
    noHash(res);
    const cookies = res.cookies as Array<{ name: string; httpOnly?: boolean; sameSite?: string; path?: string; secure?: boolean }>;
    const at = cookies.find((c) => c.name === ACCESS_COOKIE);
    const rt = cookies.find((c) => c.name === REFRESH_COOKIE);
    expect(at).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(rt).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    expect(at?.secure).toBeFalsy(); // Secure only in production (tested below)
  });

  it('refuses a wrong password and an unknown email with the same 401', async () => {
    const { body } = await register(t.app);
    const wrong = await send(t.app, 'POST', '/api/auth/login', { email: body.email, password: 'Wrong-pass-1' });
    const unknown = await send(t.app, 'POST', '/api/auth/login', { email: 'nobody@example.com', password: PASSWORD });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, code: 'INVALID_CREDENTIALS', message: 'The email or password is incorrect.' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('rejects operator injection in email or password with 400', async () => {
    for (const payload of [{ email: { $gt: '' }, password: PASSWORD }, { email: 'a@b.co', password: { $gt: '' } }, { email: { $ne: null }, password: { $ne: null } }]) {
      const res = await send(t.app, 'POST', '/api/auth/login', payload);
      expect(res.statusCode).toBe(400);
    }
  });

  it('rejects missing fields, wrong types, unknown fields and oversized bodies', async () => {
    expect((await send(t.app, 'POST', '/api/auth/login', { email: 'a@b.co' })).json().message).toBe('Missing field "password" in body.');
    expect((await send(t.app, 'POST', '/api/auth/login', { email: 5, password: PASSWORD })).statusCode).toBe(400);
    expect((await send(t.app, 'POST', '/api/auth/login', { email: 'a@b.co', password: PASSWORD, remember: true })).statusCode).toBe(400);
    expect((await send(t.app, 'POST', '/api/auth/login', { email: 'a@b.co', password: 'x'.repeat(200_000) })).statusCode).toBe(413);
  });

  it('sets Secure cookies in production and refuses the demo admin there', async () => {
    const prod = await buildTestApp({ production: true });
    try {
      const { body } = await register(prod.app);
      const res = await send(prod.app, 'POST', '/api/auth/login', { email: body.email, password: PASSWORD });
      expect((res.cookies as Array<{ secure?: boolean }>).every((c) => c.secure === true)).toBe(true);
      const demo = await send(prod.app, 'POST', '/api/auth/login', { email: 'admin@pharmacy.local', password: 'Admin123!demo' });
      expect(demo.statusCode).toBe(403);
      expect(demo.json().message).toBe('Demo accounts are disabled on this site.');
    } finally {
      await prod.close();
    }
  });
});

describe('GET /api/auth/me and /api/auth/check-auth', () => {
  it('return the signed-in user as { success, user }, never cached', async () => {
    const { jar, user } = await signedIn(t.app);
    for (const url of ['/api/auth/me', '/api/auth/check-auth']) {
      const res = await get(t.app, url, jar);
      expect(res.statusCode).toBe(200);
      expect(res.json().user._id).toBe(user._id);
      expect(res.json().data._id).toBe(user._id);
      expect(res.headers['cache-control']).toBe('no-store');
      noHash(res);
    }
  });

  it('answer 401 when signed out, with TOKEN_EXPIRED when only a refresh cookie is left', async () => {
    for (const url of ['/api/auth/me', '/api/auth/check-auth']) {
      const res = await get(t.app, url);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
    const { jar } = await signedIn(t.app);
    const onlyRefresh = new Jar().set(REFRESH_COOKIE, jar.get(REFRESH_COOKIE)!);
    const res = await get(t.app, '/api/auth/me', onlyRefresh);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_EXPIRED');
  });

  it('refuse a token signed by another key, and an expired token', async () => {
    const { user, jar } = await signedIn(t.app);
    const other = await buildTestApp();
    const forged = createAccessTokenSigner(other.keys.privateKey)({ sub: user._id, admin: true, sid: 'x' });
    await other.close();
    expect((await get(t.app, '/api/auth/me', new Jar().set(ACCESS_COOKIE, forged))).statusCode).toBe(401);

    const sid = (await t.store.collection('sessions').findOne({ userId: user._id }))!._id;
    const expired = createAccessTokenSigner(t.keys.privateKey, -60)({ sub: user._id, admin: false, sid });
    const res = await get(t.app, '/api/auth/me', jar.clone().set(ACCESS_COOKIE, expired));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_EXPIRED');
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates the refresh token and issues a new access token', async () => {
    const { jar, user } = await signedIn(t.app);
    const before = jar.get(REFRESH_COOKIE);
    const res = await send(t.app, 'POST', '/api/auth/refresh', undefined, jar);
    expect(res.statusCode).toBe(200);
    expect(res.json().user._id).toBe(user._id);
    jar.take(res);
    expect(jar.get(REFRESH_COOKIE)).toBeDefined();
    expect(jar.get(REFRESH_COOKIE)).not.toBe(before);
    expect((await get(t.app, '/api/auth/me', jar)).statusCode).toBe(200);
  });

  it('accepts an empty JSON body as sent by fetch wrappers', async () => {
    const { jar } = await signedIn(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { ...jar.headers(), 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(200);
  });

  it('treats reuse of a rotated token as theft and revokes the whole session', async () => {
    const { jar } = await signedIn(t.app);
    const stolen = jar.clone();
    jar.take(await send(t.app, 'POST', '/api/auth/refresh', undefined, jar));
    t.advance(60_000); // past the two-tabs grace window
    try {
      const reuse = await send(t.app, 'POST', '/api/auth/refresh', undefined, stolen);
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json().message).toBe('Your session has ended. Please sign in again.');
      // The legitimate holder's newer token dies with the session, and so does its access token here.
      expect((await send(t.app, 'POST', '/api/auth/refresh', undefined, jar)).statusCode).toBe(401);
      expect((await get(t.app, '/api/auth/me', jar)).statusCode).toBe(401);
    } finally {
      t.advance(-60_000);
    }
  });

  it('lets two tabs refresh with the same token at once without ending the session', async () => {
    const { jar } = await signedIn(t.app);
    const tab2 = jar.clone();
    const first = await send(t.app, 'POST', '/api/auth/refresh', undefined, jar);
    const second = await send(t.app, 'POST', '/api/auth/refresh', undefined, tab2);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['set-cookie']).toBeUndefined();
    jar.take(first);
    expect((await send(t.app, 'POST', '/api/auth/refresh', undefined, jar)).statusCode).toBe(200);
  });

  it('answers 401 and clears cookies without a refresh cookie or with an unknown one', async () => {
    expect((await send(t.app, 'POST', '/api/auth/refresh')).statusCode).toBe(401);
    const res = await send(t.app, 'POST', '/api/auth/refresh', undefined, new Jar().set(REFRESH_COOKIE, 'made-up'));
    expect(res.statusCode).toBe(401);
    expect(String(res.headers['set-cookie'])).toContain(`${REFRESH_COOKIE}=;`);
  });

  it('refuses unknown fields in the body', async () => {
    const { jar } = await signedIn(t.app);
    expect((await send(t.app, 'POST', '/api/auth/refresh', { userId: 'x' }, jar)).statusCode).toBe(400);
  });
});

describe('sign-out: POST /api/auth/logout and GET /api/auth/signout', () => {
  it('logout (empty body) revokes the session: the old refresh cookie and access token stop working', async () => {
    const { jar } = await signedIn(t.app);
    const old = jar.clone();
    const res = await send(t.app, 'POST', '/api/auth/logout', undefined, jar);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: null, message: 'You have been signed out.' });
    jar.take(res);
    expect(jar.get(ACCESS_COOKIE)).toBeUndefined();
    expect(jar.get(REFRESH_COOKIE)).toBeUndefined();
    expect((await send(t.app, 'POST', '/api/auth/refresh', undefined, old)).statusCode).toBe(401);
    expect((await get(t.app, '/api/auth/me', old)).statusCode).toBe(401);
  });

  it('signout answers { success, message }, clears cookies and revokes the session', async () => {
    const { jar } = await signedIn(t.app);
    const res = await get(t.app, '/api/auth/signout', jar);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'You have been signed out.' });
    expect(String(res.headers['set-cookie'])).toContain(`${ACCESS_COOKIE}=;`);
    expect((await send(t.app, 'POST', '/api/auth/refresh', undefined, jar)).statusCode).toBe(401);
  });

  it('GET signout sent by another site (by Sec-Fetch-Site, else Origin or Referer) signs nobody out', async () => {
    const { jar } = await signedIn(t.app);
    const fromElsewhere = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'same-site', referer: 'https://blog.shop.test/post' },
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page.html' },
    ];
    for (const headers of fromElsewhere) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/signout', headers: { cookie: jar.header(), ...headers } });
      expect([headers, res.statusCode, res.json()]).toEqual([headers, 403, { success: false, code: 'FORBIDDEN', message: CROSS_SITE_REFUSED }]);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect((await get(t.app, '/api/auth/me', jar)).statusCode).toBe(200);
    expect((await send(t.app, 'POST', '/api/auth/refresh', undefined, jar)).statusCode).toBe(200);
  });

  it.each([
    ['a page of the shop (same-origin)', { 'sec-fetch-site': 'same-origin' }],
    ['the address bar or a bookmark', { 'sec-fetch-site': 'none' }],
    ['a browser without Sec-Fetch-Site, from the shop', { referer: 'http://localhost:80/account' }],
  ])('GET signout from %s still signs out', async (_from, headers) => {
    const { jar } = await signedIn(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/signout', headers: { cookie: jar.header(), ...headers } });
    expect(res.statusCode).toBe(200);
    expect((await get(t.app, '/api/auth/me', jar)).statusCode).toBe(401);
  });

  it('signing out one device leaves the other signed in', async () => {
    const { email } = await signedIn(t.app);
    const phone = await login(t.app, email);
    const laptop = await login(t.app, email);
    await send(t.app, 'POST', '/api/auth/logout', undefined, phone);
    expect((await get(t.app, '/api/auth/me', laptop)).statusCode).toBe(200);
  });

  it('is harmless when not signed in, and refuses a body with fields', async () => {
    expect((await send(t.app, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    const { jar } = await signedIn(t.app);
    expect((await send(t.app, 'POST', '/api/auth/logout', { everywhere: true }, jar)).statusCode).toBe(400);
  });

  it('refuses a cookie-carrying POST without the CSRF header or from another site', async () => {
    const { jar } = await signedIn(t.app);
    const noHeader = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: jar.header() } });
    expect(noHeader.statusCode).toBe(403);
    const crossSite = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: jar.header(), origin: 'https://evil.example' } });
    expect(crossSite.statusCode).toBe(403);
    expect((await get(t.app, '/api/auth/me', jar)).statusCode).toBe(200);
  });
});
