import type { Doc, DocumentStore } from '@pharmacy/db';
import type { Revocation, RevocationFeed, StaffRole } from '@pharmacy/contracts';
import type { RevocationList } from '@pharmacy/service-kit';

/**
 * A revoked session or deleted user, or a user whose staff roles changed, kept until every access token it could
 * match has expired, so the other services (which verify tokens without asking us) can refuse them: they poll
 * `since` a cursor.
 */
export interface RevocationDoc extends Doc {
  _id: string; // `${kind}:${id}`: revoking twice keeps one entry; a second change of roles replaces the first
  kind: Revocation['kind'];
  id: string;
  /** kind 'roles': the roles since the change; a token carrying others is stale. */
  roles?: StaffRole[];
  revokedAt: Date;
  expiresAt: Date;
}

/**
 * A poll returns what was revoked after its cursor minus this overlap: a revocation stamped just before a poll
 * but written just after it is still picked up by the next one (pollers keep a set, so repeats are harmless).
 */
export const FEED_OVERLAP_MS = 5_000;
/** Clock differences between hosts, and a token signed a moment after its session was revoked. */
export const KEEP_MARGIN_MS = 60_000;

export interface Revocations {
  sessions(sids: string[]): Promise<void>;
  user(userId: string): Promise<void>;
  /** The user's staff roles changed: their tokens carrying other roles are refused as expired (refreshed). */
  roles(userId: string, roles: StaffRole[]): Promise<void>;
  feed(since: number): Promise<RevocationFeed>;
}

export async function openRevocations(
  store: DocumentStore,
  opts: { now: () => Date; accessTokenTtlMs: number; local?: RevocationList },
): Promise<Revocations> {
  const revocations = store.collection<RevocationDoc>('revocations');
  // This process's list hears of every revocation as it is made (record, below): its staff routes need not ask.
  opts.local?.markFedInProcess();
  await revocations.createIndex({ revokedAt: 1 }, { name: 'revokedAt' });
  await revocations.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'expiresAt_ttl' });

  const toApi = (d: Pick<RevocationDoc, 'kind' | 'id' | 'expiresAt' | 'roles'>): Revocation => ({
    kind: d.kind,
    id: d.id,
    expiresAt: new Date(d.expiresAt).toISOString(),
    ...(d.kind === 'roles' ? { roles: d.roles ?? [] } : {}),
  });

  async function record(kind: Revocation['kind'], ids: string[], roles?: StaffRole[]) {
    if (ids.length === 0) return;
    const revokedAt = opts.now();
    const expiresAt = new Date(revokedAt.getTime() + opts.accessTokenTtlMs + KEEP_MARGIN_MS);
    const also = roles ? { roles } : {};
    for (const id of ids) {
      await revocations.updateOne({ _id: `${kind}:${id}` }, { $set: { kind, id, revokedAt, expiresAt, ...also } }, { upsert: true });
    }
    // The services running in this process (embedded mode) refuse the tokens at once, without waiting for a poll.
    opts.local?.add(ids.map((id) => toApi({ kind, id, expiresAt, ...also })));
  }

  return {
    sessions: (sids) => record('session', sids),
    user: (userId) => record('user', [userId]),
    roles: (userId, roles) => record('roles', [userId], roles),
    async feed(since) {
      const at = opts.now();
      const from = new Date(Math.max(0, since - FEED_OVERLAP_MS));
      const docs = await revocations.find({ revokedAt: { $gte: from }, expiresAt: { $gt: at } }, { sort: { revokedAt: 1 } });
      return { revocations: docs.map(toApi), cursor: String(at.getTime()) };
    },
  };
}
