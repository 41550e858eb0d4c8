import { CATEGORY_IDS, MARKETS } from '@pharmacy/contracts';
import { openStore } from '@pharmacy/db';
import { seedCatalog } from '../src';
import type { ProductDoc } from '../src/products/model';
import { buildTestCatalog, ListingBlobStore } from './helpers';

/** The text of the image a media URL points to. */
async function svgOf(blobs: ListingBlobStore, url: string): Promise<string> {
  const blob = await blobs.get(url.split('/').pop()!);
  const chunks: Buffer[] = [];
  for await (const c of blob!.stream as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks).toString('utf8');
}

describe('seedCatalog', () => {
  it('gives every product one or two batches that add up to its stock, and the demo a short-dated and a to-be-recalled batch', async () => {
    const store = await openStore({ name: 'catalog', inMemory: true });
    const seededOn = new Date().toISOString().slice(0, 10);
    await seedCatalog(store, new ListingBlobStore());
    const products = await store.collection<ProductDoc>('products').find({});
    const ids = new Set<string>();
    for (const p of products) {
      expect(p.batches!.length === 1 || p.batches!.length === 2).toBe(true);
      expect(p.batches!.reduce((s, b) => s + b.remaining, 0)).toBe(p.totalStock);
      for (const b of p.batches!) {
        expect(b.lot).toMatch(/^[A-Z]{3}-\d{2}-\d{3}$/);
        expect(b.expiresOn > seededOn).toBe(true);
        ids.add(b.id);
      }
    }
    expect(ids.size).toBe(products.reduce((s, p) => s + p.batches!.length, 0));
    const para = products.find((p) => p.title === 'Paracetamol 500mg Tablets')!;
    const short = para.batches!.find((b) => b.id === 'demo-batch-short-dated')!;
    expect(Math.round((Date.parse(short.expiresOn) - Date.parse(seededOn)) / 86_400_000)).toBe(30);
    expect(products.find((p) => p.title === 'Chlorphenamine 4mg Allergy Tablets')!.batches!.find((b) => b.id === 'demo-batch-recalled')).toMatchObject({
      lot: 'CHL-24-117',
      state: 'sellable',
    });
    // Only the demo batch is short-dated: the list staff see starts with one entry.
    const within90 = products.flatMap((p) => p.batches!).filter((b) => (Date.parse(b.expiresOn) - Date.parse(seededOn)) / 86_400_000 <= 90);
    expect(within90.map((b) => b.id)).toEqual(['demo-batch-short-dated']);
  });

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

    // every image is a small SVG whose text carries the product's whole title (wrapped, never cut)
    const features = await store.collection('features').find({});
    for (const doc of [...products, ...features]) {
      const blob = await blobs.get((doc.image as string).split('/').pop()!);
      expect(blob!.info.contentType).toBe('image/svg+xml');
      expect(blob!.info.size).toBeLessThan(30_000);
      const svg = await svgOf(blobs, doc.image as string);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="(400" height="400|1200" height="400)"/);
      if (doc.title) {
        const words = [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join(' ').replace(/&amp;/g, '&').replace(/&#39;/g, "'");
        expect(words).toContain(doc.title as string);
      }
    }
    // the free-delivery banner states the default market's threshold in its currency
    const bannerTexts = await Promise.all(features.map((f) => svgOf(blobs, f.image as string)));
    expect(bannerTexts.some((svg) => svg.includes('Free delivery over £30'))).toBe(true);

    // second start: nothing more
    expect(await seedCatalog(store, blobs)).toBeNull();
    expect(await store.collection('products').countDocuments({})).toBe(products.length);
    await store.close();
  });

  it('words the delivery banner with the market\'s own currency and threshold', async () => {
    const store = await openStore({ name: 'catalog', inMemory: true });
    const blobs = new ListingBlobStore();
    await seedCatalog(store, blobs, { ...MARKETS.IE, delivery: { ...MARKETS.IE.delivery, freeDeliveryOverCents: 4550 } });
    const svgs = await Promise.all((await store.collection('features').find({})).map((f) => svgOf(blobs, f.image as string)));
    expect(svgs.filter((svg) => svg.includes('Free delivery over €45.50'))).toHaveLength(1);
    await store.close();
  });

  it('does not seed over existing products', async () => {
    const t = await buildTestCatalog({ products: [] });
    await t.store.collection('products').insertOne({ _id: 'mine' });
    expect(await seedCatalog(t.store, t.blobs)).toBeNull();
    await t.close();
  });
});
