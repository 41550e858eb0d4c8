import { REFRESH_COOKIE, PASSWORD, buildTestApp, eventually, get, login, register, send, signedIn, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const FORGOT = 'If an account exists for that email, we have sent a link to reset the password. The link works for 30 minutes.';
const NEW_PASSWORD = 'Brand-new-pass-7';

/** Asks for a reset link and returns the token from the mail in the outbox. */
async function resetToken(email: string): Promise<string> {
  const before = (await t.outbox()).length;
  const res = await send(t.app, 'POST', '/api/auth/forgot-password', { email });
  expect(res.statusCode).toBe(200);
  const mail = await eventually(async () => (await t.outbox()).slice(before).find((m) => m.to === email));
  const match = /http:\/\/shop\.test\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail.text);
  expect(match).not.toBeNull();
  return decodeURIComponent(match![1]);
}

describe('POST /api/auth/forgot-password', () => {
  it('mails a reset link to an existing account and says the same thing for an unknown email', async () => {
    const { body } = await register(t.app);
    const known = await send(t.app, 'POST', '/api/auth/forgot-password', { email: body.email.toUpperCase() });
    const unknown = await send(t.app, 'POST', '/api/auth/forgot-password', { email: 'ghost@example.com' });
    // an outbox mailer outside production: the answer also says where the dev mailbox is (test/mailbox.test.ts)
    expect(known.json()).toEqual({ success: true, data: null, message: FORGOT, mailbox: '/dev/mailbox' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    const mail = await eventually(async () => (await t.outbox()).find((m) => m.to === body.email));
    expect(mail.subject).toBe('Reset your Pharmacy & Care password');
    expect(mail.text).toContain('http://shop.test/reset-password?token=');
    expect((await t.outbox()).some((m) => m.to === 'ghost@example.com')).toBe(false);
  });

  it('stores the token hashed, never as sent', async () => {
    const { body } = await register(t.app);
    const token = await resetToken(body.email);
    const docs = await t.store.collection('reset_tokens').find({});
    expect(JSON.stringify(docs)).not.toContain(token);
  });

  it('rejects bad input', async () => {
    for (const body of [{}, { email: 5 }, { email: { $gt: '' } }, { email: 'a@b.co', extra: 1 }]) {
      expect((await send(t.app, 'POST', '/api/auth/forgot-password', body)).statusCode).toBe(400);
    }
    expect((await send(t.app, 'POST', '/api/auth/forgot-password', { email: 'nope' })).json().message).toBe(
      'Enter a valid email address, like name@example.com.',
    );
    expect((await send(t.app, 'POST', '/api/auth/forgot-password', { email: 'x'.repeat(200_000) })).statusCode).toBe(413);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password once and signs out every session', async () => {
    const { jar, email } = await signedIn(t.app);
    const token = await resetToken(email);
    const res = await send(t.app, 'POST', '/api/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your password has been reset. Please sign in with the new password.');
    expect((await get(t.app, '/api/auth/me', jar)).statusCode).toBe(401);
    expect((await send(t.app, 'POST', '/api/auth/refresh', undefined, jar)).statusCode).toBe(401);
    expect((await send(t.app, 'POST', '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(401);
    await login(t.app, email, NEW_PASSWORD);

    const reused = await send(t.app, 'POST', '/api/auth/reset-password', { token, password: 'Another-pass-8' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      success: false,
      code: 'RESET_TOKEN',
      message: 'This reset link has already been used. Please request a new one if you still need it.',
    });
  });

  it('refuses an expired token (after 30 minutes)', async () => {
    const { body } = await register(t.app);
    const token = await resetToken(body.email);
    t.advance(31 * 60_000);
    try {
      const res = await send(t.app, 'POST', '/api/auth/reset-password', { token, password: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This reset link has expired. Please request a new one.');
    } finally {
      t.advance(-31 * 60_000);
    }
    await login(t.app, body.email, PASSWORD);
  });

  it('kills earlier links once one of them is used', async () => {
    const { body } = await register(t.app);
    const first = await resetToken(body.email);
    const second = await resetToken(body.email);
    expect((await send(t.app, 'POST', '/api/auth/reset-password', { token: second, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await send(t.app, 'POST', '/api/auth/reset-password', { token: first, password: 'Another-pass-8' })).statusCode).toBe(400);
  });

  it('refuses an unknown token, a weak password (keeping the token usable) and bad input', async () => {
    const unknown = await send(t.app, 'POST', '/api/auth/reset-password', { token: 'made-up', password: NEW_PASSWORD });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('This reset link is not valid. Please request a new one.');

    const { body } = await register(t.app);
    const token = await resetToken(body.email);
    const weak = await send(t.app, 'POST', '/api/auth/reset-password', { token, password: '123456789012' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Password cannot be only numbers. Add some letters or symbols.');
    expect((await send(t.app, 'POST', '/api/auth/reset-password', { token, password: NEW_PASSWORD })).statusCode).toBe(200);

    for (const payload of [{ token }, { token: { $gt: '' }, password: NEW_PASSWORD }, { token: 1, password: NEW_PASSWORD }, { token, password: NEW_PASSWORD, email: 'x' }]) {
      expect((await send(t.app, 'POST', '/api/auth/reset-password', payload)).statusCode).toBe(400);
    }
    expect((await send(t.app, 'POST', '/api/auth/reset-password', { token, password: 'x'.repeat(200_000) })).statusCode).toBe(413);
  });
});

describe('POST /api/account/change-password', () => {
  it('changes the password, keeps this device signed in with a new refresh token and signs out the others', async () => {
    const { jar, email } = await signedIn(t.app);
    const other = await login(t.app, email);
    const oldRefresh = jar.get(REFRESH_COOKIE);
    const res = await send(t.app, 'POST', '/api/account/change-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, jar);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your password has been changed. Other devices have been signed out.');
    jar.take(res);
    expect(jar.get(REFRESH_COOKIE)).not.toBe(oldRefresh);
    expect((await get(t.app, '/api/auth/me', jar)).statusCode).toBe(200);
    expect((await send(t.app, 'POST', '/api/auth/refresh', undefined, jar)).statusCode).toBe(200);
    expect((await get(t.app, '/api/auth/me', other)).statusCode).toBe(401);
    expect((await send(t.app, 'POST', '/api/auth/refresh', undefined, other)).statusCode).toBe(401);
    await login(t.app, email, NEW_PASSWORD);
    expect((await send(t.app, 'POST', '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(401);
  });

  it('refuses a wrong current password, a weak or unchanged new one, and bad input', async () => {
    const { jar } = await signedIn(t.app);
    const wrong = await send(t.app, 'POST', '/api/account/change-password', { currentPassword: 'Nope-nope-1', newPassword: NEW_PASSWORD }, jar);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ success: false, code: 'WRONG_PASSWORD', message: 'Your current password is not correct.' });
    const weak = await send(t.app, 'POST', '/api/account/change-password', { currentPassword: PASSWORD, newPassword: 'short' }, jar);
    expect(weak.json().message).toBe('New password must be at least 12 characters.');
    const same = await send(t.app, 'POST', '/api/account/change-password', { currentPassword: PASSWORD, newPassword: PASSWORD }, jar);
    expect(same.json().message).toBe('The new password must be different from the current one.');
    for (const body of [{ currentPassword: PASSWORD }, { currentPassword: { $gt: '' }, newPassword: NEW_PASSWORD }, { currentPassword: PASSWORD, newPassword: 1 }, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, userId: 'x' }]) {
      expect((await send(t.app, 'POST', '/api/account/change-password', body, jar)).statusCode).toBe(400);
    }
    expect((await send(t.app, 'POST', '/api/account/change-password', { currentPassword: PASSWORD, newPassword: 'x'.repeat(200_000) }, jar)).statusCode).toBe(413);
  });

  it('answers 401 when signed out', async () => {
    const res = await send(t.app, 'POST', '/api/account/change-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(401);
  });
});
