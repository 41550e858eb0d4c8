import { PRODUCT_SERVER_FIELDS } from '@pharmacy/contracts';
import { PRODUCTS, type ProductDoc } from '../src/products/model';
import { as, buildTestCatalog, internal, product, type TestCatalog } from './helpers';

// An admin client that reads a product and sends it back to the edit works: the server fields it read
// come back unchanged and are ignored; one it changed is refused, naming it. The version check still applies.

let t: TestCatalog;
beforeEach(async () => {
  t = await buildTestCatalog({ products: [product({ id: 'gel', title: 'Ibuprofen Gel', description: 'Pain releif.', price: 6, totalStock: 50 })] });
  t.purchases.allow('buyer-1', 'gel');
});
afterEach(() => t.close());

const alice = as('admin-alice', true);
const bob = as('admin-bob', true);

type ApiProduct = Record<string, unknown> & { _id: string; version: number };
const read = async (): Promise<ApiProduct> => (await t.app.inject('/api/shop/products/get/gel')).json().data;
const readFromAdminList = async (): Promise<ApiProduct> =>
  (await t.app.inject({ url: '/api/admin/products/get?search=ibuprofen', headers: alice })).json().data[0];
const save = (body: object, headers = alice) => t.app.inject({ method: 'PUT', url: '/api/admin/products/edit/gel', headers, payload: body });
const stored = async () => (await t.store.collection<ProductDoc>(PRODUCTS).findOne({ _id: 'gel' }))!;

/** A different value of the same JSON type (so the schema lets it through and the service must judge it). */
function another(value: unknown): unknown {
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'string') return value === '' ? 'x' : `${value}x`;
  if (typeof value === 'boolean') return !value;
  if (Array.isArray(value) && value.length > 0) return value.slice(1);
  throw new Error(`add a changed value for ${JSON.stringify(value)} to this test`);
}

describe('PUT /api/admin/products/edit/{id} takes back what the API gave', () => {
  it('GET then PUT back unchanged: 200, nothing written, the version stays', async () => {
    const before = await read();
    const res = await save(before);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(before);
    expect((await stored()).version).toBe(1);
  });

  it('GET, change the description, PUT the whole product back: 200, only the description changes', async () => {
    const before = await read();
    const res = await save({ ...before, description: 'Pain relief.' });
    expect(res.statusCode).toBe(200);
    const after = res.json().data;
    expect(after).toMatchObject({ description: 'Pain relief.', version: 2, totalStock: 50, _id: 'gel', createdAt: before.createdAt });
    expect(after.updatedAt).not.toBe(before.updatedAt);
    expect((await stored()).edits.at(-1)).toMatchObject({ version: 2, fields: ['description'], by: 'admin-alice' });
  });

  it('the staff list\'s copy of the product goes back the same way', async () => {
    const row = await readFromAdminList();
    const res = await save({ ...row, price: 6.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ price: 6.5, version: 2 });
  });

  it.each(PRODUCT_SERVER_FIELDS.filter((f) => f !== 'totalStock'))('a changed %s is refused with 400 naming it, and nothing is written', async (field) => {
    const before = await read();
    const res = await save({ ...before, description: 'Pain relief.', [field]: another(before[field]) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'READ_ONLY_FIELD' });
    expect(res.json().message).toContain(`"${field}" (it is ${JSON.stringify(before[field])})`);
    expect(res.json().message).toContain('cannot be edited');
    expect(await stored()).toMatchObject({ description: 'Pain releif.', version: 1 });
  });

  it('covers the fields the shop sets: id, stock, review figures and dates', () => {
    expect([...PRODUCT_SERVER_FIELDS].sort()).toEqual(expect.arrayContaining(['_id', 'averageReview', 'createdAt', 'reviewCount', 'totalStock', 'updatedAt']));
  });

  it('several changed server fields are all named', async () => {
    const before = await read();
    const res = await save({ ...before, averageReview: 5, reviewCount: 40 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'These fields are set by the shop and cannot be edited: "averageReview" (it is 0), "reviewCount" (it is 0). Leave them out, or send back the values the product has.',
    );
  });

  it('a changed totalStock keeps the pointer to stock adjustments; the unchanged one is accepted', async () => {
    const before = await read();
    const changed = await save({ ...before, description: 'Pain relief.', totalStock: 500 });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toEqual({
      success: false,
      code: 'STOCK_NOT_EDITABLE',
      message: 'Stock cannot be changed by editing the product. Use a stock adjustment (received, damaged, count correction or returned) instead.',
    });
    expect((await stored()).totalStock).toBe(50);
    const unchanged = await save({ ...before, description: 'Pain relief.', totalStock: 50 });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json().data).toMatchObject({ totalStock: 50, version: 2 });
  });

  it('a copy read before a review came in is refused naming averageReview; read again, it saves', async () => {
    const before = await read();
    const review = await t.app.inject({
      method: 'POST', url: '/api/shop/review/add', headers: as('buyer-1'), payload: { productId: 'gel', reviewMessage: 'Soothing.', reviewValue: 4 },
    });
    expect(review.statusCode).toBe(200);
    const stale = await save({ ...before, description: 'Pain relief.' });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toContain('"averageReview" (it is 4), "reviewCount" (it is 1)');
    const again = await save({ ...(await read()), description: 'Pain relief.' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ description: 'Pain relief.', averageReview: 4, reviewCount: 1, version: 2 });
  });

  it('works with the version check: a copy older than someone else\'s save is a 409 naming what they changed', async () => {
    const alicesCopy = await read();
    const bobsSave = await save({ ...(await read()), price: 7.5 }, bob);
    expect(bobsSave.statusCode).toBe(200);
    const res = await save({ ...alicesCopy, description: 'Pain relief.' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PRODUCT_CHANGED' });
    expect(res.json().message).toContain('price');
    expect(await stored()).toMatchObject({ description: 'Pain releif.', priceCents: 750, version: 2 });
  });

  it('the version stays required, and fields the product does not have are still unknown', async () => {
    const { version: _version, ...withoutVersion } = await read();
    expect((await save(withoutVersion)).statusCode).toBe(400);
    const unknown = await save({ ...(await read()), edits: [] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION' });
  });

  it('stock moved by shoppers since the read: the copy\'s totalStock is refused, a copy without it saves', async () => {
    const before = await read();
    const reserved = await t.app.inject({
      method: 'POST', url: '/internal/catalog/stock/reserve', headers: internal(t.internalToken), payload: { reservationId: 'order-1', items: [{ productId: 'gel', quantity: 5 }] },
    });
    expect(reserved.statusCode).toBe(200);
    expect((await save({ ...before, description: 'Pain relief.' })).json()).toMatchObject({ code: 'STOCK_NOT_EDITABLE' });
    const { totalStock: _stock, ...withoutStock } = before;
    const res = await save({ ...withoutStock, description: 'Pain relief.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ description: 'Pain relief.', totalStock: 45 });
  });
});
