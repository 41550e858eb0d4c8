/**
 * A product's batches (docs/domain.md#batches): every unit on the shelf belongs to a lot with an expiry date. The
 * batches live in the product document, so a take from several of them, the product's `totalStock` and the proof of
 * the take move in one conditional update (on `stockRevision`): never below zero, all or nothing, exactly once.
 */
import { randomUUID } from 'node:crypto';
import type { Collection } from '@pharmacy/db';
import { calendarDayIn, ErrorCodes, EXPIRY_UNKNOWN, OPENING_STOCK_LOT, type BatchState, type BatchTake } from '@pharmacy/contracts';
import { HttpError, notFound } from '@pharmacy/service-kit';
import type { ProductDoc } from '../products/model';

export interface BatchDoc {
  /** Unique across products (a recall names batches by id). */
  id: string;
  lot: string;
  /** YYYY-MM-DD, the last day it may be sold; EXPIRY_UNKNOWN for opening stock. */
  expiresOn: string;
  receivedAt: Date;
  received: number;
  /** On the shelf: not held by an order, not sold. Counted in totalStock only while the batch is sellable. */
  remaining: number;
  state: BatchState;
  /** The recall that quarantined it. */
  recallId?: string;
}

/** Units a take moved out of one batch (what a give-back puts back). */
export interface BatchUnits {
  batchId: string;
  quantity: number;
}

/** The proof on the product that a reservation took these units, written by the same update as the take. */
export interface TakeProof {
  reservationId: string;
  batches: BatchUnits[];
}

/** The stock fields a batch move writes together (with `stockRevision` raised by one). */
export type StockFields = Pick<ProductDoc, 'batches' | 'totalStock' | 'takes' | 'takenFor' | 'adjustments' | 'appliedAdjustments'>;

/**
 * The calendar day of an instant in the pharmacy's time zone (the market's): a batch is sellable through its whole
 * expiry day there. In UTC a London batch would stay on sale for the first hour of the next day all summer.
 */
export const dayOf = (at: Date, timeZone: string): string => calendarDayIn(timeZone, at);

export const isPastExpiry = (b: Pick<BatchDoc, 'expiresOn'>, today: string): boolean => b.expiresOn < today;

/** Whole days from `today` to the expiry (0 on the last day). */
export const daysUntil = (expiresOn: string, today: string): number =>
  Math.round((Date.parse(`${expiresOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);

/** The units shoppers can order: sellable batches' remaining units. */
export const sellableUnits = (batches: readonly BatchDoc[]): number =>
  batches.reduce((sum, b) => sum + (b.state === 'sellable' ? b.remaining : 0), 0);

/** Earliest expiry first, ties by the one received first (the order a reserve takes them in). */
export const byExpiry = (a: BatchDoc, b: BatchDoc): number =>
  a.expiresOn.localeCompare(b.expiresOn) || new Date(a.receivedAt).getTime() - new Date(b.receivedAt).getTime() || a.id.localeCompare(b.id);

/** The batch that holds stock recorded before batches existed (or a product's stock as it was added). */
export function openingBatch(quantity: number, receivedAt: Date, id: string = randomUUID()): BatchDoc {
  return { id, lot: OPENING_STOCK_LOT, expiresOn: EXPIRY_UNKNOWN, receivedAt, received: quantity, remaining: quantity, state: 'sellable' };
}

/** A product's batches as stored, or the opening batch a product stored before batches stands for (until migrated). */
export const batchesOf = (p: Pick<ProductDoc, '_id' | 'batches' | 'totalStock' | 'createdAt'>): BatchDoc[] =>
  p.batches ?? [openingBatch(p.totalStock, p.createdAt, `opening-${p._id}`)];

/**
 * Which batches `quantity` units come from: sellable, not past expiry on `today`, earliest expiry first. Null when
 * they do not hold enough.
 */
export function planTake(batches: readonly BatchDoc[], quantity: number, today: string): BatchUnits[] | null {
  const plan: BatchUnits[] = [];
  let left = quantity;
  for (const b of [...batches].filter((b) => b.state === 'sellable' && !isPastExpiry(b, today) && b.remaining > 0).sort(byExpiry)) {
    const n = Math.min(b.remaining, left);
    plan.push({ batchId: b.id, quantity: n });
    left -= n;
    if (left === 0) return plan;
  }
  return null;
}

/** The batches with `units` added to (or, negative, taken from) each named batch. */
export function moveUnits(batches: readonly BatchDoc[], units: readonly BatchUnits[], sign: 1 | -1): BatchDoc[] {
  return batches.map((b) => {
    const n = units.filter((u) => u.batchId === b.id).reduce((sum, u) => sum + u.quantity, 0);
    return n === 0 ? b : { ...b, remaining: b.remaining + sign * n };
  });
}

/** Where units with no batch recorded (a reservation from before batches) go back: the opening stock, else the latest expiry. */
export function legacyHome(batches: readonly BatchDoc[]): BatchDoc | undefined {
  return batches.find((b) => b.lot === OPENING_STOCK_LOT) ?? [...batches].sort(byExpiry).at(-1);
}

/** The batches with `quantity` units of no known batch put back in legacyHome (a new opening batch if there is none). */
export function toLegacyHome(batches: readonly BatchDoc[], quantity: number): BatchDoc[] {
  const home = legacyHome(batches);
  if (!home) return [...batches, openingBatch(quantity, new Date())];
  return moveUnits(batches, [{ batchId: home.id, quantity }], 1);
}

export const toTakes = (batches: readonly BatchDoc[], units: readonly BatchUnits[]): BatchTake[] =>
  units.flatMap((u) => {
    const b = batches.find((x) => x.id === u.batchId);
    return b ? [{ batchId: b.id, lot: b.lot, expiresOn: b.expiresOn, quantity: u.quantity }] : [];
  });

/** Attempts at the conditional update before giving up when other moves keep changing the product in between. */
const MOVE_ATTEMPTS = 200;

/**
 * Reads the product, lets `change` decide the new stock fields (or null: nothing to do; or throw to refuse) and writes
 * them only if no other move landed since the read (`stockRevision`), else reads again. The one way batches change.
 */
export async function moveStock<R>(
  products: Collection<ProductDoc>,
  productId: string,
  change: (current: ProductDoc & { batches: BatchDoc[] }) => { set: Partial<StockFields>; result: R } | null,
): Promise<{ after: ProductDoc | null; result: R | null; before: ProductDoc }> {
  for (let attempt = 0; attempt < MOVE_ATTEMPTS; attempt++) {
    const current = await products.findOne({ _id: productId });
    if (!current) throw notFound('That product does not exist (it may have been deleted).');
    const decided = change({ ...current, batches: batchesOf(current) });
    if (!decided) return { after: null, result: null, before: current };
    const set = { ...decided.set, ...(decided.set.batches ? { totalStock: sellableUnits(decided.set.batches) } : {}) };
    const after = await products.findOneAndUpdate(
      { _id: productId, stockRevision: current.stockRevision ?? { $exists: false } },
      { $set: { ...set, stockRevision: (current.stockRevision ?? 0) + 1 } },
      { returnDocument: 'after' },
    );
    if (after) return { after, result: decided.result, before: current };
  }
  throw new HttpError(503, ErrorCodes.UNAVAILABLE, 'The stock of this product is changing too fast right now. Please try again.');
}
