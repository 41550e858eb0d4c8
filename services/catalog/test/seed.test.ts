import { CATEGORY_IDS } from '@pharmacy/contracts';
import { openStore } from '@pharmacy/db';
import { PNG } from 'pngjs';
import { seedCatalog } from '../src';
import { buildTestCatalog, ListingBlobStore } from './helpers';

describe('seedCatalog', () => {
  it('loads a realistic catalog once, with an image for every product and banner', async () => {
    const store = await openStore({ name: 'catalog', inMemory: true });
    const blobs = new ListingBlobStore();
    const result = await seedCatalog(store, blobs);
    expect(result!.products).toBeGreaterThanOrEqual(60);
    expect(result!.features).toBeGreaterThanOrEqual(3);
    const products = await store.collection('products').find({});
    const categories = new Set(products.map((p) => p.category as string));
    expect(categories.size).toBeGreaterThanOrEqual(8);
    for (const c of categories) expect(CATEGORY_IDS).toContain(c);
    expect(products.filter((p) => (p.salePriceCents as number) > 0).length).toBeGreaterThan(5);
    expect(products.filter((p) => p.requiresPrescription).length).toBeGreaterThanOrEqual(2);
    expect(products.filter((p) => (p.minAge as number) > 0).length).toBeGreaterThan(5);
    const limited = products.filter((p) => /paracetamol|ibuprofen/i.test(p.title as string) && p.maxPerOrder !== null);
    expect(limited.length).toBeGreaterThanOrEqual(4);
    expect(blobs.stored.length).toBe(result!.products + result!.features);
    expect(new Set(products.map((p) => p.image)).size).toBe(products.length);

    // images are real, small PNGs
    const id = (products[0].image as string).split('/').pop()!;
    const blob = await blobs.get(id);
    const chunks: Buffer[] = [];
    for await (const c of blob!.stream as AsyncIterable<Buffer>) chunks.push(c);
    const png = PNG.sync.read(Buffer.concat(chunks));
    expect([png.width, png.height]).toEqual([400, 400]);
    expect(blob!.info.size).toBeLessThan(20_000);

    // second start: nothing more
    expect(await seedCatalog(store, blobs)).toBeNull();
    expect(await store.collection('products').countDocuments({})).toBe(products.length);
    await store.close();
  });

  it('does not seed over existing products', async () => {
    const t = await buildTestCatalog({ products: [] });
    await t.store.collection('products').insertOne({ _id: 'mine' });
    expect(await seedCatalog(t.store, t.blobs)).toBeNull();
    await t.close();
  });
});
