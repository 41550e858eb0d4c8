/**
 * Embedded mode: the services' typed clients call each other in process (through the gateway's app), never over
 * HTTP. The port the configuration names for this process (where embedded services used to call themselves) is
 * held by a server that counts every connection: a whole purchase works without one. A service whose
 * *_SERVICE_URL is set is still called there over HTTP, and its failure is the usual 503 naming it.
 * (Distributed mode's HTTP calls between services are covered by modes.test.ts and sessions-distributed.test.ts.)
 */
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ACCESS_COOKIE, CSRF_HEADER, CSRF_HEADER_VALUE, ErrorCodes, UNAVAILABLE_MESSAGES } from '@pharmacy/contracts';
import { createAccessTokenSigner, INTERNAL_HEADER, loadConfig, loadInternalToken, loadKeys, type App } from '@pharmacy/service-kit';
import { buildGateway } from '../src';

// 1x1 PNG: the catalog checks uploads by their magic bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const PASSWORD = 'Sturdy-pass-42';

const cookieOf = (res: { headers: Record<string, unknown> }) =>
  ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []).map((c) => c.split(';')[0]).join('; ');

/** Answers every request 503 and counts the connections it was offered. */
async function countingServer(): Promise<{ url: string; port: number; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const server = http.createServer((_req, res) => res.writeHead(503, { 'content-type': 'application/json' }).end('{"success":false}'));
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An embedded gateway configured to be reached at `port` (which it does not listen on), on a fresh data folder. */
async function embeddedGateway(port: number, env: Record<string, string> = {}): Promise<{ app: App; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-inproc-'));
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, CATALOG_SEED: 'false', PORT: String(port), ...env }), logLevel: 'silent' };
  const app = await buildGateway({ mode: 'embedded', config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, dataDir };
}

/** Staff add a product (its image uploaded over the gateway's own socket, as a browser does); returns its id. */
async function addProduct(app: App, dataDir: string): Promise<string> {
  const staff = {
    cookie: `${ACCESS_COOKIE}=${createAccessTokenSigner(loadKeys({ dataDir, withPrivate: true }).privateKey!)({ sub: 'staff-1', admin: true, sid: 'staff-session', roles: ['catalogue'] })}`,
    [CSRF_HEADER]: CSRF_HEADER_VALUE,
  };
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'pack.png');
  const origin = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
  const upload = await fetch(`${origin}/api/admin/products/upload-image`, { method: 'POST', headers: staff, body: form });
  expect(upload.status).toBe(200);
  const image = ((await upload.json()) as { data: { id: string } }).data.id;
  const product = await app.inject({
    method: 'POST',
    url: '/api/admin/products/add',
    headers: staff,
    payload: { title: 'Vitamin C 500mg', description: 'A daily supplement.', category: 'pain-relief', brand: 'Acme', price: 4.5, totalStock: 50, image },
  });
  expect(product.statusCode).toBe(200);
  return product.json().data._id as string;
}

/** A new shopper signed in through the gateway: the headers their browser sends. */
async function signUp(app: App, name: string): Promise<Record<string, string>> {
  const email = `${name}-${Date.now()}@example.com`;
  const reg = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { firstName: 'Rosa', lastName: 'Buyer', email, password: PASSWORD } });
  expect(reg.statusCode).toBe(201);
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
  expect(login.statusCode).toBe(200);
  return { cookie: cookieOf(login), [CSRF_HEADER]: CSRF_HEADER_VALUE };
}

describe('embedded mode', () => {
  let counter: Awaited<ReturnType<typeof countingServer>>;
  let gateway: { app: App; dataDir: string };

  beforeAll(async () => {
    counter = await countingServer();
    gateway = await embeddedGateway(counter.port);
  }, 60_000);

  afterAll(async () => {
    await gateway?.app.close();
    await counter?.close();
  });

  it('buys a product from the cart to a paid order with every service-to-service call in process', async () => {
    const { app } = gateway;
    const productId = await addProduct(app, gateway.dataDir);
    const headers = await signUp(app, 'inproc');
    const address = await app.inject({
      method: 'POST', url: '/api/shop/address/add', headers,
      payload: { fullName: 'Rosa Buyer', line1: '3 Mill Road', city: 'Leeds', postalCode: 'LS1 5AB', phone: '+44 113 496 0000' },
    });
    expect(address.statusCode).toBe(200);
    // Cart add asks account (profile) and catalog (quote); create asks both and reserves; capture commits.
    const added = await app.inject({ method: 'POST', url: '/api/shop/cart/add', headers, payload: { productId, quantity: 2 } });
    expect(added.statusCode).toBe(200);
    const order = await app.inject({ method: 'POST', url: '/api/shop/order/create', headers, payload: { addressId: address.json().data._id } });
    expect(order.statusCode).toBe(200);
    const { orderId, approvalURL } = order.json().data as { orderId: string; approvalURL: string };
    const approved = await app.inject({ method: 'GET', url: `${new URL(approvalURL).pathname}/confirm` });
    expect(approved.statusCode).toBe(302);
    const back = new URL(String(approved.headers.location));
    const captured = await app.inject({
      method: 'POST', url: '/api/shop/order/capture', headers,
      payload: { orderId, paymentId: back.searchParams.get('paymentId'), payerId: back.searchParams.get('PayerID') },
    });
    expect(captured.statusCode).toBe(200);
    expect(captured.json().data).toMatchObject({ paymentStatus: 'paid', orderStatus: 'confirmed' });

    // The catalog counted the sale (commit reached it in process) and the reservation is gone from what is held.
    const product = await app.inject({ method: 'GET', url: `/api/shop/products/get/${productId}` });
    expect(product.json().data.totalStock).toBe(48);
    expect(counter.connections()).toBe(0);
  }, 60_000);

  it('keeps /internal routes for services: over the public port they do not exist, token or not; in process the token is still checked', async () => {
    const headers = await signUp(gateway.app, 'prober');
    const origin = `http://127.0.0.1:${(gateway.app.server.address() as net.AddressInfo).port}`;
    const token = { [INTERNAL_HEADER]: loadInternalToken(gateway.dataDir) };
    const probes: Array<[string, string, Record<string, string>, string | undefined]> = [
      ['POST', '/internal/catalog/stock/release', headers, JSON.stringify({ reservationId: 'x' })],
      // a body the route's schema refuses: the 404 comes before validation would say the route is there
      ['POST', '/internal/catalog/stock/release', { ...headers, ...token }, '{"nope":1}'],
      ['POST', '/internal/catalog/products/quote', token, JSON.stringify({ items: [] })],
      ['GET', '/internal/account/users/by-email?email=shopper%40pharmacy.local', token, undefined],
    ];
    for (const [method, url, sent, body] of probes) {
      const res = await fetch(`${origin}${url}`, { method, headers: { ...sent, ...(body ? { 'content-type': 'application/json' } : {}) }, body });
      expect({ url, status: res.status, body: await res.json() }).toEqual({ url, status: 404, body: { success: false, code: ErrorCodes.NOT_FOUND, message: 'Not found.' } });
    }
    const inProcess = await gateway.app.inject({ method: 'POST', url: '/internal/catalog/stock/release', headers, payload: { reservationId: 'x' } });
    expect(inProcess.statusCode).toBe(403);
    expect(inProcess.json()).toMatchObject({ success: false, code: ErrorCodes.FORBIDDEN });
  });
});

describe('embedded mode with a *_SERVICE_URL set', () => {
  it('calls that service over HTTP at the configured URL, and its failure is the usual 503 naming it', async () => {
    const counter = await countingServer();
    const { app } = await embeddedGateway(counter.port, { CATALOG_SERVICE_URL: counter.url });
    try {
      const headers = await signUp(app, 'configured');
      const added = await app.inject({ method: 'POST', url: '/api/shop/cart/add', headers, payload: { productId: '00000000-0000-4000-8000-000000000000', quantity: 1 } });
      expect(added.statusCode).toBe(503);
      expect(added.json()).toEqual({ success: false, code: ErrorCodes.UNAVAILABLE, message: UNAVAILABLE_MESSAGES.catalog });
      expect(counter.connections()).toBeGreaterThan(0);
    } finally {
      await app.close();
      await counter.close();
    }
  }, 60_000);
});
