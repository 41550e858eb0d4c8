import { createApp, generateTestKeys, injectFetch } from '@pharmacy/service-kit';
import { checkoutPurchaseChecker } from '../src';
import { as, buildTestCatalog, product, type TestCatalog } from './helpers';

let t: TestCatalog;
beforeEach(async () => {
  t = await buildTestCatalog({ products: [product({ id: 'gel', title: 'Pain Relief Gel' }), product({ id: 'other', title: 'Other' })] });
  t.purchases.allow('buyer-1', 'gel');
  t.purchases.allow('buyer-2', 'gel');
});
afterEach(() => t.close());

const add = (userId: string | null, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/shop/review/add', payload, headers: userId ? as(userId) : {} });
const review = (over: object = {}) => ({ productId: 'gel', reviewMessage: 'Worked well on my back.', reviewValue: 5, ...over });

describe('POST /api/shop/review/add', () => {
  it('lets a buyer review once and keeps the average and count current', async () => {
    const first = await add('buyer-1', review({ reviewValue: 5 }));
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ averageReview: 5, reviewCount: 1, review: { productId: 'gel', userId: 'buyer-1', reviewValue: 5 } });
    const second = await add('buyer-2', review({ reviewValue: 2, reviewMessage: 'Did little for me.' }));
    expect(second.json().data).toMatchObject({ averageReview: 3.5, reviewCount: 2 });
    const shown = (await t.app.inject('/api/shop/products/get/gel')).json().data;
    expect(shown).toMatchObject({ averageReview: 3.5, reviewCount: 2 });
    const listing = (await t.app.inject('/api/shop/products/get')).json().data.find((p: { _id: string }) => p._id === 'gel');
    expect(listing).toMatchObject({ averageReview: 3.5, reviewCount: 2 });
  });

  it('refuses a visitor with 401', async () => {
    expect((await add(null, review())).statusCode).toBe(401);
  });

  it('refuses someone who has not bought the product with 403', async () => {
    const res = await add('buyer-1', review({ productId: 'other' }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_A_BUYER' });
    expect((await t.app.inject('/api/shop/review/other')).json().reviewCount).toBe(0);
  });

  it('refuses a buyer whose order has not been delivered yet with 403 and says when they can', async () => {
    t.purchases.paidOnly('buyer-3', 'gel');
    const res = await add('buyer-3', review());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, code: 'NOT_DELIVERED', message: 'You can review this once your order has been delivered or collected.' });
    expect((await t.app.inject('/api/shop/review/gel')).json().reviewCount).toBe(0);
    // Delivered later: the same review is accepted.
    t.purchases.allow('buyer-3', 'gel');
    expect((await add('buyer-3', review())).statusCode).toBe(200);
  });

  it('refuses a second review by the same user with 409, even when sent at once', async () => {
    const results = await Promise.all([add('buyer-1', review()), add('buyer-1', review()), add('buyer-1', review())]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('ALREADY_REVIEWED');
    expect((await t.app.inject('/api/shop/review/gel')).json()).toMatchObject({ reviewCount: 1, averageReview: 5 });
  });

  it.each([
    [{ reviewValue: 0 }],
    [{ reviewValue: 6 }],
    [{ reviewValue: 4.5 }],
    [{ reviewValue: '5' }],
    [{ reviewMessage: 'ok' }],
    [{ reviewMessage: '      ' }],
    [{ reviewMessage: 'x'.repeat(1001) }],
    [{ productId: { $ne: null } }],
    [{ userId: { $ne: null } }],
  ])('refuses %j with 400', async (over) => {
    const res = await add('buyer-1', review(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect((await t.app.inject('/api/shop/review/gel')).json().reviewCount).toBe(0);
  });

  it('answers 404 for an unknown product', async () => {
    expect((await add('buyer-1', review({ productId: 'nope' }))).statusCode).toBe(404);
  });

  describe('userId in the body', () => {
    it('absent: the review is the signed-in user\'s', async () => {
      const res = await add('buyer-1', review());
      expect(res.statusCode).toBe(200);
      expect(res.json().data.review.userId).toBe('buyer-1');
    });

    it('the signed-in user: accepted, the review is theirs', async () => {
      const res = await add('buyer-1', review({ userId: 'buyer-1' }));
      expect(res.statusCode).toBe(200);
      expect(res.json().data.review.userId).toBe('buyer-1');
    });

    it('someone else: 403, nothing written (even when that someone could review)', async () => {
      const res = await add('buyer-1', review({ userId: 'buyer-2' }));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect((await t.app.inject('/api/shop/review/gel')).json()).toMatchObject({ data: [], reviewCount: 0 });
    });
  });

  it('is rate limited', async () => {
    const limited = await buildTestCatalog({ products: [product({ id: 'p1' })], reviewLimit: { max: 2, timeWindow: '1 minute' } });
    const send = () => limited.app.inject({ method: 'POST', url: '/api/shop/review/add', payload: review({ productId: 'p1' }), headers: as('u9') });
    const codes = [(await send()).statusCode, (await send()).statusCode, (await send()).statusCode];
    expect(codes).toEqual([403, 403, 429]);
    await limited.close();
  });

  it('refuses a cookie-authenticated review without the CSRF header', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/shop/review/add', payload: review(), headers: { cookie: as('buyer-1').cookie } });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/shop/review/can-review/{productId}', () => {
  const check = async (userId: string | null) =>
    (await t.app.inject({ url: '/api/shop/review/can-review/gel', headers: userId ? as(userId) : {} })).json().data;
  it('tells visitors, non-buyers, buyers still waiting for their order, buyers and past reviewers apart', async () => {
    t.purchases.paidOnly('buyer-3', 'gel');
    expect(await check(null)).toEqual({ canReview: false, reason: 'SIGN_IN' });
    expect(await check('stranger')).toEqual({ canReview: false, reason: 'NOT_A_BUYER' });
    expect(await check('buyer-3')).toEqual({ canReview: false, reason: 'NOT_DELIVERED' });
    expect(await check('buyer-1')).toEqual({ canReview: true });
    await add('buyer-1', review());
    expect(await check('buyer-1')).toEqual({ canReview: false, reason: 'ALREADY_REVIEWED' });
  });
});

describe('GET /api/shop/review/{productId}', () => {
  it('lists reviews newest first with the average', async () => {
    await add('buyer-1', review({ reviewValue: 4, reviewMessage: 'First review' }));
    await new Promise((r) => setTimeout(r, 5));
    await add('buyer-2', review({ reviewValue: 3, reviewMessage: 'Second review' }));
    const res = await t.app.inject('/api/shop/review/gel');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((r: { reviewMessage: string }) => r.reviewMessage)).toEqual(['Second review', 'First review']);
    expect(body).toMatchObject({ averageReview: 3.5, reviewCount: 2 });
  });
  it('answers 404 for an unknown product', async () => {
    expect((await t.app.inject('/api/shop/review/nope')).statusCode).toBe(404);
  });
});

describe('checkoutPurchaseChecker (the typed client the service uses in production)', () => {
  it('asks checkout at /internal/checkout/purchases/{userId}/{productId} with the internal token', async () => {
    // a stand-in checkout service answering the documented route
    const keys = generateTestKeys();
    const checkout = await createApp({ publicKey: keys.publicKey, logLevel: 'silent' });
    const seen: string[] = [];
    const answers: Record<string, object> = {
      received: { purchased: true, delivered: true },
      waiting: { purchased: true, delivered: false },
      older: { purchased: true }, // a checkout from before the delivery rule
      someone: { purchased: false, delivered: false },
    };
    checkout.get('/internal/checkout/purchases/:userId/:productId', async (req) => {
      seen.push(`${req.url} ${req.headers['x-internal-token']}`);
      return { success: true, data: answers[(req.params as { userId: string }).userId] };
    });
    const checker = checkoutPurchaseChecker({ baseUrl: 'http://checkout.test', token: 'tok', fetch: injectFetch(checkout) });
    expect(await checker.purchaseOf('received', 'p1')).toEqual({ purchased: true, delivered: true });
    expect(await checker.purchaseOf('waiting', 'p1')).toEqual({ purchased: true, delivered: false });
    expect(await checker.purchaseOf('older', 'p1')).toEqual({ purchased: true, delivered: false });
    expect(await checker.purchaseOf('someone', 'p1')).toEqual({ purchased: false, delivered: false });
    expect(seen[0]).toBe('/internal/checkout/purchases/received/p1 tok');
    await checkout.close();
  });

  it('turns an unreachable checkout service into 503', async () => {
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    const checker = checkoutPurchaseChecker({ baseUrl: 'http://checkout.test', token: 'tok', fetch: down });
    await expect(checker.purchaseOf('buyer', 'p1')).rejects.toMatchObject({ statusCode: 503 });
  });
});
