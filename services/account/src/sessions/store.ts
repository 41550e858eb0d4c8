import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Doc, DocumentStore } from '@pharmacy/db';
import { REFRESH_TTL_SECONDS } from '@pharmacy/service-kit';
import type { Revocations } from './revocations-store';

/**
 * A refresh session ("family"): one sign-in on one device. The refresh token itself is never stored,
 * only its sha256, so a copy of the database cannot be used to sign in. Every refresh rotates the token;
 * a token that was already rotated away and comes back is a stolen copy, and the whole session dies.
 */
export interface SessionDoc extends Doc {
  _id: string; // the sid carried in access tokens
  userId: string;
  tokenHash: string;
  createdAt: Date;
  rotatedAt: Date;
  expiresAt: Date;
}

/** A token rotated away, kept until its session would have expired so reuse can be recognised. */
export interface UsedTokenDoc extends Doc {
  _id: string; // sha256 of the old token
  sid: string;
  userId: string;
  rotatedAt: Date;
  expiresAt: Date;
}

export { REFRESH_TTL_SECONDS };
/** Two tabs refreshing at once present the same token; within this window that is not treated as theft. */
export const REUSE_GRACE_MS = 10_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

export type RotateResult =
  | { kind: 'rotated'; session: SessionDoc; refreshToken: string }
  | { kind: 'raced'; session: SessionDoc }
  | { kind: 'reused' }
  | { kind: 'invalid' };

export interface Sessions {
  create(userId: string): Promise<{ session: SessionDoc; refreshToken: string }>;
  rotate(refreshToken: string): Promise<RotateResult>;
  /**
   * Moves a device to a new session (new sid and refresh token) and revokes the old one: after a password
   * change this device stays signed in while access tokens issued before the change stop working everywhere.
   */
  renew(sid: string): Promise<{ session: SessionDoc; refreshToken: string } | null>;
  findActive(sid: string, userId: string): Promise<SessionDoc | null>;
  findByToken(refreshToken: string): Promise<SessionDoc | null>;
  /** Ends a session here and (through the revocation feed) its access tokens in every service. */
  revoke(sid: string): Promise<void>;
  revokeAllOf(userId: string, exceptSid?: string): Promise<number>;
}

export async function openSessions(store: DocumentStore, now: () => Date, revocations: Revocations): Promise<Sessions> {
  const sessions = store.collection<SessionDoc>('sessions');
  const used = store.collection<UsedTokenDoc>('used_refresh_tokens');
  await sessions.createIndex({ tokenHash: 1 }, { unique: true, name: 'tokenHash_unique' });
  await sessions.createIndex({ userId: 1 }, { name: 'userId' });
  await sessions.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'expiresAt_ttl' });
  await used.createIndex({ sid: 1 }, { name: 'sid' });
  await used.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'expiresAt_ttl' });

  const expiry = () => new Date(now().getTime() + REFRESH_TTL_SECONDS * 1000);
  const live = () => ({ $gt: now() });

  // Recorded before the session is deleted: a crash in between leaves a revoked sid, never a live token.
  async function revoke(sid: string) {
    await revocations.sessions([sid]);
    await sessions.deleteOne({ _id: sid });
    await used.deleteMany({ sid });
  }

  async function create(userId: string) {
    const refreshToken = newToken();
    const at = now();
    const session: SessionDoc = {
      _id: randomUUID(),
      userId,
      tokenHash: hashToken(refreshToken),
      createdAt: at,
      rotatedAt: at,
      expiresAt: expiry(),
    };
    await sessions.insertOne(session);
    return { session, refreshToken };
  }

  return {
    create,

    async rotate(refreshToken) {
      const oldHash = hashToken(refreshToken);
      const next = newToken();
      const at = now();
      // One atomic step: only one of two concurrent refreshes with the same token can win.
      const session = await sessions.findOneAndUpdate(
        { tokenHash: oldHash, expiresAt: live() },
        { $set: { tokenHash: hashToken(next), rotatedAt: at, expiresAt: expiry() } },
        { returnDocument: 'after' },
      );
      if (session) {
        await used.insertOne({ _id: oldHash, sid: session._id, userId: session.userId, rotatedAt: at, expiresAt: session.expiresAt });
        return { kind: 'rotated', session, refreshToken: next };
      }
      const old = await used.findOne({ _id: oldHash });
      if (!old) return { kind: 'invalid' };
      const current = await sessions.findOne({ _id: old.sid, expiresAt: live() });
      if (current && at.getTime() - new Date(old.rotatedAt).getTime() < REUSE_GRACE_MS) {
        return { kind: 'raced', session: current };
      }
      await revoke(old.sid);
      return { kind: 'reused' };
    },

    async renew(sid) {
      const old = await sessions.findOne({ _id: sid, expiresAt: live() });
      if (!old) return null;
      const renewed = await create(old.userId);
      await revoke(sid);
      return renewed;
    },

    findActive: (sid, userId) => sessions.findOne({ _id: sid, userId, expiresAt: live() }),
    findByToken: (refreshToken) => sessions.findOne({ tokenHash: hashToken(refreshToken), expiresAt: live() }),
    revoke,

    async revokeAllOf(userId, exceptSid) {
      const filter = exceptSid ? { userId, _id: { $ne: exceptSid } } : { userId };
      // Each sid is recorded as revoked before its session goes; a sign-in that lands meanwhile is caught by the
      // next round instead of surviving unrevoked.
      let ended = 0;
      for (let round = 0; round < 10; round++) {
        const sids = (await sessions.find(filter, { projection: { _id: 1 } })).map((s) => s._id);
        if (sids.length === 0) break;
        await revocations.sessions(sids);
        ended += (await sessions.deleteMany({ _id: { $in: sids } })).deletedCount;
      }
      await used.deleteMany(exceptSid ? { userId, sid: { $ne: exceptSid } } : { userId });
      return ended;
    },
  };
}
