import { randomUUID } from 'node:crypto';
import type { BlobStore, DocumentStore } from '@pharmacy/db';
import { DEFAULT_MARKET_CODE, decimalToCents, marketFor, mediaUrl, type Market } from '@pharmacy/contracts';
import { newProductDoc, type ProductDoc } from '../products/model';
import { catalogCollections } from '../store';
import { seedBatches } from './batches';
import { SVG_CONTENT_TYPE, featureImage, productImage } from './images';
import { SEED_PRODUCTS, seedFeatures, type SeedProduct } from './products';

export function seedProductDoc(p: SeedProduct, image: string, createdAt: Date, ratings = { reviewTotal: 0, reviewCount: 0 }): ProductDoc {
  const { price, salePrice, ...fields } = p;
  return newProductDoc({ ...fields, priceCents: decimalToCents(price), salePriceCents: decimalToCents(salePrice ?? 0), image }, createdAt, ratings);
}

const svg = (text: string) => Buffer.from(text, 'utf8');

/**
 * Loads the demo catalog once: on first start (empty products collection, no seed marker), with an SVG image
 * written for every product and banner. Deleting every product later does not bring the demo back.
 */
export async function seedCatalog(
  store: DocumentStore,
  blobs: BlobStore,
  /** What the demo banners say about the shop: the market's currency and free-delivery threshold. */
  market: Market = marketFor(DEFAULT_MARKET_CODE),
): Promise<{ products: number; features: number } | null> {
  const { meta, products, features } = catalogCollections(store);
  if ((await meta.findOne({ _id: 'seed' })) || (await products.countDocuments({})) > 0) return null;

  const seededAt = new Date();
  const start = seededAt.getTime() - SEED_PRODUCTS.length * 60_000;
  const docs: ProductDoc[] = [];
  for (const [i, p] of SEED_PRODUCTS.entries()) {
    const blob = await blobs.put(svg(productImage(p)), { contentType: SVG_CONTENT_TYPE, filename: `product-${i + 1}.svg` });
    docs.push({ ...seedProductDoc(p, mediaUrl(blob.id), new Date(start + i * 60_000)), batches: seedBatches(p, i, seededAt) });
  }
  await products.insertMany(docs);

  let featureCount = 0;
  if ((await features.countDocuments({})) === 0) {
    for (const [i, f] of seedFeatures(market).entries()) {
      const blob = await blobs.put(svg(featureImage(f)), { contentType: SVG_CONTENT_TYPE, filename: `feature-${i + 1}.svg` });
      await features.insertOne({ _id: randomUUID(), image: mediaUrl(blob.id), createdAt: new Date(start + i * 1000) });
      featureCount++;
    }
  }
  await meta.insertOne({ _id: 'seed', at: new Date() });
  return { products: docs.length, features: featureCount };
}
