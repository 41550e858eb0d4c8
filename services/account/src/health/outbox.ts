import { isDuplicateKeyError, type Update } from '@pharmacy/db';
import type { Users } from '../users/store';
import type { HealthChangeDoc, HealthHistory } from './store';

/**
 * A change to a shopper's health profile and its history entries are written in one single-document update: the
 * entries, ids fixed in advance, go into the user document as `pendingHealthChanges` with the change itself. They are
 * then inserted into the history (the same ids again: a second insert is a duplicate and changes nothing) and taken
 * off the user. A stop anywhere in between leaves them on the user, and they are moved on the next read of that
 * shopper's history and at start (docs/domain.md#health-history): no change goes unrecorded, none is recorded twice.
 */
export interface HealthOutbox {
  /** The profile update that also keeps `pending` on the user. */
  withPending(update: Update, pending: readonly HealthChangeDoc[]): Update;
  /** Moves changes just written with a profile update into the history. */
  deliver(userId: string, pending: readonly HealthChangeDoc[]): Promise<void>;
  /** Moves whatever a stop left on this user into the history: before their history is read. */
  settle(userId: string): Promise<void>;
  /** The same for every user: at start. Answers how many users had changes left. */
  settleAll(): Promise<number>;
}

export function createHealthOutbox(users: Users, history: HealthHistory): HealthOutbox {
  async function deliver(userId: string, pending: readonly HealthChangeDoc[]) {
    if (pending.length === 0) return;
    for (const change of pending) {
      try {
        await history.insertOne(change);
      } catch (err) {
        // Inserted before a stop that came before the pull below.
        if (!isDuplicateKeyError(err)) throw err;
      }
    }
    const ids = pending.map((c) => c._id);
    const pulled = await users.updateOne({ _id: userId }, { $pull: { pendingHealthChanges: { _id: { $in: ids } } } });
    // The account was erased meanwhile, its history with it: what was just inserted goes too.
    if (pulled.matchedCount === 0) {
      await history.deleteMany({ _id: { $in: ids } });
      return;
    }
    await users.updateOne({ _id: userId, pendingHealthChanges: { $size: 0 } }, { $unset: { pendingHealthChanges: '' } });
  }

  return {
    withPending: (update, pending) => (pending.length === 0 ? update : { ...update, $push: { pendingHealthChanges: { $each: [...pending] } } }),
    deliver,
    async settle(userId) {
      const user = await users.findOne({ _id: userId }, { projection: { pendingHealthChanges: 1 } });
      await deliver(userId, user?.pendingHealthChanges ?? []);
    },
    async settleAll() {
      const left = await users.find({ 'pendingHealthChanges._id': { $exists: true } }, { projection: { pendingHealthChanges: 1 } });
      for (const user of left) await deliver(user._id, user.pendingHealthChanges ?? []);
      return left.length;
    },
  };
}
