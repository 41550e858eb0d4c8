import { as, buildTestCatalog, internal, product, type TestCatalog } from './helpers';

let t: TestCatalog;
beforeEach(async () => {
  t = await buildTestCatalog({ products: [product({ id: 'gel' }), product({ id: 'spray' })] });
  for (const [user, item] of [['leaving', 'gel'], ['leaving', 'spray'], ['staying', 'gel']]) t.purchases.allow(user, item);
});
afterEach(() => t.close());

const add = (userId: string, productId: string, reviewValue: number) =>
  t.app.inject({ method: 'POST', url: '/api/shop/review/add', headers: as(userId), payload: { productId, reviewMessage: 'Did the job.', reviewValue } });
const erase = (userId: string, token = t.internalToken) =>
  t.app.inject({ method: 'POST', url: `/internal/catalog/users/${userId}/erase`, headers: internal(token) });
const reviewsOf = async (productId: string) => (await t.app.inject(`/api/shop/review/${productId}`)).json();

describe('POST /internal/catalog/users/{userId}/erase (account deletion)', () => {
  it("detaches the deleted account's reviews, keeping their text and ratings so averages do not move", async () => {
    await add('leaving', 'gel', 1);
    await add('leaving', 'spray', 4);
    await add('staying', 'gel', 5);

    const res = await erase('leaving');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { reviewsDetached: 2 } });

    const gel = await reviewsOf('gel');
    expect(gel).toMatchObject({ averageReview: 3, reviewCount: 2 });
    expect(gel.data.map((r: { userId: string }) => r.userId)).not.toContain('leaving');
    expect(gel.data.map((r: { reviewValue: number }) => r.reviewValue).sort()).toEqual([1, 5]);
    expect(gel.data.find((r: { userId: string }) => r.userId === 'staying')).toBeDefined();
    expect(await t.store.collection('reviews').countDocuments({ userId: 'leaving' })).toBe(0);
    // The deleted account's token is refused here at once (before any revocation poll): no review can follow.
    expect((await add('leaving', 'gel', 2)).statusCode).toBe(401);
    expect(await t.store.collection('reviews').countDocuments({ userId: 'leaving' })).toBe(0);
    // Each detached review has an author id of its own: nothing ties the two together any more.
    const detached = await t.store.collection('reviews').find({ authorErasedAt: { $exists: true } });
    expect(new Set(detached.map((r) => r.userId)).size).toBe(2);
    expect((await reviewsOf('spray')).reviewCount).toBe(1);
  });

  it('is idempotent, and only other services may call it', async () => {
    await add('leaving', 'gel', 3);
    expect((await t.app.inject({ method: 'POST', url: '/internal/catalog/users/leaving/erase', headers: as('admin', true) })).statusCode).toBe(403);
    expect((await erase('leaving', 'guess')).statusCode).toBe(403);
    expect(await t.store.collection('reviews').countDocuments({ userId: 'leaving' })).toBe(1);
    expect((await erase('leaving')).json().data).toEqual({ reviewsDetached: 1 });
    expect((await erase('leaving')).json().data).toEqual({ reviewsDetached: 0 });
  });
});
