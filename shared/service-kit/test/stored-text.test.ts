/**
 * Every string of a body, query and path is checked for characters no text may hold, after its schema passed,
 * whatever the route's schema says (docs/api.md#validation).
 */
import { Type } from '@sinclair/typebox';
import { StrictObject } from '@pharmacy/contracts';
import { createApp, generateTestKeys, type App } from '../src';

let app: App;
beforeAll(async () => {
  app = await createApp({ publicKey: generateTestKeys().publicKey, logLevel: 'silent' });
  const Address = StrictObject({ fullName: Type.String({ maxLength: 100 }), lines: Type.Array(Type.String()) });
  app.post('/api/echo', { schema: { body: StrictObject({ note: Type.Optional(Type.String()), address: Type.Optional(Address) }) } }, async (req) => ({
    success: true,
    data: req.body,
  }));
  app.get('/api/search', { schema: { querystring: StrictObject({ q: Type.String(), page: Type.Optional(Type.Integer()) }) } }, async (req) => ({
    success: true,
    data: req.query,
  }));
  app.get('/api/search/:keyword', { schema: { params: StrictObject({ keyword: Type.String() }) } }, async (req) => ({
    success: true,
    data: req.params.keyword,
  }));
  await app.ready();
});
afterAll(() => app.close());

const refused = (message: string) => ({ success: false, code: 'VALIDATION', message });

describe('text no field may hold is refused with 400, naming the field', () => {
  it.each([
    ['NUL', '\u0000'],
    ['a lone surrogate', '\ud800'],
    ['an escape character', '\u001b'],
  ])('%s in a nested body field or an array item', async (_name, bad) => {
    const field = await app.inject({ method: 'POST', url: '/api/echo', payload: { address: { fullName: `Ann${bad}`, lines: ['1 High St'] } } });
    expect(field.statusCode).toBe(400);
    expect(field.json()).toEqual(refused('"address.fullName" contains a character that cannot be stored.'));
    const item = await app.inject({ method: 'POST', url: '/api/echo', payload: { address: { fullName: 'Ann', lines: ['1 High St', `Flat${bad}2`] } } });
    expect(item.json()).toEqual(refused('"address.lines.1" contains a character that cannot be stored.'));
  });

  it('a lone surrogate written as a JSON escape, the way a client sends one', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/echo', headers: { 'content-type': 'application/json' }, payload: '{"note":"x\\udc00y"}' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('"note" contains a character that cannot be stored.'));
  });

  it('in a query parameter and in a path parameter', async () => {
    const query = await app.inject({ method: 'GET', url: '/api/search?q=vitamin%00c' });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual(refused('"q" contains a character that cannot be stored.'));
    const param = await app.inject({ method: 'GET', url: '/api/search/vitamin%00c' });
    expect(param.statusCode).toBe(400);
    expect(param.json()).toEqual(refused('"keyword" contains a character that cannot be stored.'));
  });

  it('a schema error still comes first (the check runs on what the schema accepted)', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/echo', payload: { note: '\u0000', extra: 1 } });
    expect(res.json()).toEqual(refused('Unknown field "extra" in body.'));
  });
});

describe('every other text is accepted as sent', () => {
  it('emoji (surrogate pairs), accented letters, tabs and line breaks', async () => {
    const body = { note: 'Leave with Zoë 😀\r\nat the back\tdoor', address: { fullName: 'José Núñez 👍🏽', lines: ['Flat 2', 'Łódź'] } };
    const res = await app.inject({ method: 'POST', url: '/api/echo', payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(body);
    const query = await app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent('crème 😀')}&page=2` });
    expect(query.json().data).toEqual({ q: 'crème 😀', page: 2 });
  });
});
