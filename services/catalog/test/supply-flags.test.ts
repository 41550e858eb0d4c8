/**
 * Controlled and refrigerated medicines (docs/domain.md#controlled-and-refrigerated-medicines): two flags staff set,
 * every product answer and checkout's quote carry, and the demo catalog shows.
 */
import { as, buildTestCatalog, internal, product, type TestCatalog } from './helpers';
import { PRODUCTS, type ProductDoc } from '../src/products/model';
import { seedProductDoc } from '../src/seed/seed';
import { SEED_PRODUCTS } from '../src/seed/products';

const admin = as('admin-1', true);
let t: TestCatalog;
beforeEach(async () => {
  // Stored before the flags existed.
  const { controlled: _c, refrigerated: _r, ...plain } = product({ id: 'plain', title: 'Plasters' });
  t = await buildTestCatalog({ products: [plain as ProductDoc] });
});
afterEach(() => t.close());

async function addProduct(extra: object) {
  const image = (await t.blobs.put(Buffer.from('png'), { contentType: 'image/png' })).id;
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/products/add',
    headers: admin,
    payload: { title: 'Insulin Glargine 100 units/ml Pen', description: 'Long-acting insulin.', category: 'first-aid', brand: 'Solpharm', price: 30, totalStock: 10, image, requiresPrescription: true, ...extra },
  });
}
const quoteOf = async (id: string) =>
  (await t.app.inject({ method: 'POST', url: '/internal/catalog/products/quote', headers: internal(t.internalToken), payload: { items: [{ productId: id, quantity: 1 }] } })).json().data.items[0];

it('staff add and edit them; the product and the quote carry them', async () => {
  const added = await addProduct({ refrigerated: true });
  expect(added.statusCode).toBe(200);
  const id = added.json().data._id as string;
  expect(added.json().data).toMatchObject({ refrigerated: true, controlled: false });
  expect((await t.app.inject(`/api/shop/products/get/${id}`)).json().data).toMatchObject({ refrigerated: true, controlled: false });
  expect(await quoteOf(id)).toMatchObject({ refrigerated: true, controlled: false, requiresPrescription: true, available: true });

  const edited = await t.app.inject({ method: 'PUT', url: `/api/admin/products/edit/${id}`, headers: admin, payload: { version: 1, controlled: true, refrigerated: false } });
  expect(edited.statusCode).toBe(200);
  expect(edited.json().data).toMatchObject({ controlled: true, refrigerated: false, version: 2 });
  expect((await t.store.collection<ProductDoc>(PRODUCTS).findOne({ _id: id }))!.edits.at(-1)!.fields.sort()).toEqual(['controlled', 'refrigerated']);
  expect(await quoteOf(id)).toMatchObject({ controlled: true, refrigerated: false });
});

it('default to false (also on products stored before them), and only take booleans', async () => {
  expect((await addProduct({})).json().data).toMatchObject({ controlled: false, refrigerated: false });
  expect((await t.app.inject('/api/shop/products/get/plain')).json().data).toMatchObject({ controlled: false, refrigerated: false });
  expect((await addProduct({ controlled: 'yes' })).statusCode).toBe(400);
  expect((await t.app.inject({ method: 'PUT', url: '/api/admin/products/edit/plain', headers: admin, payload: { version: 1, refrigerated: 1 } })).statusCode).toBe(400);
});

it('the demo catalog has a controlled prescription medicine', () => {
  const seeded = SEED_PRODUCTS.map((p) => seedProductDoc(p, '/api/media/x', new Date()));
  expect(seeded.filter((p) => p.requiresPrescription && (p.controlled || p.refrigerated)).map((p) => p.title)).toContain('Co-codamol 30/500mg Tablets');
});
