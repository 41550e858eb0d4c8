import { ROLLOUT_POLICY, type RemoteName } from '@pharmacy/contracts';
import { memoryAuditSink } from '@pharmacy/service-kit';
import { openStore, type DocumentStore } from '@pharmacy/db';
import { RemoteRegistry, versionTag, type RegistryEntry } from '../src/remotes/registry';
import { decide, type RolloutState, type VersionHealth } from '../src/remotes/rollout/decide';
import { RolloutWatch } from '../src/remotes/rollout/watch';
import { fakeBuild } from './remotes';

const MIN = 60_000;
const health = (version: string, views: number, errors: number): VersionHealth => ({ version, views, errors });

describe('decide: a canary', () => {
  const state: RolloutState = { live: { version: 'stable', since: 0, fresh: false }, canary: { version: 'canary' }, previous: null };

  it('is aborted when its error rate is above the live build\'s by more than the margin', () => {
    const rates = [health('canary', 40, 12), health('stable', 60, 1)];
    expect(decide(state, rates, 10 * MIN)).toEqual({ action: 'abort-canary', counts: { suspect: rates[0], baseline: rates[1] } });
  });

  it('is left alone within the margin, or with too few views to say', () => {
    expect(decide(state, [health('canary', 100, 6), health('stable', 100, 2)], MIN)).toEqual({ action: 'none' });
    expect(decide(state, [health('canary', ROLLOUT_POLICY.minViews - 1, 19), health('stable', 100, 0)], MIN)).toEqual({ action: 'none' });
    // exactly the minimum is enough
    expect(decide(state, [health('canary', ROLLOUT_POLICY.minViews, 19), health('stable', 100, 0)], MIN).action).toBe('abort-canary');
  });

  it('with no view of the live build reported, is compared with no errors', () => {
    expect(decide(state, [health('canary', 30, 3)], MIN)).toMatchObject({ action: 'abort-canary', counts: { baseline: { version: 'stable', views: 0, errors: 0 } } });
  });
});

describe('decide: a fresh deploy', () => {
  const deployedAt = 1_000_000;
  const fresh = (lastMeasured?: VersionHealth): RolloutState => ({ live: { version: 'new', since: deployedAt, fresh: true }, canary: null, previous: { version: 'old', lastMeasured } });

  it('is rolled back in its first minutes when it errs more than the previous build did, or above the ceiling', () => {
    const before = health('old', 200, 2);
    expect(decide(fresh(before), [health('new', 50, 5)], deployedAt + 2 * MIN)).toEqual({ action: 'rollback', counts: { suspect: health('new', 50, 5), baseline: before } });
    expect(decide(fresh(), [health('new', 50, 11)], deployedAt + 2 * MIN)).toMatchObject({ action: 'rollback', counts: { baseline: null } });
  });

  it('is left alone when it does as well, after its watch window, when a rollback made it live, or with nothing to go back to', () => {
    const before = health('old', 200, 2);
    expect(decide(fresh(before), [health('new', 50, 1)], deployedAt + MIN)).toEqual({ action: 'none' });
    expect(decide(fresh(before), [health('new', 50, 25)], deployedAt + ROLLOUT_POLICY.freshDeployWatchMs + 1)).toEqual({ action: 'none' });
    expect(decide({ ...fresh(before), live: { version: 'new', since: deployedAt, fresh: false } }, [health('new', 50, 25)], deployedAt + MIN)).toEqual({ action: 'none' });
    expect(decide({ ...fresh(before), previous: null }, [health('new', 50, 25)], deployedAt + MIN)).toEqual({ action: 'none' });
  });
});

describe('the rollout watch', () => {
  let store: DocumentStore;
  let registry: RemoteRegistry;
  const build = (v: string): RegistryEntry => ({ manifestUrl: `https://cdn.example.com/catalog/${v}/mf-manifest.json`, buildInfo: { buildVersion: v }, deployedAt: new Date().toISOString(), deployedBy: 'team' });

  beforeEach(async () => {
    store = await openStore({ name: 'gateway', inMemory: true });
    registry = new RemoteRegistry(store, { root: fakeBuild() });
    await registry.start();
    registry.stop();
  });
  afterEach(() => store.close());

  it('aborts a failing canary by itself within its check interval, with both versions\' counts in the history and the audit trail', async () => {
    await registry.canary('catalog', build('0.2.0'), 50);
    const canaryTag = versionTag(build('0.2.0'));
    const stableTag = versionTag(registry.live().get('catalog') as RegistryEntry);
    const asked: Array<[RemoteName, number]> = [];
    const rates = async (name: RemoteName, since: number) => {
      asked.push([name, since]);
      return name === 'catalog' ? [health(canaryTag, 40, 14), health(stableTag, 45, 0)] : [];
    };
    const audit = memoryAuditSink();
    const watch = new RolloutWatch({ registry, rates, audit, policy: { ...ROLLOUT_POLICY, checkIntervalMs: 50 } });
    const started = Date.now();
    watch.start();
    for (let i = 0; i < 100 && registry.stateOf('catalog')?.canary; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    await watch.stop();
    expect(registry.stateOf('catalog')?.canary).toBeNull();
    expect(Date.now() - started).toBeLessThan(500);
    const { history } = await registry.list();
    expect(history[0]).toEqual({
      name: 'catalog',
      from: build('0.2.0').manifestUrl,
      to: '/mfe/catalog/mf-manifest.json',
      at: expect.any(String),
      by: 'system',
      action: 'auto-abort',
      note: `canary ${canaryTag}: 14 errors in 40 views (35.0 %); live ${stableTag}: 0 errors in 45 views (0.0 %) (over the 5-point margin)`,
    });
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: 'remote.auto-abort',
        actor: { id: 'system', name: 'Rollout watch', role: 'system', roles: [] },
        entity: { type: 'remote', id: 'catalog', name: 'catalog' },
        after: expect.objectContaining({ counts: { suspect: health(canaryTag, 40, 14), baseline: health(stableTag, 45, 0) } }),
      }),
    ]);
    // over the window of reports, not all time
    expect(asked[0][1]).toBeGreaterThan(Date.now() - ROLLOUT_POLICY.windowMs - 1000);
  });

  it('rolls a fresh deploy back when it errs more than the build before it did when last measured (an injected clock)', async () => {
    let now = Date.now();
    const oldTag = versionTag(registry.live().get('catalog') as RegistryEntry);
    const newTag = versionTag(build('0.3.0'));
    let rates: VersionHealth[] = [health(oldTag, 100, 1)];
    const audit = memoryAuditSink();
    const watch = new RolloutWatch({ registry, rates: async () => rates, audit, now: () => now });
    await watch.check(); // the old build measured while it is live
    await registry.deploy('catalog', build('0.3.0'));
    now += MIN;
    rates = [health(newTag, 30, 6)];
    await watch.check();
    expect(registry.live().get('catalog')?.manifestUrl).toBe('/mfe/catalog/mf-manifest.json');
    const { history } = await registry.list();
    expect(history[0]).toMatchObject({ action: 'auto-rollback', by: 'system', note: `fresh deploy ${newTag}: 6 errors in 30 views (20.0 %); previous ${oldTag}: 1 error in 100 views (1.0 %)` });
    expect(audit.entries[0]).toMatchObject({ action: 'remote.auto-rollback' });
    // the build rolled back to is not watched as fresh: no second rollback
    rates = [health(oldTag, 30, 6)];
    await watch.check();
    expect((await registry.list()).history[0].action).toBe('auto-rollback');
  });

  it('acts once when two gateway processes decide at the same time', async () => {
    await registry.canary('catalog', build('0.4.0'), 50);
    const tag = versionTag(build('0.4.0'));
    const rates = async () => [health(tag, 40, 20)];
    const a = new RolloutWatch({ registry, rates });
    const b = new RolloutWatch({ registry, rates });
    await Promise.all([a.check(), b.check()]);
    const aborts = (await registry.list()).history.filter((h) => h.action === 'auto-abort');
    expect(aborts).toHaveLength(1);
  });
});
