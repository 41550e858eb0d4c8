import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ROLLOUT_POLICY, type RemoteName } from '@pharmacy/contracts';
import { HttpError, type AuditActor, type AuditSink } from '@pharmacy/service-kit';
import { REMOTE_NAMES, versionTag, type RemoteRegistry } from '../registry';
import { decide, describeHealth, type RolloutPolicy, type RolloutState, type VersionHealth } from './decide';

/** Per-version health of one remote since a time (signals' reports store `rates`). */
export type RatesSource = (name: RemoteName, sinceMs: number) => Promise<VersionHealth[]>;

/** Who the history and the audit trail name for what the watch does. */
export const SYSTEM = 'system';
const SYSTEM_ACTOR: AuditActor = { id: SYSTEM, name: 'Rollout watch', role: 'system', roles: [] };

export interface RolloutWatchOptions {
  registry: Pick<RemoteRegistry, 'stateOf' | 'abort' | 'rollback'>;
  rates: RatesSource;
  audit?: AuditSink;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  now?: () => number;
  policy?: RolloutPolicy;
}

/**
 * The rollout watch (docs/operations.md#canary-releases): every `checkIntervalMs` it reads each remote's
 * per-version health and aborts a canary or rolls back a fresh deploy that does worse (rollout/decide.ts), by
 * `system`, with the counts in the history and the audit trail. Several gateway processes may each run one: the
 * registry's guarded writes let the first act and the others find nothing left to do.
 */
export class RolloutWatch {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  /** The last counts seen of each version (by remote), so a fresh deploy is compared with what came before it. */
  private readonly measured = new Map<string, VersionHealth>();
  private readonly policy: RolloutPolicy;
  private readonly now: () => number;

  constructor(private readonly opts: RolloutWatchOptions) {
    this.policy = opts.policy ?? ROLLOUT_POLICY;
    this.now = opts.now ?? Date.now;
  }

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= this.check().finally(() => (this.running = undefined));
    }, this.policy.checkIntervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass over every remote. A remote whose rates cannot be read is skipped this time (and logged). */
  async check(): Promise<void> {
    for (const name of REMOTE_NAMES) {
      try {
        await this.checkRemote(name);
      } catch (err) {
        this.opts.log?.warn({ remote: name, err: (err as Error).message }, 'rollout watch could not check a remote');
      }
    }
  }

  private async checkRemote(name: RemoteName): Promise<void> {
    const doc = this.opts.registry.stateOf(name);
    if (!doc) return;
    const now = this.now();
    const rates = await this.opts.rates(name, now - this.policy.windowMs);
    for (const health of rates) if (health.views > 0) this.measured.set(`${name}\n${health.version}`, health);
    const previous = doc.previous.at(-1);
    const state: RolloutState = {
      live: { version: versionTag(doc.entry), since: Date.parse(doc.entry.deployedAt), fresh: doc.fresh === true },
      canary: doc.canary ? { version: versionTag(doc.canary) } : null,
      previous: previous ? { version: versionTag(previous), lastMeasured: this.measured.get(`${name}\n${versionTag(previous)}`) } : null,
    };
    const decision = decide(state, rates, now, this.policy);
    if (decision.action === 'none') return;
    const { suspect, baseline } = decision.counts;
    const compared = baseline ? `; ${decision.action === 'abort-canary' ? 'live' : 'previous'} ${describeHealth(baseline)}` : '';
    const note =
      decision.action === 'abort-canary'
        ? `canary ${describeHealth(suspect)}${compared} (over the ${this.policy.marginPoints}-point margin)`
        : `fresh deploy ${describeHealth(suspect)}${compared}`;
    try {
      const result =
        decision.action === 'abort-canary'
          ? await this.opts.registry.abort(name, SYSTEM, { automatic: true, note, only: doc.canary?.manifestUrl })
          : await this.opts.registry.rollback(name, SYSTEM, { automatic: true, note, only: doc.entry.manifestUrl });
      this.opts.log?.warn({ remote: name, action: result.change.action, from: result.change.from, to: result.change.to, note }, 'rollout watch stepped in');
      const id = randomUUID();
      await this.opts.audit?.record({
        id,
        at: new Date(now).toISOString(),
        service: 'gateway',
        requestId: `rollout-${id}`,
        actor: SYSTEM_ACTOR,
        action: `remote.${result.change.action}`,
        entity: { type: 'remote', id: name, name },
        before: { manifestUrl: result.change.from },
        after: { manifestUrl: result.change.to, note, counts: decision.counts },
      });
    } catch (err) {
      // another gateway process (or a person) acted first: nothing is left to do
      if (err instanceof HttpError && (err.statusCode === 422 || err.statusCode === 409)) return;
      throw err;
    }
  }
}
