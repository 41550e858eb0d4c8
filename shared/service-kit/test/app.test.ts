import { Type } from '@sinclair/typebox';
import { ACCESS_COOKIE, CSRF_HEADER, StrictObject } from '@pharmacy/contracts';
import { createApp, createAccessTokenSigner, generateTestKeys, requireAdmin, requireUser, badRequest, unavailable, type App } from '../src';

const keys = generateTestKeys();
const sign = createAccessTokenSigner(keys.privateKey);

async function build(): Promise<App> {
  const app = await createApp({ publicKey: keys.publicKey, logLevel: 'silent', trustedOrigins: ['http://shop.test'] });
  app.post(
    '/api/echo',
    { schema: { body: StrictObject({ email: Type.String({ format: 'email' }), age: Type.Optional(Type.Integer()) }) } },
    async (req) => ({ success: true, data: req.body }),
  );
  app.get('/api/list', { schema: { querystring: StrictObject({ page: Type.Integer({ minimum: 1, default: 1 }) }) } }, async (req) => ({
    success: true,
    data: { page: req.query.page },
  }));
  app.get('/api/search/:keyword', { schema: { params: StrictObject({ keyword: Type.String({ maxLength: 100 }) }) } }, async (req) => ({
    success: true,
    data: req.params.keyword,
  }));
  app.get('/api/me', { preHandler: requireUser }, async (req) => ({ success: true, data: { id: req.user.sub } }));
  app.get('/api/staff', { preHandler: requireAdmin }, async () => ({ success: true, data: 'ok' }));
  app.post('/api/change', { preHandler: requireUser }, async () => ({ success: true, data: 'changed' }));
  app.get('/api/boom', async () => {
    throw new Error('secret internals at /srv/app.ts:42');
  });
  app.get('/api/bad', async () => {
    throw badRequest('Pick a size.');
  });
  app.get('/api/depends', async () => {
    throw unavailable('Prices are temporarily unavailable.');
  });
  app.post('/api/login', { config: { rateLimit: { max: 2, timeWindow: '1 minute' } } }, async () => ({ success: true, data: null }));
  await app.ready();
  return app;
}

let app: App;
beforeAll(async () => {
  app = await build();
});
afterAll(() => app.close());

const userCookie = (admin = false) => `${ACCESS_COOKIE}=${sign({ sub: 'u1', admin, sid: 's1' })}`;

describe('validation', () => {
  it('accepts a valid body', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/echo', payload: { email: 'a@b.co' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { email: 'a@b.co' } });
  });
  it('rejects unknown fields with 400 instead of stripping them', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/echo', payload: { email: 'a@b.co', admin: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 'VALIDATION', message: 'Unknown field "admin" in body.' });
  });
  it('rejects operator injection with 400', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/echo', payload: { email: { $gt: '' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });
  it('does not coerce body types', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/echo', payload: { email: 'a@b.co', age: '12' } });
    expect(res.statusCode).toBe(400);
  });
  it('coerces query strings and names missing fields', async () => {
    expect((await app.inject('/api/list?page=3')).json().data).toEqual({ page: 3 });
    const missing = await app.inject({ method: 'POST', url: '/api/echo', payload: {} });
    expect(missing.json().message).toBe('Missing field "email" in body.');
  });
  it('refuses oversized bodies with 413', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/echo', payload: { email: 'a@b.co', pad: 'x'.repeat(200_000) } });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('TOO_LARGE');
  });
  it('answers an over-long path parameter in the envelope, not with a bare 414', async () => {
    const res = await app.inject(`/api/search/${encodeURIComponent('парацетамол'.repeat(20))}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
  });
  it('answers malformed JSON with 400', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/echo', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });
});

describe('errors', () => {
  it('never leaks internals on a 500', async () => {
    const res = await app.inject('/api/boom');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret internals');
    expect(res.json()).toEqual({ success: false, code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
  });
  it('keeps deliberate errors as sent', async () => {
    expect((await app.inject('/api/bad')).json()).toEqual({ success: false, code: 'VALIDATION', message: 'Pick a size.' });
  });
  it('asks the client to try a 503 again in 5 s, and other errors not', async () => {
    const down = await app.inject('/api/depends');
    expect([down.statusCode, down.headers['retry-after'], down.json()]).toEqual([503, '5', { success: false, code: 'UNAVAILABLE', message: 'Prices are temporarily unavailable.' }]);
    expect((await app.inject('/api/bad')).headers['retry-after']).toBeUndefined();
  });
  it('answers unknown routes with a JSON 404', async () => {
    const res = await app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
  it('sets helmet security headers', async () => {
    const res = await app.inject('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('authentication', () => {
  it('401 without a token', async () => {
    expect((await app.inject('/api/me')).statusCode).toBe(401);
  });
  it('reads the user from the access cookie', async () => {
    const res = await app.inject({ url: '/api/me', headers: { cookie: userCookie() } });
    expect(res.json().data).toEqual({ id: 'u1' });
  });
  it('refuses a token signed by another key', async () => {
    const other = createAccessTokenSigner(generateTestKeys().privateKey);
    const res = await app.inject({ url: '/api/me', headers: { cookie: `${ACCESS_COOKIE}=${other({ sub: 'u1', admin: true, sid: 's' })}` } });
    expect(res.statusCode).toBe(401);
  });
  it('ignores a valid token sent as an Authorization header: the access token is read from its cookie only', async () => {
    const token = sign({ sub: 'u1', admin: false, sid: 's' });
    expect((await app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/me', headers: { cookie: `${ACCESS_COOKIE}=${token}` } })).statusCode).toBe(200);
  });
  it('refuses a token it accepted before once its session is revoked (verified tokens are remembered, revocation is not)', async () => {
    const token = sign({ sub: 'u-revoked', admin: false, sid: 'session-to-revoke' });
    const cookie = `${ACCESS_COOKIE}=${token}`;
    expect((await app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    app.revocations.add([{ kind: 'session', id: 'session-to-revoke', expiresAt: new Date(Date.now() + 60_000).toISOString() }]);
    expect((await app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });
  it('says TOKEN_EXPIRED for an expired token, also one it accepted while it was valid', async () => {
    // 2 s (whole seconds from a rounded-down issue time): still valid for at least one at the first request.
    const shortLived = createAccessTokenSigner(keys.privateKey, 2);
    const token = shortLived({ sub: 'u1', admin: false, sid: 's' });
    expect((await app.inject({ url: '/api/me', headers: { cookie: `${ACCESS_COOKIE}=${token}` } })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 2100));
    const res = await app.inject({ url: '/api/me', headers: { cookie: `${ACCESS_COOKIE}=${token}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_EXPIRED');
  });
  it('403 for a non-admin on an admin route, 200 for an admin', async () => {
    expect((await app.inject({ url: '/api/staff', headers: { cookie: userCookie(false) } })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/staff', headers: { cookie: userCookie(true) } })).statusCode).toBe(200);
  });
});

describe('CSRF', () => {
  it('refuses a cookie-authenticated change without the header or a trusted origin', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/change', headers: { cookie: userCookie() } });
    expect(res.statusCode).toBe(403);
  });
  it('refuses a foreign origin even with the header', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/change',
      headers: { cookie: userCookie(), origin: 'http://evil.test', [CSRF_HEADER]: '1' },
    });
    expect(res.statusCode).toBe(403);
  });
  it('accepts the header, a trusted origin, or the request’s own origin', async () => {
    const withHeader = await app.inject({ method: 'POST', url: '/api/change', headers: { cookie: userCookie(), [CSRF_HEADER]: '1' } });
    const trusted = await app.inject({ method: 'POST', url: '/api/change', headers: { cookie: userCookie(), origin: 'http://shop.test' } });
    const same = await app.inject({ method: 'POST', url: '/api/change', headers: { cookie: userCookie(), origin: 'http://localhost:80', host: 'localhost:80' } });
    expect([withHeader.statusCode, trusted.statusCode, same.statusCode]).toEqual([200, 200, 200]);
  });
});

describe('rate limiting', () => {
  it('answers 429 in the envelope once the route limit is reached', async () => {
    await app.inject({ method: 'POST', url: '/api/login' });
    await app.inject({ method: 'POST', url: '/api/login' });
    const res = await app.inject({ method: 'POST', url: '/api/login' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
  });
});
