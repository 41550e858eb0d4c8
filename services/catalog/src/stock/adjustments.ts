import { randomUUID } from 'node:crypto';
import type { Collection, Doc } from '@pharmacy/db';
import {
  CatalogErrorCodes,
  INITIAL_STOCK_REASON,
  STOCK_MAX,
  type ProductStock,
  type StockAdjustmentInput,
  type StockHistoryEntry,
} from '@pharmacy/contracts';
import { HttpError, badRequest, notFound } from '@pharmacy/service-kit';
import type { ProductDoc } from '../products/model';
import type { ProductReadModel } from '../products/readModel';
import type { ReservationDoc } from './service';

/** One change of a product's stock by staff (or its initial stock), with the count it left. */
export interface StockHistoryDoc extends Doc {
  _id: string;
  productId: string;
  by: string;
  at: Date;
  /** The product's adjustment counter after this change (0 for the initial stock): the history's exact order. */
  seq: number;
  delta: number;
  reason: StockHistoryEntry['reason'];
  note: string;
  availableAfter: number;
}

export const STOCK_HISTORY = 'stock_history';
/** The admin form shows this many of the most recent changes. */
export const STOCK_HISTORY_SHOWN = 50;

const toEntry = (h: StockHistoryDoc): StockHistoryEntry => ({
  _id: h._id,
  by: h.by,
  at: h.at.toISOString(),
  delta: h.delta,
  reason: h.reason,
  note: h.note,
  availableAfter: h.availableAfter,
});

const units = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;

/**
 * Staff's stock changes. Each one is a single conditional `$inc` on the product, the same discipline as
 * shoppers' reservations, so an adjustment and any number of concurrent reservations all land and the count
 * never goes below zero. The product's version is left alone: stock is not something a form edits.
 */
export class StockAdjustments {
  constructor(
    private readonly products: Collection<ProductDoc>,
    private readonly history: Collection<StockHistoryDoc>,
    private readonly reservations: Collection<ReservationDoc>,
    private readonly readModel: ProductReadModel,
  ) {}

  async adjust(productId: string, input: StockAdjustmentInput, by: string): Promise<ProductStock> {
    const { delta, reason } = input;
    if (delta === 0) throw badRequest('An adjustment must add or remove at least 1 unit.');
    const note = input.note?.trim() ?? '';
    const filter =
      delta < 0 ? { _id: productId, totalStock: { $gte: -delta } } : { _id: productId, totalStock: { $lte: STOCK_MAX - delta } };
    const after = await this.products.findOneAndUpdate(filter, { $inc: { totalStock: delta, adjustments: 1 } }, { returnDocument: 'after' });
    if (!after) {
      const current = await this.products.findOne({ _id: productId });
      if (!current) throw notFound('That product does not exist (it may have been deleted).');
      throw new HttpError(
        409,
        CatalogErrorCodes.STOCK_INSUFFICIENT,
        delta < 0
          ? `Only ${units(current.totalStock)} available, so ${units(-delta)} cannot be removed (held and sold units are not on the shelf count).`
          : `Stock cannot go above ${STOCK_MAX}: ${units(current.totalStock)} available now.`,
      );
    }
    this.readModel.refresh(after);
    // The count is already applied; the record of it follows, with the exact count this change produced.
    await this.history.insertOne({ _id: randomUUID(), productId, by, at: new Date(), seq: after.adjustments ?? 1, delta, reason, note, availableAfter: after.totalStock });
    return this.stockOf(productId);
  }

  /** The product's first history line: the stock it was added with. */
  async recordInitial(product: ProductDoc, by: string): Promise<void> {
    await this.history.insertOne({
      _id: randomUUID(),
      productId: product._id,
      by,
      at: product.createdAt,
      seq: 0,
      delta: product.totalStock,
      reason: INITIAL_STOCK_REASON,
      note: '',
      availableAfter: product.totalStock,
    });
  }

  /** Available from the product; reserved and sold from the reservations that hold or took its units. */
  async stockOf(productId: string): Promise<ProductStock> {
    const product = await this.products.findOne({ _id: productId });
    if (!product) throw notFound('That product does not exist (it may have been deleted).');
    const holding = await this.reservations.find({ 'items.productId': productId, status: { $in: ['pending', 'reserved', 'committed'] } });
    let reserved = 0;
    let sold = 0;
    for (const r of holding) {
      const quantity = r.items.filter((i) => i.productId === productId).reduce((sum, i) => sum + i.quantity, 0);
      if (r.status === 'committed') sold += quantity;
      else if (r.status === 'reserved' || r.applied.includes(productId)) reserved += quantity;
    }
    const history = await this.history.find({ productId }, { sort: { seq: -1 }, limit: STOCK_HISTORY_SHOWN });
    return { productId, available: product.totalStock, reserved, sold, history: history.map(toEntry) };
  }
}
