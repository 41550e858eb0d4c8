import { randomUUID } from 'node:crypto';
import { URGENT_RECALL_CLASSES, type QuarantinedBatch, type RecallCreateBody, type RecallDetail } from '@pharmacy/contracts';
import { isDuplicateKeyError, type Collection } from '@pharmacy/db';
import { HttpError, notFound } from '@pharmacy/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountClient } from '../clients/account';
import type { CatalogClient } from '../clients/catalog';
import type { OrderLedger } from '../orders/ledger';
import { SYSTEM, type OrderDoc } from '../orders/store';
import { noticeMail } from './mail';
import type { OrderBatchDoc, OrderBatches } from './order-batches';
import { affectedOrders, noticeIdOf, type NoticeDoc, type NoticeLine, type RecallDoc } from './store';

/** The hour (UTC) of the daily pass that mails class 3 and 4 notices (docs/domain.md#recalls). */
export const DAILY_NOTICE_HOUR_UTC = 8;

/** The first daily pass after `ms`: today's at DAILY_NOTICE_HOUR_UTC if it is still to come, else tomorrow's. */
export function nextDailyPass(ms: number): number {
  const d = new Date(ms);
  const today = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), DAILY_NOTICE_HOUR_UTC);
  return today > ms ? today : today + 24 * 60 * 60 * 1000;
}

export interface RecallServiceDeps {
  recalls: Collection<RecallDoc>;
  notices: Collection<NoticeDoc>;
  orders: Collection<OrderDoc>;
  batches: Pick<OrderBatches, 'ofBatches'>;
  catalog: Pick<CatalogClient, 'quarantine'>;
  account: Pick<AccountClient, 'notify'>;
  ledger: Pick<OrderLedger, 'closeUnpaid'>;
  publicOrigin: string;
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * Recalls (docs/domain.md#recalls): recorded first (`quarantining`), then the catalog takes the batches off sale,
 * unpaid orders holding them are cancelled, every affected shopper gets one notice, and the recall reads
 * `quarantined`. Each step is idempotent, so a crash or a dead catalog in between is finished by the sweep.
 */
export function createRecalls(deps: RecallServiceDeps) {
  const { recalls, notices } = deps;
  const nowMs = () => deps.now().getTime();

  async function load(id: string): Promise<RecallDoc> {
    const r = await recalls.findOne({ _id: id });
    if (!r) throw notFound('No recall with this id.');
    return r;
  }

  /**
   * What happened to one order's recalled units: `paid` (the shopper has or will have them), `released` (an unpaid
   * order, cancelled now or by an earlier try of this recall), or null (closed for another reason: nothing received).
   */
  async function outcomeOf(orderId: string, unpaid: boolean, recall: RecallDoc, titles: string): Promise<'paid' | 'released' | null> {
    let order = await deps.orders.findOne({ _id: orderId });
    if (!order) return null;
    if (unpaid && order.paymentStatus === 'pending' && order.orderStatus === 'pending') {
      const note = `Cancelled: ${titles} was recalled (recall ${recall._id}). Nothing was charged.`;
      order = (await deps.ledger.closeUnpaid(orderId, SYSTEM, note, 'recalled')) ?? (await deps.orders.findOne({ _id: orderId }));
      if (!order) return null;
    }
    if (order.orderStatus === 'rejected') return order.closedReason === 'recalled' ? 'released' : null;
    // A capture in flight holds the order open: it is treated as received, so its shopper is told.
    return 'paid';
  }

  /** One notice per affected shopper, written once (its id is fixed by recall and shopper). */
  async function writeNotices(recall: RecallDoc, lines: Map<string, NoticeLine[]>): Promise<void> {
    const at = nowMs();
    const mailDueAt = URGENT_RECALL_CLASSES.includes(recall.recallClass) ? at : nextDailyPass(at);
    for (const [userId, own] of lines) {
      const notice: NoticeDoc = {
        _id: noticeIdOf(recall._id, userId), recallId: recall._id, userId, recallClass: recall.recallClass, reason: recall.reason, action: recall.action,
        lines: own, mail: 'due', mailDueAt, sentAt: null, openedAt: null, createdAt: at,
      };
      await notices.insertOne(notice).catch((err: unknown) => {
        if (!isDuplicateKeyError(err)) throw err;
      });
    }
  }

  /** Quarantine, release, notices, then `quarantined`; throws when a step failed (the sweep goes on from there). */
  async function finish(recall: RecallDoc): Promise<void> {
    const { batches } = await deps.catalog.quarantine(recall._id, recall.batchIds);
    await recalls.updateOne({ _id: recall._id }, { $set: { batches } });
    const product = new Map<string, QuarantinedBatch>(batches.map((b) => [b.batchId, b]));
    const rows = await deps.batches.ofBatches(recall.batchIds);
    const byOrder = new Map<string, OrderBatchDoc[]>();
    for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
    const lines = new Map<string, NoticeLine[]>();
    for (const [orderId, own] of byOrder) {
      const titles = [...new Set(own.map((r) => product.get(r.batchId)?.productTitle ?? r.productId))].join(', ');
      const outcome = await outcomeOf(orderId, own.some((r) => !r.paid), recall, titles);
      if (!outcome) continue;
      const userLines = lines.get(own[0].userId) ?? [];
      for (const r of own) {
        userLines.push({ orderId, batchId: r.batchId, productId: r.productId, productTitle: product.get(r.batchId)?.productTitle ?? '', lot: r.lot, expiresOn: r.expiresOn, quantity: r.quantity, outcome });
      }
      lines.set(own[0].userId, userLines);
    }
    await writeNotices(recall, lines);
    const orders = [...lines.values()].reduce((n, l) => n + new Set(l.map((x) => x.orderId)).size, 0);
    await recalls.updateOne({ _id: recall._id, state: 'quarantining' }, { $set: { state: 'quarantined', quarantinedAt: nowMs(), orders, shoppers: lines.size } });
  }

  async function tryFinish(recall: RecallDoc): Promise<boolean> {
    try {
      await finish(recall);
      return true;
    } catch (err) {
      deps.log.warn({ err, recallId: recall._id }, 'a recall could not be finished yet; the sweeper will retry');
      return false;
    }
  }

  /** Mails the notices whose time has come (classes 1 and 2 at once, 3 and 4 at the daily pass); each key once. */
  async function mailDue(): Promise<number> {
    let sent = 0;
    for (const n of await notices.find({ mail: 'due', mailDueAt: { $lte: nowMs() } }, { sort: { mailDueAt: 1 }, limit: 500 })) {
      try {
        await deps.account.notify(n.userId, noticeMail(n, deps.publicOrigin));
        await notices.updateOne({ _id: n._id, mail: 'due' }, { $set: { mail: 'sent', sentAt: nowMs() } });
        sent++;
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 404) {
          await notices.updateOne({ _id: n._id, mail: 'due' }, { $set: { mail: 'undeliverable' } });
          continue;
        }
        deps.log.warn({ err, noticeId: n._id }, 'could not mail a recall notice; the sweeper will retry');
        return sent;
      }
    }
    return sent;
  }

  return {
    /**
     * Records a recall and takes it as far as it goes now. The catalog refusing a batch it does not know (404) undoes
     * the record, so nothing half-made stays; a catalog that does not answer leaves it `quarantining` for the sweep.
     */
    async create(body: RecallCreateBody, by: { id: string; name: string }, id: string = randomUUID()): Promise<RecallDoc> {
      const recall: RecallDoc = {
        _id: id, recallClass: body.recallClass, reason: body.reason.trim(), action: body.action.trim(), batchIds: body.batchIds, batches: [],
        state: 'quarantining', createdAt: nowMs(), createdBy: by, quarantinedAt: null, orders: 0, shoppers: 0,
      };
      try {
        await recalls.insertOne(recall);
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
        return load(id);
      }
      try {
        await finish(recall);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 404) {
          await recalls.deleteOne({ _id: recall._id, state: 'quarantining' });
          throw err;
        }
        deps.log.warn({ err, recallId: recall._id }, 'a recall could not be finished yet; the sweeper will retry');
        return load(recall._id);
      }
      await mailDue();
      return load(recall._id);
    },
    /** The sweep's part: recalls left `quarantining`, then the notices due. */
    async sweep(): Promise<void> {
      for (const r of await recalls.find({ state: 'quarantining' }, { sort: { createdAt: 1 }, limit: 50 })) await tryFinish(r);
      await mailDue();
    },
    load,
    async list(): Promise<RecallDoc[]> {
      return recalls.find({}, { sort: { createdAt: -1 }, limit: 200 });
    },
    async details(id: string): Promise<RecallDetail['affected']> {
      const recall = await load(id);
      const [rows, own] = await Promise.all([deps.batches.ofBatches(recall.batchIds), notices.find({ recallId: id })]);
      return affectedOrders(rows, own);
    },
    /** A shopper's own notice; the first read records when it was opened. */
    async open(userId: string, noticeId: string): Promise<NoticeDoc> {
      const n = await notices.findOne({ _id: noticeId, userId });
      if (!n) throw notFound('This recall notice was not found in your account.');
      if (n.openedAt !== null) return n;
      return (await notices.findOneAndUpdate({ _id: noticeId, openedAt: null }, { $set: { openedAt: nowMs() } }, { returnDocument: 'after' })) ?? (await notices.findOne({ _id: noticeId })) ?? n;
    },
    mine: (userId: string) => notices.find({ userId }, { sort: { createdAt: -1 }, limit: 100 }),
  };
}
export type Recalls = ReturnType<typeof createRecalls>;
