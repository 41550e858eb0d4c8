import { formatDate, orderNumber, type NotifyUserBody } from '@pharmacy/contracts';
import { renderMail, type MailPart } from '../orders/mail/template';
import type { NoticeDoc } from './store';

/** The notice page in the shopper's account (mfe-account), signed in. */
export const noticeUrl = (publicOrigin: string, noticeId: string) => `${publicOrigin.replace(/\/$/, '')}/recalls/${noticeId}`;

const day = (yyyyMmDd: string) => formatDate(`${yyyyMmDd}T00:00:00Z`, { utc: true });

/** The shopper's recall notice (docs/domain.md#recalls): one per recall and shopper, sent once (its key). */
export function noticeMail(n: NoticeDoc, publicOrigin: string): NotifyUserBody {
  const products = [...new Set(n.lines.map((l) => l.productTitle))].join(', ');
  const received = n.lines.filter((l) => l.outcome === 'paid');
  const released = n.lines.filter((l) => l.outcome === 'released');
  const parts: MailPart[] = [
    { kind: 'paragraph', text: `A batch of ${products} has been recalled by the pharmacy (class ${n.recallClass} recall). ${n.reason}` },
  ];
  if (received.length > 0) {
    parts.push({ kind: 'facts', title: 'What you received', rows: received.map((l) => [`${l.quantity} × ${l.productTitle}`, `Lot ${l.lot}, expiry ${day(l.expiresOn)}, order ${orderNumber(l.orderId)}`]) });
    parts.push({ kind: 'paragraph', text: `What you must do: ${n.action}` });
  }
  if (released.length > 0) {
    parts.push({
      kind: 'paragraph',
      text: `Your unpaid order ${[...new Set(released.map((l) => orderNumber(l.orderId)))].join(', ')} held units of this batch, so we cancelled it. Nothing was charged.`,
    });
  }
  parts.push({ kind: 'link', label: 'Read the recall notice', url: noticeUrl(publicOrigin, n._id) });
  return renderMail(
    { subject: `Important: a medicine you ordered has been recalled (${products})`, heading: `Recall of ${products}`, parts },
    `recall-notice:${n._id}`,
  );
}
