import { DEFAULT_ATTEMPT_LIMITS, DEFAULT_RATE_LIMITS } from '../src';
import { CHALLENGE_MISSING, CHALLENGE_ON_MS, CHALLENGE_REFUSED } from '../src/auth/challenge';
import { DEVICE_COOKIE_PREFIX } from '../src/auth/devices';
import { FORGOT_MESSAGE } from '../src/recovery/routes';
import { Jar, PASSWORD, buildTestApp, challengeNow, eventually, newShopper, register, solvedChallenge, type TestApp } from './helpers';

const FIFTEEN_MINUTES_S = 15 * 60;
const NEW_PASSWORD = 'Lantern-orchard-41';

let t: TestApp;
beforeEach(async () => {
  // The shipped per-address sign-in limit (10 a minute per address), so the attempts below show what spreading them
  // over many addresses used to get past; the accounts themselves are made from one address.
  t = await buildTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, register: { max: 1000, timeWindow: '1 minute' } } });
});
afterEach(() => t.close());

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;

/** A sign-in from one of many client addresses (a botnet, or X-Forwarded-For values behind the proxy). */
const loginFrom = (n: number, email: string, password: string, opts: { app?: TestApp['app']; device?: Jar; altcha?: string } = {}) =>
  (opts.app ?? t.app).inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, ...(opts.altcha ? { altcha: opts.altcha } : {}) },
    remoteAddress: `198.51.${Math.floor(n / 250)}.${n % 250}`,
    headers: opts.device ? opts.device.headers() : {},
  });

/** The owner signing in from their own browser, which keeps the cookies it is given (its device cookie among them). */
async function ownDevice(email: string, password = PASSWORD): Promise<Jar> {
  const res = await loginFrom(200, email, password);
  expect(res.statusCode).toBe(200);
  return new Jar().take(res);
}

/** The device cookie a sign-in answer set. */
const deviceCookieOf = (res: Res) => res.cookies.find((c) => c.name.startsWith(DEVICE_COOKIE_PREFIX))!;

const expectLocked = (res: Res, where = 'for this account') => {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({
    success: false,
    code: 'RATE_LIMITED',
    message: expect.stringMatching(
      new RegExp(`^Too many wrong passwords ${where}\\. Please wait \\d+ minutes? and try again, or reset your password with "Forgot password"\\.$`),
    ),
  });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(FIFTEEN_MINUTES_S);
  return retryAfter;
};

const expectChallenge = (res: Res, message = CHALLENGE_MISSING) => {
  expect([res.statusCode, res.json()]).toEqual([403, { success: false, code: 'CHALLENGE_REQUIRED', message }]);
};

describe('failed sign-ins from unknown devices are limited per account, across addresses', () => {
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

  it('lets the owner in before the threshold, and the lock lifts once the 15-minute window of the failures has passed', async () => {
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
      expectLocked(await loginFrom(50, body.email, PASSWORD, { app: other.app }));
    } finally {
      await other.app.close();
    }
  });
});

describe('the owner’s device (device cookie) is never locked out by others', () => {
  it('a successful sign-in remembers the browser with a signed, httpOnly cookie for that account, sent to sign-in only', async () => {
    const { body } = await register(t.app);
    const other = await register(t.app);
    const first = await loginFrom(1, body.email, PASSWORD);
    const device = deviceCookieOf(first);
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/login', maxAge: 365 * 24 * 60 * 60 });
    expect(device.value).not.toContain(body.email);
    // One cookie per account: the same browser signing in to another account gets a second one.
    const second = await loginFrom(1, other.body.email, PASSWORD, { device: new Jar().take(first) });
    expect(deviceCookieOf(second).name).not.toBe(device.name);
  });

  it('signs in during a lockout, while a new device cannot', async () => {
    const { body } = await register(t.app);
    const device = await ownDevice(body.email);
    for (let i = 0; i < 10; i++) await loginFrom(i, body.email, `Wrong-guess-${i}`);
    expectLocked(await loginFrom(20, body.email, PASSWORD));

    const own = await loginFrom(21, body.email, PASSWORD, { device });
    expect(own.statusCode).toBe(200);
    expect(own.json().user.email).toBe(body.email);
    // The device is still locked out for everybody else, and a brand-new browser is such a device.
    expectLocked(await loginFrom(22, body.email, PASSWORD, { device: new Jar() }));
  });

  it('does not trust a cookie it did not sign, one for another account, or one past its year', async () => {
    const { body } = await register(t.app);
    const other = await register(t.app);
    const own = deviceCookieOf(await loginFrom(200, body.email, PASSWORD));
    const device = new Jar().set(own.name, own.value);
    const othersValue = deviceCookieOf(await loginFrom(201, other.body.email, PASSWORD)).value;
    for (let i = 0; i < 10; i++) await loginFrom(i, body.email, `Wrong-guess-${i}`);

    const forged = new Jar().set(own.name, own.value.replace(/\.[^.]+$/, '.AAAA'));
    const moved = new Jar().set(own.name, othersValue);
    for (const jar of [forged, moved]) expectLocked(await loginFrom(30, body.email, PASSWORD, { device: jar }));
    t.advance(366 * 24 * 60 * 60 * 1000);
    for (let i = 0; i < 10; i++) await loginFrom(i, body.email, `Wrong-guess-${i}`);
    expectLocked(await loginFrom(31, body.email, PASSWORD, { device }));
  });

  it('limits a device’s own wrong passwords per device, without locking the account elsewhere', async () => {
    const { body } = await register(t.app);
    const device = await ownDevice(body.email);
    const laptop = await ownDevice(body.email);
    for (let i = 0; i < 10; i++) expect((await loginFrom(i, body.email, `Typo-number-${i}`, { device })).statusCode).toBe(401);
    expectLocked(await loginFrom(10, body.email, PASSWORD, { device }), 'on this device');
    expect((await loginFrom(11, body.email, PASSWORD, { device: laptop })).statusCode).toBe(200);
    expect((await loginFrom(12, body.email, PASSWORD)).statusCode).toBe(200);
  });

  it('is not held back by the per-address limit when others share its address', async () => {
    const { body } = await register(t.app);
    const device = await ownDevice(body.email);
    const sameAddress = 7;
    for (let i = 0; i < DEFAULT_RATE_LIMITS.login.max; i++) await loginFrom(sameAddress, 'someone-else@example.com', 'Wrong-guess-1');
    expect((await loginFrom(sameAddress, 'someone-else@example.com', 'Wrong-guess-1')).json().message).toMatch(/^Too many attempts\./);
    expect((await loginFrom(sameAddress, body.email, PASSWORD, { device })).statusCode).toBe(200);
  });
});

describe('credential stuffing spread over addresses and accounts turns on the proof-of-work check', () => {
  /** 100 accounts, 20 of whose passwords are in the attacker's list; 1 to 3 guesses per account. */
  async function stuffing() {
    const accounts = await Promise.all(Array.from({ length: 100 }, () => register(t.app, newShopper())));
    const guesses: Array<{ email: string; password: string; valid: boolean }> = [];
    accounts.forEach(({ body }, i) => {
      const tries = 1 + (i % 3);
      for (let g = 0; g < tries; g++) {
        // One account in five has its password in the list, spread through it.
        const valid = i % 5 === 4 && g === tries - 1;
        guesses.push({ email: body.email, password: valid ? PASSWORD : `Leaked-guess-${i}-${g}`, valid });
      }
    });
    while (guesses.length < 320) guesses.push({ email: `nobody-${guesses.length}@example.com`, password: 'Leaked-guess-x', valid: false });
    return { accounts, guesses };
  }

  it('past 30 failures a minute from 160 addresses, unknown devices need a solved check; a solution passes once', async () => {
    const { accounts, guesses } = await stuffing();
    const owner = accounts[0].body;
    const device = await ownDevice(owner.email);
    expect(await challengeNow(t.app)).toEqual({ required: false, challenge: null, maxAttempts: 0 });

    const answers: Res[] = [];
    for (const [i, g] of guesses.entries()) answers.push(await loginFrom(i % 160, g.email, g.password));
    const codes = answers.map((r) => r.statusCode);
    // No account saw more than 3 guesses and no address more than 2: only the shop-wide rate gives it away.
    expect(codes.filter((c) => c === 429)).toEqual([]);
    expect(codes.filter((c) => c === 401).length).toBe(DEFAULT_ATTEMPT_LIMITS.shopLoginFailures.max + 1);
    const challenged = answers.filter((r) => r.statusCode === 403);
    expect(challenged.length).toBeGreaterThan(250);
    challenged.forEach((r) => expectChallenge(r));
    // The valid passwords in the list that came after it turned on got nowhere.
    const accepted = guesses.filter((g, i) => g.valid && codes[i] === 200).length;
    expect(accepted).toBeLessThan(guesses.filter((g) => g.valid).length);

    const offered = await challengeNow(t.app);
    expect(offered).toMatchObject({ required: true, maxAttempts: 40, challenge: { parameters: { algorithm: 'PBKDF2/SHA-256' }, signature: expect.any(String) } });

    // A victim whose password was in the list, signing in from the shop's page (which solves the check).
    const victim = accounts[19].body;
    expectChallenge(await loginFrom(300, victim.email, PASSWORD));
    const altcha = await solvedChallenge(t.app);
    expect((await loginFrom(300, victim.email, PASSWORD, { altcha })).statusCode).toBe(200);
    // The same solution again, for the same or any other account, is refused before any password is tried.
    expectChallenge(await loginFrom(301, victim.email, PASSWORD, { altcha }), CHALLENGE_REFUSED);
    expectChallenge(await loginFrom(302, accounts[18].body.email, PASSWORD, { altcha }), CHALLENGE_REFUSED);
    // A solution tampered with does not verify.
    const tampered = JSON.parse(Buffer.from(await solvedChallenge(t.app), 'base64').toString());
    tampered.challenge.parameters.cost = 1;
    expectChallenge(await loginFrom(303, victim.email, PASSWORD, { altcha: Buffer.from(JSON.stringify(tampered)).toString('base64') }), CHALLENGE_REFUSED);
    expectChallenge(await loginFrom(304, victim.email, PASSWORD, { altcha: 'not base64 json' }), CHALLENGE_REFUSED);

    // The owner's own device needs no check.
    expect((await loginFrom(305, owner.email, PASSWORD, { device })).statusCode).toBe(200);

    // It turns off 15 minutes after the last minute above normal.
    t.advance(CHALLENGE_ON_MS + 1000);
    expect((await challengeNow(t.app)).required).toBe(false);
    expect((await loginFrom(306, accounts[17].body.email, PASSWORD)).statusCode).toBe(200);
  }, 120_000);

  it('a sign-in refused for want of a check counts against nothing: the account is not locked by it', async () => {
    const { body } = await register(t.app);
    for (let i = 0; i <= DEFAULT_ATTEMPT_LIMITS.shopLoginFailures.max; i++) await loginFrom(i, `nobody-${i}@example.com`, 'Leaked-guess-x');
    for (let i = 0; i < 15; i++) expectChallenge(await loginFrom(40 + i, body.email, 'Leaked-guess-y'));
    expect((await loginFrom(60, body.email, PASSWORD, { altcha: await solvedChallenge(t.app) })).statusCode).toBe(200);
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
      // From another machine: no word of the dev mailbox, which would not open for it (docs/operations.md#dev-mailbox).
      expect([res.statusCode, res.json()]).toEqual([200, { success: true, data: null, message: FORGOT_MESSAGE }]);
    }
  });
});
