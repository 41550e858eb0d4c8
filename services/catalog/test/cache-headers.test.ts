import { as, buildTestCatalog, product, type TestCatalog } from './helpers';

let t: TestCatalog;
beforeAll(async () => {
  t = await buildTestCatalog({ products: [product({ id: 'gel', title: 'Pain Relief Gel' })] });
});
afterAll(() => t.close());

describe('Cache-Control on catalog answers', () => {
  it('public reads may be stored by caches (no-cache: revalidated), for visitors and shoppers alike', async () => {
    for (const url of ['/api/shop/products/get', '/api/shop/products/facets', '/api/shop/products/get/gel', '/api/shop/search/gel', '/api/common/feature/get', '/api/shop/review/gel']) {
      for (const headers of [{}, as('shopper-1')]) {
        const res = await t.app.inject({ url, headers });
        expect([url, res.statusCode, res.headers['cache-control']]).toEqual([url, 200, 'no-cache']);
      }
    }
  });
  it("what depends on the shopper (may I review?) and admin reads are no-store", async () => {
    const canReview = await t.app.inject({ url: '/api/shop/review/can-review/gel', headers: as('shopper-1') });
    expect(canReview.statusCode).toBe(200);
    expect(canReview.headers['cache-control']).toBe('no-store');
    const admin = await t.app.inject({ url: '/api/admin/products/get', headers: as('admin-1', true) });
    expect(admin.statusCode).toBe(200);
    expect(admin.headers['cache-control']).toBe('no-store');
  });
});
