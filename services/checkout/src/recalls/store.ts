import { createHash } from 'node:crypto';
import { orderNumber, type AffectedOrder, type QuarantinedBatch, type Recall, type RecallClass, type RecallNotice, type RecallState } from '@pharmacy/contracts';
import type { Collection, DocumentStore } from '@pharmacy/db';
import type { OrderBatchDoc } from './order-batches';

export interface RecallDoc {
  _id: string;
  recallClass: RecallClass;
  reason: string;
  action: string;
  batchIds: string[];
  batches: QuarantinedBatch[];
  state: RecallState;
  createdAt: number;
  createdBy: { id: string; name: string };
  quarantinedAt: number | null;
  orders: number;
  shoppers: number;
  [key: string]: unknown;
}

export type NoticeOutcome = 'paid' | 'released';

export interface NoticeLine {
  orderId: string;
  batchId: string;
  productId: string;
  productTitle: string;
  lot: string;
  expiresOn: string;
  quantity: number;
  outcome: NoticeOutcome;
}

/** One shopper's notice of one recall: the lines of their orders it touches, and its mail. */
export interface NoticeDoc {
  _id: string;
  recallId: string;
  userId: string;
  recallClass: RecallClass;
  reason: string;
  action: string;
  lines: NoticeLine[];
  mail: 'due' | 'sent' | 'undeliverable';
  mailDueAt: number;
  sentAt: number | null;
  openedAt: number | null;
  createdAt: number;
  [key: string]: unknown;
}

/** A shopper's notice id: the same for the same recall and shopper (a retried recall writes it once), not guessable from either. */
export const noticeIdOf = (recallId: string, userId: string): string => createHash('sha256').update(`recall-notice:${recallId}:${userId}`).digest('hex').slice(0, 32);

export async function orderBatchesCollection(store: DocumentStore): Promise<Collection<OrderBatchDoc>> {
  const rows = store.collection<OrderBatchDoc>('order_batches');
  await rows.createIndex({ batchId: 1 });
  await rows.createIndex({ orderId: 1 });
  return rows;
}

export async function recallCollections(store: DocumentStore): Promise<{ recalls: Collection<RecallDoc>; notices: Collection<NoticeDoc> }> {
  const recalls = store.collection<RecallDoc>('recalls');
  await recalls.createIndex({ state: 1 });
  await recalls.createIndex({ createdAt: -1 });
  const notices = store.collection<NoticeDoc>('recall_notices');
  await notices.createIndex({ recallId: 1 });
  await notices.createIndex({ userId: 1 });
  await notices.createIndex({ mail: 1, mailDueAt: 1 });
  return { recalls, notices };
}

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

export const toApiRecall = (r: RecallDoc): Recall => ({
  _id: r._id, recallClass: r.recallClass, reason: r.reason, action: r.action, batchIds: r.batchIds, batches: r.batches, state: r.state,
  createdAt: iso(r.createdAt), createdBy: r.createdBy, quarantinedAt: isoOrNull(r.quarantinedAt), orders: r.orders, shoppers: r.shoppers,
});

export const toApiNotice = (n: NoticeDoc): RecallNotice => ({
  _id: n._id, recallClass: n.recallClass, reason: n.reason, action: n.action,
  lines: n.lines.map((l) => ({ orderId: l.orderId, orderNumber: orderNumber(l.orderId), productTitle: l.productTitle, lot: l.lot, expiresOn: l.expiresOn, quantity: l.quantity, outcome: l.outcome })),
  issuedAt: iso(n.createdAt), openedAt: isoOrNull(n.openedAt),
});

/** The affected list from the rows and the notices alone (two indexed reads, whatever the number of orders). */
export function affectedOrders(rows: OrderBatchDoc[], notices: NoticeDoc[]): AffectedOrder[] {
  const byUser = new Map(notices.map((n) => [n.userId, n]));
  const out: AffectedOrder[] = [];
  for (const row of rows) {
    const notice = byUser.get(row.userId);
    const line = notice?.lines.find((l) => l.orderId === row.orderId && l.batchId === row.batchId);
    // Orders that never received the units (closed before the recall for another reason) have no line.
    if (!notice || !line) continue;
    out.push({
      orderId: row.orderId, orderNumber: orderNumber(row.orderId), userId: row.userId, shopperName: row.shopperName ?? '', batchId: row.batchId, lot: row.lot, productId: row.productId,
      quantity: row.quantity, outcome: line.outcome,
      notice: { id: notice._id, mail: notice.mail, mailDueAt: iso(notice.mailDueAt), sentAt: isoOrNull(notice.sentAt), openedAt: isoOrNull(notice.openedAt) },
    });
  }
  return out;
}
