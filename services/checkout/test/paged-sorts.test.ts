// Every page staff read is served by an index ending in _id (on MongoDB: no sort of every match, stable pages).
import { auditPagedSorts, type PagedSortAudit } from '@pharmacy/db';
import { createHarness, type Harness } from './harness';

let h: Harness;
let audit: PagedSortAudit | undefined;
beforeAll(async () => {
  h = await createHarness({ wrapStore: (store) => (audit = auditPagedSorts(store)).store });
});
afterAll(() => h.close());

it("staff's order lists (every filter, the review queue, search) and the dashboard's queue are paged from indexes that end with _id", async () => {
  // The start-up sweep's batches are not pages staff read.
  await h.controls.started();
  audit!.forget();
  const admin = h.as('staff-1', true);
  const urls = [
    '/api/admin/orders/get',
    '/api/admin/orders/get?page=2&limit=5',
    '/api/admin/orders/get?status=confirmed',
    '/api/admin/orders/get?paymentStatus=paid',
    '/api/admin/orders/get?status=pending&paymentStatus=pending',
    '/api/admin/orders/get?review=awaiting',
    '/api/admin/orders/get?review=awaiting&status=confirmed',
    '/api/admin/orders/get?q=Ann',
    '/api/admin/orders/stats',
  ];
  for (const url of urls) expect((await h.app.inject({ method: 'GET', url, headers: admin })).statusCode).toBe(200);
  expect(audit!.pagedSorts()).toEqual(
    expect.arrayContaining(['orders: {"createdAt":-1,"_id":1}', 'orders: {"createdAt":1,"_id":-1}']),
  );
  expect(audit!.problems()).toEqual([]);
});
