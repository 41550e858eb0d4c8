import type { Collection, Doc } from '@pharmacy/db';
import { isDuplicateKeyError } from '@pharmacy/db';
import { CatalogErrorCodes, effectiveMaxPerOrder, type BatchTake, type Reservation, type ReservationStatus, type StockLine } from '@pharmacy/contracts';
import { HttpError, notFound, unprocessable } from '@pharmacy/service-kit';
import type { ProductDoc } from '../products/model';
import type { ProductReadModel } from '../products/readModel';
import type { StockAdjustments } from './adjustments';
import { isPastExpiry, moveStock, moveUnits, planTake, sellableUnits, toLegacyHome, toTakes } from './batches';

/** A reservation's line: the batches its units came from (missing on reservations made before batches). */
export type HeldLine = StockLine & { batches?: BatchTake[] };

/**
 * A stock reservation made for one order. `pending` only exists while a reserve is running (or if the
 * process died during one: `recoverPending` gives back what it had taken, proven by the product's `takenFor`).
 */
export interface ReservationDoc extends Doc {
  _id: string;
  items: HeldLine[];
  /** `restocking` only while a restock runs (or one a crash interrupted: finished at start by `recoverRestocking`). */
  status: ReservationStatus | 'pending' | 'restocking';
  applied: string[];
  createdAt: Date;
  updatedAt: Date;
}

export const RESERVATIONS = 'reservations';

/**
 * How many reservation ids a product keeps as proof of a take. Only a reserve a crash interrupted needs its id,
 * at the next start; for it to be pushed out, this many other reserves of the same product would have had to take
 * units after it and before the process stopped.
 */
export const TAKES_KEPT = 64;

const outOfStock = (message: string) => new HttpError(409, CatalogErrorCodes.OUT_OF_STOCK, message);

/** Same products and quantities, whatever the order (a retried reserve must ask for the same thing). */
const sameItems = (a: StockLine[], b: StockLine[]) => {
  const key = (items: StockLine[]) => items.map((i) => `${i.productId}:${i.quantity}`).sort().join('|');
  return key(a) === key(b);
};

const toReservation = (r: ReservationDoc): Reservation => ({
  reservationId: r._id,
  status: r.status === 'pending' ? 'reserved' : r.status === 'restocking' ? 'restocked' : r.status,
  items: r.items.map((i) => ({ productId: i.productId, quantity: i.quantity, ...(i.batches ? { batches: i.batches } : {}) })),
  createdAt: r.createdAt.toISOString(),
});

export interface StockServiceDeps {
  products: Collection<ProductDoc>;
  reservations: Collection<ReservationDoc>;
  readModel: ProductReadModel;
  adjustments: StockAdjustments;
  now: () => Date;
  /** The pharmacy's calendar day (batches/dayOf). */
  today: () => string;
}

export type StockService = ReturnType<typeof createStockService>;

/**
 * Stock operations for checkout. Each product's batches only move through a conditional update on the product's
 * stock revision (batches/moveStock), so concurrent orders can never take a batch below zero; a reservation's
 * status only moves through a conditional update too, so release gives stock back exactly once. A refund moves a
 * sold reservation to `refunded` and leaves the stock alone; a restock puts a sold order's units back on the shelf.
 */
export function createStockService({ products, reservations, readModel, adjustments, now: clock, today: todayOf }: StockServiceDeps) {
  async function reserve(reservationId: string, requested: StockLine[]): Promise<Reservation> {
    const items = mergeLines(requested);
    const now = clock();
    const today = todayOf();
    try {
      // Claiming the id first makes a repeated or concurrent reserve with the same id a no-op.
      await reservations.insertOne({ _id: reservationId, items, status: 'pending', applied: [], createdAt: now, updatedAt: now });
    } catch (e) {
      if (!isDuplicateKeyError(e)) throw e;
      return existing(reservationId, items);
    }

    const applied: HeldLine[] = [];
    const held = () => items.map((line) => applied.find((a) => a.productId === line.productId) ?? line);
    try {
      for (const line of items) {
        applied.push({ ...line, batches: await take(reservationId, line, today) });
        // The last take is recorded with the status below, in one write: a stop before it leaves the reservation
        // pending, and recoverPending gives the units back by the product's proof of the take (takes).
        if (applied.length < items.length) {
          await reservations.updateOne({ _id: reservationId }, { $set: { applied: applied.map((l) => l.productId), items: held() } });
        }
      }
    } catch (e) {
      // All or nothing: give back what this call took and forget the id so the order can be retried.
      for (const line of applied) await giveBackTake(reservationId, line);
      await reservations.deleteOne({ _id: reservationId, status: 'pending' });
      throw e;
    }
    const reserved = await reservations.findOneAndUpdate(
      { _id: reservationId, status: 'pending' },
      { $set: { status: 'reserved', applied: applied.map((l) => l.productId), items: held(), updatedAt: new Date() } },
      { returnDocument: 'after' },
    );
    return toReservation(reserved!);
  }

  async function commit(reservationId: string): Promise<Reservation> {
    const done = await reservations.findOneAndUpdate(
      { _id: reservationId, status: 'reserved' },
      { $set: { status: 'committed', updatedAt: new Date() } },
      { returnDocument: 'after' },
    );
    if (done) return toReservation(done);
    const current = await find(reservationId);
    if (current.status === 'committed' || current.status === 'refunded' || isRestock(current)) return toReservation(current);
    if (current.status === 'released') {
      throw new HttpError(409, CatalogErrorCodes.RESERVATION_RELEASED, 'This reservation was released; its stock is no longer held.');
    }
    throw new HttpError(409, CatalogErrorCodes.RESERVATION_IN_PROGRESS, 'This reservation is still being made. Try again shortly.');
  }

  async function release(reservationId: string): Promise<Reservation> {
    // Whoever moves reserved -> released gives the stock back; everyone else finds it already released.
    const released = await reservations.findOneAndUpdate(
      { _id: reservationId, status: 'reserved' },
      { $set: { status: 'released', updatedAt: new Date() } },
      { returnDocument: 'after' },
    );
    if (released) {
      for (const line of released.items) await giveBack(line);
      return toReservation(released);
    }
    const current = await find(reservationId);
    // Restocked units are already back on the shelf: releasing them again would count them twice.
    if (current.status === 'released' || isRestock(current)) return toReservation(current);
    if (current.status === 'committed' || current.status === 'refunded') {
      throw new HttpError(409, CatalogErrorCodes.RESERVATION_COMMITTED, 'This reservation is committed to a paid order and cannot be released.');
    }
    throw new HttpError(409, CatalogErrorCodes.RESERVATION_IN_PROGRESS, 'This reservation is still being made. Try again shortly.');
  }

  /**
   * A paid order refunded: its units no longer count as sold. They stay off the shelf (what comes back is staff's
   * `returned` adjustment). A reservation still `reserved` is a paid order whose commit has not arrived yet.
   */
  async function refund(reservationId: string): Promise<Reservation> {
    const refunded = await reservations.findOneAndUpdate(
      { _id: reservationId, status: { $in: ['reserved', 'committed'] } },
      { $set: { status: 'refunded', updatedAt: new Date() } },
      { returnDocument: 'after' },
    );
    if (refunded) return toReservation(refunded);
    const current = await find(reservationId);
    if (current.status === 'refunded' || isRestock(current)) return toReservation(current);
    if (current.status === 'released') {
      throw new HttpError(409, CatalogErrorCodes.RESERVATION_RELEASED, 'This reservation was released; there is no sale to refund.');
    }
    throw new HttpError(409, CatalogErrorCodes.RESERVATION_IN_PROGRESS, 'This reservation is still being made. Try again shortly.');
  }

  /**
   * A paid order that will not be dispensed (a pharmacist rejected it): its units go back on the shelf, exactly once.
   * The reservation moves to `restocking` by a conditional update, each product's units go back with a history line
   * whose id is fixed per reservation and product (so a second call, or the recovery of one a crash interrupted,
   * cannot add them twice), then it becomes `restocked`. A reservation still `reserved` (its commit has not arrived)
   * holds units off the shelf just the same.
   */
  async function restock(reservationId: string): Promise<Reservation> {
    let started = await reservations.findOneAndUpdate(
      { _id: reservationId, status: { $in: ['reserved', 'committed', 'refunded'] } },
      { $set: { status: 'restocking', updatedAt: new Date() } },
      { returnDocument: 'after' },
    );
    if (!started) {
      const current = await find(reservationId);
      if (current.status === 'restocked') return toReservation(current);
      if (current.status === 'released') {
        throw new HttpError(409, CatalogErrorCodes.RESERVATION_RELEASED, 'This reservation was released; its stock is already back on the shelf.');
      }
      if (current.status !== 'restocking') {
        throw new HttpError(409, CatalogErrorCodes.RESERVATION_IN_PROGRESS, 'This reservation is still being made. Try again shortly.');
      }
      started = current; // a retry, or a restock a crash interrupted: finish it
    }
    return finishRestock(started);
  }

  /** At start: restocks a crash interrupted are finished (each line at most once). */
  async function recoverRestocking(): Promise<number> {
    const interrupted = await reservations.find({ status: 'restocking' });
    for (const r of interrupted) await finishRestock(r);
    return interrupted.length;
  }

  async function finishRestock(r: ReservationDoc): Promise<Reservation> {
    const note = `Back on the shelf: a paid order that was not dispensed (reservation ${r._id}).`;
    for (const line of r.items) {
      // One line per batch, its id fixed per reservation, product and batch: a retry or a recovery moves none twice.
      if (!line.batches) await adjustments.restockLine(line.productId, `restock:${r._id}:${line.productId}`, line.quantity, note);
      for (const b of line.batches ?? []) {
        await adjustments.restockLine(line.productId, `restock:${r._id}:${line.productId}:${b.batchId}`, b.quantity, note, b.batchId);
      }
    }
    const done = await reservations.findOneAndUpdate(
      { _id: r._id, status: 'restocking' },
      { $set: { status: 'restocked', updatedAt: new Date() } },
      { returnDocument: 'after' },
    );
    return toReservation(done ?? (await find(r._id)));
  }

  /**
   * At start: a reserve interrupted by a crash gives back what it had taken. The product's `takes` proves a take, batch
   * by batch (it moved in the same update as the stock), so a crash right after the take, before the reservation listed it in
   * `applied`, still gives the units back; and each give-back removes that proof in its own update, so a crash during
   * recovery never gives a unit back twice. A product stored before takes carried proof falls back on `applied`.
   */
  async function recoverPending(): Promise<number> {
    const pending = await reservations.find({ status: 'pending' });
    for (const r of pending) {
      for (const line of r.items) {
        const product = await products.findOne({ _id: line.productId }, { projection: { takenFor: 1, takes: 1 } });
        if (product && product.takenFor === undefined && product.takes === undefined) {
          if (r.applied.includes(line.productId)) await giveBack(line);
        } else {
          await giveBackTake(r._id, line);
        }
      }
      await reservations.deleteOne({ _id: r._id, status: 'pending' });
    }
    return pending.length;
  }

  /**
   * Takes the line's units from the product's batches, earliest expiry first, and records the take (batch by batch)
   * on the product, in one update (see recoverPending). A batch past its expiry is first moved to expired (with its
   * history line), so units are never taken from it the day after its expiry even before the sweep runs.
   */
  async function take(reservationId: string, line: StockLine, today: string): Promise<BatchTake[]> {
    const known = readModel.get(line.productId);
    if (known && line.quantity > effectiveMaxPerOrder(known.maxPerOrder)) {
      throw unprocessable(`${known.title} is limited to ${effectiveMaxPerOrder(known.maxPerOrder)} per order.`, CatalogErrorCodes.MAX_PER_ORDER);
    }
    // At most one round records expiries; the take after it skips any batch past its date whatever happened.
    for (let round = 0; ; round++) {
      let expiredFound = false;
      let moved;
      try {
        moved = await moveStock(products, line.productId, (p) => {
          if (round === 0 && p.batches.some((b) => b.state === 'sellable' && isPastExpiry(b, today))) {
            expiredFound = true;
            return null;
          }
          const plan = planTake(p.batches, line.quantity, today);
          if (!plan) {
            const left = sellableUnits(p.batches);
            throw outOfStock(left > 0 ? `Only ${left} of ${p.title} left in stock.` : `${p.title} is out of stock.`);
          }
          const takes = [...(p.takes ?? []), { reservationId, batches: plan }].slice(-TAKES_KEPT);
          return { set: { batches: moveUnits(p.batches, plan, -1), takes }, result: toTakes(p.batches, plan) };
        });
      } catch (e) {
        if (e instanceof HttpError && e.statusCode === 404) throw outOfStock('A product in your order is no longer available.');
        throw e;
      }
      if (expiredFound) {
        await adjustments.expireDue(today, line.productId);
        continue;
      }
      readModel.refresh(moved.after!);
      return moved.result!;
    }
  }

  /**
   * Gives back what this reservation's take moved, batch by batch, only if the product still carries its proof, and
   * removes the proof in the same update. A take from before batches (`takenFor`) goes back to the opening stock.
   */
  async function giveBackTake(reservationId: string, line: StockLine): Promise<void> {
    const { after } = await moveStock(products, line.productId, (p) => {
      const proof = p.takes?.find((t) => t.reservationId === reservationId);
      if (proof) {
        return { set: { batches: moveUnits(p.batches, proof.batches, 1), takes: p.takes!.filter((t) => t !== proof) }, result: null };
      }
      if (!p.takenFor?.includes(reservationId)) return null;
      return { set: { batches: toLegacyHome(p.batches, line.quantity), takenFor: p.takenFor.filter((id) => id !== reservationId) }, result: null };
    }).catch(ignoreDeleted);
    if (after) readModel.refresh(after);
  }

  /** Units of a released reservation back to the batches they came from (to a recalled or expired one: off sale). */
  async function giveBack(line: HeldLine): Promise<void> {
    const { after } = await moveStock(products, line.productId, (p) => ({
      set: { batches: line.batches ? moveUnits(p.batches, line.batches, 1) : toLegacyHome(p.batches, line.quantity) },
      result: null,
    })).catch(ignoreDeleted);
    if (after) readModel.refresh(after);
  }

  async function find(reservationId: string): Promise<ReservationDoc> {
    const current = await reservations.findOne({ _id: reservationId });
    if (!current) throw notFound('No such reservation.');
    return current;
  }

  async function existing(reservationId: string, items: StockLine[]): Promise<Reservation> {
    const current = await find(reservationId);
    if (!sameItems(current.items, items)) {
      throw new HttpError(409, CatalogErrorCodes.RESERVATION_MISMATCH, 'This reservation id was already used for other items.');
    }
    if (current.status === 'pending') {
      throw new HttpError(409, CatalogErrorCodes.RESERVATION_IN_PROGRESS, 'This reservation is still being made. Try again shortly.');
    }
    return toReservation(current);
  }

  return { reserve, commit, release, refund, restock, recoverRestocking, recoverPending };
}

/** A product deleted since has no shelf to go back to: nothing moves. */
const ignoreDeleted = (e: unknown): { after: null } => {
  if (e instanceof HttpError && e.statusCode === 404) return { after: null };
  throw e;
};

const isRestock = (r: ReservationDoc) => r.status === 'restocked' || r.status === 'restocking';

/** One line per product: a cart may name a product twice, stock is taken once for the sum. */
function mergeLines(lines: StockLine[]): StockLine[] {
  const byId = new Map<string, number>();
  for (const l of lines) byId.set(l.productId, (byId.get(l.productId) ?? 0) + l.quantity);
  return [...byId].map(([productId, quantity]) => ({ productId, quantity }));
}
