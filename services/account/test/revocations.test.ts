import { INTERNAL_HEADER } from '@pharmacy/service-kit';
import {
  ACCESS_COOKIE,
  REFRESH_COOKIE,
  PASSWORD,
  Jar,
  buildTestApp,
  eventually,
  get,
  login,
  send,
  signedIn,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Feed = { revocations: Array<{ kind: 'session' | 'user'; id: string; expiresAt: string }>; cursor: string };

async function feed(since = '0'): Promise<Feed> {
  const res = await t.app.inject({ url: `/internal/account/revocations?since=${since}`, headers: { [INTERNAL_HEADER]: t.keys.internalToken } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json().data as Feed;
}
const sidOf = (jar: Jar) => JSON.parse(Buffer.from(jar.get(ACCESS_COOKIE)!.split('.')[1], 'base64url').toString()).sid as string;
const revokedSessions = async () => (await feed()).revocations.filter((r) => r.kind === 'session').map((r) => r.id);

describe('GET /internal/account/revocations: what every other service refuses', () => {
  it('lists the session after logout, kept 16 minutes (the 15-minute access token plus a margin)', async () => {
    const { jar } = await signedIn(t.app);
    const sid = sidOf(jar);
    expect(await revokedSessions()).not.toContain(sid);
    const before = Date.now();
    await send(t.app, 'POST', '/api/auth/logout', undefined, jar);
    const entry = (await feed()).revocations.find((r) => r.id === sid)!;
    expect(entry.kind).toBe('session');
    const keptMs = Date.parse(entry.expiresAt) - before;
    expect(keptMs).toBeGreaterThanOrEqual(16 * 60_000 - 1000);
    expect(keptMs).toBeLessThanOrEqual(16 * 60_000 + 5000);
  });

  it('after a password change: the old session is revoked, this device moves to a new session that keeps working', async () => {
    const { jar, email } = await signedIn(t.app);
    const other = await login(t.app, email);
    const oldSid = sidOf(jar);
    const res = await send(t.app, 'POST', '/api/account/change-password', { currentPassword: PASSWORD, newPassword: 'Quite-new-pass-42' }, jar);
    expect(res.statusCode).toBe(200);
    const renewed = jar.clone().take(res);
    expect(sidOf(renewed)).not.toBe(oldSid);
    const revoked = await revokedSessions();
    expect(revoked).toEqual(expect.arrayContaining([oldSid, sidOf(other)]));
    expect(revoked).not.toContain(sidOf(renewed));
    expect((await get(t.app, '/api/auth/me', renewed)).statusCode).toBe(200);
    // The new refresh cookie works; the old one (possibly copied) does not.
    expect((await send(t.app, 'POST', '/api/auth/refresh', undefined, renewed)).statusCode).toBe(200);
    const stale = new Jar().set(REFRESH_COOKIE, jar.get(REFRESH_COOKIE)!);
    expect((await send(t.app, 'POST', '/api/auth/refresh', undefined, stale)).statusCode).toBe(401);
  });

  it('after a password reset: every session of the account', async () => {
    const { jar, email } = await signedIn(t.app);
    const second = await login(t.app, email);
    await send(t.app, 'POST', '/api/auth/forgot-password', { email });
    const mail = await eventually(async () => (await t.outbox()).find((m) => m.to === email));
    const token = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(mail.text)![1]);
    expect((await send(t.app, 'POST', '/api/auth/reset-password', { token, password: 'Reset-new-pass-77' })).statusCode).toBe(200);
    expect(await revokedSessions()).toEqual(expect.arrayContaining([sidOf(jar), sidOf(second)]));
  });

  it('after refresh-token reuse: the whole session', async () => {
    const { jar } = await signedIn(t.app);
    const stolen = jar.clone();
    const rotated = await send(t.app, 'POST', '/api/auth/refresh', undefined, jar);
    expect(rotated.statusCode).toBe(200);
    jar.take(rotated);
    t.advance(11_000); // past the grace for two tabs refreshing at once
    expect((await send(t.app, 'POST', '/api/auth/refresh', undefined, stolen)).statusCode).toBe(401);
    expect(await revokedSessions()).toContain(sidOf(jar));
    expect((await get(t.app, '/api/auth/me', jar)).statusCode).toBe(401);
  });

  it('after account deletion: the user (every token, whatever its session) and each session', async () => {
    const { jar, user } = await signedIn(t.app);
    expect((await send(t.app, 'DELETE', '/api/account/profile', { password: PASSWORD }, jar)).statusCode).toBe(200);
    const { revocations } = await feed();
    expect(revocations).toEqual(expect.arrayContaining([
      expect.objectContaining({ kind: 'user', id: user._id }),
      expect.objectContaining({ kind: 'session', id: sidOf(jar) }),
    ]));
  });

  it('revokes the tokens in this process at once (embedded mode needs no poll)', async () => {
    const { jar, user } = await signedIn(t.app);
    await send(t.app, 'POST', '/api/auth/logout', undefined, jar);
    expect(t.app.revocations.isRevoked({ sub: user._id, sid: sidOf(jar) })).toBe(true);
  });

  it('answers only what is new since the cursor (with a few seconds of overlap), and forgets expired entries', async () => {
    t.advance(10_000); // earlier revocations fall out of the overlap
    const { cursor } = await feed();
    const { jar } = await signedIn(t.app);
    await send(t.app, 'POST', '/api/auth/logout', undefined, jar);
    const next = await feed(cursor);
    expect(next.revocations.map((r) => r.id)).toEqual([sidOf(jar)]);
    expect(Number(next.cursor)).toBeGreaterThan(Number(cursor));

    t.advance(17 * 60_000);
    expect((await feed()).revocations.map((r) => r.id)).not.toContain(sidOf(jar));
  });

  it('refuses browsers and a wrong token (403), and a malformed cursor (400)', async () => {
    const { jar } = await signedIn(t.app);
    expect((await t.app.inject({ url: '/internal/account/revocations', headers: jar.headers() })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/internal/account/revocations', headers: { [INTERNAL_HEADER]: 'guess' } })).statusCode).toBe(403);
    for (const since of ['-1', 'abc', '1e9', '{"$gt":0}']) {
      const res = await t.app.inject({ url: `/internal/account/revocations?since=${encodeURIComponent(since)}`, headers: { [INTERNAL_HEADER]: t.keys.internalToken } });
      expect(res.statusCode).toBe(400);
    }
  });
});
