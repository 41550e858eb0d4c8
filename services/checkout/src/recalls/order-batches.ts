import type { BatchTake, Reservation } from '@pharmacy/contracts';
import type { Collection } from '@pharmacy/db';
import type { OrderDoc } from '../orders/store';

/**
 * One row per (order, batch) the order took units from (docs/domain.md#recalls): a recall lists its affected orders
 * from these by batchId instead of reading every order. `_id` is `${orderId}:${batchId}`, so writing the rows again
 * (a retried commit, a sweep) changes nothing twice.
 */
export interface OrderBatchDoc {
  _id: string;
  orderId: string;
  userId: string;
  /** The name on the order's address (the affected list names the shopper without reading every order). */
  shopperName?: string;
  batchId: string;
  lot: string;
  expiresOn: string;
  productId: string;
  quantity: number;
  /** From the commit's answer (the shopper paid and receives the units); false: held by an unpaid order. */
  paid: boolean;
  at: number;
  [key: string]: unknown;
}

export function createOrderBatches(rows: Collection<OrderBatchDoc>, orders: Collection<OrderDoc>, now: () => Date) {
  return {
    rows,
    /**
     * Records what the catalog answered for the order's reservation: the order's lines keep their batches and the
     * rows follow. Reserve's answer (`paid` false) is replaced by commit's (`paid` true). A reservation from before
     * batches carries none: nothing is written.
     */
    async record(orderId: string, reservation: Reservation, paid: boolean): Promise<void> {
      const taken = new Map<string, BatchTake[]>();
      for (const line of reservation.items) if (line.batches?.length) taken.set(line.productId, line.batches);
      if (taken.size === 0) return;
      const order = await orders.findOne({ _id: orderId });
      if (!order) return;
      const items = order.items.map((i) => (taken.has(i.productId) ? { ...i, batches: taken.get(i.productId) } : i));
      // A commit names the batches reserve named, as a rule: then the lines already say so (one write less a purchase).
      if (JSON.stringify(items) !== JSON.stringify(order.items)) await orders.updateOne({ _id: orderId }, { $set: { items } });
      const at = now().getTime();
      for (const [productId, batches] of taken) {
        for (const b of batches) {
          const row: Omit<OrderBatchDoc, '_id'> = { orderId, userId: order.userId, shopperName: order.address?.fullName ?? '', batchId: b.batchId, lot: b.lot, expiresOn: b.expiresOn, productId, quantity: b.quantity, paid, at };
          // A paid row is never turned back into an unpaid one by a late reserve answer.
          await rows.updateOne({ _id: `${orderId}:${b.batchId}`, ...(paid ? {} : { paid: { $ne: true } }) }, { $set: row }, { upsert: true }).catch((err: unknown) => {
            if ((err as { code?: number }).code !== 11000) throw err;
          });
        }
      }
      // Batches the commit no longer names (the catalog's answer is the truth) leave the order's rows.
      if (paid) await rows.deleteMany({ orderId, batchId: { $nin: [...taken.values()].flat().map((b) => b.batchId) } });
    },
    /** Every row of these batches, oldest first. */
    ofBatches: (batchIds: string[]) => rows.find({ batchId: { $in: batchIds } }, { sort: { at: 1, _id: 1 } }),
  };
}
export type OrderBatches = ReturnType<typeof createOrderBatches>;
