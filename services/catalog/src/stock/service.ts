import type { Collection, Doc } from '@pharmacy/db';
import { isDuplicateKeyError } from '@pharmacy/db';
import { CatalogErrorCodes, effectiveMaxPerOrder, type Reservation, type ReservationStatus, type StockLine } from '@pharmacy/contracts';
import { HttpError, notFound, unprocessable } from '@pharmacy/service-kit';
import type { ProductDoc } from '../products/model';
import type { ProductReadModel } from '../products/readModel';
import type { StockAdjustments } from './adjustments';

/**
 * A stock reservation made for one order. `pending` only exists while a reserve is running (or if the
 * process died during one: `recoverPending` gives back what it had taken, proven by the product's `takenFor`).
 */
export interface ReservationDoc extends Doc {
  _id: string;
  items: StockLine[];
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
  items: r.items.map((i) => ({ productId: i.productId, quantity: i.quantity })),
  createdAt: r.createdAt.toISOString(),
});

export interface StockServiceDeps {
  products: Collection<ProductDoc>;
  reservations: Collection<ReservationDoc>;
  readModel: ProductReadModel;
  adjustments: StockAdjustments;
}

export type StockService = ReturnType<typeof createStockService>;

/**
 * Stock operations for checkout. Each product's stock only moves through a conditional update
 * (`totalStock >= q` then `$inc -q`), so concurrent orders can never take it below zero; a reservation's
 * status only moves through a conditional update too, so release gives stock back exactly once. A refund moves a
 * sold reservation to `refunded` and leaves the stock alone; a restock puts a sold order's units back on the shelf.
 */
export function createStockService({ products, reservations, readModel, adjustments }: StockServiceDeps) {
  async function reserve(reservationId: string, requested: StockLine[]): Promise<Reservation> {
    const items = mergeLines(requested);
    const now = new Date();
    try {
      // Claiming the id first makes a repeated or concurrent reserve with the same id a no-op.
      await reservations.insertOne({ _id: reservationId, items, status: 'pending', applied: [], createdAt: now, updatedAt: now });
    } catch (e) {
      if (!isDuplicateKeyError(e)) throw e;
      return existing(reservationId, items);
    }

    const applied: StockLine[] = [];
    try {
      for (const line of items) {
        await take(reservationId, line);
        applied.push(line);
        // The last take is recorded with the status below, in one write: a stop before it leaves the reservation
        // pending, and recoverPending gives the units back by the product's proof of the take (takenFor).
        if (applied.length < items.length) await reservations.updateOne({ _id: reservationId }, { $set: { applied: applied.map((l) => l.productId) } });
      }
    } catch (e) {
      // All or nothing: give back what this call took and forget the id so the order can be retried.
      for (const line of applied) await giveBackTake(reservationId, line);
      await reservations.deleteOne({ _id: reservationId, status: 'pending' });
      throw e;
    }
    const reserved = await reservations.findOneAndUpdate(
      { _id: reservationId, status: 'pending' },
      { $set: { status: 'reserved', applied: applied.map((l) => l.productId), updatedAt: new Date() } },
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
    for (const line of r.items) await adjustments.restockLine(line.productId, `restock:${r._id}:${line.productId}`, line.quantity, note);
    const done = await reservations.findOneAndUpdate(
      { _id: r._id, status: 'restocking' },
      { $set: { status: 'restocked', updatedAt: new Date() } },
      { returnDocument: 'after' },
    );
    return toReservation(done ?? (await find(r._id)));
  }

  /**
   * At start: a reserve interrupted by a crash gives back what it had taken. The product's `takenFor` proves a take
   * (it moved in the same update as the stock), so a crash right after the take, before the reservation listed it in
   * `applied`, still gives the units back; and each give-back removes that proof in its own update, so a crash during
   * recovery never gives a unit back twice. A product stored before takes carried proof falls back on `applied`.
   */
  async function recoverPending(): Promise<number> {
    const pending = await reservations.find({ status: 'pending' });
    for (const r of pending) {
      for (const line of r.items) {
        const product = await products.findOne({ _id: line.productId }, { projection: { takenFor: 1 } });
        if (product && product.takenFor === undefined) {
          if (r.applied.includes(line.productId)) await giveBack(line);
        } else {
          await giveBackTake(r._id, line);
        }
      }
      await reservations.deleteOne({ _id: r._id, status: 'pending' });
    }
    return pending.length;
  }

  /** Takes the line's units and records the reservation on the product in one update (see recoverPending). */
  async function take(reservationId: string, line: StockLine): Promise<void> {
    const known = readModel.get(line.productId);
    if (known && line.quantity > effectiveMaxPerOrder(known.maxPerOrder)) {
      throw unprocessable(`${known.title} is limited to ${effectiveMaxPerOrder(known.maxPerOrder)} per order.`, CatalogErrorCodes.MAX_PER_ORDER);
    }
    const after = await products.findOneAndUpdate(
      { _id: line.productId, totalStock: { $gte: line.quantity } },
      { $inc: { totalStock: -line.quantity }, $push: { takenFor: { $each: [reservationId], $slice: -TAKES_KEPT } } },
      { returnDocument: 'after' },
    );
    if (after) {
      readModel.refresh(after);
      return;
    }
    const product = await products.findOne({ _id: line.productId });
    if (!product) throw outOfStock('A product in your order is no longer available.');
    throw outOfStock(
      product.totalStock > 0
        ? `Only ${product.totalStock} of ${product.title} left in stock.`
        : `${product.title} is out of stock.`,
    );
  }

  /** Gives back what this reservation's take moved, only if the product still carries its proof, and removes it. */
  async function giveBackTake(reservationId: string, line: StockLine): Promise<void> {
    const after = await products.findOneAndUpdate(
      { _id: line.productId, takenFor: reservationId },
      { $inc: { totalStock: line.quantity }, $pull: { takenFor: reservationId } },
      { returnDocument: 'after' },
    );
    if (after) readModel.refresh(after);
  }

  async function giveBack(line: StockLine): Promise<void> {
    const after = await products.findOneAndUpdate({ _id: line.productId }, { $inc: { totalStock: line.quantity } }, { returnDocument: 'after' });
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

const isRestock = (r: ReservationDoc) => r.status === 'restocked' || r.status === 'restocking';

/** One line per product: a cart may name a product twice, stock is taken once for the sum. */
function mergeLines(lines: StockLine[]): StockLine[] {
  const byId = new Map<string, number>();
  for (const l of lines) byId.set(l.productId, (byId.get(l.productId) ?? 0) + l.quantity);
  return [...byId].map(([productId, quantity]) => ({ productId, quantity }));
}
