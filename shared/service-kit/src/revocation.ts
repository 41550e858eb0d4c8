import type { FastifyBaseLogger } from 'fastify';
import { AccountRoutes, type Revocation } from '@pharmacy/contracts';
import { createRouteClient, type PeerOptions } from './internal';
import { DEFAULT_REVOCATION_POLL_MS } from './config/variables';

export const REVOCATIONS_PATH = AccountRoutes.internal.revocations.path;
export { DEFAULT_REVOCATION_POLL_MS };

/**
 * The sessions and users whose access tokens are refused although their signature is valid: the account
 * service revoked them (sign-out, password change or reset, refresh-token reuse, account deletion). The check
 * on every request is two Map lookups; entries drop out once every token they could match has expired.
 */
export class RevocationList {
  private readonly sessions = new Map<string, number>();
  private readonly users = new Map<string, number>();
  /** Users whose staff roles changed: their roles since, and until when a token may still carry others. */
  private readonly roles = new Map<string, { roles: string; until: number }>();
  /** The account service adds its revocations to this list itself, at once (it runs in this process). */
  private fedInProcess = false;
  /** Set by the follower that keeps this list: one poll started after the call, awaited. */
  private catchUpWith: (() => Promise<void>) | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  /** The account service runs in this process and writes every revocation here as it makes it. */
  markFedInProcess(): void {
    this.fedInProcess = true;
  }

  followedBy(catchUp: () => Promise<void>): void {
    this.catchUpWith = catchUp;
  }

  /**
   * Resolves once the list holds every revocation made before this call: at once when the account service runs in
   * this process or nobody follows it, else after a poll that started after the call (shared by concurrent callers).
   * Staff routes wait for it, so a staff sign-out takes effect at once and not within one poll (docs/architecture.md#security).
   */
  caughtUp(): Promise<void> {
    return this.fedInProcess || !this.catchUpWith ? Promise.resolve() : this.catchUpWith();
  }

  add(entries: Iterable<Revocation>): void {
    for (const entry of entries) {
      const until = Date.parse(entry.expiresAt);
      if (!Number.isFinite(until)) continue;
      if (entry.kind === 'roles') {
        this.roles.set(entry.id, { roles: rolesKey(entry.roles), until: Math.max(until, this.roles.get(entry.id)?.until ?? 0) });
        continue;
      }
      const map = entry.kind === 'user' ? this.users : this.sessions;
      map.set(entry.id, Math.max(until, map.get(entry.id) ?? 0));
    }
    this.prune();
  }

  /**
   * Refuses every token of a user here at once, without waiting for the next poll: a service erasing a deleted
   * account's data must not take new writes from it meanwhile.
   */
  refuseUser(userId: string, forMs: number): void {
    this.add([{ kind: 'user', id: userId, expiresAt: new Date(this.now() + forMs).toISOString() }]);
  }

  isRevoked(claims: { sub: string; sid: string }): boolean {
    const at = this.now();
    return (this.sessions.get(claims.sid) ?? 0) > at || (this.users.get(claims.sub) ?? 0) > at;
  }

  /**
   * A token issued before its user's staff roles last changed: it carries other roles than the user has now. Not a
   * sign-out: the browser is told the token expired, refreshes it, and gets one with the roles as they are.
   */
  isStale(claims: { sub: string; roles?: readonly string[] }): boolean {
    const changed = this.roles.get(claims.sub);
    return changed !== undefined && changed.until > this.now() && changed.roles !== rolesKey(claims.roles);
  }

  get size(): number {
    return this.sessions.size + this.users.size + this.roles.size;
  }

  prune(): void {
    const at = this.now();
    for (const map of [this.sessions, this.users]) {
      for (const [id, until] of map) if (until <= at) map.delete(id);
    }
    for (const [id, { until }] of this.roles) if (until <= at) this.roles.delete(id);
  }
}

/** The same roles in any order give the same key. */
const rolesKey = (roles: readonly string[] | undefined) => [...(roles ?? [])].sort().join(',');

export type RevocationFollowerOptions = PeerOptions & {
  token: string;
  intervalMs?: number;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
};

export interface RevocationFollower {
  /** One poll now; false when the account service could not be reached (the list is kept as it was). */
  refresh(): Promise<boolean>;
  start(): void;
  stop(): void;
}

/**
 * Keeps a RevocationList current by polling the account service. When the account service cannot be reached
 * the last known list stays in force and polling goes on: nobody can sign out or change a password while it is
 * down either, so nothing new can be missed but what it revoked just before it stopped answering. The outage
 * is logged once, and so is the recovery.
 */
export function followRevocations(list: RevocationList, opts: RevocationFollowerOptions): RevocationFollower {
  // Where the account service is reached (in process in embedded mode, else over HTTP).
  const call = createRouteClient({ ...opts, timeoutMs: 3000 });
  const intervalMs = opts.intervalMs ?? DEFAULT_REVOCATION_POLL_MS;
  let cursor = '0';
  let unreachableSince: number | null = null;
  let inFlight: Promise<boolean> | null = null;
  let timer: NodeJS.Timeout | null = null;
  // Polls started and finished, numbered: a caller that needs a poll started after it came waits for the next number.
  let started = 0;
  let finished = 0;

  async function poll(): Promise<boolean> {
    try {
      const feed = await call(AccountRoutes.internal.revocations, { query: { since: cursor } });
      list.add(feed.revocations);
      cursor = feed.cursor;
      if (unreachableSince !== null) {
        opts.log.info({ downForMs: Date.now() - unreachableSince, revoked: list.size }, 'session revocations read from the account service again: up to date');
        unreachableSince = null;
      }
      return true;
    } catch (err) {
      if (unreachableSince === null) {
        unreachableSince = Date.now();
        opts.log.warn(
          { err, retryEveryMs: intervalMs, known: list.size },
          'session revocations could not be read from the account service: keeping the last known list and retrying',
        );
      }
      list.prune();
      return false;
    }
  }

  // Concurrent callers share one request, so a slow account service never piles polls up.
  const refresh = () => {
    if (inFlight) return inFlight;
    const number = ++started;
    return (inFlight = poll().finally(() => {
      inFlight = null;
      finished = Math.max(finished, number);
    }));
  };

  // A poll in flight may have left before the revocation the caller must see: it waits for one that starts after it.
  // While the account service is unreachable nobody can sign out, so the last list is as current as it can be.
  async function catchUp(): Promise<void> {
    const needed = started + 1;
    while (finished < needed && unreachableSince === null) await refresh();
  }
  list.followedBy(catchUp);

  return {
    refresh,
    start() {
      if (timer || intervalMs <= 0) return;
      void refresh();
      timer = setInterval(() => void refresh(), intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
