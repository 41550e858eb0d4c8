import { MARKETS } from '@pharmacy/contracts';
import { createHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const valid = { fullName: 'Grace Hopper', line1: '42 Harbour Road', city: 'Bristol', postalCode: 'BS1 4DJ', phone: '0117 496 0123' };
const add = (userId: string, body: object, as = userId, app = h) => app.app.inject({ method: 'POST', url: '/api/shop/address/add', headers: app.as(as), payload: body });
const list = (userId: string, as = userId) => h.app.inject({ method: 'GET', url: `/api/shop/address/get/${userId}`, headers: h.as(as) });
const update = (userId: string, id: string, body: object) => h.app.inject({ method: 'PUT', url: `/api/shop/address/update/${userId}/${id}`, headers: h.as(userId), payload: body });

test('add, list, update and delete an address, kept in the market’s shape', async () => {
  const added = await add('a-crud', { userId: 'a-crud', ...valid, postalCode: ' bs14dj ', notes: '  Ring twice  ' });
  expect(added.statusCode).toBe(200);
  const address = added.json().data;
  // the optional parts empty, the postcode written the Royal Mail way, the country the market's
  expect(address).toMatchObject({ ...valid, line2: '', region: '', country: 'GB', notes: 'Ring twice', userId: 'a-crud' });
  expect(address.addressId).toBe(address._id);

  const upd = await update('a-crud', address._id, { city: 'Bath', postalCode: 'BA1 1LZ', line2: 'Flat 2', notes: '' });
  expect(upd.statusCode).toBe(200);
  expect(upd.json().data).toMatchObject({ city: 'Bath', postalCode: 'BA1 1LZ', line2: 'Flat 2', notes: '', fullName: valid.fullName });
  expect((await list('a-crud')).json().data).toEqual([upd.json().data]);
  // a change is checked with the rest of the address: a postcode that is not one is refused, nothing changes
  const bad = await update('a-crud', address._id, { postalCode: '90210' });
  expect(bad.json()).toEqual({ success: false, code: 'VALIDATION', message: 'Enter a UK postcode, like SW1A 1AA.' });
  expect((await list('a-crud')).json().data[0].postalCode).toBe('BA1 1LZ');

  const del = await h.app.inject({ method: 'DELETE', url: `/api/shop/address/delete/a-crud/${address._id}`, headers: h.as('a-crud') });
  expect(del.statusCode).toBe(200);
  expect((await list('a-crud')).json().data).toEqual([]);
  expect((await h.app.inject({ method: 'DELETE', url: `/api/shop/address/delete/a-crud/${address._id}`, headers: h.as('a-crud') })).statusCode).toBe(404);
});

test('missing, malformed, blank and extra fields are refused with the form’s own message and nothing saved', async () => {
  const bad: Array<[object, string | RegExp]> = [
    [{ ...valid, fullName: undefined }, /Missing field "fullName"/],
    [{ ...valid, city: undefined }, /Missing field "city"/],
    [{ ...valid, postalCode: '22201' }, 'Enter a UK postcode, like SW1A 1AA.'],
    [{ ...valid, phone: 'call me' }, 'Enter a UK phone number, like 07700 900123 or +44 20 7946 0958.'],
    [{ ...valid, phone: '+1 703-555-0100' }, 'Enter a UK phone number, like 07700 900123 or +44 20 7946 0958.'],
    [{ ...valid, fullName: '     ' }, 'Full name is required.'],
    [{ ...valid, city: ' ', postalCode: '' }, 'Town or city is required. Postcode is required.'],
    [{ ...valid, country: 'US' }, 'This shop keeps addresses in one country: United Kingdom.'],
    [{ ...valid, line1: 'x'.repeat(500) }, /line1/],
    [{ ...valid, addressLine: '1 Old Field' }, /Unknown field "addressLine"/],
    [{ ...valid, isDefault: true }, /Unknown field "isDefault"/],
    [{ ...valid, city: { $ne: '' } }, /city/],
  ];
  for (const [body, message] of bad) {
    const res = await add('a-bad', body);
    expect([body, res.statusCode]).toEqual([body, 400]);
    expect(res.json().message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
  }
  expect((await list('a-bad')).json().data).toEqual([]);
});

test('a second market asks for its own address: an Irish shop takes county and Eircode, refuses a UK address', async () => {
  const ie = await createHarness({ deps: { market: MARKETS.IE } });
  try {
    const irish = { fullName: 'Aoife Byrne', line1: '21 Grafton Street', city: 'Dublin 2', region: 'dublin', postalCode: 'd02x285', phone: '087 123 4567' };
    const saved = await add('a-ie', irish, 'a-ie', ie);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ region: 'Dublin', postalCode: 'D02 X285', country: 'IE' });
    const uk = await add('a-ie', valid, 'a-ie', ie);
    expect(uk.json().message).toBe('County is required. Enter an Eircode, like D02 X285. Enter an Irish phone number, like 087 123 4567 or +353 1 234 5678.');
  } finally {
    await ie.close();
  }
});

test('addresses saved by older versions read in today’s shape, and are saved in it at their next change', async () => {
  const addresses = h.store.collection('addresses');
  const t = Date.now();
  await addresses.insertOne({ _id: 'old-line', userId: 'a-old', fullName: 'Ada Lovelace', addressLine: '1 Main Street', city: 'London', postalCode: 'N1 9GU', phone: '+44 20 7946 0000', notes: '', createdAt: t, updatedAt: t });
  await addresses.insertOne({ _id: 'old-pin', userId: 'a-old', fullName: 'Ravi Patel', address: '3 Mill Road', city: 'Leeds', pincode: 'LS1 5AB', phone: '0113 496 0000', createdAt: t + 1, updatedAt: t + 1 });
  const [line, pin] = (await list('a-old')).json().data;
  expect(line).toMatchObject({ _id: 'old-line', line1: '1 Main Street', line2: '', city: 'London', region: '', postalCode: 'N1 9GU', country: 'GB', notes: '' });
  expect(pin).toMatchObject({ _id: 'old-pin', line1: '3 Mill Road', city: 'Leeds', postalCode: 'LS1 5AB', country: 'GB', notes: '' });

  expect((await update('a-old', 'old-pin', { notes: 'Side door' })).json().data).toMatchObject({ line1: '3 Mill Road', postalCode: 'LS1 5AB', notes: 'Side door' });
  const stored = await addresses.findOne({ _id: 'old-pin' });
  expect(stored).toMatchObject({ line1: '3 Mill Road', postalCode: 'LS1 5AB', country: 'GB' });
  expect(stored).not.toHaveProperty('address');
  expect(stored).not.toHaveProperty('pincode');
});

test('at most 5 addresses per user, even when added at the same time', async () => {
  const results = await Promise.all(Array.from({ length: 8 }, (_, i) => add('a-max', { ...valid, line1: `${i} Harbour Road` })));
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
