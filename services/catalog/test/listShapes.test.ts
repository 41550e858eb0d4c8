import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { Feature, OkList, ProductListResponse, ReviewListResponse, SearchResponse } from '@pharmacy/contracts';
import { as, buildTestCatalog, product, type TestCatalog } from './helpers';

// Every list call answers `data` as the array and its figures beside it, so a client written from the
// product brief maps `data` as is. Every body, listing and search included, is written by the serializer of
// the response schema the route declares; these tests hold the answers to that schema.

let t: TestCatalog;
beforeEach(async () => {
  t = await buildTestCatalog({
    products: [
      product({ id: 'ibu', title: 'Ibuprofen 200mg Tablets', category: 'pain-relief', brand: 'CareWell', price: 4.49 }),
      product({ id: 'gel', title: 'Ibuprofen Gel', category: 'pain-relief', brand: 'Relivo', price: 6 }),
      product({ id: 'para', title: 'Paracetamol 500mg', category: 'pain-relief', brand: 'CareWell', price: 1.49 }),
      product({ id: 'spray', title: 'Saline Nasal Spray', category: 'cold-and-flu', brand: 'Coldeze', price: 4.79 }),
      product({ id: 'plaster', title: 'Fabric Plasters', category: 'first-aid', brand: 'MediPlast', price: 2.5 }),
    ],
  });
  t.purchases.allow('buyer-1', 'gel');
  t.purchases.allow('buyer-2', 'gel');
});
afterEach(() => t.close());

const admin = as('staff-1', true);

/** The body, checked against the route's response schema (additionalProperties false everywhere). */
async function listed(schema: TSchema, url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url, headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect([...Value.Errors(schema, body)].map((e) => `${e.path}: ${e.message}`)).toEqual([]);
  expect(Array.isArray(body.data)).toBe(true);
  return body;
}
const ids = (body: { data: Array<{ _id: string }> }) => body.data.map((p) => p._id);

describe('GET /api/shop/products/get', () => {
  it('answers data as the array of products, with total, page and limit beside it', async () => {
    const body = await listed(ProductListResponse, '/api/shop/products/get?category=pain-relief&limit=2&page=2&sortBy=price-lowtohigh');
    expect(Object.keys(body).sort()).toEqual(['data', 'limit', 'page', 'success', 'total']);
    expect(body).toMatchObject({ success: true, total: 3, page: 2, limit: 2 });
    expect(ids(body)).toEqual(['gel']);
  });

  it('answers the same shape from its page cache, after a write, and for a page past the end', async () => {
    const url = '/api/shop/products/get?limit=24';
    const first = await listed(ProductListResponse, url);
    expect(await listed(ProductListResponse, url)).toEqual(first);
    await t.app.inject({ method: 'PUT', url: '/api/admin/products/edit/para', headers: admin, payload: { price: 9.99, version: 1 } });
    const after = await listed(ProductListResponse, url);
    expect(after.data.find((p: { _id: string }) => p._id === 'para')).toMatchObject({ price: 9.99, version: 2 });
    expect(await listed(ProductListResponse, '/api/shop/products/get?page=9')).toEqual({ success: true, data: [], total: 5, page: 9, limit: 24 });
  });
});

describe('GET /api/shop/search/{keyword}', () => {
  it('answers data as the array of ranked products, with total, page, limit and terms beside it', async () => {
    const body = await listed(SearchResponse, '/api/shop/search/ibuprofn?limit=1');
    expect(Object.keys(body).sort()).toEqual(['data', 'limit', 'page', 'success', 'terms', 'total']);
    expect(body).toMatchObject({ total: 2, page: 1, limit: 1, terms: ['ibuprofen'] });
    expect(body.data).toHaveLength(1);
  });

  it('answers an empty array and zero total when nothing matches', async () => {
    expect(await listed(SearchResponse, '/api/shop/search/zzzzqqq')).toEqual({ success: true, data: [], total: 0, page: 1, limit: 24, terms: [] });
  });
});

describe('GET /api/admin/products/get', () => {
  it('answers data as the array of products, with total, page and limit beside it', async () => {
    const body = await listed(ProductListResponse, '/api/admin/products/get?search=ibuprofen&limit=1&page=2', admin);
    expect(Object.keys(body).sort()).toEqual(['data', 'limit', 'page', 'success', 'total']);
    expect(body).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(body.data).toHaveLength(1);
  });
});

describe('GET /api/shop/review/{productId}', () => {
  const add = (userId: string, reviewValue: number) =>
    t.app.inject({ method: 'POST', url: '/api/shop/review/add', headers: as(userId), payload: { productId: 'gel', reviewMessage: 'Did the job.', reviewValue } });

  it('answers data as the array of reviews, with averageReview and reviewCount beside it', async () => {
    await add('buyer-1', 5);
    await add('buyer-2', 2);
    const body = await listed(ReviewListResponse, '/api/shop/review/gel');
    expect(Object.keys(body).sort()).toEqual(['averageReview', 'data', 'reviewCount', 'success']);
    expect(body).toMatchObject({ averageReview: 3.5, reviewCount: 2 });
    expect(body.data.map((r: { reviewValue: number }) => r.reviewValue).sort()).toEqual([2, 5]);
  });

  it('answers an empty array for a product without reviews', async () => {
    expect(await listed(ReviewListResponse, '/api/shop/review/para')).toEqual({ success: true, data: [], averageReview: 0, reviewCount: 0 });
  });
});

describe('GET /api/common/feature/get', () => {
  it('answers data as the array of banners', async () => {
    await t.store.collection('features').insertOne({ _id: 'banner-1', image: '/api/media/banner-1', createdAt: new Date('2024-01-01T00:00:00Z') });
    const body = await listed(OkList(Feature), '/api/common/feature/get');
    expect(body).toEqual({ success: true, data: [{ _id: 'banner-1', image: '/api/media/banner-1', createdAt: '2024-01-01T00:00:00.000Z' }] });
  });
});

describe('listing and search through the response serializer', () => {
  it('send only what the schema names, even when a product object the read model keeps carries more', async () => {
    const first = t.readModel.list({ categories: [], brands: [], sortBy: 'title-atoz', page: 1, limit: 24 });
    const found = t.readModel.search('ibuprofen', 1, 24);
    // The read model's cached pages hold these same objects; a stray field must still never reach a client.
    for (const p of [...first.items, ...found.items]) Object.assign(p, { costPriceCents: 120, supplierNote: 'internal' });

    for (const url of ['/api/shop/products/get', '/api/shop/search/ibuprofen']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('costPriceCents');
      expect(res.body).not.toContain('supplierNote');
      expect(res.json().data.length).toBeGreaterThan(0);
    }
    // The body with the old nesting is refused by the schema, so the shape checks above can fail.
    expect(Value.Check(ProductListResponse, { success: true, data: { items: [], total: 0, page: 1, limit: 24 } })).toBe(false);
  });
});
