import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isDuplicateKeyError, type Collection, type Doc } from '@pharmacy/db';
import {
  CatalogErrorCodes,
  INITIAL_STOCK_REASON,
  RESTOCK_BY,
  STOCK_MAX,
  type BatchReceiveInput,
  type ProductBatch,
  type ProductStock,
  type StockAdjustmentInput,
  type StockHistoryEntry,
} from '@pharmacy/contracts';
import { HttpError, badRequest, notFound, type ChangedBy } from '@pharmacy/service-kit';
import type { ProductDoc } from '../products/model';
import type { ProductReadModel } from '../products/readModel';
import { batchesOf, byExpiry, isPastExpiry, legacyHome, moveStock, moveUnits, sellableUnits, toLegacyHome, type BatchDoc } from './batches';
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
  /** The change to the available units (a batch off sale moves none; the line's note says what happened to it). */
  delta: number;
  reason: StockHistoryEntry['reason'];
  note: string;
  /** The batch it moved (missing on lines from before batches). */
  batchId?: string;
  lot?: string;
  /** Null while pending: the count is only known once the stock has moved. */
  availableAfter: number | null;
}

/** What the product itself keeps of an adjustment that moved its stock, in the same update that moved it. */
export interface AppliedAdjustment {
  id: string;
  seq: number;
  availableAfter: number;
  /** The change to the available units, when the pending line could only estimate it (an expiry, a recall). */
  delta?: number;
}

export const STOCK_HISTORY = 'stock_history';
/** The admin form shows this many of the most recent changes. */
export const STOCK_HISTORY_SHOWN = 50;
/**
 * How many applied adjustment ids a product keeps. A pending line is settled at the next start or read, long
 * before this many later adjustments could push its id out.
 */
export const APPLIED_ADJUSTMENTS_KEPT = 50;

const toEntry = (h: StockHistoryDoc): StockHistoryEntry => ({
  _id: h._id,
  by: h.by,
  ...(h.byName ? { byName: h.byName } : {}),
  at: h.at.toISOString(),
  delta: h.delta,
  reason: h.reason,
  ...(h.batchId ? { batchId: h.batchId } : {}),
  ...(h.lot ? { lot: h.lot } : {}),
  note: h.note,
  availableAfter: h.availableAfter ?? 0,
});

/** How much an adjustment of `delta` units of this batch moves what shoppers can buy: nothing for a batch off sale. */
const sellableDelta = (batch: BatchDoc, delta: number): number => (batch.state === 'sellable' ? delta : 0);

/** A real calendar date (2026-02-30 matches the pattern but is not one). */
const isCalendarDate = (day: string): boolean => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

/** Who a line the shop records on its own names (its byName says which check: expiry, recall). */
export const BATCH_EVENT_BY = 'shop';

export const units = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;
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

  /** What a history line says before the stock moves (its count and order are known once it has). */
  type LineFields = Pick<StockHistoryDoc, 'by' | 'byName' | 'delta' | 'reason' | 'note' | 'batchId' | 'lot'>;
  /** A batch move's outcome: the batches as they become and the units it moved (null: nothing to do). */
  type LineChange = { batches: BatchDoc[]; delta: number } | null;

  /**
   * The one way a history line and its stock move are written: the line pending first (a line with a fixed `id`
   * found applied is not moved again), then one conditional update that moves the batches and records the id on the
   * product, then the line applied. A refusal (HttpError) or nothing to do removes the line; any other failure leaves
   * it pending, settled from the product on the next read or start.
   */
  async function record(productId: string, id: string, line: LineFields, change: (p: ProductDoc & { batches: BatchDoc[] }) => LineChange) {
    inFlight.add(id);
    try {
      try {
        await history.insertOne({ _id: id, productId, ...line, at: new Date(), state: 'pending', seq: null, availableAfter: null });
      } catch (e) {
        if (!isDuplicateKeyError(e)) throw e;
        const found = await history.findOne({ _id: id });
        if (found?.state === 'applied') return { after: null, applied: { id, seq: found.seq ?? 0, availableAfter: found.availableAfter ?? 0 } };
      }
      let moved: { after: ProductDoc | null; result: AppliedAdjustment | null };
      try {
        let done: AppliedAdjustment | undefined;
        moved = await moveStock(products, productId, (p) => {
          done = p.appliedAdjustments?.find((a) => a.id === id);
          if (done) return null;
          const c = change(p);
          if (!c) return null;
          const availableAfter = sellableUnits(c.batches);
          if (availableAfter > STOCK_MAX) {
            throw new HttpError(409, CatalogErrorCodes.STOCK_INSUFFICIENT, `Stock cannot go above ${STOCK_MAX}: ${units(p.totalStock)} available now.`);
          }
          const applied: AppliedAdjustment = { id, seq: (p.adjustments ?? 0) + 1, availableAfter, delta: c.delta };
          const appliedAdjustments = [...(p.appliedAdjustments ?? []), applied].slice(-APPLIED_ADJUSTMENTS_KEPT);
          return { set: { batches: c.batches, adjustments: applied.seq, appliedAdjustments }, result: applied };
        });
        if (done) moved = { after: null, result: done };
      } catch (e) {
        if (e instanceof HttpError) await history.deleteOne({ _id: id, state: { $ne: 'applied' } }).catch(() => undefined);
        throw e;
      }
      if (!moved.result) {
        await history.deleteOne({ _id: id, state: { $ne: 'applied' } });
        return null;
      }
      const made = { after: moved.after, applied: moved.result };
      await afterMove(productId, id, made, 'stock moved');
      return made;
    } finally {
      inFlight.delete(id);
    }
  }

  /** The batch an adjustment names; a product with one batch may leave it unnamed. */
  async function batchFor(productId: string, batchId: string | undefined): Promise<BatchDoc> {
    const product = await products.findOne({ _id: productId });
    if (!product) throw notFound(NOT_FOUND);
    const batches = batchesOf(product);
    if (batchId === undefined) {
      if (batches.length === 1) return batches[0];
      throw badRequest(batches.length === 0 ? 'This product has no batches yet: receive a batch first.' : 'Choose the batch this adjustment is for.');
    }
    const batch = batches.find((b) => b.id === batchId);
    if (!batch) throw notFound("That batch is not one of this product's batches.");
    return batch;
  }

  async function adjust(productId: string, input: StockAdjustmentInput, by: ChangedBy): Promise<AdjustmentMade> {
    const { delta, reason } = input;
    if (delta === 0) throw badRequest('An adjustment must add or remove at least 1 unit.');
    const batch = await batchFor(productId, input.batchId);
    const note = input.note?.trim() ?? '';
    const made = await record(productId, randomUUID(), { ...staffLine(by), delta, reason, note, batchId: batch.id, lot: batch.lot }, (p) => {
      const current = p.batches.find((b) => b.id === batch.id)!;
      if (current.remaining + delta < 0) {
        throw new HttpError(
          409,
          CatalogErrorCodes.STOCK_INSUFFICIENT,
          `Only ${units(current.remaining)} of lot ${current.lot} on the shelf, so ${units(-delta)} cannot be removed (held and sold units are not on the shelf count).`,
        );
      }
      return { batches: moveUnits(p.batches, [{ batchId: batch.id, quantity: Math.abs(delta) }], delta > 0 ? 1 : -1), delta: sellableDelta(current, delta) };
    });
    const { availableAfter, delta: moved } = made!.applied;
    return { stock: await stockOf(productId), title: made!.after?.title ?? productId, before: availableAfter - (moved ?? delta), after: availableAfter };
  }

  /**
   * Receives stock as a batch: a new lot, or more of a lot already on the product with the same expiry (another
   * expiry under that lot is refused, naming it). The expiry must be after today.
   */
  async function receive(productId: string, input: BatchReceiveInput, by: ChangedBy, today: string): Promise<AdjustmentMade & { batch: BatchDoc }> {
    const lot = input.lot.trim();
    if (!lot) throw badRequest('Enter the lot number printed on the pack.');
    if (!isCalendarDate(input.expiresOn)) throw badRequest(`${input.expiresOn} is not a date: enter the expiry as YYYY-MM-DD.`);
    if (input.expiresOn <= today) {
      throw badRequest(`Lot ${lot} expires on ${input.expiresOn}: stock that expires today or earlier cannot be received for sale.`);
    }
    const product = await products.findOne({ _id: productId });
    if (!product) throw notFound(NOT_FOUND);
    const sameLot = (b: BatchDoc) => b.lot.toLowerCase() === lot.toLowerCase();
    const known = batchesOf(product).find(sameLot);
    const batchId = known?.id ?? randomUUID();
    const note = input.note?.trim() ?? '';
    let received: BatchDoc | undefined;
    const line = { ...staffLine(by), delta: input.quantity, reason: 'received' as const, note, batchId, lot: known?.lot ?? lot };
    const made = await record(productId, randomUUID(), line, (p) => {
      const existing = p.batches.find(sameLot);
      if (existing && existing.expiresOn !== input.expiresOn) {
        throw new HttpError(
          409,
          CatalogErrorCodes.BATCH_CONFLICT,
          `Lot ${existing.lot} is already on this product with expiry ${existing.expiresOn}; a lot has one expiry. Check the pack.`,
        );
      }
      if (existing && existing.state !== 'sellable') {
        throw new HttpError(409, CatalogErrorCodes.BATCH_CONFLICT, `Lot ${existing.lot} is ${existing.state}: its stock cannot be sold, so none can be added to it.`);
      }
      const batches: BatchDoc[] = existing
        ? p.batches.map((b) => (b === existing ? { ...b, received: b.received + input.quantity, remaining: b.remaining + input.quantity } : b))
        : [...p.batches, { id: batchId, lot, expiresOn: input.expiresOn, receivedAt: new Date(), received: input.quantity, remaining: input.quantity, state: 'sellable' }];
      received = batches.find(sameLot);
      return { batches, delta: input.quantity };
    });
    const { availableAfter } = made!.applied;
    return { stock: await stockOf(productId), title: made!.after?.title ?? productId, before: availableAfter - input.quantity, after: availableAfter, batch: received! };
  }

  /**
   * Puts `quantity` units of a paid order back on the shelf, exactly once, with a `returned` history line, into the
   * batch they came from (a recalled or expired one keeps them off sale). The line's id is fixed per reservation,
   * product and batch (`id`), so a retried or recovered restock finds the line, or the proof on the product, and does
   * not move the stock again. A product deleted since has no shelf to go back to: nothing moves.
   */
  async function restockLine(productId: string, id: string, quantity: number, note: string, batchId?: string): Promise<void> {
    const product = await products.findOne({ _id: productId });
    if (!product) {
      await history.deleteOne({ _id: id, state: { $ne: 'applied' } });
      return;
    }
    const home = batchesOf(product).find((b) => b.id === batchId) ?? legacyHome(batchesOf(product));
    const line = { by: RESTOCK_BY, delta: quantity, reason: 'returned' as const, note, ...(home ? { batchId: home.id, lot: home.lot } : {}) };
    try {
      await record(productId, id, line, (p) => {
        const target = p.batches.find((b) => b.id === home?.id);
        if (!target) return { batches: toLegacyHome(p.batches, quantity), delta: quantity };
        return { batches: moveUnits(p.batches, [{ batchId: target.id, quantity }], 1), delta: sellableDelta(target, quantity) };
      });
    } catch (e) {
      if (e instanceof HttpError && e.statusCode === 404) return;
      throw e;
    }
  }

  /**
   * Moves one batch out of sale (expired, or recalled) with a history line whose id is fixed per event, so a retry
   * or a second process never records it twice. Null when the batch was already in that state (nothing moved).
   */
  async function takeOffSale(
    productId: string,
    batch: BatchDoc,
    event: { id: string; by: string; byName: string; note: string; to: 'expired' | 'recalled'; recallId?: string },
  ) {
    const { id, to, recallId, ...line } = event;
    const reason = to;
    return record(productId, id, { ...line, reason, delta: batch.state === 'sellable' ? -batch.remaining : 0, batchId: batch.id, lot: batch.lot }, (p) => {
      const current = p.batches.find((b) => b.id === batch.id);
      if (!current || current.state === to || (to === 'expired' && current.state !== 'sellable')) return null;
      const batches = p.batches.map((b) => (b === current ? { ...b, state: to, ...(recallId ? { recallId } : {}) } : b));
      return { batches, delta: current.state === 'sellable' ? -current.remaining : 0 };
    });
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
        ...(doc.batches?.[0] ? { batchId: doc.batches[0].id, lot: doc.batches[0].lot } : {}),
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
    const set: Partial<StockHistoryDoc> = applied
      ? { state, seq: applied.seq, availableAfter: applied.availableAfter, ...(applied.delta !== undefined ? { delta: applied.delta } : {}) }
      : { state };
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
    const reservedIn = new Map<string, number>();
    for (const r of holding) {
      const lines = r.items.filter((i) => i.productId === productId);
      const quantity = lines.reduce((sum, i) => sum + i.quantity, 0);
      if (r.status === 'committed') sold += quantity;
      else if (r.status === 'reserved' || r.applied.includes(productId)) {
        reserved += quantity;
        for (const b of lines.flatMap((i) => i.batches ?? [])) reservedIn.set(b.batchId, (reservedIn.get(b.batchId) ?? 0) + b.quantity);
      }
    }
    const lines = await history.find({ productId, state: 'applied' }, { sort: { seq: -1 }, limit: STOCK_HISTORY_SHOWN });
    const batches = batchesOf(product).sort(byExpiry).map((b): ProductBatch => ({
      id: b.id,
      lot: b.lot,
      expiresOn: b.expiresOn,
      state: b.state,
      receivedAt: new Date(b.receivedAt).toISOString(),
      received: b.received,
      remaining: b.remaining,
      reserved: reservedIn.get(b.id) ?? 0,
    }));
    return { productId, available: product.totalStock, reserved, sold, batches, history: lines.map(toEntry) };
  }

  /**
   * Every sellable batch past its expiry on `today` (of one product, or all) moves to expired, with a history line
   * "Expired: lot X, N units off sale" whose id is fixed per batch: the sweep and a reserve's check can both find it
   * and only one records it.
   */
  async function expireDue(today: string, productId?: string): Promise<number> {
    const due = await products.find({ ...(productId ? { _id: productId } : {}), batches: { $elemMatch: { state: 'sellable', expiresOn: { $lt: today } } } });
    let expired = 0;
    for (const product of due) {
      for (const batch of batchesOf(product).filter((b) => b.state === 'sellable' && isPastExpiry(b, today))) {
        const note = `Expired: lot ${batch.lot}, ${units(batch.remaining)} off sale.`;
        const made = await takeOffSale(product._id, batch, { id: `expired:${batch.id}`, by: BATCH_EVENT_BY, byName: 'Expiry check', note, to: 'expired' });
        if (made) expired++;
      }
    }
    return expired;
  }

  return { adjust, receive, restockLine, takeOffSale, expireDue, insertWithInitialStock, reconcile, recover, stockOf };
}
