// Every page staff read is served by an index ending in _id (on MongoDB: no sort of every match, stable pages).
import { auditPagedSorts, openStore } from '@pharmacy/db';
import { buildTestApp, get, login, register, type TestApp } from './helpers';

let t: TestApp;
afterAll(() => t.close());

it("the users list's pages, with and without a search, come from an index that ends with _id", async () => {
  const audit = auditPagedSorts(await openStore({ name: 'account', inMemory: true }));
  t = await buildTestApp({ store: audit.store });
  const { body, user } = await register(t.app);
  await audit.store.collection('users').updateOne({ _id: user._id }, { $set: { admin: true, roles: ['admin'] } });
  const admin = await login(t.app, body.email);
  for (const url of ['/api/admin/users/get', '/api/admin/users/get?page=2&limit=5', `/api/admin/users/get?q=${encodeURIComponent(body.firstName)}`]) {
    expect((await get(t.app, url, admin)).statusCode).toBe(200);
  }
  expect(audit.pagedSorts()).toContain('users: {"createdAt":-1,"_id":1}');
  expect(audit.problems()).toEqual([]);
});
