/**
 * Where the remote registry fetches a manifest from (docs/operations.md#deploying-a-remote): only REMOTE_ORIGINS
 * (loopback by default outside production, none in production), redirects included. A refused URL is never
 * connected to, and no answer tells the deployer what is at the other end: the registry is not a way to probe
 * the shop's network.
 */
import http from 'node:http';
import type net from 'node:net';
import { manifestOrigins } from '../src/remotes/origins';
import { DEPLOY_TOKENS, bearer, FakeRemoteOrigin, fakeManifest, startGateway, type TestGateway } from './remotes';

const NOT_FETCHED = "the manifest could not be fetched (the shop's log has the reason)";
const SECRET_NAME = 'payroll-admin-console';

/** An internal service: what it answers would tell a prober it exists; it counts every request it is sent. */
async function internalService(): Promise<{ origin: string; requests: () => number; close: () => Promise<void> }> {
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests++;
    if (req.url === '/forbidden') return void res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ name: SECRET_NAME }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: SECRET_NAME, metaData: {}, exposes: [], shared: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An allowed origin that sends every request on to `target` + the request's path. */
async function redirector(target: () => string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => res.writeHead(302, { location: `${target()}${req.url}` }).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const deploy = (gw: TestGateway, manifestUrl: string) =>
  gw.app.inject({ method: 'PUT', url: '/api/admin/remotes/catalog', headers: bearer(DEPLOY_TOKENS.catalog), payload: { manifestUrl } });

describe('with REMOTE_ORIGINS set', () => {
  let gw: TestGateway;
  let cdn: FakeRemoteOrigin;
  let internal: Awaited<ReturnType<typeof internalService>>;
  let hop: Awaited<ReturnType<typeof redirector>>;
  let hopTarget = '';
  let logs: Array<{ msg: string; manifestUrl?: string; why?: string }> = [];

  beforeAll(async () => {
    cdn = await new FakeRemoteOrigin().start('http://localhost:5000');
    internal = await internalService();
    hop = await redirector(() => hopTarget);
    gw = await startGateway({
      env: { REMOTE_ORIGINS: `${cdn.origin},${hop.origin}` },
      logStream: { write: (line: string) => void logs.push(JSON.parse(line)) },
    });
  }, 60_000);
  afterAll(async () => {
    await gw?.app.close();
    await Promise.all([cdn?.close(), internal?.close(), hop?.close()]);
  });
  beforeEach(() => {
    logs = [];
  });

  it('deploys from a listed origin', async () => {
    const res = await deploy(gw, cdn.put('listed', fakeManifest('catalog')));
    expect(res.statusCode).toBe(200);
  });

  it('refuses any other origin, loopback included, without connecting to it or saying what is there', async () => {
    for (const path of ['/mf-manifest.json', '/forbidden']) {
      const url = `${internal.origin}${path}`;
      const res = await deploy(gw, url);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(`The catalog build at ${url} cannot go live: the manifest could not be fetched: origin ${internal.origin} is not allowed (REMOTE_ORIGINS).`);
    }
    expect(internal.requests()).toBe(0);
  });

  it('refuses a redirect to an origin not listed, and follows one to a listed origin', async () => {
    hopTarget = internal.origin;
    const refused = await deploy(gw, `${hop.origin}/forbidden`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      `The catalog build at ${hop.origin}/forbidden cannot go live: the manifest could not be fetched: it redirects to an origin that is not allowed (REMOTE_ORIGINS).`,
    );
    expect(refused.json().message).not.toContain(internal.origin);
    expect(internal.requests()).toBe(0);

    const built = cdn.put('via-hop', fakeManifest('catalog', { buildVersion: '0.3.0' }));
    hopTarget = cdn.origin;
    const followed = await deploy(gw, `${hop.origin}/via-hop/mf-manifest.json`);
    expect(followed.statusCode).toBe(200);
    expect(followed.json().data.deployment.version).toBe('0.3.0');
    expect(built).toBe(`${cdn.origin}/via-hop/mf-manifest.json`);
  });

  it('tells the deployer only that a listed origin\'s manifest could not be fetched; the log has why', async () => {
    const missing = `${cdn.origin}/nowhere/mf-manifest.json`;
    const res = await deploy(gw, missing);
    expect(res.json().message).toBe(`The catalog build at ${missing} cannot go live: ${NOT_FETCHED}.`);
    expect(logs.filter((l) => l.msg === 'remote manifest could not be fetched')).toEqual([
      expect.objectContaining({ manifestUrl: missing, why: `${missing} answered 404` }),
    ]);
  });
});

describe('in production without REMOTE_ORIGINS', () => {
  let gw: TestGateway;
  let internal: Awaited<ReturnType<typeof internalService>>;

  beforeAll(async () => {
    internal = await internalService();
    gw = await startGateway({ env: { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://shop.test', PAYMENT_PROVIDER: 'sandbox' } });
  }, 60_000);
  afterAll(async () => {
    await gw?.app.close();
    await internal?.close();
  });

  it('fetches from no other origin, loopback included; the shop\'s own builds still deploy', async () => {
    for (const url of [`${internal.origin}/mf-manifest.json`, 'http://localhost:9/mf-manifest.json', 'http://169.254.169.254/latest/meta-data/']) {
      const res = await deploy(gw, url);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toContain(`the manifest could not be fetched: origin ${new URL(url).origin} is not allowed (REMOTE_ORIGINS)`);
      expect(res.json().message).not.toContain(SECRET_NAME);
    }
    expect(internal.requests()).toBe(0);
    expect((await deploy(gw, '/mfe/catalog/mf-manifest.json')).statusCode).toBe(200);
  });
});

describe('the origins a manifest may come from', () => {
  const shop = 'https://shop.test';
  const cdnUrl = 'https://cdn.shop.test/admin/mf-manifest.json';

  it('outside production without REMOTE_ORIGINS: loopback, the shop\'s own and REMOTE_URLS\' origins', () => {
    const allowed = manifestOrigins({ production: false, publicOrigin: shop, remoteUrls: { admin: cdnUrl, catalog: '/mfe/catalog/mf-manifest.json' } });
    for (const origin of ['http://localhost:3001', 'http://127.0.0.1:4000', 'http://[::1]:8080', shop, 'https://cdn.shop.test']) expect([origin, allowed(origin)]).toEqual([origin, true]);
    for (const origin of ['http://10.0.0.5', 'http://169.254.169.254', 'http://localhost.evil.test', 'https://cdn.shop.test:8443']) expect([origin, allowed(origin)]).toEqual([origin, false]);
  });

  it('in production, or with REMOTE_ORIGINS set: those listed, the shop\'s own and REMOTE_URLS\' only', () => {
    const production = manifestOrigins({ production: true, publicOrigin: shop, remoteUrls: { admin: cdnUrl } });
    expect(['http://localhost:3001', shop, 'https://cdn.shop.test'].map(production)).toEqual([false, true, true]);
    const listed = manifestOrigins({ production: false, listed: ['https://teams.example.com'], publicOrigin: shop });
    expect(['http://localhost:3001', 'https://teams.example.com', 'https://teams.example.com:444'].map(listed)).toEqual([false, true, false]);
  });
});
