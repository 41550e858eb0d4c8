import Fastify from 'fastify';
import { Type } from '@sinclair/typebox';
import { ErrorCodes, Ok, OkList, PageFigures } from '@pharmacy/contracts';
import { createApp, badRequest, generateTestKeys, ok, okList, responses, sendCached } from '../src';

describe('envelope helpers', () => {
  it('ok and okList build the two success shapes, failure comes from a thrown HttpError', async () => {
    const app = await createApp({ publicKey: generateTestKeys().publicKey, logLevel: 'silent' });
    const Item = Type.Object({ id: Type.String() }, { additionalProperties: false });
    app.get('/one', { schema: { response: responses(Ok(Item)) } }, async () => ok({ id: 'a' }, 'Saved.'));
    app.get('/list', { schema: { response: responses(OkList(Item, PageFigures)) } }, async () => okList([{ id: 'a' }, { id: 'b' }], { total: 7, page: 2, limit: 2 }));
    app.get('/refused', { schema: { response: responses(Ok(Item)) } }, async () => {
      throw badRequest('That name is too short.');
    });
    expect((await app.inject({ url: '/one' })).json()).toEqual({ success: true, data: { id: 'a' }, message: 'Saved.' });
    expect((await app.inject({ url: '/list' })).json()).toEqual({ success: true, data: [{ id: 'a' }, { id: 'b' }], total: 7, page: 2, limit: 2 });
    const refused = await app.inject({ url: '/refused' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ success: false, message: 'That name is too short.', code: ErrorCodes.VALIDATION });
    await app.close();
  });

  it('responses() declares the success status asked for and the error envelope for 4xx and 5xx', () => {
    const declared = responses(Ok(Type.Null()), 201);
    expect(Object.keys(declared).sort()).toEqual(['201', '4xx', '5xx']);
  });
});

describe('sendCached', () => {
  const Page = OkList(Type.Object({ id: Type.String() }, { additionalProperties: false }), PageFigures);

  it('writes the body with the route response schema once per key, and anew for another key', async () => {
    const app = Fastify();
    let page = { items: [{ id: 'a' }], total: 1 };
    app.get('/page', { schema: { response: { 200: Page } } }, async (_request, reply) =>
      sendCached(reply, page, okList(page.items, { total: page.total, page: 1, limit: 10 })),
    );
    // A field the schema does not name is dropped by the serializer.
    Object.assign(page.items[0], { secret: 'internal' });
    const first = await app.inject({ url: '/page' });
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.json()).toEqual({ success: true, data: [{ id: 'a' }], total: 1, page: 1, limit: 10 });

    // The same key answers the body written the first time; a new page object (the read model's next write) is written again.
    page.items.push({ id: 'b' });
    expect((await app.inject({ url: '/page' })).body).toBe(first.body);
    page = { items: [{ id: 'a' }, { id: 'b' }], total: 2 };
    expect((await app.inject({ url: '/page' })).json().data).toEqual([{ id: 'a' }, { id: 'b' }]);
    await app.close();
  });

  it('refuses a route without a response schema instead of sending unchecked JSON', async () => {
    const app = Fastify({ logger: false });
    app.get('/bare', async (_request, reply) => sendCached(reply, {}, { success: true }));
    expect((await app.inject({ url: '/bare' })).statusCode).toBe(500);
    await app.close();
  });
});
