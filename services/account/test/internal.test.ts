import { INTERNAL_HEADER } from '@pharmacy/service-kit';
import { buildTestApp, send, signedIn, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /internal/account/users/{id}/safety-profile', () => {
  it('gives another service (internal token) the stored allergies, conditions and DOB only', async () => {
    const { jar, user } = await signedIn(t.app);
    await send(t.app, 'PUT', '/api/account/profile', { allergies: ['Ibuprofen'], healthConditions: ['Asthma'], DOB: '2010-05-01' }, jar);
    const res = await t.app.inject({ url: `/internal/account/users/${user._id}/safety-profile`, headers: { [INTERNAL_HEADER]: t.keys.internalToken } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { allergies: ['Ibuprofen'], healthConditions: ['Asthma'], DOB: '2010-05-01' } });
  });

  it('answers 404 for an unknown user', async () => {
    const res = await t.app.inject({ url: '/internal/account/users/nobody/safety-profile', headers: { [INTERNAL_HEADER]: t.keys.internalToken } });
    expect(res.statusCode).toBe(404);
  });

  it('refuses browsers, even signed in, and a wrong token (403)', async () => {
    const { jar, user } = await signedIn(t.app);
    expect((await t.app.inject({ url: `/internal/account/users/${user._id}/safety-profile`, headers: jar.headers() })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/internal/account/users/${user._id}/safety-profile`, headers: { [INTERNAL_HEADER]: 'guess' } })).statusCode).toBe(403);
  });
});
