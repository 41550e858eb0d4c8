import { EMAIL_CHANGE_NEEDS_PASSWORD, EMAIL_CHANGE_WRONG_PASSWORD } from '../src/profile/routes';
import { PASSWORD, buildTestApp, get, login, send, signedIn, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const newEmail = () => `moved.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;

describe('changing the email needs the current password', () => {
  it('refuses a change without the password (400) and keeps the email', async () => {
    const { jar, email } = await signedIn(t.app);
    const res = await send(t.app, 'PUT', '/api/account/profile', { email: newEmail(), firstName: 'Grace' }, jar);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 'PASSWORD_REQUIRED', message: EMAIL_CHANGE_NEEDS_PASSWORD });
    expect((await get(t.app, '/api/account/profile', jar)).json().data).toMatchObject({ email, firstName: 'Ada' });
  });

  it('refuses a wrong password (403) and keeps the email', async () => {
    const { jar, email } = await signedIn(t.app);
    const res = await send(t.app, 'PUT', '/api/account/profile', { email: newEmail(), currentPassword: 'Not-my-password-9' }, jar);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, code: 'WRONG_PASSWORD', message: EMAIL_CHANGE_WRONG_PASSWORD });
    expect((await get(t.app, '/api/account/profile', jar)).json().data.email).toBe(email);
  });

  it('changes it with the right password; the new email signs in', async () => {
    const { jar } = await signedIn(t.app);
    const moved = newEmail();
    const res = await send(t.app, 'PUT', '/api/account/profile', { email: moved.toUpperCase(), currentPassword: PASSWORD }, jar);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe(moved);
    await login(t.app, moved);
  });

  it('needs no password for other fields or for the same email in another case', async () => {
    const { jar, email } = await signedIn(t.app);
    const res = await send(t.app, 'PUT', '/api/account/profile', { email: email.toUpperCase(), firstName: 'Grace' }, jar);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email, firstName: 'Grace' });
  });

  it('limits wrong passwords per session: after 10, that session’s email change answers 429; the account’s sign-in is not locked', async () => {
    const { jar, email } = await signedIn(t.app);
    for (let i = 0; i < 10; i++) {
      expect((await send(t.app, 'PUT', '/api/account/profile', { email: newEmail(), currentPassword: `Guess-number-${i}` }, jar)).statusCode).toBe(403);
    }
    const change = await send(t.app, 'PUT', '/api/account/profile', { email: newEmail(), currentPassword: PASSWORD }, jar);
    expect(change.statusCode).toBe(429);
    expect(change.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many wrong passwords in this session\. /) });
    expect(change.headers['retry-after']).toBeDefined();
    // Whoever holds the session cannot lock the owner out of signing in, from any device.
    const signIn = await send(t.app, 'POST', '/api/auth/login', { email, password: PASSWORD });
    expect(signIn.statusCode).toBe(200);
  });
});
