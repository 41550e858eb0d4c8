import { isDuplicateKeyError, type Collection, type DocumentStore } from '@pharmacy/db';
import { holdsCollection } from './holds-store';
import type { OrderDoc } from './store';

/** An order still holding stock without payment. */
const isUnpaid = (o: OrderDoc | null) => !!o && o.orderStatus === 'pending' && o.paymentStatus === 'pending';

/**
 * A shopper's unpaid orders are bounded by a fixed number of hold slots. A new order claims a free slot by
 * inserting its unique id, so two concurrent creates (even from two processes sharing MongoDB) cannot both take
 * the last one. A slot is freed lazily: when all are taken, a slot whose order is no longer unpaid (paid,
 * cancelled, expired, deleted) is given up, so no close path has to remember to release it.
 */
export async function createHoldSlots(store: DocumentStore, orders: Collection<OrderDoc>, limit: number, now: () => number) {
  const holds = await holdsCollection(store);

  async function tryEverySlot(userId: string, orderId: string): Promise<boolean> {
    for (let slot = 0; slot < limit; slot++) {
      try {
        await holds.insertOne({ _id: `${userId}#${slot}`, userId, orderId, at: now() });
        return true;
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
      }
    }
    return false;
  }

  /** Gives up the slots whose order no longer holds anything; true when at least one was freed. */
  async function freeStale(userId: string): Promise<boolean> {
    let freed = false;
    for (const hold of await holds.find({ userId })) {
      if (isUnpaid(await orders.findOne({ _id: hold.orderId }))) continue;
      // Conditional on the order id: a slot someone else just re-claimed is not theirs to lose.
      const res = await holds.deleteOne({ _id: hold._id, orderId: hold.orderId });
      if (res.deletedCount > 0) freed = true;
    }
    return freed;
  }

  return {
    /**
     * Claims a slot for an order that already exists (so a slot never points at an order that is still being
     * written). False when the shopper already holds `limit` unpaid orders.
     */
    async claim(userId: string, orderId: string): Promise<boolean> {
      if (await tryEverySlot(userId, orderId)) return true;
      return (await freeStale(userId)) && tryEverySlot(userId, orderId);
    },
    /** Frees the order's slot at once (the next claim would free it anyway). */
    async release(orderId: string): Promise<void> {
      await holds.deleteMany({ orderId });
    },
  };
}
export type HoldSlots = Awaited<ReturnType<typeof createHoldSlots>>;
