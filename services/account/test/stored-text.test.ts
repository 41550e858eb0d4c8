/**
 * What a shopper types is stored as typed, except characters no text may hold (docs/api.md#validation). Names
 * take letters only (an emoji is refused by the name rule), so a name's surrogate pair is a letter: 𠮷, U+20BB7.
 */
import { PASSWORD, buildTestApp, get, login, newShopper, send, signedIn, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const REFUSED = [
  ['NUL', 'Ada\u0000'],
  ['a lone surrogate', 'Ada\ud800'],
] as const;

describe('register', () => {
  it.each(REFUSED)('%s in a name is a 400 naming the field, and no account is made', async (_name, firstName) => {
    const shopper = newShopper({ firstName });
    const res = await send(t.app, 'POST', '/api/auth/register', shopper);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 'VALIDATION', message: '"firstName" contains a character that cannot be stored.' });
    await expect(login(t.app, shopper.email)).rejects.toThrow(/login failed: 401/);
  });

  it('accented letters and a letter outside the BMP (a surrogate pair) are kept as typed', async () => {
    const shopper = newShopper({ firstName: 'Zoë', lastName: '𠮷野 Núñez-Łódź' });
    const res = await send(t.app, 'POST', '/api/auth/register', shopper);
    expect(res.statusCode).toBe(201);
    const jar = await login(t.app, shopper.email, PASSWORD);
    expect((await get(t.app, '/api/account/profile', jar)).json().data).toMatchObject({ firstName: 'Zoë', lastName: '𠮷野 Núñez-Łódź' });
  });
});

describe('profile', () => {
  it.each(REFUSED)('%s in a name is a 400 naming the field, and the profile is unchanged', async (_name, lastName) => {
    const { jar } = await signedIn(t.app);
    const res = await send(t.app, 'PUT', '/api/account/profile', { lastName }, jar);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 'VALIDATION', message: '"lastName" contains a character that cannot be stored.' });
    expect((await get(t.app, '/api/account/profile', jar)).json().data.lastName).toBe('Lovelace');
  });

  it('an allergy with NUL is refused by its position in the list', async () => {
    const { jar } = await signedIn(t.app);
    const res = await send(t.app, 'PUT', '/api/account/profile', { allergies: ['Penicillin', 'Lat\u0000ex'] }, jar);
    expect(res.json().message).toBe('"allergies.1" contains a character that cannot be stored.');
  });

  it('accented letters and a surrogate-pair letter are saved as typed', async () => {
    const { jar } = await signedIn(t.app);
    const res = await send(t.app, 'PUT', '/api/account/profile', { firstName: 'Renée 𠮷' }, jar);
    expect(res.statusCode).toBe(200);
    expect((await get(t.app, '/api/account/profile', jar)).json().data.firstName).toBe('Renée 𠮷');
  });
});

describe('help request', () => {
  it.each(REFUSED)('%s in the message is a 400 naming the field', async (_name, bad) => {
    const { jar } = await signedIn(t.app);
    const res = await send(t.app, 'POST', '/api/account/need-help', { subject: 'Late parcel', message: `Not arrived ${bad} yet` }, jar);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 'VALIDATION', message: '"message" contains a character that cannot be stored.' });
    expect(await t.store.collection('tickets').countDocuments({ subject: 'Late parcel' })).toBe(0);
  });

  it('an emoji and line breaks are stored as typed', async () => {
    const { jar } = await signedIn(t.app);
    const message = 'Thank you! 😀👍🏽\nThe parcel came à temps.';
    const res = await send(t.app, 'POST', '/api/account/need-help', { subject: 'Merci', message }, jar);
    expect(res.statusCode).toBe(201);
    expect(await t.store.collection('tickets').findOne({ _id: res.json().data._id })).toMatchObject({ subject: 'Merci', message });
  });
});
