import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isDuplicateKeyError, type Collection, type Doc } from '@pharmacy/db';
import {
  CatalogErrorCodes,
  ErrorCodes,
  INITIAL_STOCK_REASON,
  RESTOCK_BY,
  STOCK_MAX,
  type ProductStock,
  type StockAdjustmentInput,
  type StockHistoryEntry,
} from '@pharmacy/contracts';
import { HttpError, badRequest, notFound, type ChangedBy } from '@pharmacy/service-kit';
import type { ProductDoc } from '../products/model';
import type { ProductReadModel } from '../products/readModel';
import type { ReservationDoc } from './service';

/**
 * Where a history line stands. It is written `pending` before the stock moves, so a crash at any point leaves a
 * trace; it becomes `applied` once the product carries its id (the stock moved), or `abandoned` when the process
 * stopped before the stock moved. Only applied lines are history; lines stored before states existed are applied.
 */
export type StockHistoryState = 'pending' | 'applied' | 'abandoned';

/** One change of a product's stock by staff (or its initial stock), with the count it left. */
export interface StockHistoryDoc extends Doc {
  _id: string;
  productId: string;
  /** The staff member's id, or RESTOCK_BY. */
  by: string;
  /** The staff member's name as it was at the change (missing on lines older than names, and on restocks). */
  byName?: string;
  at: Date;
  state: StockHistoryState;
  /** The product's adjustment counter after this change (0 for the initial stock): the history's exact order. Null while pending. */
  seq: number | null;
  delta: number;
  reason: StockHistoryEntry['reason'];
  note: string;
  /** Null while pending: the count is only known once the stock has moved. */
  availableAfter: number | null;
}

/** What the product itself keeps of an adjustment that moved its stock, in the same update that moved it. */
export interface AppliedAdjustment {
  id: string;
  seq: number;
  availableAfter: number;
}

export const STOCK_HISTORY = 'stock_history';
/** The admin form shows this many of the most recent changes. */
export const STOCK_HISTORY_SHOWN = 50;
/**
 * How many applied adjustment ids a product keeps. A pending line is settled at the next start or read, long
 * before this many later adjustments could push its id out.
 */
export const APPLIED_ADJUSTMENTS_KEPT = 50;
/** Attempts at the conditional update before giving up when reservations keep moving the count in between. */
const ADJUST_ATTEMPTS = 100;

const toEntry = (h: StockHistoryDoc): StockHistoryEntry => ({
  _id: h._id,
  by: h.by,
  ...(h.byName ? { byName: h.byName } : {}),
  at: h.at.toISOString(),
  delta: h.delta,
  reason: h.reason,
  note: h.note,
  availableAfter: h.availableAfter ?? 0,
});

const units = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;
const NOT_FOUND = 'That product does not exist (it may have been deleted).';

export interface StockAdjustmentsDeps {
  products: Collection<ProductDoc>;
  history: Collection<StockHistoryDoc>;
  reservations: Collection<ReservationDoc>;
  readModel: ProductReadModel;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

export type StockAdjustments = ReturnType<typeof createStockAdjustments>;

/** An adjustment that moved the stock: the stock as staff now see it, and the count it moved from and to (for the audit trail). */
export interface AdjustmentMade {
  stock: ProductStock;
  title: string;
  before: number;
  after: number;
}

const staffLine = (by: ChangedBy) => ({ by: by.id, ...(by.name ? { byName: by.name } : {}) });

/**
 * Staff's stock changes, crash-safe without multi-document transactions: the history line is written first as
 * pending; one conditional update then moves the stock, raises the product's adjustment counter and records the
 * line's id on the product (its last APPLIED_ADJUSTMENTS_KEPT ids), so the stock move and the proof of it land
 * together; the line is marked applied after. A line a crash left pending is settled from that proof at the next
 * start (and whenever the stock is read): applied if the product carries its id, otherwise abandoned, never
 * applied again. The update is conditioned on the count and counter it read, so the line gets the exact count it
 * left even while shoppers' reservations move the stock (the update is retried then); the count never goes below
 * zero, and the product's version is left alone: stock is not something a form edits.
 */
export function createStockAdjustments({ products, history, reservations, readModel, log }: StockAdjustmentsDeps) {
  /** Lines this process is writing right now: a read must not settle them half-way. */
  const inFlight = new Set<string>();

  /**
   * The stock has moved: the read model follows and the history line is settled as applied. If that write fails,
   * the id on the product still proves the move and the line is settled on the next read, so staff are not told to
   * try again (which would move it twice).
   */
  async function afterMove(productId: string, id: string, moved: { after: ProductDoc | null; applied: AppliedAdjustment }, what: string): Promise<void> {
    if (moved.after) readModel.refresh(moved.after);
    await settle(id, 'applied', moved.applied).catch((err: unknown) =>
      log?.error({ err, productId, adjustment: id }, `${what} but its history line is still pending`),
    );
  }

  async function adjust(productId: string, input: StockAdjustmentInput, by: ChangedBy): Promise<AdjustmentMade> {
    const { delta, reason } = input;
    if (delta === 0) throw badRequest('An adjustment must add or remove at least 1 unit.');
    const note = input.note?.trim() ?? '';
    const id = randomUUID();
    let moved: { after: ProductDoc | null; applied: AppliedAdjustment };
    inFlight.add(id);
    try {
      await history.insertOne({ _id: id, productId, ...staffLine(by), at: new Date(), state: 'pending', seq: null, delta, reason, note, availableAfter: null });
      try {
        moved = await move(productId, id, delta);
      } catch (e) {
        // Refused (no such product, not enough stock): nothing happened, so the line goes. Any other failure
        // leaves it pending, to be settled from the product on the next read or start (the store may have written it).
        if (e instanceof HttpError) await history.deleteOne({ _id: id, state: 'pending' }).catch(() => undefined);
        throw e;
      }
      await afterMove(productId, id, moved, 'stock moved');
    } finally {
      inFlight.delete(id);
    }
    const { availableAfter } = moved.applied;
    return { stock: await stockOf(productId), title: moved.after?.title ?? productId, before: availableAfter - delta, after: availableAfter };
  }

  /**
   * Puts `quantity` units of a paid order back on the shelf, exactly once, with a `returned` history line. The line's
   * id is fixed per reservation and product (`id`), so a retried or recovered restock finds the line, or the proof on
   * the product, and does not move the stock again. A product deleted since has no shelf to go back to: nothing moves.
   */
  async function restockLine(productId: string, id: string, quantity: number, note: string): Promise<void> {
    inFlight.add(id);
    try {
      try {
        await history.insertOne({ _id: id, productId, by: RESTOCK_BY, at: new Date(), state: 'pending', seq: null, delta: quantity, reason: 'returned', note, availableAfter: null });
      } catch (e) {
        if (!isDuplicateKeyError(e)) throw e;
        if ((await history.findOne({ _id: id }))?.state === 'applied') return;
      }
      let moved: { after: ProductDoc | null; applied: AppliedAdjustment };
      try {
        moved = await move(productId, id, quantity);
      } catch (e) {
        if (e instanceof HttpError && e.statusCode === 404) {
          await history.deleteOne({ _id: id, state: { $ne: 'applied' } });
          return;
        }
        throw e;
      }
      await afterMove(productId, id, moved, 'stock put back');
    } finally {
      inFlight.delete(id);
    }
  }

  /**
   * The one update that moves the stock and records adjustment `id` on the product: 404 or 409 when it cannot,
   * 503 in the unlikely case reservations changed the count before every one of its attempts. A product that already
   * carries `id` (a restock retried after its stock moved) is not moved again: `after` is null then.
   */
  async function move(productId: string, id: string, delta: number): Promise<{ after: ProductDoc | null; applied: AppliedAdjustment }> {
    for (let attempt = 0; attempt < ADJUST_ATTEMPTS; attempt++) {
      const current = await products.findOne({ _id: productId });
      if (!current) throw notFound(NOT_FOUND);
      const done = current.appliedAdjustments?.find((a) => a.id === id);
      if (done) return { after: null, applied: done };
      const availableAfter = current.totalStock + delta;
      if (availableAfter < 0) {
        throw new HttpError(
          409,
          CatalogErrorCodes.STOCK_INSUFFICIENT,
          `Only ${units(current.totalStock)} available, so ${units(-delta)} cannot be removed (held and sold units are not on the shelf count).`,
        );
      }
      if (availableAfter > STOCK_MAX) {
        throw new HttpError(409, CatalogErrorCodes.STOCK_INSUFFICIENT, `Stock cannot go above ${STOCK_MAX}: ${units(current.totalStock)} available now.`);
      }
      const seq = (current.adjustments ?? 0) + 1;
      const applied: AppliedAdjustment = { id, seq, availableAfter };
      const after = await products.findOneAndUpdate(
        { _id: productId, totalStock: current.totalStock, adjustments: current.adjustments ?? { $exists: false } },
        { $inc: { totalStock: delta, adjustments: 1 }, $push: { appliedAdjustments: { $each: [applied], $slice: -APPLIED_ADJUSTMENTS_KEPT } } },
        { returnDocument: 'after' },
      );
      if (after) return { after, applied };
    }
    throw new HttpError(503, ErrorCodes.UNAVAILABLE, 'The stock of this product is changing too fast to adjust right now. Please try again.');
  }

  /**
   * Adds a product with its first history line, the stock it was added with: the line is written pending, the
   * product is inserted carrying its id, then the line is applied (a crash in between is settled like an adjustment).
   */
  async function insertWithInitialStock(doc: ProductDoc, by: ChangedBy): Promise<ProductDoc> {
    const id = randomUUID();
    const applied: AppliedAdjustment = { id, seq: 0, availableAfter: doc.totalStock };
    const stored: ProductDoc = { ...doc, adjustments: 0, appliedAdjustments: [applied] };
    inFlight.add(id);
    try {
      await history.insertOne({
        _id: id,
        productId: doc._id,
        ...staffLine(by),
        at: doc.createdAt,
        state: 'pending',
        seq: null,
        delta: doc.totalStock,
        reason: INITIAL_STOCK_REASON,
        note: '',
        availableAfter: null,
      });
      await products.insertOne(stored);
      await settle(id, 'applied', applied).catch((err: unknown) => log?.error({ err, productId: doc._id, adjustment: id }, 'product added but its initial stock line is still pending'));
      return stored;
    } finally {
      inFlight.delete(id);
    }
  }

  /**
   * Settles pending history lines (of one product, or all): applied when the product carries the line's id,
   * abandoned when it does not (the stock never moved). At start every line is settled (this process owns the
   * store); on a read, lines this process is still writing are left alone.
   */
  async function reconcile(productId?: string): Promise<{ applied: number; abandoned: number }> {
    const settled = { applied: 0, abandoned: 0 };
    const pending = (await history.find({ state: 'pending', ...(productId ? { productId } : {}) })).filter((h) => !inFlight.has(h._id));
    const seen = new Map<string, ProductDoc | null>();
    for (const line of pending) {
      if (!seen.has(line.productId)) seen.set(line.productId, await products.findOne({ _id: line.productId }));
      const proof = seen.get(line.productId)?.appliedAdjustments?.find((a) => a.id === line._id);
      if (await settle(line._id, proof ? 'applied' : 'abandoned', proof)) settled[proof ? 'applied' : 'abandoned']++;
    }
    return settled;
  }

  /** At start, after the migrations (lines from before states existed are applied): lines a crash left pending are settled. */
  async function recover(): Promise<{ applied: number; abandoned: number }> {
    return reconcile();
  }

  /**
   * Moves a line to its final state; true when this call did. Only a pending line is abandoned; a line is applied
   * from the proof even if another process abandoned it meanwhile, because the proof shows the stock moved.
   */
  async function settle(id: string, state: 'applied' | 'abandoned', applied?: AppliedAdjustment): Promise<boolean> {
    const set: Partial<StockHistoryDoc> = applied ? { state, seq: applied.seq, availableAfter: applied.availableAfter } : { state };
    const filter = state === 'applied' ? { _id: id, state: { $ne: 'applied' } } : { _id: id, state: 'pending' };
    const { modifiedCount } = await history.updateOne(filter, { $set: set });
    return modifiedCount > 0;
  }

  /**
   * Available from the product; reserved and sold from the reservations that hold or took its units. A refunded
   * order is neither: its payment was given back, so it is not a sale (its units stay off the shelf).
   */
  async function stockOf(productId: string): Promise<ProductStock> {
    await reconcile(productId);
    const product = await products.findOne({ _id: productId });
    if (!product) throw notFound(NOT_FOUND);
    const holding = await reservations.find({ 'items.productId': productId, status: { $in: ['pending', 'reserved', 'committed'] } });
    let reserved = 0;
    let sold = 0;
    for (const r of holding) {
      const quantity = r.items.filter((i) => i.productId === productId).reduce((sum, i) => sum + i.quantity, 0);
      if (r.status === 'committed') sold += quantity;
      else if (r.status === 'reserved' || r.applied.includes(productId)) reserved += quantity;
    }
    const lines = await history.find({ productId, state: 'applied' }, { sort: { seq: -1 }, limit: STOCK_HISTORY_SHOWN });
    return { productId, available: product.totalStock, reserved, sold, history: lines.map(toEntry) };
  }

  return { adjust, restockLine, insertWithInitialStock, reconcile, recover, stockOf };
}
