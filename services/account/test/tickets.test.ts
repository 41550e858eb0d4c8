import { buildTestApp, send, signedIn, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('POST /api/account/need-help', () => {
  it('stores the request with the user and the time', async () => {
    const { jar, user } = await signedIn(t.app);
    const res = await send(t.app, 'POST', '/api/account/need-help', { subject: 'Late parcel', message: 'My order has not arrived yet.', orderId: 'abc-123' }, jar);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, data: { kind: 'help' }, message: expect.stringContaining('we have your request') });
    const doc = await t.store.collection('tickets').findOne({ _id: res.json().data._id });
    expect(doc).toMatchObject({ kind: 'help', userId: user._id, subject: 'Late parcel', orderId: 'abc-123' });
    expect(doc?.createdAt).toBeInstanceOf(Date);
  });

  it.each([
    [{ subject: 'Hi', message: 'Long enough message' }, 'Subject must be at least 3 characters.'],
    [{ subject: 'Question', message: 'short' }, 'Message must be at least 10 characters.'],
    [{ subject: 'x'.repeat(121), message: 'Long enough message' }, 'Subject must be at most 120 characters.'],
    [{ subject: 'Question', message: 'Long enough message', orderId: 'no spaces allowed' }, 'The order number is not valid. Copy it from My orders, or leave it empty.'],
  ])('rejects %j with a clear message', async (body, message) => {
    const { jar } = await signedIn(t.app);
    const res = await send(t.app, 'POST', '/api/account/need-help', body, jar);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('rejects missing fields, wrong types, injection, unknown fields and oversized bodies', async () => {
    const { jar } = await signedIn(t.app);
    for (const body of [{ subject: 'Question' }, { subject: 1, message: 'Long enough message' }, { subject: { $gt: '' }, message: 'Long enough message' }, { subject: 'Question', message: 'Long enough message', userId: 'u' }]) {
      expect((await send(t.app, 'POST', '/api/account/need-help', body, jar)).statusCode).toBe(400);
    }
    expect((await send(t.app, 'POST', '/api/account/need-help', { subject: 'Question', message: 'x'.repeat(200_000) }, jar)).statusCode).toBe(413);
  });

  it('answers 401 when signed out', async () => {
    expect((await send(t.app, 'POST', '/api/account/need-help', { subject: 'Question', message: 'Long enough message' })).statusCode).toBe(401);
  });
});

describe('POST /api/account/suggest-idea', () => {
  it('stores the idea with the user and the time', async () => {
    const { jar, user } = await signedIn(t.app);
    const res = await send(t.app, 'POST', '/api/account/suggest-idea', { title: 'Refill reminders', description: 'Remind me when my inhaler runs out.' }, jar);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.kind).toBe('idea');
    const doc = await t.store.collection('tickets').findOne({ _id: res.json().data._id });
    expect(doc).toMatchObject({ kind: 'idea', userId: user._id, subject: 'Refill reminders', message: 'Remind me when my inhaler runs out.' });
  });

  it('rejects bad input with clear messages', async () => {
    const { jar } = await signedIn(t.app);
    expect((await send(t.app, 'POST', '/api/account/suggest-idea', { title: '', description: 'Long enough text' }, jar)).json().message).toBe('Title is required.');
    expect((await send(t.app, 'POST', '/api/account/suggest-idea', { title: 'Good idea', description: 'x'.repeat(4001) }, jar)).json().message).toBe(
      'Description must be at most 4000 characters.',
    );
    for (const body of [{ title: 'Good idea' }, { title: 5, description: 'Long enough text' }, { title: { $ne: '' }, description: 'Long enough text' }, { title: 'Good idea', description: 'Long enough text', votes: 9 }]) {
      expect((await send(t.app, 'POST', '/api/account/suggest-idea', body, jar)).statusCode).toBe(400);
    }
    expect((await send(t.app, 'POST', '/api/account/suggest-idea', { title: 'Good idea', description: 'x'.repeat(200_000) }, jar)).statusCode).toBe(413);
  });

  it('answers 401 when signed out', async () => {
    expect((await send(t.app, 'POST', '/api/account/suggest-idea', { title: 'Good idea', description: 'Long enough text' })).statusCode).toBe(401);
  });
});
