/**
 * Distributed mode with services that stop: each service runs as its own Fastify server listening on a real port
 * (what `node services/<name>/dist/server.js` runs, without its signal handling), the gateway proxies to them,
 * and a test stops one, checks what shoppers get, and starts it again on the same port.
 */
import { generateKeyPairSync, sign as signEd25519 } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import {
  ACCESS_COOKIE,
  ACCOUNT_DETAILS_UNAVAILABLE,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  DegradedCheckAuthResponse,
  ErrorCodes,
  UNAVAILABLE_MESSAGES,
} from '@pharmacy/contracts';
import { createAccessTokenSigner, loadConfig, loadKeys, type App } from '@pharmacy/service-kit';
import { buildGateway } from '../src';
import { startRealServices, type RealServices, type ServiceName as Name } from './realServices';

// 1x1 PNG: the catalog checks uploads by their magic bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

let services: RealServices;
let urls: Record<Name, string>;
let gateway: App;
let gatewayUrl: string;
let privateKey: string;
/** The gateway's log lines, as an operator would read them. */
let logs: Array<Record<string, unknown>> = [];
const logStream = { write: (line: string) => void logs.push(JSON.parse(line)) };
const upstreamLines = (name: Name) => logs.filter((l) => l.upstream === name);

const cookieOf = (res: { headers: Record<string, unknown> }) =>
  ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []).map((c) => c.split(';')[0]).join('; ');

/** An access token with any times, signed like the account service signs (Ed25519). */
function token(claims: Record<string, unknown>, key = privateKey): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const data = `${part({ alg: 'EdDSA', typ: 'JWT' })}.${part(claims)}`;
  return `${data}.${signEd25519(null, Buffer.from(data), key).toString('base64url')}`;
}

let admin: Record<string, string>;
let shopper: { id: string; cookie: string };
let productId: string;
let mediaId: string;

beforeAll(async () => {
  services = await startRealServices('gw-down-');
  urls = services.urls;
  privateKey = loadKeys({ dataDir: services.dataDir, withPrivate: true }).privateKey!;

  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: services.dataDir }), logLevel: 'info' };
  gateway = await buildGateway({ mode: 'distributed', config, serviceUrls: urls, logStream });
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  gatewayUrl = `http://127.0.0.1:${(gateway.server.address() as net.AddressInfo).port}`;

  admin = { cookie: `${ACCESS_COOKIE}=${createAccessTokenSigner(privateKey)({ sub: 'staff-1', admin: true, sid: 'staff-session', roles: ['catalogue'] })}`, [CSRF_HEADER]: CSRF_HEADER_VALUE };
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'pack.png');
  // over a real socket: a streamed multipart body goes on through the proxy to the catalog
  const upload = await fetch(`${gatewayUrl}/api/admin/products/upload-image`, { method: 'POST', headers: admin, body: form });
  expect(upload.status).toBe(200);
  mediaId = ((await upload.json()) as { data: { id: string } }).data.id;
  const product = await gateway.inject({
    method: 'POST',
    url: '/api/admin/products/add',
    headers: admin,
    payload: { title: 'Paracetamol 500mg', description: 'Pain relief.', category: 'pain-relief', brand: 'Acme', price: 3.5, totalStock: 20, image: mediaId },
  });
  expect(product.statusCode).toBe(200);
  productId = product.json().data._id;

  const login = await gateway.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'shopper@pharmacy.local', password: 'Shopper123!demo' } });
  expect(login.statusCode).toBe(200);
  shopper = { id: login.json().user._id, cookie: cookieOf(login) };
  const added = await gateway.inject({
    method: 'POST',
    url: '/api/shop/cart/add',
    headers: { cookie: shopper.cookie, [CSRF_HEADER]: CSRF_HEADER_VALUE },
    payload: { userId: shopper.id, productId, quantity: 2 },
  });
  expect(added.statusCode).toBe(200);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await services?.stopAll();
});

beforeEach(() => {
  logs = [];
});

const unavailable = (name: Name) => ({ success: false, code: ErrorCodes.UNAVAILABLE, message: UNAVAILABLE_MESSAGES[name] });

describe('the catalog service stops', () => {
  it('answers 503 with a message on every catalog route, keeps the cart, and recovers without a gateway restart', async () => {
    const cartOf = () => gateway.inject({ url: `/api/shop/cart/get/${shopper.id}`, headers: { cookie: shopper.cookie } });
    expect((await gateway.inject(`/api/shop/products/get/${productId}`)).statusCode).toBe(200);
    await services.stop('catalog');

    const routes: Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object; headers?: Record<string, string> }> = [
      { method: 'GET', url: '/api/shop/products/get?limit=2' },
      { method: 'GET', url: '/api/shop/search/paracetamol' },
      { method: 'GET', url: `/api/shop/products/get/${productId}` },
      { method: 'GET', url: `/api/shop/review/${productId}` },
      { method: 'GET', url: '/api/common/feature/get' },
      { method: 'GET', url: `/api/media/${mediaId}` },
      { method: 'POST', url: '/api/admin/products/add', headers: admin, payload: { title: 'x' } },
      { method: 'PUT', url: `/api/admin/products/edit/${productId}`, headers: admin, payload: { title: 'Paracetamol' } },
      { method: 'DELETE', url: `/api/admin/products/delete/${productId}`, headers: admin },
    ];
    for (const route of routes) {
      const res = await gateway.inject(route);
      expect({ route: route.url, status: res.statusCode }).toEqual({ route: route.url, status: 503 });
      expect(res.json()).toEqual(unavailable('catalog'));
      expect(res.headers['retry-after']).toBe('5');
    }

    // one warning per failure, naming the service, the URL it tried and the transport's error code; no stack
    const failures = upstreamLines('catalog');
    expect(failures).toHaveLength(routes.length);
    expect(failures.map((l) => l.url)).toEqual(routes.map((r) => `${urls.catalog}${r.url.split('?')[0]}`));
    expect(failures.every((l) => l.level === 40 && l.code === 'ECONNREFUSED' && typeof l.reqId === 'string')).toBe(true);
    expect(failures.map((l) => l.msg)).toEqual(['catalog service unavailable', ...routes.slice(1).map(() => 'catalog service still unavailable')]);
    expect(logs.filter((l) => l.level !== 30 && !('upstream' in l))).toEqual([]);
    expect(JSON.stringify(logs)).not.toMatch(/stack|ECONNREFUSED 127/);

    // a browser's request with a body, over a real connection, gets the answer too (not a reset connection)
    const overSocket = await fetch(`${gatewayUrl}/api/admin/products/add`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x'.repeat(5000) }),
    });
    expect(overSocket.status).toBe(503);
    expect(await overSocket.json()).toEqual(unavailable('catalog'));

    logs = [];

    // the checkout still shows the shopper's cart, without live prices
    const cart = await cartOf();
    expect(cart.statusCode).toBe(200);
    expect(cart.json().data).toMatchObject({ pricesUnavailable: true, canCheckout: false, itemCount: 2 });
    expect(cart.json().data.items).toEqual([expect.objectContaining({ productId, quantity: 2 })]);

    // back on the same port: the same gateway reaches it again
    await services.start('catalog');
    const details = await gateway.inject(`/api/shop/products/get/${productId}`);
    expect(details.statusCode).toBe(200);
    expect(details.json().data.title).toBe('Paracetamol 500mg');
    expect((await gateway.inject('/api/shop/search/paracetamol')).statusCode).toBe(200);
    expect((await gateway.inject(`/api/media/${mediaId}`)).statusCode).toBe(200);
    expect(upstreamLines('catalog')).toEqual([expect.objectContaining({ level: 30, url: urls.catalog, msg: 'catalog service answering again' })]);
    const priced = (await cartOf()).json().data;
    expect(priced.pricesUnavailable).toBeUndefined();
    expect(priced).toMatchObject({ totalAmount: 7, canCheckout: true });
  });

  it('answers 503 on every prefix the catalog owns, whatever the method', async () => {
    await services.stop('catalog');
    try {
      for (const prefix of ['/api/shop/products', '/api/shop/search', '/api/shop/review', '/api/admin/products', '/api/common/feature', '/api/media']) {
        for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
          const res = await gateway.inject({ method, url: `${prefix}/anything`, headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE } });
          expect({ method, prefix, status: res.statusCode, body: res.json() }).toEqual({ method, prefix, status: 503, body: unavailable('catalog') });
        }
      }
    } finally {
      await services.start('catalog');
    }
  });
});

describe('a page rendered on the server while the catalog is down', () => {
  /** A host's server build shaped as the real one: a product page fetches its product and shows a failed answer. */
  const HOST_SSR = `
let api;
exports.configureServerApi = (fetchImpl) => { api = fetchImpl; };
exports.sharedModules = {};
exports.renderPage = async ({ url }) => {
  const id = /^\\/pharmacy\\/product\\/([^/?]+)/.exec(url)?.[1];
  if (!id) return { status: 200, head: { title: 'Sign in' }, styles: '', html: '<main><h1>Sign in</h1></main>', data: {} };
  const res = await api('http://server-render.internal/api/shop/products/get/' + id);
  const body = await res.json();
  // carried as the catalog's RTK Query cache is (@pharmacy/session pageQueryData), shown as the product page shows a failure
  const query = res.ok ? { status: 'fulfilled', data: body.data } : { status: 'rejected', error: { status: res.status, code: body.code, message: body.message } };
  const entry = { data: { queries: { ['product("' + id + '")']: query }, mutations: {}, provided: { tags: {}, keys: {} } } };
  const html = res.ok ? '<main><h1>' + body.data.title + '</h1></main>' : '<main><h1>We could not load this product</h1><p>' + body.message + '</p></main>';
  return { status: 200, head: {}, styles: '', html, data: { 'queries:catalogQueries': entry } };
};
`;

  it('answers 503 with the message and Retry-After; a page without data still renders 200', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-page-down-'));
    fs.mkdirSync(path.join(root, 'host-shell/dist/server'), { recursive: true });
    fs.writeFileSync(path.join(root, 'host-shell/dist/index.html'), '<!doctype html><html lang=en><head><title>Pharmacy</title></head><body><div id=root></div><script defer src=/main.0123abcd.js></script></body></html>');
    fs.writeFileSync(path.join(root, 'host-shell/dist/server/ssr.js'), HOST_SSR);
    const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: services.dataDir }), logLevel: 'silent' };
    const gw = await buildGateway({ mode: 'distributed', config, serviceUrls: urls, static: { root } });
    const page = (url: string) => gw.inject({ url, headers: { accept: 'text/html' } });
    try {
      expect((await page(`/pharmacy/product/${productId}`)).body).toContain('<h1>Paracetamol 500mg</h1>');
      await services.stop('catalog');
      try {
        const down = await page(`/pharmacy/product/${productId}`);
        expect([down.statusCode, down.headers['retry-after'], down.headers['content-type']]).toEqual([503, '5', 'text/html; charset=utf-8']);
        expect(down.body).toContain(`<p>${UNAVAILABLE_MESSAGES.catalog}</p>`);
        const signIn = await page('/sign-in');
        expect([signIn.statusCode, signIn.headers['retry-after']]).toEqual([200, undefined]);
        expect(signIn.body).toContain('<h1>Sign in</h1>');
      } finally {
        await services.start('catalog');
      }
      const back = await page(`/pharmacy/product/${productId}`);
      expect([back.statusCode, back.headers['retry-after']]).toEqual([200, undefined]);
    } finally {
      await gw.close();
    }
  });
});

describe('the checkout service stops', () => {
  it('answers 503 naming the cart and orders, then works again once it is back', async () => {
    await services.stop('checkout');
    try {
      const res = await gateway.inject({ url: `/api/shop/cart/get/${shopper.id}`, headers: { cookie: shopper.cookie } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(unavailable('checkout'));
      expect(upstreamLines('checkout')).toEqual([expect.objectContaining({ level: 40, code: 'ECONNREFUSED', msg: 'checkout service unavailable' })]);
    } finally {
      await services.start('checkout');
    }
    expect((await gateway.inject({ url: `/api/shop/cart/get/${shopper.id}`, headers: { cookie: shopper.cookie } })).statusCode).toBe(200);
  });
});

describe('the account service stops', () => {
  const checkAuth = (cookie?: string) => gateway.inject({ url: '/api/auth/check-auth', headers: cookie ? { cookie } : {} });

  it('check-auth answers from the verified access token: still signed in, details unavailable', async () => {
    await services.stop('account');
    try {
      const res = await checkAuth(shopper.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      expect(Value.Check(DegradedCheckAuthResponse, body)).toBe(true);
      expect(body).toEqual({
        success: true,
        degraded: true,
        message: ACCOUNT_DETAILS_UNAVAILABLE,
        user: { _id: shopper.id, admin: false, firstName: 'Sam' },
        data: { _id: shopper.id, admin: false, firstName: 'Sam' },
      });
      expect(upstreamLines('account')).toEqual([expect.objectContaining({ level: 40, url: `${urls.account}/api/auth/check-auth`, code: 'ECONNREFUSED' })]);

      // an expired token whose session could still be alive: the browser cannot refresh now, so it stays signed in
      const now = Math.floor(Date.now() / 1000);
      const expired = token({ sub: shopper.id, admin: false, sid: 's-1', userName: 'Sam', iat: now - 3600, exp: now - 2700 });
      expect((await checkAuth(`${ACCESS_COOKIE}=${expired}`)).json()).toMatchObject({ success: true, degraded: true, user: { _id: shopper.id } });

      // the rest of the account routes say what is missing
      const login = await gateway.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'shopper@pharmacy.local', password: 'Shopper123!demo' } });
      expect(login.statusCode).toBe(503);
      expect(login.json()).toEqual(unavailable('account'));
    } finally {
      await services.start('account');
    }
    // back: the account service answers with the full user again
    const full = (await checkAuth(shopper.cookie)).json();
    expect(full.degraded).toBeUndefined();
    expect(full.user).toMatchObject({ _id: shopper.id, email: 'shopper@pharmacy.local' });
  });

  it('without a valid token check-auth is still 401', async () => {
    await services.stop('account');
    try {
      const now = Math.floor(Date.now() / 1000);
      const otherKey = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      const cases: Array<[string, string | undefined]> = [
        ['no cookie', undefined],
        ['not a token', `${ACCESS_COOKIE}=garbage`],
        ['signed with another key', `${ACCESS_COOKIE}=${token({ sub: shopper.id, admin: true, sid: 's-1', iat: now, exp: now + 900 }, otherKey)}`],
        // issued longer ago than any session lives: nobody can still be signed in with it
        ['older than a session', `${ACCESS_COOKIE}=${token({ sub: shopper.id, admin: false, sid: 's-1', iat: now - 31 * 86400, exp: now - 31 * 86400 + 900 })}`],
      ];
      // a session the gateway learnt was revoked before the account service went down
      gateway.revocations.add([{ kind: 'session', id: 's-revoked', expiresAt: new Date(Date.now() + 900_000).toISOString() }]);
      cases.push(['revoked session', `${ACCESS_COOKIE}=${token({ sub: shopper.id, admin: false, sid: 's-revoked', iat: now, exp: now + 900 })}`]);
      for (const [label, cookie] of cases) {
        const res = await checkAuth(cookie);
        expect({ label, status: res.statusCode, code: res.json().code }).toEqual({ label, status: 401, code: ErrorCodes.UNAUTHENTICATED });
      }
    } finally {
      await services.start('account');
    }
  });
});

describe('a service that hangs', () => {
  it('is answered 504 with the service message after the configured time, not held open', async () => {
    const sockets: net.Socket[] = [];
    const hung = net.createServer((socket) => sockets.push(socket)); // accepts, never answers
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const hungUrl = `http://127.0.0.1:${(hung.address() as net.AddressInfo).port}`;
    const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: services.dataDir }), logLevel: 'info' };
    const gw = await buildGateway({ mode: 'distributed', config, serviceUrls: { ...urls, catalog: hungUrl }, upstreamTimeoutMs: 300, logStream });
    try {
      const started = Date.now();
      const res = await gw.inject('/api/shop/products/get');
      expect(Date.now() - started).toBeLessThan(3000);
      expect(res.statusCode).toBe(504);
      expect(res.json()).toEqual(unavailable('catalog'));
      expect(upstreamLines('catalog')).toEqual([
        expect.objectContaining({ level: 40, url: `${hungUrl}/api/shop/products/get`, code: 'UND_ERR_HEADERS_TIMEOUT', msg: 'catalog service unavailable' }),
      ]);
    } finally {
      await gw.close();
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => hung.close(resolve));
    }
  });
});
