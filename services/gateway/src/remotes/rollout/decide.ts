import { ROLLOUT_POLICY, type RemoteVersionHealth } from '@pharmacy/contracts';

/** Page views and errors of one version of a remote over a window (the contract's shape). */
export type VersionHealth = RemoteVersionHealth;

export type RolloutPolicy = { readonly [K in keyof typeof ROLLOUT_POLICY]: number };

/** What the watch knows of one remote: its live build, its canary, and the build a rollback would go back to. */
export interface RolloutState {
  live: {
    version: string;
    /** When it went live (ms). */
    since: number;
    /** Made live by a full deploy or a promotion (watched for its first minutes), not by a seed or a rollback. */
    fresh: boolean;
  };
  canary: { version: string } | null;
  previous: { version: string; lastMeasured?: VersionHealth } | null;
}

export type RolloutDecision =
  | { action: 'none' }
  | {
      action: 'abort-canary' | 'rollback';
      /** The version acted on and the one it was compared with (null: over the ceiling with nothing to compare). */
      counts: { suspect: VersionHealth; baseline: VersionHealth | null };
    };

const NONE: RolloutDecision = { action: 'none' };
const rate = (h: VersionHealth) => (h.views > 0 ? h.errors / h.views : 0);
const healthOf = (rates: readonly VersionHealth[], version: string): VersionHealth =>
  rates.find((r) => r.version === version) ?? { version, views: 0, errors: 0 };

/**
 * Whether to step in (docs/operations.md#canary-releases): a canary erring more than its live build by over
 * `marginPoints` percentage points, once it has `minViews` views, is aborted; a build fully deployed or promoted in
 * the last `freshDeployWatchMs` that, over `minViews` views, errs above `errorCeiling` or more than the previous
 * build did when last measured (by the same margin) is rolled back. Pure: the watch gives it the rates and the time.
 */
export function decide(state: RolloutState, rates: readonly VersionHealth[], now: number, policy: RolloutPolicy = ROLLOUT_POLICY): RolloutDecision {
  const margin = policy.marginPoints / 100;
  if (state.canary) {
    const canary = healthOf(rates, state.canary.version);
    if (canary.views < policy.minViews) return NONE;
    const live = healthOf(rates, state.live.version);
    return rate(canary) - rate(live) > margin ? { action: 'abort-canary', counts: { suspect: canary, baseline: live } } : NONE;
  }
  if (!state.live.fresh || !state.previous || now - state.live.since > policy.freshDeployWatchMs) return NONE;
  const live = healthOf(rates, state.live.version);
  if (live.views < policy.minViews) return NONE;
  if (rate(live) > policy.errorCeiling) return { action: 'rollback', counts: { suspect: live, baseline: state.previous.lastMeasured ?? null } };
  const before = state.previous.lastMeasured;
  if (before && before.views >= policy.minViews && rate(live) - rate(before) > margin) return { action: 'rollback', counts: { suspect: live, baseline: before } };
  return NONE;
}

/** The counts as the history and the audit trail say them: "12 errors in 40 views (30.0 %)". */
export function describeHealth(h: VersionHealth): string {
  return `${h.version}: ${h.errors} error${h.errors === 1 ? '' : 's'} in ${h.views} view${h.views === 1 ? '' : 's'} (${(rate(h) * 100).toFixed(1)} %)`;
}
