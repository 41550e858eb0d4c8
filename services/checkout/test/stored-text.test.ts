/** An address is stored as typed, except characters no text may hold (docs/api.md#validation). */
import { createHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const valid = { fullName: 'Siân O’Brien', addressLine: 'Flat 2, 3 Mill Road', city: 'Leeds', postalCode: 'LS1 5AB', phone: '+44 113 496 0000' };
const add = (userId: string, body: object) => h.app.inject({ method: 'POST', url: '/api/shop/address/add', headers: h.as(userId), payload: body });
const list = (userId: string) => h.app.inject({ method: 'GET', url: `/api/shop/address/get/${userId}`, headers: h.as(userId) });

describe.each([
  ['NUL', '\u0000'],
  ['a lone surrogate', '\udbff'],
])('%s in an address', (_name, bad) => {
  it('is refused with 400 naming the field when added, and nothing is saved', async () => {
    const userId = `text-add-${bad.charCodeAt(0)}`;
    for (const [field, text] of Object.entries({ fullName: valid.fullName, addressLine: valid.addressLine, city: valid.city, notes: 'By the door' })) {
      const res = await add(userId, { ...valid, [field]: `${text}${bad}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, code: 'VALIDATION', message: `"${field}" contains a character that cannot be stored.` });
    }
    expect((await list(userId)).json().data).toEqual([]);
  });

  it('is refused when an address is updated, which keeps its line as it was', async () => {
    const userId = `text-update-${bad.charCodeAt(0)}`;
    const address = (await add(userId, valid)).json().data;
    const url = `/api/shop/address/update/${userId}/${address._id}`;
    const res = await h.app.inject({ method: 'PUT', url, headers: h.as(userId), payload: { addressLine: `1${bad} High Street` } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('"addressLine" contains a character that cannot be stored.');
    expect((await list(userId)).json().data).toEqual([address]);
  });
});

it('accented letters, an apostrophe and an emoji (a surrogate pair) in the notes are kept as typed', async () => {
  const body = { ...valid, city: 'Llanfair Pwllgwyngyll', notes: 'Ring twice 🔔 blue door, côté jardin' };
  const res = await add('text-ok', body);
  expect(res.statusCode).toBe(200);
  expect(res.json().data).toMatchObject(body);
  expect((await list('text-ok')).json().data).toEqual([res.json().data]);
});
