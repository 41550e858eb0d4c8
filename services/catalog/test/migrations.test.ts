import { MIGRATIONS, runMigrations } from '@pharmacy/db';
import { catalogMigrations } from '../src/migrations';
import { PRODUCTS, type ProductDoc } from '../src/products/model';
import { STOCK_HISTORY } from '../src/stock/adjustments';
import { buildTestCatalog, product, type TestCatalog } from './helpers';

/** A product as an install from before versions and the pharmacy-only field stored it. */
const legacy = (id: string) => {
  const doc = product({ id, title: `Old ${id}` }) as Partial<ProductDoc>;
  delete doc.version;
  delete doc.edits;
  delete doc.pharmacyOnly;
  return doc as ProductDoc;
};

let t: TestCatalog;
afterEach(() => t.close());

describe('the catalog store is migrated once, at the first start of the version that brings each change', () => {
  it('products from before versions and pharmacy-only, and stock history lines from before states, are brought up to date', async () => {
    t = await buildTestCatalog({ products: [legacy('old')] });
    expect(await t.store.collection<ProductDoc>(PRODUCTS).findOne({ _id: 'old' })).toMatchObject({ version: 1, edits: [], pharmacyOnly: false });
    const records = await t.store.collection(MIGRATIONS).find({ version: { $exists: true } }, { sort: { version: 1 } });
    expect(records.map((r) => r.version)).toEqual(catalogMigrations.map((m) => m.version));
  });

  it('a history line without a state is applied before start-up settles the pending ones', async () => {
    t = await buildTestCatalog({ products: [legacy('old')] });
    const history = t.store.collection(STOCK_HISTORY);
    await t.store.collection(MIGRATIONS).deleteMany({ version: { $gte: 3 } });
    await history.insertOne({ _id: 'h-old', productId: 'old', at: 1 });
    await expect(runMigrations(t.store, catalogMigrations)).resolves.toEqual({ applied: [3, 4] });
    expect(await history.findOne({ _id: 'h-old' })).toMatchObject({ state: 'applied' });
  });

  it('later starts do not scan the products again', async () => {
    t = await buildTestCatalog({ products: [legacy('old')] });
    await t.store.collection<ProductDoc>(PRODUCTS).insertOne(legacy('later'));
    await expect(runMigrations(t.store, catalogMigrations)).resolves.toEqual({ applied: [] });
    expect(await t.store.collection<ProductDoc>(PRODUCTS).findOne({ _id: 'later' })).not.toHaveProperty('version');
  });
});
