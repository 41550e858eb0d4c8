// What shoppers' pages report of the remotes they used (docs/api.md#remote-reports): a small, strict, rate-limited
// endpoint, and per-version views and errors over a sliding window kept in the gateway's store.
import { REMOTE_REPORT_RETENTION_MINUTES, REMOTE_REPORTS_MAX, type RemoteReport } from '@pharmacy/contracts';
import { openStore, type DocumentStore } from '@pharmacy/db';
import { createApp, generateTestKeys, type App } from '@pharmacy/service-kit';
import { RemoteReportStore, remoteReportRoutes, REPORT_BUCKET_MS } from '../src/remotes/reports';
import { startGateway, type TestGateway } from './remotes';

const view = (version: string, page = '/pharmacy/product/:productId'): RemoteReport => ({ remote: 'catalog', version, page, kind: 'view' });
const error = (version: string, kind: RemoteReport['kind'] = 'render-error'): RemoteReport => ({ remote: 'catalog', version, page: '/pharmacy/products', kind });

describe('POST /api/remotes/reports on the gateway', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway();
  }, 60_000);
  afterAll(() => gw?.app.close());

  const send = (payload: unknown, headers: Record<string, string> = {}) =>
    gw.app.inject({ method: 'POST', url: '/api/remotes/reports', payload: payload as object, headers: { 'content-type': 'application/json', ...headers } });

  it('takes a small batch from an anonymous page: 204, nothing to read', async () => {
    const res = await send({ reports: [view('2.0.0'), view('2.0.0'), error('2.0.0', 'load-error'), { ...view('2.0.0'), remote: 'cartCheckout' }] });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it.each([
    ['an unknown remote', { reports: [{ ...view('1'), remote: 'pharmacyX' }] }],
    ['an unknown kind', { reports: [{ ...view('1'), kind: 'crash' }] }],
    ['a field of its own', { reports: [{ ...view('1'), userId: 'u1' }] }],
    ['a full URL instead of a route pattern', { reports: [view('1', 'https://shop.example/pharmacy/product/p1?q=x')] }],
    ['a long version', { reports: [view('1'.repeat(65))] }],
    ['no reports', { reports: [] }],
    ['too many reports', { reports: Array.from({ length: REMOTE_REPORTS_MAX + 1 }, () => view('1')) }],
    ['not a batch', [view('1')]],
  ])('refuses %s with a 400 in the error envelope', async (_what, payload) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
  });

  it('refuses a body over 8 KB with a 413, whatever it holds', async () => {
    const res = await send(JSON.stringify({ reports: [view('1')], pad: 'x'.repeat(9000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().success).toBe(false);
  });

  it('needs no sign-in and refuses another site’s page sending cookies', async () => {
    const res = await send({ reports: [view('1')] }, { cookie: 'a=b', origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
  });
});

describe('the rate limit per client', () => {
  let app: App;
  beforeAll(async () => {
    app = await createApp({ publicKey: generateTestKeys().publicKey, logLevel: 'silent' });
    await app.register(remoteReportRoutes, { store: new RemoteReportStore(await openStore({ name: 'gateway', inMemory: true })), perMinute: 3 });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers 429 past the limit for that client only', async () => {
    const send = (ip: string) => app.inject({ method: 'POST', url: '/api/remotes/reports', payload: { reports: [view('1')] }, remoteAddress: ip });
    for (let i = 0; i < 3; i++) expect((await send('10.0.0.1')).statusCode).toBe(204);
    const refused = await send('10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, message: expect.stringMatching(/^Too many attempts\. Please wait \d+ seconds/) });
    expect((await send('10.0.0.2')).statusCode).toBe(204);
  });
});

describe('per-version windows', () => {
  let store: DocumentStore;
  beforeEach(async () => {
    store = await openStore({ name: 'gateway', inMemory: true });
  });
  afterEach(() => store.close());

  // a minute of today: the store's TTL index drops buckets an hour old by the real clock, so a fixed date would age out
  const T0 = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;

  it('counts views and errors per version, every kind but a view an error, other remotes apart', async () => {
    const reports = new RemoteReportStore(store);
    await reports.start();
    await reports.record([view('1.0.0'), view('1.0.0'), view('2.0.0'), error('2.0.0'), error('2.0.0', 'ssr-fallback'), { ...error('9.9.9'), remote: 'account' }], T0);
    expect(await reports.rates('catalog', T0 - 60_000)).toEqual([
      { version: '1.0.0', views: 2, errors: 0 },
      { version: '2.0.0', views: 1, errors: 2 },
    ]);
    expect(await reports.rates('cartCheckout', T0 - 60_000)).toEqual([]);
  });

  it('reads whole minutes from the one `since` falls in: older minutes are left out', async () => {
    const reports = new RemoteReportStore(store);
    await reports.start();
    await reports.record([view('1')], T0 - 2 * REPORT_BUCKET_MS + 5_000); // 06:58:05
    await reports.record([view('1'), error('1')], T0 - REPORT_BUCKET_MS + 59_000); // 06:59:59
    await reports.record([view('1')], T0 + 30_000); // 07:00:30
    expect(await reports.rates('catalog', T0)).toEqual([{ version: '1', views: 1, errors: 0 }]);
    // since 06:59:30: the whole 06:59 minute counts
    expect(await reports.rates('catalog', T0 - 30_000)).toEqual([{ version: '1', views: 2, errors: 1 }]);
    expect(await reports.rates('catalog', T0 - 2 * REPORT_BUCKET_MS)).toEqual([{ version: '1', views: 3, errors: 1 }]);
  });

  it('drops minutes older than the retention from the store', async () => {
    const reports = new RemoteReportStore(store);
    await reports.start();
    const now = Date.now();
    await reports.record([view('old')], now - (REMOTE_REPORT_RETENTION_MINUTES + 2) * REPORT_BUCKET_MS);
    await reports.record([view('new')], now);
    expect(await reports.rates('catalog', 0)).toEqual([{ version: 'new', views: 1, errors: 0 }]);
    expect(await store.collection('remote_report_buckets').countDocuments({})).toBe(1);
  });

  it('adds up what several gateway processes sharing the store counted at once, in the same minute', async () => {
    const a = new RemoteReportStore(store);
    const b = new RemoteReportStore(store);
    await Promise.all([a.start(), b.start()]);
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).record([view('3'), ...(i % 4 === 0 ? [error('3')] : [])], T0 + i * 1_000)));
    expect(await a.rates('catalog', T0)).toEqual([{ version: '3', views: 20, errors: 5 }]);
    expect(await store.collection('remote_report_buckets').countDocuments({})).toBe(1);
  });
});
