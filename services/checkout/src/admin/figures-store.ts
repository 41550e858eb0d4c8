/**
 * The dashboard's figures, kept as orders change instead of read from a scan of 30 days of orders per request
 * (docs/architecture.md#admin-lists-and-figures).
 *
 * Collection `orderFigures`: one document per UTC day of order dates (orders, paid orders, paid revenue) and one
 * `totals` document (orders per order status, per payment status and per closing reason, the pharmacist's queue,
 * and `open`: a process is counting). Every order write that can change a figure goes through `orders` returned
 * here: it writes the order, then adds the difference it made (from the document before the write and the update
 * applied to it) to the figures owed in memory, which are added to the stored ones at most a second later, before a
 * dashboard read, and at close. Figures are derived from the orders, never acknowledged to anyone, so a purchase
 * does not wait for them (six appends and their fdatasyncs per purchase before): a process that stops without
 * closing leaves `open` set, and the next start rebuilds every figure from the orders; a figures write that fails
 * while running makes the next dashboard read rebuild them. Writes that touch none of the counted fields pass
 * straight through. Assumes one checkout process per store (as the embedded store's folder lock does).
 */
import { ORDER_CLOSED_REASONS, ORDER_STATUSES, PAYMENT_STATUSES, REVIEW_QUEUE_PREVIEW, centsToDecimal, closedReasonOf, orderNumber, type OrderStats } from '@pharmacy/contracts';
import { applyUpdate, isDuplicateKeyError, type Collection, type DocumentStore, type Filter, type Update } from '@pharmacy/db';
import { reviewOf, type OrderDoc } from '../orders/store';

export const ORDER_FIGURES = 'orderFigures';
/** Raised with every new figure: totals of an older version are rebuilt from the orders at the next start. */
const VERSION = 3;
/** How long counted figures may wait in memory before they are written. */
const PERSIST_AFTER_MS = 1000;
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
  /** Set while a process counts: still set at a start, the last one stopped without writing what it owed. */
  open: boolean;
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
  /** Writes the figures owed and, when they are all written, marks the figures closed (the service's close). */
  close(): Promise<void>;
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
type Sums = { days: Map<string, DayDoc>; totals: Map<string, number> };
const noSums = (): Sums => ({ days: new Map(), totals: new Map() });

export async function keepOrderFigures(store: DocumentStore, orders: Collection<OrderDoc>): Promise<OrderFigures> {
  const figures = store.collection<FigureDoc>(ORDER_FIGURES);
  let inFlight = 0;
  let repairing: Promise<void> | null = null;
  let drained: (() => void) | null = null;
  /** Counted and not written yet. */
  let owed = noSums();
  let persistTimer: NodeJS.Timeout | null = null;
  /** A write of the order or of its figures failed: the figures may miss it, so the next read rebuilds them. */
  let stale = false;
  /** Writes of figures, one at a time: a rebuild never runs beside an addition it would count twice. */
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <R>(task: () => Promise<R>): Promise<R> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  async function rebuild(): Promise<void> {
    const all = await orders.find({}, { projection: PROJECTION });
    const sums = noSums();
    for (const o of all as Counted[]) contribution(o, 1, sums);
    const totals: TotalsDoc = { _id: TOTALS, version: VERSION, open: true, orderStatus: {}, paymentStatus: {}, closedReason: {}, awaitingReview: 0 };
    for (const [key, n] of sums.totals) {
      const [group, value] = key.split('.') as ['orderStatus' | 'paymentStatus' | 'closedReason' | 'awaitingReview', string | undefined];
      if (group === 'awaitingReview') totals.awaitingReview = n;
      else totals[group][value as string] = n;
    }
    await figures.deleteMany({});
    // The totals last: a rebuild cut short leaves them missing, which the next start rebuilds.
    await figures.insertMany([...sums.days.values(), totals]);
  }

  /** Adds what was counted since the last time to the stored figures. */
  function persist(): Promise<void> {
    if (persistTimer) clearTimeout(persistTimer);
    persistTimer = null;
    return serial(async () => {
      const sums = owed;
      owed = noSums();
      try {
        for (const day of sums.days.values()) {
          const inc = nonZero([['orders', day.orders], ['paidOrders', day.paidOrders], ['revenueCents', day.revenueCents]]);
          if (Object.keys(inc).length > 0) await figures.updateOne({ _id: day._id }, { $inc: inc }, { upsert: true });
        }
        const totals = nonZero(sums.totals);
        if (Object.keys(totals).length > 0) await figures.updateOne({ _id: TOTALS }, { $inc: totals });
      } catch (e) {
        stale = true;
        process.emitWarning(`Order figures not updated (${(e as Error)?.message ?? e}); they are rebuilt at the next read.`, {
          code: 'PHARMACY_ORDER_FIGURES',
        });
      }
    });
  }

  /** Waits for this process's counted writes to finish, rebuilds, and holds new ones back meanwhile. */
  function repair(): Promise<void> {
    repairing ??= (async () => {
      if (inFlight > 0) await new Promise<void>((resolve) => (drained = resolve));
      await serial(async () => {
        // Every write counted so far is in the orders the rebuild reads.
        owed = noSums();
        stale = false;
        await rebuild();
      });
    })().finally(() => {
      repairing = null;
    });
    return repairing;
  }

  /** A counted write: the order is written, then its difference is owed to the figures. */
  async function counted<R>(write: () => Promise<{ result: R; changes: Array<{ before?: Counted; after?: Counted }> }>): Promise<R> {
    while (repairing) await repairing;
    inFlight++;
    try {
      let outcome: Awaited<ReturnType<typeof write>>;
      try {
        outcome = await write();
      } catch (e) {
        // Refused by a unique index: nothing was written. Any other failure may have written the order.
        if (!isDuplicateKeyError(e)) stale = true;
        throw e;
      }
      for (const { before, after } of outcome.changes) {
        if (before) contribution(before, -1, owed);
        if (after) contribution(after, 1, owed);
      }
      persistTimer ??= setTimeout(() => void persist(), PERSIST_AFTER_MS).unref();
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
    await persist();
    if (stale) await repair();
    const t = (await figures.findOne({ _id: TOTALS })) as TotalsDoc;
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

  async function close(): Promise<void> {
    await persist();
    // Only figures that hold every write of this process are trusted at the next start. A store already closed
    // under the service cannot say so: the figures stay open and the next start rebuilds them.
    if (!stale) await serial(() => figures.updateOne({ _id: TOTALS }, { $set: { open: false } })).catch(() => undefined);
  }

  // At start nothing of this process is writing: figures still open were left by a process that stopped counting.
  const totals = (await figures.findOne({ _id: TOTALS })) as TotalsDoc | null;
  if (totals?.version === VERSION && totals.open === false) await figures.updateOne({ _id: TOTALS }, { $set: { open: true } });
  else await rebuild();
  return { orders: kept, stats, rebuild: () => serial(rebuild), close };
}
