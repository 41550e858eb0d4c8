// Every page staff read is served by an index ending in _id (on MongoDB: no sort of every match, stable pages).
import { auditPagedSorts, openStore } from '@pharmacy/db';
import { as, buildTestCatalog, product, type TestCatalog } from './helpers';

let t: TestCatalog;
afterAll(() => t.close());

it("staff's product list, newest first, restock first and searched, is paged from indexes that end with _id", async () => {
  const audit = auditPagedSorts(await openStore({ name: 'catalog', inMemory: true }));
  t = await buildTestCatalog({ store: audit.store, products: [product({ id: 'gel', title: 'Ibuprofen Gel', totalStock: 2 })] });
  const admin = as('admin-alice', true);
  for (const url of ['/api/admin/products/get', '/api/admin/products/get?lowStock=true&page=2&limit=5', '/api/admin/products/get?search=gel']) {
    expect((await t.app.inject({ url, headers: admin })).statusCode).toBe(200);
  }
  expect(audit.pagedSorts()).toEqual(
    expect.arrayContaining(['products: {"createdAt":-1,"title":1,"_id":1}', 'products: {"totalStock":1,"title":1,"_id":1}']),
  );
  expect(audit.problems()).toEqual([]);
});
