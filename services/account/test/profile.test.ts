import { MARKETS } from '@pharmacy/contracts';
import { Jar, PASSWORD, buildTestApp, get, login, noHash, register, send, signedIn, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/account/profile', () => {
  it('returns the signed-in user without the hash', async () => {
    const { jar, user } = await signedIn(t.app);
    const res = await get(t.app, '/api/account/profile', jar);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: user._id, email: user.email });
    noHash(res);
  });
  it('answers 401 when signed out', async () => {
    expect((await get(t.app, '/api/account/profile')).statusCode).toBe(401);
  });
});

describe('PUT /api/account/profile', () => {
  const full = {
    firstName: 'Grace',
    lastName: "O'Neil-Hopper",
    phone: '+44 (20) 7946-0958',
    DOB: '1990-02-28',
    allergies: [' Penicillin ', 'penicillin', 'Peanuts', ''],
    healthConditions: ['Asthma'],
  };

  it('saves every field, normalised, and it persists', async () => {
    const { jar } = await signedIn(t.app);
    const res = await send(t.app, 'PUT', '/api/account/profile', { ...full, email: 'Grace.New@Example.com', currentPassword: PASSWORD }, jar);
    expect(res.statusCode).toBe(200);
    const expected = { ...full, email: 'grace.new@example.com', allergies: ['Penicillin', 'Peanuts'] };
    expect(res.json().data).toMatchObject(expected);
    expect(res.json().user).toMatchObject(expected);
    expect(res.json().message).toBe('Your profile has been saved.');
    noHash(res);
    expect((await get(t.app, '/api/account/profile', jar)).json().data).toMatchObject(expected);
    // The new email signs in.
    await login(t.app, 'grace.new@example.com');
  });

  it('accepts a partial update and clears phone and DOB with null or ""', async () => {
    const { jar } = await signedIn(t.app);
    await send(t.app, 'PUT', '/api/account/profile', full, jar);
    const res = await send(t.app, 'PUT', '/api/account/profile', { phone: '', DOB: null }, jar);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ firstName: 'Grace', phone: null, DOB: null, healthConditions: ['Asthma'] });
  });

  it('keeps a phone saved under an older rule while the shopper changes something else, and checks a new one', async () => {
    const { jar, user } = await signedIn(t.app);
    await t.store.collection('users').updateOne({ _id: user._id }, { $set: { phone: '555.123.4567' } });
    const kept = await send(t.app, 'PUT', '/api/account/profile', { firstName: 'Grace', phone: '555.123.4567' }, jar);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({ firstName: 'Grace', phone: '555.123.4567' });
    const changed = await send(t.app, 'PUT', '/api/account/profile', { phone: '555.123.4568' }, jar);
    expect(changed.json()).toEqual({ success: false, code: 'VALIDATION', message: 'Enter a UK phone number, like 07700 900123 or +44 20 7946 0958.' });
  });

  it('follows the market’s phone rule: an Irish shop takes Irish numbers and refuses UK ones', async () => {
    const ie = await buildTestApp({ market: MARKETS.IE });
    try {
      const { jar } = await signedIn(ie.app);
      expect((await send(ie.app, 'PUT', '/api/account/profile', { phone: '+353 87 123 4567' }, jar)).json().data.phone).toBe('+353 87 123 4567');
      const uk = await send(ie.app, 'PUT', '/api/account/profile', { phone: '07700 900123' }, jar);
      expect(uk.json()).toEqual({ success: false, code: 'VALIDATION', message: 'Enter an Irish phone number, like 087 123 4567 or +353 1 234 5678.' });
    } finally {
      await ie.close();
    }
  });

  it('answers 409 when the email belongs to another account', async () => {
    const other = await register(t.app);
    const { jar } = await signedIn(t.app);
    const res = await send(t.app, 'PUT', '/api/account/profile', { email: other.user.email.toUpperCase(), currentPassword: PASSWORD }, jar);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An account with this email already exists.');
  });

  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  it.each([
    [{ firstName: '' }, 'First name is required.'],
    [{ lastName: 'x'.repeat(51) }, 'Last name must be at most 50 characters.'],
    [{ email: 'nope' }, 'Enter a valid email address, like name@example.com.'],
    [{ phone: '12ab' }, 'Enter a UK phone number, like 07700 900123 or +44 20 7946 0958.'],
    [{ phone: '+1 703-555-0100' }, 'Enter a UK phone number, like 07700 900123 or +44 20 7946 0958.'],
    [{ DOB: tomorrow }, 'Date of birth must be in the past.'],
    [{ DOB: '2001-02-30' }, 'Enter a real calendar date.'],
    [{ DOB: '12/03/1990' }, 'Enter the date of birth as YYYY-MM-DD.'],
    [{ allergies: Array.from({ length: 31 }, (_, i) => `a${i}`) }, 'Allergies: at most 30 entries.'],
    [{ healthConditions: ['y'.repeat(61)] }, expect.stringContaining('Health conditions: each entry must be at most 60 characters')],
  ])('rejects %j with a clear message', async (body, message) => {
    const { jar } = await signedIn(t.app);
    const res = await send(t.app, 'PUT', '/api/account/profile', body, jar);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 'VALIDATION', message });
  });

  it('rejects wrong types, injection, unknown fields (admin, passwordHash), an empty body and oversized bodies', async () => {
    const { jar } = await signedIn(t.app);
    for (const body of [{ firstName: 1 }, { email: { $gt: '' } }, { allergies: 'peanuts' }, { admin: true }, { passwordHash: 'x' }, {}]) {
      const res = await send(t.app, 'PUT', '/api/account/profile', body, jar);
      expect(res.statusCode).toBe(400);
    }
    expect((await send(t.app, 'PUT', '/api/account/profile', { firstName: 'x'.repeat(200_000) }, jar)).statusCode).toBe(413);
    expect((await get(t.app, '/api/auth/me', jar)).json().user.admin).toBe(false);
  });

  it('answers 401 when signed out, before looking at the body', async () => {
    expect((await send(t.app, 'PUT', '/api/account/profile', { firstName: 'Eve' })).statusCode).toBe(401);
    expect((await send(t.app, 'PUT', '/api/account/profile', { admin: true })).statusCode).toBe(401);
  });

  it('only ever changes the caller: the token decides whose profile it is', async () => {
    const a = await signedIn(t.app);
    const b = await signedIn(t.app);
    await send(t.app, 'PUT', '/api/account/profile', { firstName: 'Changed' }, a.jar);
    expect((await get(t.app, '/api/account/profile', b.jar)).json().data.firstName).toBe('Ada');
  });
});

describe('DELETE /api/account/profile', () => {
  it('needs the current password, then deletes the user and every session', async () => {
    const { jar, email } = await signedIn(t.app);
    const otherDevice = await login(t.app, email);
    const wrong = await send(t.app, 'DELETE', '/api/account/profile', { password: 'Not-the-one-1' }, jar);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ success: false, code: 'WRONG_PASSWORD', message: 'The password is not correct.' });

    const res = await send(t.app, 'DELETE', '/api/account/profile', { password: PASSWORD }, jar);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: null, message: 'Your account has been deleted.' });
    expect(new Jar().take(res).get('pharmacy_at')).toBeUndefined();
    expect((await get(t.app, '/api/auth/me', jar)).statusCode).toBe(401);
    expect((await get(t.app, '/api/auth/me', otherDevice)).statusCode).toBe(401);
    expect((await send(t.app, 'POST', '/api/auth/refresh', undefined, otherDevice)).statusCode).toBe(401);
    const again = await send(t.app, 'POST', '/api/auth/login', { email, password: PASSWORD });
    expect(again.statusCode).toBe(401);
    // The email is free again.
    expect((await send(t.app, 'POST', '/api/auth/register', { firstName: 'Ada', lastName: 'L', email, password: PASSWORD })).statusCode).toBe(201);
  });

  it('rejects a missing password, wrong types and unknown fields; 401 when signed out', async () => {
    const { jar } = await signedIn(t.app);
    for (const body of [{}, { password: 5 }, { password: { $gt: '' } }, { password: PASSWORD, userId: 'x' }]) {
      expect((await send(t.app, 'DELETE', '/api/account/profile', body, jar)).statusCode).toBe(400);
    }
    expect((await send(t.app, 'DELETE', '/api/account/profile', { password: PASSWORD })).statusCode).toBe(401);
    expect((await get(t.app, '/api/auth/me', jar)).statusCode).toBe(200);
  });
});
