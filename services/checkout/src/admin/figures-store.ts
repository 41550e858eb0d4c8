/**
 * The dashboard's figures, kept as orders change instead of read from a scan of 30 days of orders per request
 * (docs/architecture.md#admin-lists-and-figures).
 *
 * Collection `orderFigures`: one document per UTC day of order dates (orders, paid orders, paid revenue) and one
 * `totals` document (orders per order status, per payment status and per closing reason, the pharmacist's queue,
 * and `pending`: order writes begun and not yet counted). Every order write that can change a figure goes through `orders` returned here: it marks `pending`,
 * writes the order, then adds the difference it made (from the document before the write and the update applied
 * to it) and clears its mark. A process that stops between the order write and the figures leaves `pending` above
 * zero: the figures are rebuilt from the orders at the next start, or at the next dashboard read when no write of
 * this process is under way. Writes that touch none of the counted fields pass straight through.
 * Assumes one checkout process per store (as the embedded store's folder lock does).
 */
import { ORDER_CLOSED_REASONS, ORDER_STATUSES, PAYMENT_STATUSES, REVIEW_QUEUE_PREVIEW, centsToDecimal, closedReasonOf, orderNumber, type OrderStats } from '@pharmacy/contracts';
import { applyUpdate, isDuplicateKeyError, type Collection, type DocumentStore, type Filter, type Update } from '@pharmacy/db';
import { reviewOf, type OrderDoc } from '../orders/store';

export const ORDER_FIGURES = 'orderFigures';
/** Raised with every new figure: totals of an older version are rebuilt from the orders at the next start. */
const VERSION = 2;
const TOTALS = 'totals';
const DAY_MS = 24 * 60 * 60 * 1000;
const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayId = (ms: number) => `day:${dayKey(ms)}`;

/** The order fields figures are made of: a write touching none of them leaves every figure as it was. */
const COUNTED = ['createdAt', 'totalCents', 'paymentStatus', 'orderStatus', 'closedReason', 'review'] as const;
type Counted = Pick<OrderDoc, '_id' | (typeof COUNTED)[number] | 'history'>;
/** What a rebuild reads of each order: its history tells why an order closed before `closedReason` existed. */
const PROJECTION = Object.fromEntries([...COUNTED, 'history'].map((f) => [f, 1 as const]));

type DayDoc = {
  _id: string;
  orders: number;
  paidOrders: number;
  revenueCents: number;
};
type TotalsDoc = {
  _id: typeof TOTALS;
  version: number;
  pending: number;
  orderStatus: Record<string, number>;
  paymentStatus: Record<string, number>;
  closedReason: Record<string, number>;
  /** Paid orders awaiting the pharmacist's review (the queue). */
  awaitingReview: number;
};
type FigureDoc = DayDoc | TotalsDoc;

export interface OrderFigures {
  /** The orders collection; its writes keep the figures. */
  orders: Collection<OrderDoc>;
  stats(now: Date): Promise<OrderStats>;
  /** Rebuilds every figure from the orders (at start when missing or left half-written). */
  rebuild(): Promise<void>;
}

const touchesCounted = (update: Update) =>
  Object.values(update).some(
    (fields) => fields && typeof fields === 'object' && Object.keys(fields).some((k) => COUNTED.some((c) => k === c || k.startsWith(`${c}.`))),
  );

/** What one order adds to the figures, as $inc amounts. */
function contribution(o: Counted, sign: 1 | -1, into: { days: Map<string, DayDoc>; totals: Map<string, number> }) {
  const paid = o.paymentStatus === 'paid';
  const id = dayId(o.createdAt);
  const day = into.days.get(id) ?? { _id: id, orders: 0, paidOrders: 0, revenueCents: 0 };
  day.orders += sign;
  if (paid) {
    day.paidOrders += sign;
    day.revenueCents += sign * o.totalCents;
  }
  into.days.set(id, day);
  const reason = closedReasonOf(o);
  const keys = [`orderStatus.${o.orderStatus}`, `paymentStatus.${o.paymentStatus}`, ...(reason ? [`closedReason.${reason}`] : [])];
  if (reviewOf(o).status === 'awaiting' && paid) keys.push('awaitingReview');
  for (const key of keys) into.totals.set(key, (into.totals.get(key) ?? 0) + sign);
}

const nonZero = (entries: Iterable<[string, number]>) => Object.fromEntries([...entries].filter(([, n]) => n !== 0));

export async function keepOrderFigures(store: DocumentStore, orders: Collection<OrderDoc>): Promise<OrderFigures> {
  const figures = store.collection<FigureDoc>(ORDER_FIGURES);
  let inFlight = 0;
  let repairing: Promise<void> | null = null;
  let drained: (() => void) | null = null;

  async function rebuild(): Promise<void> {
    const all = await orders.find({}, { projection: PROJECTION });
    const sums = { days: new Map<string, DayDoc>(), totals: new Map<string, number>() };
    for (const o of all as Counted[]) contribution(o, 1, sums);
    const totals: TotalsDoc = { _id: TOTALS, version: VERSION, pending: 0, orderStatus: {}, paymentStatus: {}, closedReason: {}, awaitingReview: 0 };
    for (const [key, n] of sums.totals) {
      const [group, value] = key.split('.') as ['orderStatus' | 'paymentStatus' | 'closedReason' | 'awaitingReview', string | undefined];
      if (group === 'awaitingReview') totals.awaitingReview = n;
      else totals[group][value as string] = n;
    }
    await figures.deleteMany({});
    // The totals last: a rebuild cut short leaves them missing, which the next start rebuilds.
    await figures.insertMany([...sums.days.values(), totals]);
  }

  /** Waits for this process's counted writes to finish, rebuilds, and holds new ones back meanwhile. */
  function repair(): Promise<void> {
    repairing ??= (async () => {
      if (inFlight > 0) await new Promise<void>((resolve) => (drained = resolve));
      await rebuild();
    })().finally(() => {
      repairing = null;
    });
    return repairing;
  }

  const isCurrent = (t: FigureDoc | null, writing: number): t is TotalsDoc =>
    t !== null && (t as TotalsDoc).version === VERSION && (t as TotalsDoc).pending <= writing;

  /** A counted write: marked before the order changes, its difference added after. */
  async function counted<R>(write: () => Promise<{ result: R; changes: Array<{ before?: Counted; after?: Counted }> }>): Promise<R> {
    while (repairing) await repairing;
    inFlight++;
    try {
      await figures.updateOne({ _id: TOTALS }, { $inc: { pending: 1 } }, { upsert: true });
      let outcome: Awaited<ReturnType<typeof write>>;
      try {
        outcome = await write();
      } catch (e) {
        // Refused by a unique index: nothing was written. Any other failure leaves the mark for a rebuild.
        if (isDuplicateKeyError(e)) await figures.updateOne({ _id: TOTALS }, { $inc: { pending: -1 } });
        throw e;
      }
      const sums = { days: new Map<string, DayDoc>(), totals: new Map<string, number>([['pending', -1]]) };
      for (const { before, after } of outcome.changes) {
        if (before) contribution(before, -1, sums);
        if (after) contribution(after, 1, sums);
      }
      try {
        for (const day of sums.days.values()) {
          const inc = nonZero([['orders', day.orders], ['paidOrders', day.paidOrders], ['revenueCents', day.revenueCents]]);
          if (Object.keys(inc).length > 0) await figures.updateOne({ _id: day._id }, { $inc: inc }, { upsert: true });
        }
        await figures.updateOne({ _id: TOTALS }, { $inc: nonZero(sums.totals) });
      } catch (e) {
        // The order is written; its figures are not, and the mark says so: the next read or start rebuilds.
        process.emitWarning(`Order figures not updated (${(e as Error)?.message ?? e}); they are rebuilt at the next read.`, {
          code: 'PHARMACY_ORDER_FIGURES',
        });
      }
      return outcome.result;
    } finally {
      inFlight--;
      if (inFlight === 0) drained?.();
    }
  }

  /** Every document the filter matches, each updated on its own so its before and after are known. */
  async function updateEach(filter: Filter, update: Update, limit?: number) {
    const targets = await orders.find(filter, { projection: { _id: 1 }, ...(limit ? { limit } : {}) });
    const changes: Array<{ before: Counted; after: Counted }> = [];
    for (const { _id } of targets) {
      const before = await orders.findOneAndUpdate({ $and: [filter, { _id }] }, update, { returnDocument: 'before' });
      if (before) changes.push({ before, after: applyUpdate(before, update) });
    }
    return changes;
  }

  const kept: Collection<OrderDoc> = {
    insertOne: (doc) => counted(async () => ({ result: await orders.insertOne(doc), changes: [{ after: doc as OrderDoc }] })),
    insertMany: (docs) => counted(async () => ({ result: await orders.insertMany(docs), changes: docs.map((d) => ({ after: d as OrderDoc })) })),
    findOne: (filter, options) => orders.findOne(filter, options),
    find: (filter, options) => orders.find(filter, options),
    countDocuments: (filter) => orders.countDocuments(filter),
    createIndex: (keys, options) => orders.createIndex(keys, options),
    updateOne: (filter, update, options = {}) => {
      if (!touchesCounted(update)) return orders.updateOne(filter, update, options);
      if (options.upsert) throw new Error('an upsert of a counted order field is not supported: insert the order');
      return counted(async () => {
        const before = await orders.findOneAndUpdate(filter, update, { returnDocument: 'before' });
        if (!before) return { result: { matchedCount: 0, modifiedCount: 0, upsertedId: null }, changes: [] };
        const after = applyUpdate(before, update);
        const modified = JSON.stringify(before) === JSON.stringify(after) ? 0 : 1;
        return { result: { matchedCount: 1, modifiedCount: modified, upsertedId: null }, changes: [{ before, after }] };
      });
    },
    updateMany: (filter, update) => {
      if (!touchesCounted(update)) return orders.updateMany(filter, update);
      return counted(async () => {
        const changes = await updateEach(filter, update);
        const modifiedCount = changes.filter((c) => JSON.stringify(c.before) !== JSON.stringify(c.after)).length;
        return { result: { matchedCount: changes.length, modifiedCount, upsertedId: null }, changes };
      });
    },
    findOneAndUpdate: (filter, update, options = {}) => {
      if (!touchesCounted(update)) return orders.findOneAndUpdate(filter, update, options);
      if (options.upsert || options.projection) throw new Error('findOneAndUpdate of a counted order field takes no upsert or projection');
      return counted(async () => {
        const before = await orders.findOneAndUpdate(filter, update, { returnDocument: 'before', sort: options.sort });
        if (!before) return { result: null, changes: [] };
        const after = applyUpdate(before, update);
        return { result: (options.returnDocument ?? 'after') === 'after' ? after : before, changes: [{ before, after }] };
      });
    },
    deleteOne: (filter) =>
      counted(async () => {
        const doc = await orders.findOne(filter);
        if (!doc) return { result: { deletedCount: 0 }, changes: [] };
        const result = await orders.deleteOne({ $and: [filter, { _id: doc._id }] });
        return { result, changes: result.deletedCount ? [{ before: doc }] : [] };
      }),
    deleteMany: (filter) =>
      counted(async () => {
        const docs = await orders.find(filter);
        const changes: Array<{ before: Counted }> = [];
        for (const doc of docs) {
          const { deletedCount } = await orders.deleteOne({ $and: [filter, { _id: doc._id }] });
          if (deletedCount) changes.push({ before: doc });
        }
        return { result: { deletedCount: changes.length }, changes };
      }),
  };

  async function stats(now: Date): Promise<OrderStats> {
    let totals = await figures.findOne({ _id: TOTALS });
    if (!isCurrent(totals, inFlight)) {
      await repair();
      totals = await figures.findOne({ _id: TOTALS });
    }
    const t = totals as TotalsDoc;
    // The queue's oldest first: a short list from the queue's index read backwards (so ties by _id descending), not a figure.
    const queue = await orders.find(
      { 'review.status': 'awaiting', paymentStatus: 'paid' },
      { sort: { createdAt: 1, _id: -1 }, limit: REVIEW_QUEUE_PREVIEW, projection: { orderNumber: 1, createdAt: 1, address: 1, totalCents: 1, currency: 1 } },
    );
    const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const ids = Array.from({ length: 30 }, (_, i) => dayId(todayStart - (29 - i) * DAY_MS));
    const found = new Map(((await figures.find({ _id: { $in: ids } })) as DayDoc[]).map((d) => [d._id, d]));
    const days = ids.map((id) => found.get(id) ?? { _id: id, orders: 0, paidOrders: 0, revenueCents: 0 });
    const month = days.reduce((m, d) => ({ orders: m.orders + d.orders, paidOrders: m.paidOrders + d.paidOrders, revenueCents: m.revenueCents + d.revenueCents }), {
      orders: 0, paidOrders: 0, revenueCents: 0,
    });
    const today = days[29];
    const figure = (f: { revenueCents: number; orders: number; paidOrders: number }) => ({ revenue: centsToDecimal(f.revenueCents), orders: f.orders, paidOrders: f.paidOrders });
    return {
      today: figure(today),
      last30Days: figure(month),
      byOrderStatus: Object.fromEntries(ORDER_STATUSES.map((s) => [s, t.orderStatus?.[s] ?? 0])) as OrderStats['byOrderStatus'],
      byPaymentStatus: Object.fromEntries(PAYMENT_STATUSES.map((s) => [s, t.paymentStatus?.[s] ?? 0])) as OrderStats['byPaymentStatus'],
      byClosedReason: Object.fromEntries(ORDER_CLOSED_REASONS.map((r) => [r, t.closedReason?.[r] ?? 0])) as OrderStats['byClosedReason'],
      awaitingReview: t.awaitingReview ?? 0,
      reviewQueue: queue.map((o) => ({
        _id: o._id, orderNumber: o.orderNumber ?? orderNumber(o._id), orderDate: new Date(o.createdAt).toISOString(), customer: o.address.fullName,
        totalAmount: centsToDecimal(o.totalCents), currency: o.currency,
      })),
      dailyRevenue: days.map((d) => ({ date: d._id.slice(4), revenue: centsToDecimal(d.revenueCents), orders: d.orders })),
    };
  }

  // At start nothing of this process is writing: any mark left is a write that stopped half-way.
  const totals = await figures.findOne({ _id: TOTALS });
  if (!isCurrent(totals, 0)) await rebuild();
  return { orders: kept, stats, rebuild };
}
