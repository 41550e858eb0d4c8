import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { RemoteHistoryEntry } from '@pharmacy/contracts';
import { openStore } from '@pharmacy/db';
import { RemoteRegistry } from '../src/remotes/registry';
import { freePort } from './realServices';
import { bearer, DEPLOY_TOKENS, FakeRemoteOrigin, fakeBuild, fakeManifest, startGateway, type TestGateway } from './remotes';

let gw: TestGateway;
let cdn: FakeRemoteOrigin;

beforeAll(async () => {
  gw = await startGateway();
  cdn = await new FakeRemoteOrigin().start('http://localhost:5000');
}, 60_000);
afterAll(async () => {
  await gw?.app.close();
  await cdn?.close();
});

const remotesJson = async () => (await gw.app.inject('/remotes.json')).json();
const registry = async () => (await gw.app.inject({ url: '/api/admin/remotes', headers: bearer(DEPLOY_TOKENS.catalog) })).json();
const deploy = (name: string, manifestUrl: string, headers: Record<string, string> = bearer(DEPLOY_TOKENS.catalog)) =>
  gw.app.inject({ method: 'PUT', url: `/api/admin/remotes/${name}`, headers, payload: { manifestUrl } });
const rollback = (name: string, headers: Record<string, string> = bearer(DEPLOY_TOKENS.catalog)) =>
  gw.app.inject({ method: 'POST', url: `/api/admin/remotes/${name}/rollback`, headers });
const page = () => gw.app.inject({ url: '/pharmacy/products', headers: { accept: 'text/html' } });
const directive = (policy: string | undefined, name: string) => (policy ?? '').split(';').find((d) => d.startsWith(`${name} `)) ?? '';
const NOT_FETCHED = "the manifest could not be fetched (the shop's log has the reason)";

describe('the registry as seeded at start', () => {
  it('lists every remote as its local build, with the build info of its manifest, and the seed in the history', async () => {
    const body = await registry();
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(4);
    expect(body.data[0]).toEqual({
      name: 'catalog',
      manifestUrl: '/mfe/catalog/mf-manifest.json',
      origin: null,
      version: '0.1.0',
      buildInfo: { buildVersion: '0.1.0', buildName: '@pharmacy/mfe-catalog', publicPath: 'auto', remoteEntry: 'remoteEntry.js' },
      deployedAt: expect.any(String),
      deployedBy: 'seed',
      // nothing reported of it yet
      health: { windowMinutes: 5, live: { version: expect.stringMatching(/^0\.1\.0\+[0-9a-f]{8}$/), views: 0, errors: 0 } },
    });
    expect(body.history.filter((h: RemoteHistoryEntry) => h.action === 'seed').map((h: RemoteHistoryEntry) => [h.name, h.from, h.to, h.by]).sort()).toEqual([
      ['account', null, '/mfe/account/mf-manifest.json', 'seed'],
      ['admin', null, '/mfe/admin/mf-manifest.json', 'seed'],
      ['cartCheckout', null, '/mfe/cart-checkout/mf-manifest.json', 'seed'],
      ['catalog', null, '/mfe/catalog/mf-manifest.json', 'seed'],
    ]);
    expect(await remotesJson()).toEqual({
      catalog: '/mfe/catalog/mf-manifest.json',
      cartCheckout: '/mfe/cart-checkout/mf-manifest.json',
      account: '/mfe/account/mf-manifest.json',
      admin: '/mfe/admin/mf-manifest.json',
      // the version each page is told it runs (reported with what goes wrong); a seed has no recorded hash
      builds: {
        catalog: { version: expect.stringMatching(/^0\.1\.0\+[0-9a-f]{8}$/), integrity: null },
        cartCheckout: { version: expect.stringMatching(/^0\.1\.0\+[0-9a-f]{8}$/), integrity: null },
        account: { version: expect.stringMatching(/^0\.1\.0\+[0-9a-f]{8}$/), integrity: null },
        admin: { version: expect.stringMatching(/^0\.1\.0\+[0-9a-f]{8}$/), integrity: null },
      },
    });
  });
});

describe('a deployment that does not fit the host is refused with the exact mismatch', () => {
  it.each([
    ['a manifest of another remote', () => cdn.put('wrong-name', fakeManifest('account')), "manifest is for 'account', not 'catalog'"],
    [
      'a build missing an exposed module the host needs',
      () => cdn.put('no-search', fakeManifest('catalog', { exposes: ['./ProductListing', './ProductDetails', './FeatureCarousel', './FeaturedProducts'] })),
      'missing exposed module ./SearchBox',
    ],
    [
      'a build that needs a newer shared singleton than the host provides',
      () => cdn.put('new-session', fakeManifest('catalog', { shared: { react: '^19.2.0', '@pharmacy/session': '^0.4.0' } })),
      'catalog needs @pharmacy/session ^0.4.0; the host provides 0.1.0',
    ],
    [
      'a build sharing a singleton the host does not have',
      () => cdn.put('extra-singleton', fakeManifest('catalog', { shared: { 'left-pad': '^1.0.0' } })),
      'catalog shares left-pad as a singleton; the host does not provide it',
    ],
    ['a manifest that is not JSON', () => cdn.put('bad-json', '{"name": "catalog",'), 'the manifest is not valid JSON'],
    ['JSON that is not a federation manifest', () => cdn.put('not-mf', { name: 'catalog' }), 'the manifest is not a Module Federation manifest (missing metaData.remoteEntry, exposes, shared)'],
    // what the other end answered is the operator's to read in the log, not the deployer's (no status, no size)
    ['a manifest larger than 1 MB', () => cdn.put('huge', `{"name":"catalog","pad":"${'x'.repeat(1100 * 1024)}"}`), NOT_FETCHED],
    ['a manifest that is not there', () => `${cdn.origin}/nothing/mf-manifest.json`, NOT_FETCHED],
    ['a same-origin path outside the built remotes', () => '/mfe/nowhere/mf-manifest.json', 'the manifest could not be fetched: /mfe/nowhere/mf-manifest.json is not a file the shop serves'],
  ])('%s', async (_what, url, mismatch) => {
    const before = await registry();
    const manifestUrl = url();
    const res = await deploy('catalog', manifestUrl);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ success: false, code: 'BUSINESS_RULE', message: expect.stringContaining(mismatch) });
    expect(res.json().message).toMatch(new RegExp(`^The catalog build at ${manifestUrl.replace(/[.?*+^$[\]\\(){}|-]/g, '\\$&')} cannot go live: `));
    // nothing changed
    expect(await registry()).toEqual(before);
  });

  it('names every mismatch of one build at once', async () => {
    const url = cdn.put('all-wrong', fakeManifest('catalog', { exposes: ['./ProductListing'], shared: { '@pharmacy/ui': '^0.5.0' } }));
    const { message } = (await deploy('catalog', url)).json();
    expect(message).toContain('missing exposed module ./ProductDetails; missing exposed module ./SearchBox');
    expect(message).toContain('catalog needs @pharmacy/ui ^0.5.0; the host provides 0.3.0');
  });

  it('an origin that refuses the connection', async () => {
    const url = `http://127.0.0.1:${await freePort()}/mf-manifest.json`;
    const res = await deploy('catalog', url);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(`The catalog build at ${url} cannot go live: ${NOT_FETCHED}.`);
  });

  it('a redirect to anything but http(s) is not followed', async () => {
    const server = http.createServer((_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/mf-manifest.json`;
    try {
      const res = await deploy('catalog', url);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toContain('the manifest could not be fetched: it redirects to something other than http or https');
    } finally {
      server.close();
    }
  });

  it('a body that is not an http(s) URL or a /mfe/ path, or a remote the shop does not have, is a 400', async () => {
    expect((await deploy('catalog', 'file:///etc/passwd')).statusCode).toBe(400);
    expect((await deploy('catalog', '//evil.example/mf-manifest.json')).statusCode).toBe(400);
    expect((await deploy('pharmacy', `${cdn.origin}/x/mf-manifest.json`)).statusCode).toBe(400);
    const withPassword = await deploy('catalog', `http://team:secret@127.0.0.1:1/mf-manifest.json`);
    expect([withPassword.statusCode, withPassword.json().message]).toEqual([400, "manifestUrl must not contain a user name or password: every shopper's browser is given it."]);
    const extra = await gw.app.inject({ method: 'PUT', url: '/api/admin/remotes/catalog', headers: bearer(DEPLOY_TOKENS.catalog), payload: { manifestUrl: '/mfe/catalog/mf-manifest.json', force: true } });
    expect(extra.statusCode).toBe(400);
  });
});

describe('deploy, CSP and rollback', () => {
  it('a fitting build on another origin goes live for new page loads, in the CSP and preload hints; a rollback takes it back out', async () => {
    const url = cdn.put('v2 <new>', fakeManifest('catalog', { buildVersion: '0.2.0' })).replace(' <new>', '%20%3Cnew%3E');
    const before = await page();
    expect(before.headers['content-security-policy']).not.toContain(cdn.origin);
    expect(before.headers.link).toContain('</mfe/catalog/remoteEntry.js>; rel=preload; as=script');

    // given as typed, recorded escaped: it goes into /remotes.json and a Link header as is
    const res = await deploy('catalog', url.replace('%20%3Cnew%3E', ' <new>'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: `catalog is live from ${url}.`,
      data: {
        deployment: expect.objectContaining({ name: 'catalog', manifestUrl: url, origin: cdn.origin, version: '0.2.0', deployedBy: 'deploy-token:catalog' }),
        change: { name: 'catalog', from: '/mfe/catalog/mf-manifest.json', to: url, at: expect.any(String), by: 'deploy-token:catalog', action: 'deploy' },
      },
    });
    expect((await remotesJson()).catalog).toBe(url);
    const listed = await registry();
    expect(listed.data.find((d: { name: string }) => d.name === 'catalog')).toMatchObject({ manifestUrl: url, origin: cdn.origin, version: '0.2.0' });
    expect(listed.history[0]).toEqual(res.json().data.change);

    const after = await page();
    const policy = after.headers['content-security-policy'] as string;
    for (const name of ['script-src', 'connect-src', 'style-src', 'img-src', 'font-src']) expect(directive(policy, name)).toContain(cdn.origin);
    expect(directive(policy, 'script-src')).toBe(`script-src 'self' ${cdn.origin}`);
    expect(directive(policy, 'default-src')).toBe("default-src 'self'");
    expect(after.headers.link).toContain(`<${url}>; rel=preload; as=fetch; crossorigin=anonymous`);
    expect(after.headers.link).not.toContain('/mfe/catalog/');

    const back = await rollback('catalog');
    expect(back.statusCode).toBe(200);
    expect(back.json().data.change).toEqual({ name: 'catalog', from: url, to: '/mfe/catalog/mf-manifest.json', at: expect.any(String), by: 'deploy-token:catalog', action: 'rollback' });
    expect((await remotesJson()).catalog).toBe('/mfe/catalog/mf-manifest.json');
    const restored = await page();
    expect(restored.headers['content-security-policy']).not.toContain(cdn.origin);
    expect(directive(restored.headers['content-security-policy'] as string, 'script-src')).toBe("script-src 'self'");
    expect(restored.headers.link).toContain('</mfe/catalog/remoteEntry.js>; rel=preload; as=script');
    const history = (await registry()).history;
    expect(history.slice(0, 2).map((h: RemoteHistoryEntry) => [h.action, h.from, h.to])).toEqual([
      ['rollback', url, '/mfe/catalog/mf-manifest.json'],
      ['deploy', '/mfe/catalog/mf-manifest.json', url],
    ]);
    expect(Date.parse(history[0].at)).toBeGreaterThanOrEqual(Date.parse(history[1].at));
  });

  it('a rollback with nothing earlier to go back to is a 422 and changes nothing', async () => {
    const before = await registry();
    const res = await rollback('catalog');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('catalog has no earlier deployment to roll back to.');
    expect(await registry()).toEqual(before);
  });

  it('two deployments of one remote sent together both land, each with its history row', async () => {
    const a = cdn.put('race-a', fakeManifest('catalog'));
    const b = cdn.put('race-b', fakeManifest('catalog'));
    const [ra, rb] = await Promise.all([deploy('catalog', a), deploy('catalog', b)]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    const rows = (await registry()).history.slice(0, 2).reverse() as RemoteHistoryEntry[];
    expect(rows.map((r) => r.to).sort()).toEqual([a, b].sort());
    // one after the other: the second replaced the first
    expect(rows[1].from).toBe(rows[0].to);
    expect((await remotesJson()).catalog).toBe(rows[1].to);
    // and both can be rolled back, one step at a time, to the local build
    await rollback('catalog');
    expect((await remotesJson()).catalog).toBe(rows[0].to);
    await rollback('catalog');
    expect((await remotesJson()).catalog).toBe('/mfe/catalog/mf-manifest.json');
  });
});

describe('who may change the registry', () => {
  it('a remote deploy token may change only its own remote', async () => {
    const url = cdn.put('admin-v2', fakeManifest('admin'));
    const res = await deploy('admin', url, bearer(DEPLOY_TOKENS.catalog));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, code: 'FORBIDDEN', message: 'This deploy token may change only the catalog remote.' });
    expect((await rollback('admin', bearer(DEPLOY_TOKENS.catalog))).statusCode).toBe(403);
    expect((await remotesJson()).admin).toBe('/mfe/admin/mf-manifest.json');
  });

  it('no token and no session is a 401; a wrong or malformed token is a 401 saying so', async () => {
    const url = cdn.put('admin-v3', fakeManifest('admin'));
    expect((await deploy('admin', url, {})).statusCode).toBe(401);
    expect((await gw.app.inject('/api/admin/remotes')).statusCode).toBe(401);
    for (const token of [`catalog:${'x'.repeat(32)}`, `cartCheckout:${'c'.repeat(32)}`, 'c'.repeat(40)]) {
      const res = await deploy('catalog', url, bearer(token));
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/^This deploy token is not valid/);
    }
  });

  it('a token naming a property every object has is a 401 like any unknown remote', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      const res = await gw.app.inject({ url: '/api/admin/remotes', headers: bearer(`${name}:${'x'.repeat(32)}`) });
      expect({ name, status: res.statusCode, message: res.json().message }).toEqual({ name, status: 401, message: expect.stringMatching(/^This deploy token is not valid/) });
    }
  });

  it('a signed-in admin may change any remote and is recorded by name and role, not id; a shopper may not', async () => {
    const url = cdn.put('admin-v4', fakeManifest('admin', { buildVersion: '0.4.0' }));
    expect((await deploy('admin', url, gw.session({ admin: false, sub: 'shopper-1' }))).statusCode).toBe(403);
    const res = await deploy('admin', url, gw.session({ sub: 'staff-7', name: 'Asha Admin' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.change).toMatchObject({ name: 'admin', by: 'Asha Admin (admin)', to: url });
    expect((await registry()).data.find((r: { name: string }) => r.name === 'admin')).toMatchObject({ deployedBy: 'Asha Admin (admin)' });
    const back = await rollback('admin', gw.session({ sub: 'staff-8', name: 'Ben Builds' }));
    expect(back.json().data.change).toMatchObject({ action: 'rollback', by: 'Ben Builds (admin)', to: '/mfe/admin/mf-manifest.json' });
  });

  it('a member of staff without remotes.manage is refused with what is needed, and nothing changes', async () => {
    const url = cdn.put('admin-v5', fakeManifest('admin', { buildVersion: '0.5.0' }));
    const res = await deploy('admin', url, gw.session({ sub: 'staff-9', roles: ['catalogue', 'pharmacist'] }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/deploy and roll back remotes.*Administrator/);
    expect((await rollback('admin', gw.session({ sub: 'staff-9', roles: ['support'] }))).statusCode).toBe(403);
    expect((await remotesJson()).admin).toBe('/mfe/admin/mf-manifest.json');
  });
});

describe('deploys and rollbacks in the audit trail', () => {
  /** The trail as the Audit screen reads it, once the gateway's outbox has delivered `count` remote entries. */
  async function remoteEntries(count: number) {
    const reader = gw.session({ sub: 'auditor-1', roles: ['pharmacist'], name: 'Pat Pharmacist' });
    for (let i = 0; i < 100; i++) {
      const res = await gw.app.inject({ url: '/api/admin/audit?entityType=remote', headers: reader });
      expect(res.statusCode).toBe(200);
      const entries = res.json().data as Array<{ action: string; actor: object; entity: object; after?: object; before?: object; service: string }>;
      if (entries.length >= count) return entries;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`fewer than ${count} remote entries reached the trail`);
  }

  it('names the staff member and their role, or the deploy pipeline, with the manifest before and after', async () => {
    const known = (await remoteEntries(0)).length;
    const url = cdn.put('catalog-v9', fakeManifest('catalog', { buildVersion: '0.9.0' }));
    expect((await deploy('catalog', url, gw.session({ sub: 'staff-21', name: 'Ada Admin' }))).statusCode).toBe(200);
    expect((await rollback('catalog')).statusCode).toBe(200);
    const [rolledBack, deployed] = await remoteEntries(known + 2);
    expect(deployed).toMatchObject({
      service: 'gateway',
      action: 'remote.deploy',
      actor: { id: 'staff-21', name: 'Ada Admin', role: 'admin', roles: ['admin'] },
      entity: { type: 'remote', id: 'catalog', name: 'catalog' },
      after: { manifestUrl: url },
    });
    expect(rolledBack).toMatchObject({
      action: 'remote.rollback',
      actor: { id: 'deploy-token:catalog', name: 'Deploy pipeline (catalog)', role: 'deploy-token', roles: [] },
      before: { manifestUrl: url },
    });
  });
});

describe('the host deploys without a restart', () => {
  it('a rebuilt index.html and its new hashed files are served at once; hashed files forever, index and manifests never cached', async () => {
    const dist = path.join(gw.root, 'host-shell/dist');
    expect((await page()).body).toContain('Pharmacy v1');
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Pharmacy v2</title><script src="/main.abcdef12.js"></script>');
    fs.writeFileSync(path.join(dist, 'main.abcdef12.js'), 'console.log("v2")');
    const next = await page();
    expect(next.body).toContain('Pharmacy v2');
    expect(next.headers['cache-control']).toBe('no-cache');
    const script = await gw.app.inject('/main.abcdef12.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await gw.app.inject('/mfe/catalog/remoteEntry.js')).headers['cache-control']).toBe('no-cache');
    expect((await gw.app.inject('/mfe/catalog/mf-manifest.json')).headers['cache-control']).toBe('no-cache');
    // the home page is the page, and a missing file is still a 404, never the page
    const home = await gw.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect([home.statusCode, home.body]).toEqual([200, expect.stringContaining('Pharmacy v2')]);
    expect((await gw.app.inject({ url: '/main.00000000.js', headers: { accept: 'text/html' } })).statusCode).toBe(404);
  });

  it('a remote is checked against the shared versions of the host as rebuilt', async () => {
    const url = cdn.put('session-04', fakeManifest('catalog', { shared: { '@pharmacy/session': '^0.4.0' } }));
    expect((await deploy('catalog', url)).statusCode).toBe(422);
    const hostManifest = path.join(gw.root, 'host-shell/dist/mf-manifest.json');
    const host = JSON.parse(fs.readFileSync(hostManifest, 'utf8'));
    host.shared = host.shared.map((s: { name: string }) => (s.name === '@pharmacy/session' ? { ...s, version: '0.4.2' } : s));
    fs.writeFileSync(hostManifest, JSON.stringify(host));
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(hostManifest, later, later);
    expect((await deploy('catalog', url)).statusCode).toBe(200);
    await rollback('catalog');
  });
});

describe('the registry in the store', () => {
  it('keeps every history row when writes of one remote race (the loser reads again and lands after the winner)', async () => {
    const store = await openStore({ name: 'gateway', inMemory: true });
    const registry = new RemoteRegistry(store, { root: fakeBuild() });
    await registry.start();
    registry.stop();
    const entry = (v: number) => ({ manifestUrl: `https://cdn.example.com/catalog/v${v}/mf-manifest.json`, buildInfo: {}, deployedAt: new Date().toISOString(), deployedBy: `team-${v}` });
    const results = await Promise.all([1, 2, 3].map((v) => registry.deploy('catalog', entry(v))));
    const { history } = await registry.list();
    expect(history.filter((h) => h.name === 'catalog' && h.action === 'deploy')).toHaveLength(3);
    // each change starts where another ended: no write was lost or overwritten
    const froms = new Set(results.map((r) => r.change.from));
    const tos = results.map((r) => r.change.to);
    expect(froms).toEqual(new Set(['/mfe/catalog/mf-manifest.json', ...tos.filter((t) => t !== registry.live().get('catalog')?.manifestUrl)]));
    await store.close();
  });
});

describe('REMOTE_URLS', () => {
  const urlsFor = (catalog?: string) => (catalog ? { catalog } : undefined);
  const open = async (store: Awaited<ReturnType<typeof openStore>>, root: string, catalog?: string) => {
    const registry = new RemoteRegistry(store, { root, remoteUrls: urlsFor(catalog) });
    await registry.start();
    registry.stop();
    return registry;
  };

  it('is applied when it changes (a deployment by env), not at every start, and its removal gives the local build back', async () => {
    const store = await openStore({ name: 'gateway', inMemory: true });
    const root = fakeBuild();
    const first = await open(store, root, 'https://cdn.example.com/catalog/v1/mf-manifest.json');
    expect(first.live().get('catalog')?.manifestUrl).toBe('https://cdn.example.com/catalog/v1/mf-manifest.json');
    expect((await first.list()).history.find((h) => h.name === 'catalog')).toMatchObject({ action: 'seed', by: 'env', from: null });

    // a deployment through the registry survives a restart with the same REMOTE_URLS
    await first.deploy('catalog', { manifestUrl: 'https://cdn.example.com/catalog/v2/mf-manifest.json', buildInfo: {}, deployedAt: new Date().toISOString(), deployedBy: 'deploy-token:catalog' });
    const same = await open(store, root, 'https://cdn.example.com/catalog/v1/mf-manifest.json');
    expect(same.live().get('catalog')?.manifestUrl).toBe('https://cdn.example.com/catalog/v2/mf-manifest.json');

    // a changed value is deployed, by env
    const changed = await open(store, root, 'https://cdn.example.com/catalog/v3/mf-manifest.json');
    expect(changed.live().get('catalog')?.manifestUrl).toBe('https://cdn.example.com/catalog/v3/mf-manifest.json');
    expect((await changed.list()).history[0]).toMatchObject({ action: 'deploy', by: 'env', from: 'https://cdn.example.com/catalog/v2/mf-manifest.json' });

    // removed while its value is live: back to the local build
    const removed = await open(store, root);
    expect(removed.live().get('catalog')?.manifestUrl).toBe('/mfe/catalog/mf-manifest.json');
    expect((await removed.list()).history[0]).toMatchObject({ action: 'deploy', by: 'env', to: '/mfe/catalog/mf-manifest.json' });
    await store.close();
  });
});
