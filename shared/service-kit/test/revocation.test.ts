import Fastify from 'fastify';
import { ACCESS_COOKIE, ErrorCodes, type Revocation, type StaffRole } from '@pharmacy/contracts';
import {
  DEFAULT_REVOCATION_POLL_MS,
  INTERNAL_HEADER,
  REVOCATIONS_PATH,
  RevocationList,
  createAccessTokenSigner,
  createApp,
  followRevocations,
  generateTestKeys,
  injectFetch,
  loadConfig,
  optionalUser,
  requireAdmin,
  requireUser,
  type App,
} from '../src';

const keys = generateTestKeys();
const sign = createAccessTokenSigner(keys.privateKey);
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();
const cookie = (sub: string, sid: string, admin = false) => ({ cookie: `${ACCESS_COOKIE}=${sign({ sub, admin, sid })}` });

describe('requireUser, requireAdmin and optionalUser consult the revocation list', () => {
  let app: App;
  beforeAll(async () => {
    app = await createApp({ publicKey: keys.publicKey, logLevel: 'silent' });
    app.get('/api/me', { preHandler: requireUser }, async (req) => ({ success: true, data: req.user.sub }));
    app.get('/api/staff', { preHandler: requireAdmin }, async () => ({ success: true, data: 'ok' }));
    app.get('/api/maybe', async (req) => ({ success: true, data: (await optionalUser(req))?.sub ?? null }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('refuses a revoked session with a plain 401 (signed out, not TOKEN_EXPIRED) and leaves other sessions alone', async () => {
    const revoked = cookie('u1', 'sid-1');
    const other = cookie('u1', 'sid-2');
    expect((await app.inject({ url: '/api/me', headers: revoked })).statusCode).toBe(200);
    app.revocations.add([{ kind: 'session', id: 'sid-1', expiresAt: inAMinute() }]);

    const res = await app.inject({ url: '/api/me', headers: revoked });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, code: ErrorCodes.UNAUTHENTICATED, message: 'You have been signed out. Please sign in again.' });
    expect((await app.inject({ url: '/api/maybe', headers: revoked })).json().data).toBeNull();
    expect((await app.inject({ url: '/api/me', headers: other })).statusCode).toBe(200);
  });

  it('refuses every token of a deleted user, admin routes included', async () => {
    const admin = cookie('staff-9', 'sid-a', true);
    expect((await app.inject({ url: '/api/staff', headers: admin })).statusCode).toBe(200);
    app.revocations.add([{ kind: 'user', id: 'staff-9', expiresAt: inAMinute() }]);
    expect((await app.inject({ url: '/api/staff', headers: admin })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/staff', headers: cookie('staff-9', 'sid-b', true) })).statusCode).toBe(401);
  });

  it('a change of staff roles refuses the tokens carrying the old roles as expired (refresh), not as signed out', async () => {
    const staffToken = (roles: StaffRole[]) => ({ cookie: `${ACCESS_COOKIE}=${sign({ sub: 'staff-r', admin: true, sid: 'sid-r', roles })}` });
    const before = staffToken(['catalogue', 'support']);
    expect((await app.inject({ url: '/api/staff', headers: before })).statusCode).toBe(200);
    app.revocations.add([{ kind: 'roles', id: 'staff-r', expiresAt: inAMinute(), roles: ['support'] }]);

    for (const url of ['/api/staff', '/api/me']) {
      const res = await app.inject({ url, headers: before });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, code: ErrorCodes.TOKEN_EXPIRED, message: 'Your staff roles have changed. Your session is being renewed with them.' });
    }
    // The refreshed token carries the roles as they are; a visitor route still knows who it is.
    expect((await app.inject({ url: '/api/staff', headers: staffToken(['support']) })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/maybe', headers: before })).json().data).toBe('staff-r');
    // Other users are untouched.
    expect((await app.inject({ url: '/api/me', headers: cookie('u-other', 'sid-o') })).statusCode).toBe(200);
  });
});

describe('RevocationList', () => {
  it('forgets an entry once every token it could match has expired', () => {
    let now = 1_000_000;
    const list = new RevocationList(() => now);
    list.add([
      { kind: 'session', id: 's', expiresAt: new Date(now + 1000).toISOString() },
      { kind: 'user', id: 'u', expiresAt: new Date(now + 5000).toISOString() },
    ]);
    expect(list.isRevoked({ sub: 'x', sid: 's' })).toBe(true);
    expect(list.isRevoked({ sub: 'u', sid: 'y' })).toBe(true);
    now += 2000;
    expect(list.isRevoked({ sub: 'x', sid: 's' })).toBe(false);
    list.prune();
    expect(list.size).toBe(1);
  });

  it('a change of roles: tokens with other roles are stale (in any order the same roles are the same) until it expires', () => {
    let now = 1_000_000;
    const list = new RevocationList(() => now);
    list.add([{ kind: 'roles', id: 'u', roles: ['pharmacist', 'support'], expiresAt: new Date(now + 1000).toISOString() }]);
    expect(list.isStale({ sub: 'u', roles: ['admin'] })).toBe(true);
    expect(list.isStale({ sub: 'u' })).toBe(true);
    expect(list.isStale({ sub: 'u', roles: ['support', 'pharmacist'] })).toBe(false);
    expect(list.isStale({ sub: 'other', roles: ['admin'] })).toBe(false);
    expect(list.isRevoked({ sub: 'u', sid: 's' })).toBe(false);
    // A second change replaces the first: back to the earlier roles makes those tokens good again.
    list.add([{ kind: 'roles', id: 'u', roles: ['admin'], expiresAt: new Date(now + 1000).toISOString() }]);
    expect(list.isStale({ sub: 'u', roles: ['admin'] })).toBe(false);
    now += 2000;
    expect(list.isStale({ sub: 'u', roles: ['support'] })).toBe(false);
    list.prune();
    expect(list.size).toBe(0);
  });
});

/** A stand-in for the account service's feed: serves what the test revoked, after the cursor. */
async function fakeAccount(token: string) {
  const entries: Array<Revocation & { at: number }> = [];
  const seen: string[] = [];
  let down = false;
  // While set, an answer is held back after it was read (a poll on its way when something is revoked).
  let held: Promise<void> | null = null;
  const app = Fastify();
  app.get(REVOCATIONS_PATH, async (request, reply) => {
    if (request.headers[INTERNAL_HEADER] !== token) return reply.status(403).send({ success: false, message: 'no', code: 'FORBIDDEN' });
    if (down) return reply.status(503).send({ success: false, message: 'down', code: 'UNAVAILABLE' });
    const since = Number((request.query as { since: string }).since);
    seen.push(String(since));
    const now = Date.now();
    // `>=`: an entry of the cursor's own millisecond is sent again (the real feed overlaps more; repeats are harmless).
    const data = { revocations: entries.filter((e) => e.at >= since).map(({ at: _at, ...r }) => r), cursor: String(now) };
    if (held) await held;
    return { success: true, data };
  });
  await app.ready();
  return {
    app,
    seen,
    revoke: (r: Revocation) => entries.push({ ...r, at: Date.now() }),
    setDown: (value: boolean) => {
      down = value;
    },
    hold: () => {
      let release = () => {};
      held = new Promise<void>((r) => (release = r));
      return () => {
        held = null;
        release();
      };
    },
  };
}

function recordingLog() {
  const lines: Array<{ level: string; msg: string }> = [];
  return {
    lines,
    log: {
      warn: (_obj: unknown, msg?: string) => void lines.push({ level: 'warn', msg: msg ?? '' }),
      info: (_obj: unknown, msg?: string) => void lines.push({ level: 'info', msg: msg ?? '' }),
    },
  };
}

describe('followRevocations', () => {
  it('adds what the account service revoked, asking only for what is new since its cursor', async () => {
    const account = await fakeAccount('tok');
    const list = new RevocationList();
    const follower = followRevocations(list, { baseUrl: 'http://account', token: 'tok', fetch: injectFetch(account.app as never), log: recordingLog().log });

    account.revoke({ kind: 'session', id: 'sid-1', expiresAt: inAMinute() });
    expect(await follower.refresh()).toBe(true);
    expect(list.isRevoked({ sub: 'u', sid: 'sid-1' })).toBe(true);
    expect(account.seen[0]).toBe('0');

    account.revoke({ kind: 'session', id: 'sid-2', expiresAt: inAMinute() });
    await follower.refresh();
    expect(list.isRevoked({ sub: 'u', sid: 'sid-2' })).toBe(true);
    expect(Number(account.seen[1])).toBeGreaterThan(0);
    await account.app.close();
  });

  it('keeps the last known list while the account service is unreachable, logs the outage once and the recovery once', async () => {
    const account = await fakeAccount('tok');
    const list = new RevocationList();
    const { lines, log } = recordingLog();
    const follower = followRevocations(list, { baseUrl: 'http://account', token: 'tok', fetch: injectFetch(account.app as never), log });
    account.revoke({ kind: 'session', id: 'sid-known', expiresAt: inAMinute() });
    await follower.refresh();

    account.setDown(true);
    for (let i = 0; i < 5; i++) expect(await follower.refresh()).toBe(false);
    expect(list.isRevoked({ sub: 'u', sid: 'sid-known' })).toBe(true);
    expect(lines).toEqual([{ level: 'warn', msg: 'session revocations could not be read from the account service: keeping the last known list and retrying' }]);

    account.revoke({ kind: 'session', id: 'sid-later', expiresAt: inAMinute() });
    account.setDown(false);
    expect(await follower.refresh()).toBe(true);
    expect(list.isRevoked({ sub: 'u', sid: 'sid-later' })).toBe(true);
    expect(list.isRevoked({ sub: 'u', sid: 'sid-known' })).toBe(true);
    expect(lines.map((l) => l.level)).toEqual(['warn', 'info']);
    await account.app.close();
  });

  it('a network failure (nothing listening) keeps the list too', async () => {
    const list = new RevocationList();
    list.add([{ kind: 'session', id: 'sid-x', expiresAt: inAMinute() }]);
    const failing = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    const follower = followRevocations(list, { baseUrl: 'http://account', token: 'tok', fetch: failing, log: recordingLog().log });
    expect(await follower.refresh()).toBe(false);
    expect(list.isRevoked({ sub: 'u', sid: 'sid-x' })).toBe(true);
  });

  it('polls on its interval once started, and stops', async () => {
    const account = await fakeAccount('tok');
    const list = new RevocationList();
    const follower = followRevocations(list, { baseUrl: 'http://account', token: 'tok', fetch: injectFetch(account.app as never), intervalMs: 20, log: recordingLog().log });
    follower.start();
    account.revoke({ kind: 'user', id: 'deleted-user', expiresAt: inAMinute() });
    const until = Date.now() + 2000;
    while (!list.isRevoked({ sub: 'deleted-user', sid: 'any' }) && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    expect(list.isRevoked({ sub: 'deleted-user', sid: 'any' })).toBe(true);
    follower.stop();
    const polls = account.seen.length;
    await new Promise((r) => setTimeout(r, 80));
    expect(account.seen.length).toBe(polls);
    await account.app.close();
  });
});

describe('staff routes see every revocation made before them, without waiting for a poll', () => {
  let app: App;
  let account: Awaited<ReturnType<typeof fakeAccount>>;
  beforeEach(async () => {
    account = await fakeAccount('tok');
    app = await createApp({ publicKey: keys.publicKey, logLevel: 'silent' });
    app.get('/api/me', { preHandler: requireUser }, async () => ({ success: true, data: 'ok' }));
    app.get('/api/staff', { preHandler: requireAdmin }, async () => ({ success: true, data: 'ok' }));
    await app.ready();
    // No timer: every poll below is one a request asked for.
    followRevocations(app.revocations, { baseUrl: 'http://account', token: 'tok', fetch: injectFetch(account.app as never), intervalMs: 0, log: recordingLog().log });
  });
  afterEach(async () => {
    await app.close();
    await account.app.close();
  });

  it('refuses a staff token signed out a moment ago at once, while a shopper route waits for the next poll', async () => {
    const staff = cookie('staff-1', 'sid-staff', true);
    expect((await app.inject({ url: '/api/staff', headers: staff })).statusCode).toBe(200);
    account.revoke({ kind: 'session', id: 'sid-staff', expiresAt: inAMinute() });
    expect((await app.inject({ url: '/api/staff', headers: staff })).statusCode).toBe(401);
    const shopper = cookie('u-2', 'sid-shopper');
    expect((await app.inject({ url: '/api/me', headers: shopper })).statusCode).toBe(200);
    account.revoke({ kind: 'session', id: 'sid-shopper', expiresAt: inAMinute() });
    expect((await app.inject({ url: '/api/me', headers: shopper })).statusCode).toBe(200); // within 5 s, not at once
  });

  it('does not trust a poll that left before the request came: it waits for the next one', async () => {
    const staff = cookie('staff-3', 'sid-late', true);
    const release = account.hold();
    const early = app.revocations.caughtUp(); // a poll on its way, its answer read already
    await new Promise((r) => setTimeout(r, 20));
    account.revoke({ kind: 'session', id: 'sid-late', expiresAt: inAMinute() });
    const request = app.inject({ url: '/api/staff', headers: staff });
    await new Promise((r) => setTimeout(r, 20));
    release();
    await early;
    expect((await request).statusCode).toBe(401);
  });

  it('shares one poll among staff requests that arrive together', async () => {
    const before = account.seen.length;
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => app.inject({ url: '/api/staff', headers: cookie(`staff-${i}`, `sid-${i}`, true) })));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(account.seen.length - before).toBeLessThanOrEqual(2);
  });

  it('while the account service is unreachable, answers from the last list without waiting', async () => {
    account.revoke({ kind: 'session', id: 'sid-known', expiresAt: inAMinute() });
    expect((await app.inject({ url: '/api/staff', headers: cookie('staff-4', 'sid-known', true) })).statusCode).toBe(401);
    account.setDown(true);
    expect((await app.inject({ url: '/api/staff', headers: cookie('staff-4', 'sid-known', true) })).statusCode).toBe(401);
    const started = Date.now();
    expect((await app.inject({ url: '/api/staff', headers: cookie('staff-5', 'sid-fine', true) })).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('asks nobody where the account service runs in the same process', async () => {
    app.revocations.markFedInProcess();
    const before = account.seen.length;
    expect((await app.inject({ url: '/api/staff', headers: cookie('staff-6', 'sid-6', true) })).statusCode).toBe(200);
    expect(account.seen.length).toBe(before);
  });
});

describe('REVOCATION_POLL_MS', () => {
  it('defaults to 1 s; more than 4 s is refused at start, so the 5-second promise holds whatever is set', () => {
    expect(DEFAULT_REVOCATION_POLL_MS).toBe(1000);
    expect(loadConfig({}).revocationPollMs).toBe(1000);
    expect(loadConfig({ REVOCATION_POLL_MS: '250' }).revocationPollMs).toBe(250);
    expect(loadConfig({ REVOCATION_POLL_MS: '4000' }).revocationPollMs).toBe(4000);
    expect(() => loadConfig({ REVOCATION_POLL_MS: '60000' })).toThrow('REVOCATION_POLL_MS must be an integer from 100 to 4000, got "60000"');
    expect(() => loadConfig({ REVOCATION_POLL_MS: 'soon' })).toThrow('REVOCATION_POLL_MS must be an integer from 100 to 4000, got "soon"');
  });
});
