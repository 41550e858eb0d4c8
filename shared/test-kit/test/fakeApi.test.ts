import { api, isApiError } from '@pharmacy/session';
import { deferred, fail, fakeApi, networkError, noAnswer, ok, okList } from '../src';

describe('fakeApi', () => {
  it('answers by method and path, the latest registration first, and records what the page sent', async () => {
    const server = fakeApi()
      .on('GET', '/api/shop/products/get', okList([{ _id: 'p1' }], { total: 1, page: 1, limit: 24 }))
      .on('POST', '/api/shop/cart/add', (call) => ok({ items: [call.body] }, 'Added to your cart.'));
    server.on('GET', /^\/api\/shop\/products\/get$/, okList([], { total: 0, page: 2, limit: 24 }));

    const list = await api.get<unknown[]>('/api/shop/products/get', { query: { page: 2, category: 'pain-relief' } });
    const added = await api.post('/api/shop/cart/add', { productId: 'p1', quantity: 2 });

    expect(list).toMatchObject({ success: true, data: [], page: 2 });
    expect(added).toEqual({ success: true, data: { items: [{ productId: 'p1', quantity: 2 }] }, message: 'Added to your cart.' });
    expect(server.calls.map((c) => [c.method, c.path])).toEqual([
      ['GET', '/api/shop/products/get'],
      ['POST', '/api/shop/cart/add'],
    ]);
    expect(server.callsTo('GET', '/api/shop/products/get')[0].query).toEqual({ page: '2', category: 'pain-relief' });
    expect(server.callsTo('POST', '/api/shop/cart/add')[0].headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('uses the fallback for unrouted calls, else a 404 envelope naming the call', async () => {
    fakeApi();
    await expect(api.get('/api/nowhere')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'No fake route for GET /api/nowhere' });

    fakeApi(() => fail(429, 'Too many attempts. Please wait 60 seconds and try again.', 'RATE_LIMITED'));
    const refused = await api.post('/api/support/need-help', {}).catch((e: unknown) => e);
    expect(isApiError(refused) && [refused.status, refused.code, refused.message]).toEqual([
      429,
      'RATE_LIMITED',
      'Too many attempts. Please wait 60 seconds and try again.',
    ]);
  });

  it('fails the fetch itself when offline, holds an answer back, and rejects an aborted request', async () => {
    fakeApi(networkError);
    await expect(api.get('/api/auth/check-auth')).rejects.toBeTruthy();

    const held = deferred<ReturnType<typeof ok>>();
    fakeApi(() => held.promise);
    let settled = false;
    const pending = api.get('/api/shop/cart/get').then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 0));
    expect(settled).toBe(false);
    held.resolve(ok({ items: [] }));
    await pending;
    expect(settled).toBe(true);

    const server = fakeApi(noAnswer);
    const controller = new AbortController();
    const request = server.fetch('/api/shop/search/ibu', { signal: controller.signal });
    controller.abort();
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
  });
});
