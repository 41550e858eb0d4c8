import { DEFAULT_RATE_LIMITS } from '../src';
import { FORGOT_MESSAGE } from '../src/recovery/routes';
import { PASSWORD, buildTestApp, eventually, register, type TestApp } from './helpers';

const FIFTEEN_MINUTES_S = 15 * 60;
const NEW_PASSWORD = 'Lantern-orchard-41';

let t: TestApp;
beforeEach(async () => {
  // The shipped per-address limits (10 sign-ins a minute per address), so the attempts below show what
  // spreading them over many addresses used to get past.
  t = await buildTestApp({ rateLimits: DEFAULT_RATE_LIMITS });
});
afterEach(() => t.close());

/** A sign-in from one of many client addresses (a botnet, or X-Forwarded-For values behind the proxy). */
const loginFrom = (n: number, email: string, password: string, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: `198.51.100.${n}` });

const expectLocked = (res: Awaited<ReturnType<typeof loginFrom>>) => {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({
    success: false,
    code: 'RATE_LIMITED',
    message: expect.stringMatching(/^Too many wrong passwords for this account\. Please wait \d+ minutes? and try again, or reset your password with "Forgot password"\.$/),
  });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(FIFTEEN_MINUTES_S);
  return retryAfter;
};

describe('failed sign-ins are limited per account, across addresses', () => {
  it('10 wrong passwords from 20 addresses lock the account: 429 with Retry-After, even for the right password; the owner resets and signs in', async () => {
    const { body } = await register(t.app);
    for (let i = 0; i < 10; i++) expect((await loginFrom(i, body.email, `Wrong-guess-${i}`)).statusCode).toBe(401);
    for (let i = 10; i < 20; i++) expectLocked(await loginFrom(i, body.email, `Wrong-guess-${i}`));
    expectLocked(await loginFrom(99, body.email, PASSWORD));

    // The owner is not locked out of the reset by mail.
    const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: body.email }, remoteAddress: '203.0.113.5' });
    expect(forgot.json()).toMatchObject({ success: true, message: FORGOT_MESSAGE });
    const mail = await eventually(async () => (await t.outbox()).find((m) => m.to === body.email));
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]);
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: NEW_PASSWORD }, remoteAddress: '203.0.113.5' });
    expect(reset.statusCode).toBe(200);
    // The reset clears the failures: the owner signs in at once with the new password.
    expect((await loginFrom(100, body.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers an unknown email exactly like an account (the limit does not tell who has one)', async () => {
    const { body } = await register(t.app);
    for (const email of [body.email, 'nobody-here@example.com']) {
      for (let i = 0; i < 10; i++) expect((await loginFrom(i, email, 'Wrong-guess-1')).json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
      expectLocked(await loginFrom(11, email, 'Wrong-guess-1'));
    }
  });

  it('counts by the normalised email, whatever its case or spaces', async () => {
    const { body } = await register(t.app);
    for (let i = 0; i < 10; i++) await loginFrom(i, i % 2 ? body.email.toUpperCase() : `  ${body.email} `, 'Wrong-guess-1');
    expectLocked(await loginFrom(11, body.email, PASSWORD));
  });

  it('lets the owner in before the threshold, and the lock lifts once the oldest failures are 15 minutes old', async () => {
    const { body } = await register(t.app);
    for (let i = 0; i < 9; i++) await loginFrom(i, body.email, 'Wrong-guess-1');
    expect((await loginFrom(9, body.email, PASSWORD)).statusCode).toBe(200); // 9 failures: still allowed
    expect((await loginFrom(10, body.email, 'Wrong-guess-1')).statusCode).toBe(401); // the 10th failure
    const retryAfter = expectLocked(await loginFrom(11, body.email, PASSWORD));
    expect(retryAfter).toBeGreaterThan(FIFTEEN_MINUTES_S - 60);
    t.advance(retryAfter * 1000 + 1000);
    expect((await loginFrom(12, body.email, PASSWORD)).statusCode).toBe(200);
  });

  it('holds when 30 guesses arrive at once: at most 10 are tried', async () => {
    const { body } = await register(t.app);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => loginFrom(i, body.email, `Wrong-guess-${i}`)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(10);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(20);
  });

  it('is kept in the account store: another process on the same data still refuses', async () => {
    const { body } = await register(t.app);
    for (let i = 0; i < 10; i++) await loginFrom(i, body.email, 'Wrong-guess-1');
    const other = await buildTestApp({ store: t.store });
    try {
      expectLocked(await loginFrom(50, body.email, PASSWORD, other.app));
    } finally {
      await other.app.close();
    }
  });
});

describe('forgot-password is limited per account as well as per address', () => {
  const forgotFrom = (n: number, email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: `192.0.2.${n}` });

  it('mails at most 3 links an hour to one email, from any address, with the same answer every time', async () => {
    const { body } = await register(t.app);
    for (let i = 0; i < 6; i++) {
      const res = await forgotFrom(i, body.email);
      expect([res.statusCode, res.json().message]).toEqual([200, FORGOT_MESSAGE]);
    }
    await eventually(async () => (await t.outbox()).length === 3);
    await new Promise((r) => setTimeout(r, 100)); // a fourth mail would have been queued by now
    expect((await t.outbox()).filter((m) => m.to === body.email)).toHaveLength(3);
    t.advance(60 * 60_000 + 1000);
    expect((await forgotFrom(7, body.email)).statusCode).toBe(200);
    await eventually(async () => (await t.outbox()).length === 4);
  });

  it('answers an unknown email the same way past the limit', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await forgotFrom(i, 'ghost@example.com');
      expect([res.statusCode, res.json()]).toEqual([200, { success: true, data: null, message: FORGOT_MESSAGE, mailbox: '/dev/mailbox' }]);
    }
  });
});
