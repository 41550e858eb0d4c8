import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ACCESS_COOKIE, CSRF_HEADER, MARKETS } from '@pharmacy/contracts';
import { ensureKeys, INTERNAL_HEADER, loadConfig, loadInternalToken, type App } from '@pharmacy/service-kit';
import { buildGateway } from '../src';
import { freePort } from './realServices';

const REPO = path.resolve(__dirname, '../../..');

/** A static root with a fake built host and one fake remote, so fallback and caching rules can be checked. */
function fakeBuild(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-static-'));
  fs.mkdirSync(path.join(root, 'host-shell/dist'), { recursive: true });
  fs.writeFileSync(path.join(root, 'host-shell/dist/index.html'), '<!doctype html><title>Pharmacy</title>');
  fs.writeFileSync(path.join(root, 'host-shell/dist/main.js'), 'console.log(1)');
  fs.mkdirSync(path.join(root, 'mfe-catalog/dist'), { recursive: true });
  fs.writeFileSync(path.join(root, 'mfe-catalog/dist/mf-manifest.json'), '{}');
  fs.writeFileSync(path.join(root, 'mfe-catalog/dist/123.0123abcd.js'), 'x'.repeat(2000));
  fs.writeFileSync(path.join(root, 'mfe-catalog/dist/remoteEntry.js'), '');
  fs.mkdirSync(path.join(root, 'mfe-cart-checkout/dist'), { recursive: true });
  fs.writeFileSync(path.join(root, 'mfe-cart-checkout/dist/remoteEntry.js'), '');
  return root;
}

/** `accountUrl`: the account service's own port, in distributed mode. */
type Mode = { name: 'embedded' | 'distributed'; app: App; dataDir: string; accountUrl?: string; close: () => Promise<void> };

async function startEmbedded(): Promise<Mode> {
  // No demo catalog: routing is what this suite checks (the seed has its own tests in the catalog service).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-emb-'));
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, CATALOG_SEED: 'false' }), logLevel: 'silent' };
  const app = await buildGateway({ mode: 'embedded', config, static: { root: fakeBuild() } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { name: 'embedded', app, dataDir, close: () => app.close() };
}

async function startDistributed(): Promise<Mode> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-dist-'));
  ensureKeys(dataDir);
  const ports = { account: await freePort(), catalog: await freePort(), checkout: await freePort() };
  const urls = Object.fromEntries(Object.entries(ports).map(([k, p]) => [k, `http://127.0.0.1:${p}`])) as Record<keyof typeof ports, string>;
  const children: ChildProcess[] = [];
  for (const [name, port] of Object.entries(ports)) {
    const child = spawn(process.execPath, ['--conditions=source', '-r', 'ts-node/register', path.join(REPO, `services/${name}/src/server.ts`)], {
      cwd: REPO,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        CATALOG_SEED: 'false',
        ACCOUNT_SERVICE_URL: urls.account,
        CATALOG_SERVICE_URL: urls.catalog,
        CHECKOUT_SERVICE_URL: urls.checkout,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
  }
  // A service that never answers must not outlive the suite: its children would keep jest (and CI) waiting forever.
  const stopChildren = () => Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : (c.once('exit', r), c.kill('SIGTERM'))))));
  try {
    for (const url of Object.values(urls)) {
      const deadline = Date.now() + 90_000;
      for (;;) {
        try {
          if ((await fetch(`${url}/api/health`)).ok) break;
        } catch {
          /* starting */
        }
        if (Date.now() > deadline) throw new Error(`${url} did not start`);
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  } catch (err) {
    await stopChildren();
    throw err;
  }
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), logLevel: 'silent' };
  const app = await buildGateway({ mode: 'distributed', config, static: { root: fakeBuild() }, serviceUrls: urls });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    name: 'distributed',
    app,
    dataDir,
    accountUrl: urls.account,
    close: async () => {
      await app.close();
      await stopChildren();
    },
  };
}

const cookiesOf = (res: { headers: Record<string, unknown> }) =>
  ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []).map((c) => c.split(';')[0]).join('; ');

describe.each([
  ['embedded', startEmbedded],
  ['distributed', startDistributed],
] as const)('gateway in %s mode', (_name, start) => {
  let mode: Mode;
  beforeAll(async () => {
    mode = await start();
  }, 150_000);
  afterAll(() => mode?.close());

  it('answers health and serves /remotes.json with every remote', async () => {
    expect((await mode.app.inject('/api/health')).json()).toEqual({ success: true, data: { status: 'ok' } });
    const res = await mode.app.inject('/remotes.json');
    // per visitor (their canary cohorts): never kept by a shared cache
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.json()).toEqual({
      catalog: '/mfe/catalog/mf-manifest.json',
      cartCheckout: '/mfe/cart-checkout/mf-manifest.json',
      account: '/mfe/account/mf-manifest.json',
      admin: '/mfe/admin/mf-manifest.json',
      builds: expect.objectContaining({ catalog: { version: expect.any(String), integrity: null } }),
    });
  });

  it('serves index.html for page navigations only, never for missing remote files', async () => {
    const page = await mode.app.inject({ url: '/pharmacy/products', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Pharmacy</title>');
    // pages and the API switch off browser features the shop never uses
    expect(page.headers['permissions-policy']).toMatch(/^camera=\(\), microphone=\(\), geolocation=\(\), payment=\(\)/);
    expect((await mode.app.inject('/api/health')).headers['permissions-policy']).toBe(page.headers['permissions-policy']);
    // the header's remotes are fetched while the host's scripts run
    expect(page.headers.link).toBe(
      '</remotes.json>; rel=preload; as=fetch; crossorigin=anonymous, ' +
        '</mfe/catalog/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous, </mfe/catalog/remoteEntry.js>; rel=preload; as=script, ' +
        '</mfe/cart-checkout/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous, </mfe/cart-checkout/remoteEntry.js>; rel=preload; as=script',
    );
    const missingChunk = await mode.app.inject({ url: '/mfe/admin/remoteEntry.js', headers: { accept: 'text/html' } });
    expect(missingChunk.statusCode).toBe(404);
    const apiMiss = await mode.app.inject({ url: '/api/nothing-here', headers: { accept: 'text/html' } });
    expect(apiMiss.json().code).toBe('NOT_FOUND');
  });

  it('caches hashed assets forever and manifests not at all, compressing text', async () => {
    const hashed = await mode.app.inject({ url: '/mfe/catalog/123.0123abcd.js', headers: { 'accept-encoding': 'br' } });
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers['content-encoding']).toBe('br');
    const manifest = await mode.app.inject('/mfe/catalog/mf-manifest.json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('routes a whole account journey: register, login, me, logout', async () => {
    const email = `gw-${mode.name}-${Date.now()}@example.com`;
    const reg = await mode.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: 'Gale', lastName: 'Way', email, password: 'Sturdy-pass-42' },
    });
    expect(reg.statusCode).toBe(201);
    expect(cookiesOf(reg)).not.toContain(ACCESS_COOKIE);
    const login = await mode.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Sturdy-pass-42' } });
    expect(login.statusCode).toBe(200);
    const cookie = cookiesOf(login);
    expect(cookie).toContain(`${ACCESS_COOKIE}=`);
    const me = await mode.app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(me.json().user.email).toBe(email);
    const forged = await mode.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, origin: 'http://evil.test' } });
    expect(forged.statusCode).toBe(403);
    const logout = await mode.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, [CSRF_HEADER]: '1' } });
    expect(logout.statusCode).toBe(200);
  });

  it('routes the catalog and checkout prefixes to their services', async () => {
    const list = await mode.app.inject('/api/shop/products/get?limit=2');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ data: expect.any(Array), total: expect.any(Number), page: 1, limit: 2 });
    const cart = await mode.app.inject('/api/shop/cart/get/someone');
    expect(cart.statusCode).toBe(401);
  });

  it('serves the dev mailbox page outside production (no SMTP_URL), under the shop\'s CSP and never as the shop\'s page', async () => {
    const res = await mode.app.inject({ url: '/dev/mailbox', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<h1>Dev mailbox</h1>');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    const missing = await mode.app.inject({ url: '/dev/mailbox/no-such-mail', headers: { accept: 'text/html' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<h1>Mail not found</h1>');
  });

  it('shows the dev mailbox to this machine only: over a real loopback socket, never to another address or through a proxy', async () => {
    const email = `mailbox-${mode.name}-${Date.now()}@example.com`;
    await mode.app.inject({ method: 'POST', url: '/api/auth/register', payload: { firstName: 'Mae', lastName: 'Box', email, password: 'Sturdy-pass-42' } });
    await mode.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const { port } = mode.app.server.address() as AddressInfo;
    const deadline = Date.now() + 3000;
    let listed = '';
    while (!listed.includes(email) && Date.now() < deadline) {
      const real = await fetch(`http://127.0.0.1:${port}/dev/mailbox`, { headers: { accept: 'text/html' } });
      expect(real.status).toBe(200);
      listed = await real.text();
    }
    expect(listed).toContain(`To ${email}`);
    for (const from of [{ remoteAddress: '10.0.0.5' }, { remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': '127.0.0.1' } }, { headers: { 'x-forwarded-for': '10.0.0.5' } }]) {
      const res = await mode.app.inject({ url: '/dev/mailbox', remoteAddress: from.remoteAddress, headers: { accept: 'text/html', ...from.headers } });
      expect([from, res.statusCode, res.json()]).toEqual([from, 404, { success: false, code: 'NOT_FOUND', message: 'Not found.' }]);
    }
    // Served by the gateway only: the account service's own port does not show it.
    if (mode.accountUrl) expect((await fetch(`${mode.accountUrl}/dev/mailbox`, { headers: { accept: 'text/html' } })).status).toBe(404);
  });

  it('counts sign-ins by the address its socket comes from: rotating X-Forwarded-For gains nothing', async () => {
    const attempt = (i: number) =>
      mode.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `rotating-${mode.name}-${i}@example.com`, password: 'Leaked-password-1' },
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
    for (let i = 0; i < 10; i++) expect((await attempt(i)).statusCode).toBe(401);
    const refused = await attempt(10);
    expect([refused.statusCode, refused.json().message]).toEqual([429, expect.stringMatching(/^Too many attempts\. Please wait \d+ seconds/)]);
  });

  it('answers the configured market itself, public and cacheable, whole', async () => {
    const res = await mode.app.inject('/api/common/market');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({ success: true, data: MARKETS.GB });
    expect((await mode.app.inject('/api/common/market?x=1')).statusCode).toBe(400);
  });

  it('never exposes internal service routes on its port, while the services still call each other', async () => {
    const origin = `http://127.0.0.1:${(mode.app.server.address() as AddressInfo).port}`;
    const token = { [INTERNAL_HEADER]: loadInternalToken(mode.dataDir) };
    for (const [method, url, body] of [
      ['POST', '/internal/catalog/stock/release', '{"reservationId":"x"}'],
      ['POST', '/internal/catalog/products/quote', '{"items":[]}'],
      ['GET', '/internal/account/users/by-email?email=a%40example.com', undefined],
    ] as const) {
      for (const headers of [{}, token]) {
        const res = await fetch(`${origin}${url}`, { method, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) }, body, redirect: 'manual' });
        expect({ url, status: res.status, code: ((await res.json()) as { code: string }).code }).toEqual({ url, status: 404, code: 'NOT_FOUND' });
      }
    }
    // a cart add asks the account service for the shopper's profile and the catalog for a quote (/internal routes):
    // the catalog's answer that the product does not exist reaches the shopper, not a 503
    const email = `internal-${mode.name}-${Date.now()}@example.com`;
    const reg = await mode.app.inject({ method: 'POST', url: '/api/auth/register', payload: { firstName: 'Ina', lastName: 'Ternal', email, password: 'Sturdy-pass-42' } });
    expect(reg.statusCode).toBe(201);
    const login = await mode.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Sturdy-pass-42' } });
    const added = await mode.app.inject({
      method: 'POST',
      url: '/api/shop/cart/add',
      headers: { cookie: cookiesOf(login), [CSRF_HEADER]: '1' },
      payload: { productId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
    });
    expect({ status: added.statusCode, code: added.json().code }).toEqual({ status: 404, code: 'NOT_FOUND' });
  });
});

describe('the market', () => {
  it('is the one MARKET names, and a production start says while it still carries demo registration details', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-market-'));
    const lines: string[] = [];
    const config = loadConfig({ NODE_ENV: 'production', MARKET: 'IE', DATA_DIR: dataDir, CATALOG_SEED: 'false', PUBLIC_ORIGIN: 'https://shop.test', PAYMENT_PROVIDER: 'sandbox', LOG_LEVEL: 'warn' });
    const app = await buildGateway({ mode: 'embedded', config, logStream: { write: (line) => lines.push(line) } });
    try {
      await app.ready();
      expect((await app.inject('/api/common/market')).json().data).toEqual(MARKETS.IE);
      expect(lines.map((l) => JSON.parse(l).msg)).toContain(
        "the market carries demo registration details and pharmacy addresses (shared/contracts/src/market): put the pharmacy's own there before real customers use the shop",
      );
    } finally {
      await app.close();
    }
  });
});

describe('gateway in production', () => {
  it('has no dev mailbox: /dev/mailbox is a 404, not the shop\'s page', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-prod-'));
    const config = {
      ...loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, CATALOG_SEED: 'false', PUBLIC_ORIGIN: 'https://shop.test', PAYMENT_PROVIDER: 'sandbox' }),
      logLevel: 'silent',
    };
    const app = await buildGateway({ mode: 'embedded', config, static: { root: fakeBuild() } });
    try {
      await app.ready();
      for (const url of ['/dev/mailbox', '/dev/mailbox/some-id']) {
        const res = await app.inject({ url, headers: { accept: 'text/html' } });
        expect([url, res.statusCode, res.json().code]).toEqual([url, 404, 'NOT_FOUND']);
      }
      const forgot = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'a@example.com' } });
      expect(forgot.statusCode).toBe(200);
      expect(forgot.json()).not.toHaveProperty('mailbox');
    } finally {
      await app.close();
    }
  });
});
