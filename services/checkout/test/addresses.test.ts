import { createHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const valid = { fullName: 'Grace Hopper', addressLine: '42 Harbour Road', city: 'Arlington', postalCode: '22201', phone: '+1 703-555-0100' };
const add = (userId: string, body: object, as = userId) => h.app.inject({ method: 'POST', url: '/api/shop/address/add', headers: h.as(as), payload: body });
const list = (userId: string, as = userId) => h.app.inject({ method: 'GET', url: `/api/shop/address/get/${userId}`, headers: h.as(as) });

test('add, list, update and delete an address', async () => {
  const added = await add('a-crud', { userId: 'a-crud', ...valid, notes: '  Ring twice  ' });
  expect(added.statusCode).toBe(200);
  const address = added.json().data;
  expect(address).toMatchObject({ ...valid, notes: 'Ring twice', userId: 'a-crud' });
  expect(address.addressId).toBe(address._id);

  const upd = await h.app.inject({ method: 'PUT', url: `/api/shop/address/update/a-crud/${address._id}`, headers: h.as('a-crud'), payload: { city: 'Boston', notes: '' } });
  expect(upd.statusCode).toBe(200);
  expect(upd.json().data).toMatchObject({ city: 'Boston', notes: '', fullName: valid.fullName });
  expect((await list('a-crud')).json().data).toEqual([upd.json().data]);

  const del = await h.app.inject({ method: 'DELETE', url: `/api/shop/address/delete/a-crud/${address._id}`, headers: h.as('a-crud') });
  expect(del.statusCode).toBe(200);
  expect((await list('a-crud')).json().data).toEqual([]);
  expect((await h.app.inject({ method: 'DELETE', url: `/api/shop/address/delete/a-crud/${address._id}`, headers: h.as('a-crud') })).statusCode).toBe(404);
});

test('missing, malformed, blank and extra fields are refused with a clear message and nothing saved', async () => {
  const bad: Array<[object, RegExp]> = [
    [{ ...valid, fullName: undefined }, /Missing field "fullName"/],
    [{ ...valid, city: undefined }, /Missing field "city"/],
    [{ ...valid, postalCode: '!!' }, /postalCode/],
    [{ ...valid, phone: 'call me' }, /phone/],
    [{ ...valid, fullName: '     ' }, /Full name is required/],
    [{ ...valid, addressLine: 'x'.repeat(500) }, /addressLine/],
    [{ ...valid, isDefault: true }, /Unknown field "isDefault"/],
    [{ ...valid, city: { $ne: '' } }, /city/],
  ];
  for (const [body, message] of bad) {
    const res = await add('a-bad', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  }
  expect((await list('a-bad')).json().data).toEqual([]);
});

test('at most 5 addresses per user, even when added at the same time', async () => {
  const results = await Promise.all(Array.from({ length: 8 }, (_, i) => add('a-max', { ...valid, addressLine: `${i} Harbour Road` })));
  expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
  const refused = results.filter((r) => r.statusCode !== 200);
  for (const r of refused) {
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toMatch(/at most 5 addresses/);
  }
  expect((await list('a-max')).json().data).toHaveLength(5);
});

test('only the owner can read or change addresses; visitors get 401', async () => {
  const id = (await add('a-owner', valid)).json().data._id;
  expect((await list('a-owner', 'a-thief')).statusCode).toBe(403);
  expect((await add('a-owner', { userId: 'a-owner', ...valid }, 'a-thief')).statusCode).toBe(403);
  expect((await h.app.inject({ method: 'PUT', url: `/api/shop/address/update/a-owner/${id}`, headers: h.as('a-thief'), payload: { city: 'Nowhere' } })).statusCode).toBe(403);
  // Even naming themselves in the path, another user cannot reach the owner's address id.
  expect((await h.app.inject({ method: 'PUT', url: `/api/shop/address/update/a-thief/${id}`, headers: h.as('a-thief'), payload: { city: 'Nowhere' } })).statusCode).toBe(404);
  expect((await h.app.inject({ method: 'DELETE', url: `/api/shop/address/delete/a-owner/${id}`, headers: h.as('a-thief') })).statusCode).toBe(403);
  expect((await h.app.inject({ method: 'DELETE', url: `/api/shop/address/delete/a-thief/${id}`, headers: h.as('a-thief') })).statusCode).toBe(404);
  expect((await h.app.inject({ method: 'GET', url: '/api/shop/address/get/a-owner' })).statusCode).toBe(401);
  expect((await h.app.inject({ method: 'POST', url: '/api/shop/address/add', payload: valid })).statusCode).toBe(401);
  expect((await list('a-owner')).json().data).toEqual([expect.objectContaining({ city: valid.city })]);
});
