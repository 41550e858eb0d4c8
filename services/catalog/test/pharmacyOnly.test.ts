/** Pharmacy-only products: a field staff set, every answer carries, and the seed shows. */
import { openStore } from '@pharmacy/db';
import { as, buildTestCatalog, internal, product, type TestCatalog } from './helpers';
import { PRODUCTS, type ProductDoc } from '../src/products/model';
import { seedProductDoc } from '../src/seed/seed';
import { SEED_PRODUCTS } from '../src/seed/products';
import { warningsFor } from '../src/safety/match';

const admin = as('admin-1', true);
let t: TestCatalog;
beforeEach(async () => {
  t = await buildTestCatalog({ products: [product({ id: 'linctus', title: 'Dry Cough Linctus', category: 'cold-and-flu', pharmacyOnly: true }), product({ id: 'plain', title: 'Plasters' })] });
});
afterEach(() => t.close());

async function addProduct(extra: object) {
  const image = (await t.blobs.put(Buffer.from('png'), { contentType: 'image/png' })).id;
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/products/add',
    headers: admin,
    payload: { title: 'Promethazine 25mg Tablets', description: 'Sleep aid.', category: 'allergy', brand: 'Solpharm', price: 4.5, totalStock: 10, image, ...extra },
  });
}

describe('pharmacyOnly', () => {
  it('staff add and edit it, and it is returned by the product, listing, search, lookup and quote', async () => {
    const added = await addProduct({ pharmacyOnly: true });
    expect(added.statusCode).toBe(200);
    const id = added.json().data._id as string;
    expect(added.json().data).toMatchObject({ pharmacyOnly: true, requiresPrescription: false });
    expect((await t.app.inject(`/api/shop/products/get/${id}`)).json().data.pharmacyOnly).toBe(true);
    expect((await t.app.inject('/api/shop/products/get?category=allergy')).json().data[0]).toMatchObject({ _id: id, pharmacyOnly: true });
    expect((await t.app.inject('/api/shop/search/promethazine')).json().data[0]).toMatchObject({ pharmacyOnly: true });
    expect((await t.app.inject({ url: `/internal/catalog/products/lookup?ids=${id},plain`, headers: internal(t.internalToken) })).json().data.items.map((i: { pharmacyOnly: boolean }) => i.pharmacyOnly)).toEqual([true, false]);
    const quoted = await t.app.inject({ method: 'POST', url: '/internal/catalog/products/quote', headers: internal(t.internalToken), payload: { items: [{ productId: 'linctus', quantity: 1 }] } });
    expect(quoted.json().data.items[0]).toMatchObject({ pharmacyOnly: true, available: true });

    const edited = await t.app.inject({ method: 'PUT', url: `/api/admin/products/edit/${id}`, headers: admin, payload: { version: 1, pharmacyOnly: false } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ pharmacyOnly: false, version: 2 });
    expect((await t.store.collection<ProductDoc>(PRODUCTS).findOne({ _id: id }))!.edits.at(-1)!.fields).toEqual(['pharmacyOnly']);
  });

  it('defaults to false, and is refused together with a prescription requirement', async () => {
    expect((await addProduct({})).json().data.pharmacyOnly).toBe(false);
    const both = await addProduct({ pharmacyOnly: true, requiresPrescription: true });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('A product is either prescription-only or pharmacy-only, not both. Untick one of them.');
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/products/edit/linctus', headers: admin, payload: { version: 1, requiresPrescription: true } })).statusCode).toBe(400);
    expect((await addProduct({ pharmacyOnly: 'yes' })).statusCode).toBe(400);
  });

  it('products stored before the field are not pharmacy-only after a start', async () => {
    const store = await openStore({ name: 'catalog', inMemory: true });
    const { pharmacyOnly: _dropped, ...old } = product({ id: 'old', title: 'Old Product' });
    await store.collection(PRODUCTS).insertOne(old);
    const old2 = await buildTestCatalog({ store });
    try {
      expect((await old2.app.inject('/api/shop/products/get/old')).json().data.pharmacyOnly).toBe(false);
      expect((await store.collection<ProductDoc>(PRODUCTS).findOne({ _id: 'old' }))!.pharmacyOnly).toBe(false);
    } finally {
      await old2.close();
    }
  });
});

describe('the demo catalog shows every safety path', () => {
  it('has pharmacy-only medicines, prescription-only ones, age limits, and products that warn the demo profile each way', () => {
    // The documents the seeder stores (without drawing their images, which takes seconds).
    const seeded = SEED_PRODUCTS.map((p) => seedProductDoc(p, '/api/media/x', new Date()));
    expect(seeded.filter((p) => p.pharmacyOnly).map((p) => p.title).sort()).toEqual(['Chloramphenicol 0.5% Eye Drops', 'Dry Cough Linctus', 'Night Time Cold & Flu Liquid']);
    expect(seeded.filter((p) => p.pharmacyOnly && p.requiresPrescription)).toEqual([]);
    expect(seeded.filter((p) => p.requiresPrescription).length).toBeGreaterThanOrEqual(2);
    expect(seeded.filter((p) => p.minAge >= 16).length).toBeGreaterThanOrEqual(2);

    // The demo shopper (services/account/src/users/demo.ts): a class allergy, an allergy nothing sold holds, a condition.
    const demo = { allergies: ['NSAIDs', 'Penicillin'], healthConditions: ['High blood pressure'] };
    const warned = (title: string) => warningsFor(seeded.find((p) => p.title === title)!, demo).map((w) => w.message);
    expect(warned('Aspirin 300mg Dispersible Tablets')).toEqual(['Contains acetylsalicylic acid (aspirin), an NSAID; you told us you are allergic to NSAIDs.']);
    // Listed on the label, and given by the table for an ingredient (the label of ibuprofen does not list it).
    expect(warned('Decongestant Nasal Spray')).toEqual(['Not advised with high blood pressure (hypertension), which is in your health profile.']);
    expect(warned('Ibuprofen 200mg Tablets')).toContain('Not advised with high blood pressure (hypertension), which is in your health profile. It contains ibuprofen.');
    expect(warned('Vitamin D3 1000 IU Tablets')).toEqual([]);
  });
});
