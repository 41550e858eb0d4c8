import { as, buildTestCatalog, internal, product, type TestCatalog } from './helpers';
import { PRODUCTS, type ProductDoc } from '../src/products/model';

let t: TestCatalog;
beforeEach(async () => {
  t = await buildTestCatalog({ products: [product({ id: 'gel', title: 'Ibuprofen Gel', description: 'Pain releif.', price: 6, totalStock: 50 })] });
});
afterEach(() => t.close());

const alice = as('admin-alice', true);
const bob = as('admin-bob', true);

/** What an admin's product form loads: the staff listing's copy of the product. */
async function openForm(headers: Record<string, string>) {
  const res = await t.app.inject({ url: '/api/admin/products/get?search=Ibuprofen', headers });
  return res.json().data[0] as { _id: string; version: number; totalStock: number; description: string };
}
const save = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/products/edit/gel', headers, payload });
const stored = async () => (await t.store.collection<ProductDoc>(PRODUCTS).findOne({ _id: 'gel' }))!;

/** Three shoppers take 10 each (the default cap per order): reserved, then paid. */
async function shoppersBuy30() {
  for (const id of ['order-1', 'order-2', 'order-3']) {
    const headers = internal(t.internalToken);
    const reserved = await t.app.inject({ method: 'POST', url: '/internal/catalog/stock/reserve', headers, payload: { reservationId: id, items: [{ productId: 'gel', quantity: 10 }] } });
    expect(reserved.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/internal/catalog/stock/commit', headers, payload: { reservationId: id } })).statusCode).toBe(200);
  }
}

describe('the reporter\'s scenario: a form opened before shoppers buy never writes back stock', () => {
  it('shelf of 50, form loaded, shoppers buy 30, description fix saved: 200 and 20 stay available', async () => {
    const form = await openForm(alice);
    expect(form).toMatchObject({ version: 1, totalStock: 50 });

    await shoppersBuy30();
    expect((await stored()).totalStock).toBe(20);
    // Shoppers' purchases are not edits: the version the form holds is still current.
    expect((await stored()).version).toBe(1);

    const res = await save(alice, { description: 'Pain relief.', version: form.version });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ description: 'Pain relief.', totalStock: 20, version: 2 });
    expect(await stored()).toMatchObject({ description: 'Pain relief.', totalStock: 20, version: 2 });
    expect((await t.app.inject('/api/shop/products/get/gel')).json().data.totalStock).toBe(20);
    const stock = (await t.app.inject({ url: '/api/admin/products/gel/stock', headers: alice })).json().data;
    expect(stock).toMatchObject({ available: 20, reserved: 0, sold: 30 });
  });

  it('an old form that still sends the stock it loaded (50) is refused with 400 and the 20 stay', async () => {
    const form = await openForm(alice);
    await shoppersBuy30();
    const res = await save(alice, { description: 'Pain relief.', totalStock: form.totalStock, version: form.version });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'STOCK_NOT_EDITABLE' });
    expect(res.json().message).toContain('Use a stock adjustment');
    expect(await stored()).toMatchObject({ description: 'Pain releif.', totalStock: 20, version: 1 });
  });
});

describe('a save based on an older version', () => {
  it('is refused with 409 naming the fields another admin changed, and stock stays intact', async () => {
    const aliceForm = await openForm(alice);
    const bobForm = await openForm(bob);
    await shoppersBuy30();

    const bobSave = await save(bob, { price: 7.5, version: bobForm.version });
    expect(bobSave.statusCode).toBe(200);
    expect(bobSave.json().data).toMatchObject({ price: 7.5, version: 2, totalStock: 20 });

    const aliceSave = await save(alice, { description: 'Pain relief.', price: 6, version: aliceForm.version });
    expect(aliceSave.statusCode).toBe(409);
    expect(aliceSave.json()).toEqual({
      success: false,
      code: 'PRODUCT_CHANGED',
      message: 'This product was changed by someone else since you opened it: price. Reload to see the latest.',
    });
    expect(await stored()).toMatchObject({ priceCents: 750, description: 'Pain releif.', totalStock: 20, version: 2 });

    // Reloading gives version 2; the same fix then goes through, keeping Bob's price.
    const reloaded = await openForm(alice);
    expect(reloaded.version).toBe(2);
    const retry = await save(alice, { description: 'Pain relief.', price: 7.5, version: reloaded.version });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toMatchObject({ description: 'Pain relief.', price: 7.5, totalStock: 20, version: 3 });
  });

  it('names every field changed since, across several edits, with who and when kept on the product', async () => {
    await save(bob, { price: 7.5, version: 1 });
    await save(bob, { description: 'Pain relief gel.', salePrice: 5, version: 2 });
    const res = await save(alice, { title: 'Ibuprofen 5% Gel', version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This product was changed by someone else since you opened it: price, description, sale price. Reload to see the latest.',
    );
    const { edits } = await stored();
    expect(edits.map((e) => ({ version: e.version, fields: e.fields, by: e.by }))).toEqual([
      { version: 2, fields: ['price'], by: 'admin-bob' },
      { version: 3, fields: ['description', 'salePrice'], by: 'admin-bob' },
    ]);
    expect(edits[0].at).toBeInstanceOf(Date);
  });

  it('lets exactly one of two concurrent saves on the same version win', async () => {
    const [a, b] = await Promise.all([save(alice, { price: 8, version: 1 }), save(bob, { title: 'Ibuprofen 10% Gel', version: 1 })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await stored()).version).toBe(2);
  });

  it('a save that changes nothing keeps the version, so it never makes other open forms stale', async () => {
    const res = await save(alice, { title: 'Ibuprofen Gel', price: 6, version: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.version).toBe(1);
    expect((await save(bob, { price: 6.5, version: 1 })).statusCode).toBe(200);
  });

  it('refuses a version from the future and a body without a version', async () => {
    const future = await save(alice, { price: 8, version: 7 });
    expect(future.statusCode).toBe(409);
    expect(future.json().code).toBe('PRODUCT_CHANGED');
    const missing = await save(alice, { price: 8 });
    expect(missing.statusCode).toBe(400);
    expect((await stored()).priceCents).toBe(600);
  });
});
