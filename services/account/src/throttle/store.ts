import { randomUUID } from 'node:crypto';
import type { Collection, Doc, DocumentStore } from '@pharmacy/db';

/** One counted attempt (a failed sign-in, a reset link asked for), kept until its window has passed. */
export interface AttemptDoc extends Doc {
  _id: string;
  /** What is counted, e.g. `login:ada@example.com`: an account by its normalised email, known or not. */
  key: string;
  at: Date;
  /** Removed by the store's TTL index once the attempt no longer counts. */
  expiresAt: Date;
}

/** A limit per key: at most `max` attempts in any `windowMs`. */
export interface AttemptLimit {
  max: number;
  windowMs: number;
}

export type AttemptCheck = { allowed: true; attemptId: string } | { allowed: false; retryAfterSeconds: number };

export interface AttemptCounter {
  /**
   * Counts an attempt before it is tried, so parallel requests cannot all slip under the limit: the attempt
   * is recorded first, then refused (and forgotten) when it is past the limit. Answers how long to wait.
   */
  begin(key: string): Promise<AttemptCheck>;
  /** The attempt turned out not to count (a correct password). */
  forget(attemptId: string): Promise<void>;
  /** Start afresh for this key (the owner proved control of the account). */
  clear(key: string): Promise<void>;
}

/**
 * Attempts live in the account store, not in process memory, so a limit holds across restarts and across
 * every process that serves the account API.
 */
export async function openAttempts(store: DocumentStore): Promise<Collection<AttemptDoc>> {
  const attempts = store.collection<AttemptDoc>('attempts');
  await attempts.createIndex({ key: 1, at: 1 }, { name: 'key_at' });
  await attempts.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'expiresAt_ttl' });
  return attempts;
}

export function createAttemptCounter(attempts: Collection<AttemptDoc>, limit: AttemptLimit, now: () => Date): AttemptCounter {
  return {
    async begin(key) {
      const at = now();
      const since = new Date(at.getTime() - limit.windowMs);
      const attemptId = randomUUID();
      await attempts.insertOne({ _id: attemptId, key, at, expiresAt: new Date(at.getTime() + limit.windowMs) });
      const counted = await attempts.countDocuments({ key, at: { $gt: since } });
      if (counted <= limit.max) return { allowed: true, attemptId };
      // Refused attempts are not guesses: forgetting them keeps a lock from being extended by more tries.
      await attempts.deleteOne({ _id: attemptId });
      const inWindow = await attempts.find({ key, at: { $gt: since } }, { sort: { at: 1 }, limit: Math.max(1, counted - limit.max) });
      const frees = inWindow[inWindow.length - 1]?.at ?? at;
      const waitMs = new Date(frees).getTime() + limit.windowMs - at.getTime();
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },
    async forget(attemptId) {
      await attempts.deleteOne({ _id: attemptId });
    },
    async clear(key) {
      await attempts.deleteMany({ key });
    },
  };
}
