import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { COHORT_COOKIE, type RemoteHistoryEntry } from '@pharmacy/contracts';
import { openStore } from '@pharmacy/db';
import { unprocessable } from '@pharmacy/service-kit';
import { cohortBucket, newVisitorId } from '../src/remotes/cohort';
import { sri } from '../src/remotes/integrity';
import { RemoteRegistry, type RegistryEntry } from '../src/remotes/registry';
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

const token = bearer(DEPLOY_TOKENS.catalog);
const post = (url: string, payload?: object, headers: Record<string, string> = token) => gw.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const canary = (manifestUrl: string, percent: number, headers?: Record<string, string>) => post('/api/admin/remotes/catalog/canary', { manifestUrl, percent }, headers);
const promote = () => post('/api/admin/remotes/catalog/promote');
const abort = (note?: string) => post('/api/admin/remotes/catalog/abort', note ? { note } : {});
const registry = async () => (await gw.app.inject({ url: '/api/admin/remotes', headers: token })).json();
const catalogOf = async () => (await registry()).data.find((d: { name: string }) => d.name === 'catalog');
const cookieOf = (visitor: string) => ({ cookie: `${COHORT_COOKIE}=${visitor}` });
const remotesJson = async (visitor: string) => (await gw.app.inject({ url: '/remotes.json', headers: cookieOf(visitor) })).json();
const page = (headers: Record<string, string> = {}) => gw.app.inject({ url: '/pharmacy/products', headers: { accept: 'text/html', ...headers } });
/** Visitor ids as the gateway makes them (22 base64url characters), fixed so a share checked against a bound cannot flake. */
const visitors = (n: number, seed = 'visitors') =>
  Array.from({ length: n }, (_, i) => createHash('sha256').update(`${seed}-${i}`).digest().subarray(0, 16).toString('base64url'));
const LOCAL = '/mfe/catalog/mf-manifest.json';

describe('cohorts', () => {
  const people = visitors(1000);

  it.each([10, 25, 50, 90])('over 1,000 visitors, a %i %% canary reaches its share within 3 points', (percent) => {
    const share = people.filter((v) => cohortBucket(v, 'catalog') < percent).length / 10;
    expect(Math.abs(share - percent)).toBeLessThanOrEqual(3);
  });

  it('a visitor in at 10 % is still in at 50 %, and each remote draws its own cohort', () => {
    const at10 = people.filter((v) => cohortBucket(v, 'catalog') < 10);
    expect(at10.every((v) => cohortBucket(v, 'catalog') < 50)).toBe(true);
    // independent: of the half in the catalog's canary, about half are in the admin's
    const both = people.filter((v) => cohortBucket(v, 'catalog') < 50 && cohortBucket(v, 'admin') < 50).length / 10;
    expect(Math.abs(both - 25)).toBeLessThanOrEqual(5);
  });

  it('the registry gives each visitor the same build every time, near the share over 1,000 visitors', async () => {
    const store = await openStore({ name: 'gateway', inMemory: true });
    const reg = new RemoteRegistry(store, { root: fakeBuild() });
    await reg.start();
    reg.stop();
    const build: RegistryEntry = { manifestUrl: 'https://cdn.example.com/catalog/v2/mf-manifest.json', buildInfo: { buildVersion: '0.2.0' }, deployedAt: new Date().toISOString(), deployedBy: 'team' };
    await reg.canary('catalog', build, 20);
    const given = people.map((v) => reg.forVisitor(v).get('catalog')?.manifestUrl);
    expect(Math.abs(given.filter((u) => u === build.manifestUrl).length / 10 - 20)).toBeLessThanOrEqual(3);
    expect(people.map((v) => reg.forVisitor(v).get('catalog')?.manifestUrl)).toEqual(given);
    // the other remotes are the same for everyone
    expect(new Set(people.map((v) => reg.forVisitor(v).get('admin')?.manifestUrl))).toEqual(new Set(['/mfe/admin/mf-manifest.json']));
    await store.close();
  });
});

describe('canary, promote and abort through the registry API', () => {
  it('a canary goes to its share of visitors, the same build for the server render, the preload hints and /remotes.json; promote makes it everyone\'s', async () => {
    const url = cdn.put('v2', fakeManifest('catalog', { buildVersion: '0.2.0' }), 'console.log("catalog v2")');
    const res = await canary(url, 30);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`catalog from ${url} is in front of 30 % of visitors; everyone else stays on ${LOCAL}.`);
    expect(res.json().data.change).toEqual({ name: 'catalog', from: LOCAL, to: url, at: expect.any(String), by: 'deploy-token:catalog', action: 'canary', note: '30 % of visitors' });

    const listed = await catalogOf();
    expect(listed).toMatchObject({ manifestUrl: LOCAL, canary: { manifestUrl: url, version: '0.2.0', percent: 30, startedBy: 'deploy-token:catalog', integrity: sri(Buffer.from('console.log("catalog v2")')) } });

    // a visitor in the cohort and one out of it, each with the build they were given at their first page
    const inside = visitors(200).find((v) => cohortBucket(v, 'catalog') < 30) as string;
    const outside = visitors(200).find((v) => cohortBucket(v, 'catalog') >= 30) as string;
    const inPage = await page(cookieOf(inside));
    expect(inPage.headers['set-cookie']).toBeUndefined();
    expect(inPage.headers.link).toContain(`<${url}>; rel=preload`);
    expect(inPage.headers['content-security-policy']).toContain(cdn.origin);
    const inJson = await remotesJson(inside);
    expect(inJson.catalog).toBe(url);
    expect(inJson.builds.catalog).toEqual({ version: expect.stringMatching(/^0\.2\.0\+/), integrity: listed.canary.integrity });
    expect((await page(cookieOf(outside))).headers.link).toContain('</mfe/catalog/mf-manifest.json>; rel=preload');
    expect((await remotesJson(outside)).catalog).toBe(LOCAL);

    // one canary per remote at a time; a full deploy waits for it too
    const second = await canary(cdn.put('v3', fakeManifest('catalog', { buildVersion: '0.3.0' })), 10);
    expect([second.statusCode, second.json().message]).toEqual([409, `catalog already has a canary (${url} for 30 % of visitors): promote or abort it first.`]);
    const deploy = await gw.app.inject({ method: 'PUT', url: '/api/admin/remotes/catalog', headers: token, payload: { manifestUrl: url } });
    expect(deploy.statusCode).toBe(409);

    const promoted = await promote();
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().data.change).toMatchObject({ action: 'promote', from: LOCAL, to: url });
    expect((await remotesJson(outside)).catalog).toBe(url);
    expect((await catalogOf()).canary).toBeUndefined();
    // the build it replaced can be rolled back to
    const back = await post('/api/admin/remotes/catalog/rollback');
    expect(back.json().data.change).toMatchObject({ action: 'rollback', to: LOCAL });
  });

  it('the list shows what pages reported of the live build and the canary over the watch\'s window, by the versions pages were given', async () => {
    const url = cdn.put('v-health', fakeManifest('catalog', { buildVersion: '0.5.0' }));
    expect((await canary(url, 50)).statusCode).toBe(200);
    const [inside, outside] = [visitors(200, 'health').find((v) => cohortBucket(v, 'catalog') < 50)!, visitors(200, 'health').find((v) => cohortBucket(v, 'catalog') >= 50)!];
    const canaryVersion = (await remotesJson(inside)).builds.catalog.version as string;
    const liveVersion = (await remotesJson(outside)).builds.catalog.version as string;
    const report = (version: string, kind: string) => ({ remote: 'catalog', version, page: '/pharmacy/product/:productId', kind });
    const sent = await post('/api/remotes/reports', {
      reports: [report(liveVersion, 'view'), report(liveVersion, 'view'), report(canaryVersion, 'view'), report(canaryVersion, 'load-error'), report('0.0.1+gone', 'render-error')],
    }, {});
    expect(sent.statusCode).toBe(204);

    expect((await catalogOf()).health).toEqual({
      windowMinutes: 5,
      live: { version: liveVersion, views: 2, errors: 0 },
      canary: { version: canaryVersion, views: 1, errors: 1 },
    });
    expect((await abort()).statusCode).toBe(200);
    expect((await catalogOf()).health).toEqual({ windowMinutes: 5, live: { version: liveVersion, views: 2, errors: 0 } });
  });

  it('abort puts everyone back with the reason in the history; without a canary, promote and abort are 422', async () => {
    const url = cdn.put('v4', fakeManifest('catalog', { buildVersion: '0.4.0' }));
    expect((await canary(url, 99)).statusCode).toBe(200);
    const everyone = visitors(50);
    const given = await Promise.all(everyone.map(async (v) => (await remotesJson(v)).catalog));
    expect(given.filter((u) => u === url).length).toBeGreaterThan(40);
    const stopped = await abort('checkout button misaligned');
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().data.change).toMatchObject({ action: 'abort', from: url, to: LOCAL, note: 'checkout button misaligned' });
    for (const v of everyone) expect((await remotesJson(v)).catalog).toBe(LOCAL);
    expect((await registry()).history[0]).toMatchObject({ action: 'abort', note: 'checkout button misaligned' });
    expect([(await abort()).statusCode, (await abort()).json().message]).toEqual([422, 'catalog has no canary to abort.']);
    expect((await promote()).json().message).toBe('catalog has no canary to promote.');
  });

  it('a percent outside 1–99, a stray field or another team\'s remote is refused', async () => {
    const url = cdn.put('v5', fakeManifest('catalog'));
    for (const percent of [0, 100, 12.5]) expect((await canary(url, percent)).statusCode).toBe(400);
    expect((await post('/api/admin/remotes/catalog/canary', { manifestUrl: url, percent: 10, skip: true })).statusCode).toBe(400);
    const other = await post('/api/admin/remotes/admin/canary', { manifestUrl: cdn.put('admin-v2', fakeManifest('admin')), percent: 10 });
    expect([other.statusCode, other.json().message]).toEqual([403, 'This deploy token may change only the catalog remote.']);
    expect((await post('/api/admin/remotes/catalog/promote', undefined, gw.session({ sub: 'staff-3', roles: ['support'] }))).statusCode).toBe(403);
    // a build that does not fit the host is refused with the same checks as a deploy
    const misfit = await canary(cdn.put('v6', fakeManifest('catalog', { exposes: ['./ProductListing'] })), 10);
    expect([misfit.statusCode, misfit.json().message]).toEqual([422, expect.stringContaining('missing exposed module ./ProductDetails')]);
    expect((await catalogOf()).canary).toBeUndefined();
  });

  it('every canary, promotion and abort is in the audit trail, by whom', async () => {
    const reader = gw.session({ sub: 'auditor-1', roles: ['pharmacist'], name: 'Pat Pharmacist' });
    const trail = async () => (await gw.app.inject({ url: '/api/admin/audit?entityType=remote', headers: reader })).json().data as Array<{ action: string; actor: { id: string }; after?: Record<string, unknown> }>;
    const before = (await trail()).length;
    const url = cdn.put('v7', fakeManifest('catalog', { buildVersion: '0.7.0' }));
    expect((await canary(url, 5, gw.session({ sub: 'staff-31', name: 'Ada Admin' }))).statusCode).toBe(200);
    expect((await promote()).statusCode).toBe(200);
    expect((await canary(cdn.put('v8', fakeManifest('catalog')), 5)).statusCode).toBe(200);
    expect((await abort('no')).statusCode).toBe(200);
    let entries = await trail();
    for (let i = 0; i < 100 && entries.length < before + 4; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      entries = await trail();
    }
    expect(entries.slice(0, 4).map((e) => [e.action, e.actor.id])).toEqual([
      ['remote.abort', 'deploy-token:catalog'],
      ['remote.canary', 'deploy-token:catalog'],
      ['remote.promote', 'deploy-token:catalog'],
      ['remote.canary', 'staff-31'],
    ]);
    expect(entries[3].after).toMatchObject({ manifestUrl: url, percent: 5, integrity: expect.stringMatching(/^sha256-/) });
    await post('/api/admin/remotes/catalog/rollback');
  });
});

describe('the cohort cookie', () => {
  it('a first page sets it (HttpOnly, a year, the whole site); a cookie the gateway did not make is replaced', async () => {
    const first = await page();
    const set = String(first.headers['set-cookie']);
    expect(set).toMatch(new RegExp(`^${COHORT_COOKIE}=[A-Za-z0-9_-]{22}; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax$`));
    const forged = await page(cookieOf('everyone-in'));
    expect(String(forged.headers['set-cookie'])).toMatch(new RegExp(`^${COHORT_COOKIE}=[A-Za-z0-9_-]{22};`));
    // /remotes.json asked without one (cookies blocked, a first fetch) is answered and given one too
    const json = await gw.app.inject('/remotes.json');
    expect([json.statusCode, String(json.headers['set-cookie'])]).toEqual([200, expect.stringContaining(`${COHORT_COOKIE}=`)]);
  });
});

describe('integrity', () => {
  it('a build served here whose entry changed after its deploy is refused, and pages fall back to the build before it', async () => {
    const dist = path.join(gw.root, 'mfe-catalog/dist/v9');
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify(fakeManifest('catalog', { buildVersion: '0.9.0' })));
    fs.writeFileSync(path.join(dist, 'remoteEntry.js'), 'console.log("v9")');
    const url = '/mfe/catalog/v9/mf-manifest.json';
    const deployed = await gw.app.inject({ method: 'PUT', url: '/api/admin/remotes/catalog', headers: token, payload: { manifestUrl: url } });
    expect(deployed.json().data.deployment.integrity).toBe(sri(Buffer.from('console.log("v9")')));
    const visitor = newVisitorId();
    expect((await remotesJson(visitor)).catalog).toBe(url);
    expect((await page(cookieOf(visitor))).headers.link).toContain('</mfe/catalog/v9/remoteEntry.js>; rel=preload; as=script; integrity="sha256-');
    expect((await gw.app.inject('/mfe/catalog/v9/remoteEntry.js')).statusCode).toBe(200);

    fs.writeFileSync(path.join(dist, 'remoteEntry.js'), 'stealCards()');
    const refused = await gw.app.inject('/mfe/catalog/v9/remoteEntry.js');
    expect([refused.statusCode, refused.json().message]).toEqual([410, expect.stringContaining('no longer matches the hash recorded when it was deployed')]);
    expect((await remotesJson(visitor)).catalog).toBe(LOCAL);
    const link = (await page(cookieOf(visitor))).headers.link;
    expect(link).not.toContain('/mfe/catalog/v9/');
    expect(link).toContain('</mfe/catalog/remoteEntry.js>; rel=preload; as=script');
    expect((await catalogOf()).broken).toContain('/mfe/catalog/v9/remoteEntry.js no longer matches');

    // put back as deployed, it is served again
    fs.writeFileSync(path.join(dist, 'remoteEntry.js'), 'console.log("v9")');
    expect((await gw.app.inject('/mfe/catalog/v9/remoteEntry.js')).statusCode).toBe(200);
    expect((await remotesJson(visitor)).catalog).toBe(url);
    await post('/api/admin/remotes/catalog/rollback');
  });

  it('a build on another origin whose entry changed is marked broken when the registry checks it again; its canary is no longer given', async () => {
    const store = await openStore({ name: 'gateway', inMemory: true });
    const entries = new Map<string, string>([['https://cdn.example.com/catalog/v2/remoteEntry.js', 'v2']]);
    const reg = new RemoteRegistry(store, {
      root: fakeBuild(),
      pollMs: 20,
      integrityRecheckMs: 0,
      fetchEntry: async (url) => Buffer.from(entries.get(url) ?? ''),
    });
    await reg.start();
    const build: RegistryEntry = {
      manifestUrl: 'https://cdn.example.com/catalog/v2/mf-manifest.json',
      buildInfo: { buildVersion: '0.2.0', publicPath: 'auto', remoteEntry: 'remoteEntry.js' },
      integrity: sri(Buffer.from('v2')),
      deployedAt: new Date().toISOString(),
      deployedBy: 'team',
    };
    await reg.canary('catalog', build, 99);
    const inside = visitors(100).find((v) => cohortBucket(v, 'catalog') < 99) as string;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reg.forVisitor(inside).get('catalog')?.manifestUrl).toBe(build.manifestUrl);

    entries.set('https://cdn.example.com/catalog/v2/remoteEntry.js', 'v2 with a skimmer');
    for (let i = 0; i < 50 && reg.forVisitor(inside).get('catalog')?.manifestUrl === build.manifestUrl; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reg.forVisitor(inside).get('catalog')?.manifestUrl).toBe(LOCAL);
    expect((await reg.list()).data[0].canary?.broken).toContain('no longer matches');
    expect(reg.servable().map((e) => e.manifestUrl)).not.toContain(build.manifestUrl);
    reg.stop();
    await store.close();
  });
});

describe('the health gate', () => {
  it('runs before a deploy or a canary is written: a refusal writes nothing', async () => {
    const store = await openStore({ name: 'gateway', inMemory: true });
    const checked: unknown[][] = [];
    const reg = new RemoteRegistry(store, {
      root: fakeBuild(),
      healthGate: async (...args) => {
        checked.push(args);
        if (args[0].includes('throws')) throw unprocessable('./ProductDetails threw while rendering: TypeError');
      },
    });
    await reg.start();
    reg.stop();
    const build = (v: string): RegistryEntry => ({ manifestUrl: `https://cdn.example.com/catalog/${v}/mf-manifest.json`, buildInfo: { buildVersion: '0.2.0' }, deployedAt: new Date().toISOString(), deployedBy: 'team' });
    const before = await reg.list();
    await expect(reg.canary('catalog', build('throws'), 50)).rejects.toMatchObject({ statusCode: 422, message: './ProductDetails threw while rendering: TypeError' });
    await expect(reg.deploy('catalog', build('throws-too'))).rejects.toMatchObject({ statusCode: 422 });
    expect(await reg.list()).toEqual(before);
    await reg.canary('catalog', build('healthy'), 50);
    expect(checked.at(-1)).toEqual([build('healthy').manifestUrl, { buildVersion: '0.2.0' }, 'catalog']);
    expect(reg.stateOf('catalog')?.canary?.manifestUrl).toBe(build('healthy').manifestUrl);
    await store.close();
  });
});

describe('the history', () => {
  it('shows each action with its note', async () => {
    const { history } = await registry();
    const actions = new Set((history as RemoteHistoryEntry[]).map((h) => h.action));
    for (const action of ['canary', 'promote', 'abort', 'rollback', 'deploy']) expect(actions).toContain(action);
  });
});
