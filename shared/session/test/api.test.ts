import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@pharmacy/contracts';
import { api, apiData, apiList, ApiError, configureApi, DEFAULT_TIMEOUT, onSessionRenewed, REFRESH_PATH } from '../src/api';
import { selectStaffRoles } from '../src/selectors';
import { sessionRenewed, signInSuccess } from '../src/sessionEvents';
import { createAppStore } from '../src/store';
import { fakeApi, reply, type ApiCall } from '../../test-kit/src/session-free';

afterEach(() => {
  configureApi({ baseUrl: '' });
  jest.useRealTimers();
});

const ok = (data: unknown) => reply(200, { success: true, data });

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('api client: what every call carries', () => {
  it('sends cookies on every call and returns the parsed envelope', async () => {
    const { calls } = fakeApi(() => ok([{ _id: 'p1' }]));
    const res = await api.get<{ _id: string }[]>('/api/shop/products/get');
    expect(res).toEqual({ success: true, data: [{ _id: 'p1' }] });
    await api.post('/api/shop/cart/add', { productId: 'p1', quantity: 1 });
    await api.put('/api/shop/cart/update-cart', { productId: 'p1', quantity: 2 });
    await api.patch('/api/x', {});
    await api.delete('/api/shop/cart/u1/p1');
    expect(calls.map((c) => [c.method, c.init.credentials])).toEqual([
      ['GET', 'include'],
      ['POST', 'include'],
      ['PUT', 'include'],
      ['PATCH', 'include'],
      ['DELETE', 'include'],
    ]);
  });

  it('sends the CSRF header on POST, PUT, PATCH and DELETE only', async () => {
    const { calls } = fakeApi(() => ok(null));
    await api.get('/a');
    await api.post('/a');
    await api.put('/a', {});
    await api.patch('/a', {});
    await api.delete('/a');
    expect(calls.map((c) => [c.method, c.headers[CSRF_HEADER]])).toEqual([
      ['GET', undefined],
      ['POST', CSRF_HEADER_VALUE],
      ['PUT', CSRF_HEADER_VALUE],
      ['PATCH', CSRF_HEADER_VALUE],
      ['DELETE', CSRF_HEADER_VALUE],
    ]);
  });

  it('sends JSON bodies with a JSON content type', async () => {
    const { calls } = fakeApi(() => ok(null));
    await api.post('/api/shop/order/capture', { paymentId: 'pay', payerId: 'payer', orderId: 'o1' });
    expect(calls[0].headers['Content-Type']).toBe('application/json');
    expect(calls[0].body).toEqual({ paymentId: 'pay', payerId: 'payer', orderId: 'o1' });
  });

  it('no-cache requests bypass caches with headers and cache: no-store', async () => {
    const { calls } = fakeApi(() => reply(200, { success: true, user: null }));
    await api.get('/api/auth/check-auth', { noCache: true });
    await api.get('/api/shop/products/get');
    expect(calls[0].init.cache).toBe('no-store');
    expect(calls[0].headers).toMatchObject({ 'Cache-Control': 'no-cache', Pragma: 'no-cache' });
    expect(calls[1].init.cache).toBeUndefined();
    expect(calls[1].headers['Cache-Control']).toBeUndefined();
  });

  it('uses the configured base URL and builds the query string', async () => {
    const { calls } = fakeApi(() => ok([]));
    configureApi({ baseUrl: 'http://localhost:5000' });
    await api.get('/api/shop/products/get', { query: { category: ['a', 'b'], sortBy: 'price-lowtohigh', brand: undefined, page: 2 } });
    expect(calls[0].url).toBe('http://localhost:5000/api/shop/products/get?category=a%2Cb&sortBy=price-lowtohigh&page=2');
  });
});

describe('api client: timeouts and cancellation', () => {
  it('has no timeout by default (0): a slow answer still arrives', async () => {
    expect(DEFAULT_TIMEOUT).toBe(0);
    jest.useFakeTimers();
    let release!: () => void;
    const { calls } = fakeApi(() => new Promise((resolve) => (release = () => resolve(ok('late')))));
    const pending = api.get('/api/slow');
    await Promise.resolve();
    jest.advanceTimersByTime(60 * 60 * 1000); // an hour
    expect(calls[0].init.signal?.aborted).toBe(false);
    release();
    await expect(pending).resolves.toEqual({ success: true, data: 'late' });
  });

  it('an explicit timeout aborts with ECONNABORTED', async () => {
    jest.useFakeTimers();
    fakeApi(() => new Promise(() => {}));
    const pending = caught(api.get('/api/slow', { timeout: 1000 }));
    await Promise.resolve();
    jest.advanceTimersByTime(1000);
    const error = await pending;
    expect(error).toMatchObject({ status: 0, code: 'ECONNABORTED' });
  });

  it("the caller's AbortSignal cancels with ERR_CANCELED", async () => {
    fakeApi(() => new Promise(() => {}));
    const controller = new AbortController();
    const pending = caught(api.get('/api/slow', { signal: controller.signal }));
    controller.abort();
    expect(await pending).toMatchObject({ status: 0, code: 'ERR_CANCELED', message: 'The request was cancelled.' });
  });
});

describe('api client: errors', () => {
  it('a network failure is ERR_NETWORK with a sentence a shopper understands', async () => {
    fakeApi(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await caught(api.get('/api/shop/products/get'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'ERR_NETWORK' });
    expect(error.message).toMatch(/could not reach/i);
  });

  it("surfaces the server's message and code", async () => {
    fakeApi(() => reply(409, { success: false, message: 'An account with this email already exists.', code: 'CONFLICT' }));
    const error = await caught(api.post('/api/auth/register', { email: 'a@b.c', password: 'x' }));
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', message: 'An account with this email already exists.' });
  });

  it('a 4xx without an envelope is ERR_BAD_REQUEST, a 5xx or unreadable body is ERR_BAD_RESPONSE', async () => {
    fakeApi((call) => {
      if (call.url === '/404') return { status: 404, text: '' };
      if (call.url === '/502') return { status: 502, text: '<html>Bad gateway</html>' };
      return { status: 200, text: 'not json' };
    });
    expect(await caught(api.get('/404'))).toMatchObject({ status: 404, code: 'ERR_BAD_REQUEST', message: 'We could not find what you were looking for.' });
    expect(await caught(api.get('/502'))).toMatchObject({ status: 502, code: 'ERR_BAD_RESPONSE' });
    expect(await caught(api.get('/200'))).toMatchObject({ status: 200, code: 'ERR_BAD_RESPONSE' });
  });

  it('returns a 2xx `success: false` body as is; apiData turns it into an ApiError', async () => {
    fakeApi(() => reply(200, { success: false, message: 'Could not sign out.', code: 'INTERNAL' }));
    await expect(api.post('/api/auth/logout')).resolves.toEqual({ success: false, message: 'Could not sign out.', code: 'INTERNAL' });
    expect(await caught(apiData.post('/api/auth/logout'))).toMatchObject({ code: 'INTERNAL', message: 'Could not sign out.' });
  });

  it('apiData resolves to data', async () => {
    fakeApi(() => ok([{ _id: 'u1' }]));
    await expect(apiData.get('/api/admin/users/get')).resolves.toEqual([{ _id: 'u1' }]);
  });
});

describe('api client: list calls', () => {
  it('apiList resolves to the array as items and the figures the server put beside it', async () => {
    fakeApi(() => reply(200, { success: true, data: [{ _id: 'p1' }], total: 31, page: 2, limit: 24, terms: ['ibuprofen'] }));
    await expect(apiList.get<{ _id: string }, { total: number; page: number; limit: number; terms: string[] }>('/api/shop/search/ibu')).resolves.toEqual({
      items: [{ _id: 'p1' }],
      total: 31,
      page: 2,
      limit: 24,
      terms: ['ibuprofen'],
    });
  });

  it('a list answer whose data is not an array is unreadable, never an empty list', async () => {
    fakeApi(() => ok({ items: [], total: 0, page: 1, limit: 24 }));
    expect(await caught(apiList.get('/api/shop/products/get'))).toMatchObject({ status: 200, code: 'ERR_BAD_RESPONSE' });
  });

  it('a `success: false` list answer is an ApiError with the server\'s message', async () => {
    fakeApi(() => reply(200, { success: false, message: 'Try again later.', code: 'UNAVAILABLE' }));
    expect(await caught(apiList.get('/api/admin/orders/get'))).toMatchObject({ code: 'UNAVAILABLE', message: 'Try again later.' });
  });
});

describe('api client: expired access token', () => {
  const expired = reply(401, { success: false, message: 'Your session expired.', code: 'TOKEN_EXPIRED' });

  it('refreshes once for concurrent calls (single flight) and retries each call once', async () => {
    let refreshed = false;
    let releaseRefresh!: () => void;
    const { calls } = fakeApi((call: ApiCall) => {
      if (call.url === REFRESH_PATH) {
        return new Promise((resolve) => {
          releaseRefresh = () => {
            refreshed = true;
            resolve(ok(null));
          };
        });
      }
      return refreshed ? ok(call.url) : expired;
    });
    const first = api.get('/api/shop/order/list/u1');
    const second = api.post('/api/shop/cart/add', { productId: 'p', quantity: 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    releaseRefresh();
    await expect(first).resolves.toEqual({ success: true, data: '/api/shop/order/list/u1' });
    await expect(second).resolves.toEqual({ success: true, data: '/api/shop/cart/add' });

    const refreshCalls = calls.filter((c) => c.url === REFRESH_PATH);
    expect(refreshCalls).toHaveLength(1);
    expect(refreshCalls[0]).toMatchObject({ method: 'POST', init: { credentials: 'include' } });
    expect(refreshCalls[0].headers[CSRF_HEADER]).toBe(CSRF_HEADER_VALUE);
    expect(calls.filter((c) => c.url === '/api/shop/cart/add')).toHaveLength(2);
    expect(calls.filter((c) => c.url === '/api/shop/cart/add')[1].body).toEqual({ productId: 'p', quantity: 1 });
  });

  it('a refresh tells its listeners the user as the account service holds them now (new staff roles reach the store)', async () => {
    const renewed = { _id: 'staff-1', firstName: 'Sid', lastName: 'Staff', email: 'sid@example.com', admin: true, roles: ['support'] };
    let refreshed = false;
    fakeApi((call) => {
      if (call.url === REFRESH_PATH) {
        refreshed = true;
        return reply(200, { success: true, user: renewed, data: renewed });
      }
      return refreshed ? ok('orders') : expired;
    });
    const store = createAppStore({ runSessionSaga: false });
    store.dispatch(signInSuccess({ ...renewed, roles: ['support', 'catalogue'] }));
    const stop = onSessionRenewed((user) => store.dispatch(sessionRenewed(user)));
    try {
      await expect(api.get('/api/admin/orders/get')).resolves.toEqual({ success: true, data: 'orders' });
      expect(selectStaffRoles(store.getState())).toEqual(['support']);
      expect(store.getState().session.currentUser?.roles).toEqual(['support']);
    } finally {
      stop();
    }
  });

  it('retries only once: a second TOKEN_EXPIRED is thrown', async () => {
    const { calls } = fakeApi((call) => (call.url === REFRESH_PATH ? ok(null) : expired));
    expect(await caught(api.get('/api/auth/me'))).toMatchObject({ status: 401, code: 'TOKEN_EXPIRED' });
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/me', REFRESH_PATH, '/api/auth/me']);
  });

  it('a failed refresh is thrown and the call is not retried', async () => {
    const { calls } = fakeApi((call) =>
      call.url === REFRESH_PATH ? reply(401, { success: false, message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' }) : expired,
    );
    expect(await caught(api.get('/api/auth/me'))).toMatchObject({ status: 401, code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/me', REFRESH_PATH]);
  });

  it('other 401s do not trigger a refresh', async () => {
    const { calls } = fakeApi(() => reply(401, { success: false, message: 'Wrong email or password.', code: 'UNAUTHENTICATED' }));
    expect(await caught(api.post('/api/auth/login', {}))).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Wrong email or password.' });
    expect(calls).toHaveLength(1);
  });
});
