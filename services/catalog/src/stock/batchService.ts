/**
 * Batches across products (docs/domain.md#batches): the short-dated list for staff, the lookup by lot, and the
 * quarantine a recall asks for.
 */
import type { Collection } from '@pharmacy/db';
import { SHORT_DATED_DAYS, type LotBatch, type QuarantineResult, type ShortDatedBatch } from '@pharmacy/contracts';
import { notFound } from '@pharmacy/service-kit';
import type { ProductDoc } from '../products/model';
import { BATCH_EVENT_BY, type StockAdjustments } from './adjustments';
import { batchesOf, byExpiry, daysUntil, type BatchDoc } from './batches';

export interface BatchServiceDeps {
  products: Collection<ProductDoc>;
  adjustments: StockAdjustments;
  /** The pharmacy's calendar day (batches/dayOf). */
  today: () => string;
}

export type BatchService = ReturnType<typeof createBatchService>;

export function createBatchService({ products, adjustments, today: todayOf }: BatchServiceDeps) {
  /** Sellable batches with units on the shelf that expire within SHORT_DATED_DAYS (today counting as 0), soonest first. */
  async function shortDated(): Promise<ShortDatedBatch[]> {
    const today = todayOf();
    const found: Array<{ product: ProductDoc; batch: BatchDoc; daysLeft: number }> = [];
    for (const product of await products.find({ batches: { $elemMatch: { state: 'sellable' } } })) {
      for (const batch of batchesOf(product)) {
        const daysLeft = daysUntil(batch.expiresOn, today);
        if (batch.state === 'sellable' && batch.remaining > 0 && daysLeft >= 0 && daysLeft <= SHORT_DATED_DAYS) found.push({ product, batch, daysLeft });
      }
    }
    return found
      .sort((a, b) => byExpiry(a.batch, b.batch) || a.product.title.localeCompare(b.product.title))
      .map(({ product, batch, daysLeft }) => ({
        batchId: batch.id,
        productId: product._id,
        productTitle: product.title,
        lot: batch.lot,
        expiresOn: batch.expiresOn,
        daysLeft,
        units: batch.remaining,
      }));
  }

  /** Every batch of that lot (case and surrounding spaces ignored), whatever its state. */
  async function byLot(lot: string): Promise<LotBatch[]> {
    const wanted = lot.trim().toLowerCase();
    const all = await products.find({ batches: { $elemMatch: { lot: { $exists: true } } } });
    return all.flatMap((product) =>
      batchesOf(product)
        .filter((b) => b.lot.toLowerCase() === wanted)
        .map((b) => ({ batchId: b.id, productId: product._id, productTitle: product.title, lot: b.lot, expiresOn: b.expiresOn, state: b.state, remaining: b.remaining })),
    );
  }

  /**
   * A recall takes these batches off sale at once: each becomes `recalled`, its shelf units leave totalStock, and a
   * history line "Recalled: <lot> (recall <id>)" is written with an id fixed per recall and batch, so a retry (or
   * a second process) changes nothing and answers 0 units. Every id is checked before anything moves.
   */
  async function quarantine(recallId: string, batchIds: string[]): Promise<QuarantineResult> {
    const ids = [...new Set(batchIds)];
    const owners = new Map<string, ProductDoc>();
    for (const id of ids) {
      const product = await products.findOne({ 'batches.id': id });
      if (!product) throw notFound(`No batch ${id}: check the batch id.`);
      owners.set(id, product);
    }
    const batches: QuarantineResult['batches'] = [];
    for (const id of ids) {
      const product = owners.get(id)!;
      const batch = batchesOf(product).find((b) => b.id === id)!;
      const note = `Recalled: ${batch.lot} (recall ${recallId}).`;
      const made = await adjustments.takeOffSale(product._id, batch, { id: `recall:${recallId}:${id}`, by: BATCH_EVENT_BY, byName: 'Recall', note, to: 'recalled', recallId });
      // Only the call that moved the batch counts its units: a retry finds the line applied and answers 0.
      const moved = made?.after ? (batchesOf(made.after).find((b) => b.id === id)?.remaining ?? 0) : 0;
      batches.push({ batchId: id, productId: product._id, productTitle: product.title, lot: batch.lot, expiresOn: batch.expiresOn, quarantined: moved });
    }
    return { batches };
  }

  /** At start and on an interval: batches past their expiry leave sale with a history line. */
  const sweep = (): Promise<number> => adjustments.expireDue(todayOf());

  return { shortDated, byLot, quarantine, sweep };
}
