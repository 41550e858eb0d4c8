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

describe('POST /internal/account/users/{id}/notify', () => {
  const notify = (id: string, body: object, token = t.keys.internalToken) =>
    t.app.inject({ method: 'POST', url: `/internal/account/users/${id}/notify`, headers: { [INTERNAL_HEADER]: token }, payload: body });
  const mail = { subject: 'Your order was not approved', text: 'Our pharmacist could not approve your order. You were refunded.' };

  it('mails the user at their stored address, once per key (a retried call sends nothing twice)', async () => {
    const { user } = await signedIn(t.app);
    const first = await notify(user._id, { ...mail, key: 'order-rejected:o-1' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, data: { sent: true } });
    const again = await notify(user._id, { ...mail, key: 'order-rejected:o-1' });
    expect(again.json()).toEqual({ success: true, data: { sent: false } });
    const mine = (await t.outbox()).filter((m) => m.to === user.email && m.subject === mail.subject);
    expect(mine).toHaveLength(1);
    expect(mine[0].text).toBe(mail.text);
  });

  it('sends the HTML part with the text when the caller gives one (the dev mailbox shows the text)', async () => {
    const { user } = await signedIn(t.app);
    const html = '<p>Your order <strong>#AB12CD34</strong> is paid.</p>';
    expect((await notify(user._id, { ...mail, html, key: 'order-paid:o-3' })).statusCode).toBe(200);
    const [sent] = (await t.outbox()).filter((m) => m.to === user.email);
    expect(sent).toMatchObject({ text: mail.text, html });
  });

  it('answers 404 for an unknown (or deleted) user and mails nobody', async () => {
    const before = (await t.outbox()).length;
    const res = await notify('nobody', { ...mail, key: 'order-rejected:o-2' });
    expect(res.statusCode).toBe(404);
    expect((await t.outbox()).length).toBe(before);
  });

  it('refuses browsers and wrong tokens (403), and bodies that are not a subject, a text and a key (400)', async () => {
    const { jar, user } = await signedIn(t.app);
    const browser = await t.app.inject({ method: 'POST', url: `/internal/account/users/${user._id}/notify`, headers: jar.headers(), payload: { ...mail, key: 'k-1' } });
    expect(browser.statusCode).toBe(403);
    expect((await notify(user._id, { ...mail, key: 'k-1' }, 'guess')).statusCode).toBe(403);
    expect((await notify(user._id, { ...mail, key: 'k-1', to: 'attacker@example.com' })).statusCode).toBe(400);
    expect((await notify(user._id, { subject: mail.subject, key: 'k-1' })).statusCode).toBe(400);
    expect((await notify(user._id, { ...mail, key: 'bad key with spaces' })).statusCode).toBe(400);
  });
});

describe('GET /internal/account/users/{id}/name (checkout: who changed an order, whose prescription a pharmacist checks)', () => {
  const nameOf = (id: string, token = t.keys.internalToken) => t.app.inject({ url: `/internal/account/users/${id}/name`, headers: { [INTERNAL_HEADER]: token } });

  it('gives another service the name and email only (no health data, no roles); 404 for an unknown user', async () => {
    const { user } = await signedIn(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
    const res = await nameOf(user._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { firstName: 'Ada', lastName: 'Lovelace', email: user.email } });
    expect((await nameOf('nobody')).statusCode).toBe(404);
  });

  it('refuses browsers, even signed in, and a wrong token (403)', async () => {
    const { jar, user } = await signedIn(t.app);
    expect((await t.app.inject({ url: `/internal/account/users/${user._id}/name`, headers: jar.headers() })).statusCode).toBe(403);
    expect((await nameOf(user._id, 'guess')).statusCode).toBe(403);
  });
});

describe('GET /internal/account/users/by-email (checkout: staff search orders by email)', () => {
  const byEmail = (email: string, token = t.keys.internalToken) =>
    t.app.inject({ url: `/internal/account/users/by-email?email=${encodeURIComponent(email)}`, headers: { [INTERNAL_HEADER]: token } });

  it('names the users whose email contains the text, any case, matched literally', async () => {
    const { user, email } = await signedIn(t.app);
    const whole = await byEmail(email.toUpperCase());
    expect(whole.statusCode).toBe(200);
    expect(whole.json()).toEqual({ success: true, data: { userIds: [user._id] } });
    expect((await byEmail(email.slice(0, email.indexOf('@')))).json().data.userIds).toContain(user._id);
    // Pattern characters are text: ".*" is not "anything".
    expect((await byEmail('.*@')).json().data.userIds).toEqual([]);
  });

  it('refuses browsers and wrong tokens (403), and texts too short or too long (400)', async () => {
    const { jar, email } = await signedIn(t.app);
    expect((await t.app.inject({ url: `/internal/account/users/by-email?email=${encodeURIComponent(email)}`, headers: jar.headers() })).statusCode).toBe(403);
    expect((await byEmail(email, 'guess')).statusCode).toBe(403);
    expect((await byEmail('ab')).statusCode).toBe(400);
    expect((await byEmail('a'.repeat(101))).statusCode).toBe(400);
  });
});
