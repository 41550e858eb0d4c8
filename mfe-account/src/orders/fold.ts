import { closedReasonOf } from '@pharmacy/contracts';
import type { OrderView } from './slice';
import { stateOf } from './format';

/** An entry of My Orders: an order's card, or the one line its closed unpaid orders fold into. */
export type OrderEntry = { kind: 'order'; order: OrderView } | { kind: 'closedUnpaid'; orders: OrderView[] };

/**
 * Orders that closed before they were paid and ask nothing more of anyone: a payment the shopper cancelled at the
 * provider or here, and an order not paid in time. Neither took money. A refused payment (`paymentFailed`) or an
 * order closed for want of stock keeps its card: something went wrong there that the shopper should see.
 */
const FOLDED = new Set(['cancelled', 'expired']);

/**
 * My Orders' entries, newest first as the list comes: each order its card, except the closed unpaid ones, which fold
 * into one entry where the newest of them stands. Orders the shopper cancelled on this visit (`keep`) keep their card.
 */
export function foldClosedUnpaid(list: readonly OrderView[], keep: readonly string[] = []): OrderEntry[] {
  const entries: OrderEntry[] = [];
  let fold: Extract<OrderEntry, { kind: 'closedUnpaid' }> | null = null;
  for (const order of list) {
    const reason = closedReasonOf(stateOf(order));
    if (reason && FOLDED.has(reason) && !keep.includes(order._id)) {
      if (!fold) {
        fold = { kind: 'closedUnpaid', orders: [] };
        entries.push(fold);
      }
      fold.orders.push(order);
    } else {
      entries.push({ kind: 'order', order });
    }
  }
  return entries;
}

const counted = (n: number, one: string, many: string) => (n === 0 ? null : `${n} ${n === 1 ? one : many}`);

/** The folded line in words: "3 cancelled payments", "1 expired unpaid order", or both. */
export function closedUnpaidLabel(orders: readonly OrderView[]): string {
  const expired = orders.filter((o) => closedReasonOf(stateOf(o)) === 'expired').length;
  return [counted(orders.length - expired, 'cancelled payment', 'cancelled payments'), counted(expired, 'expired unpaid order', 'expired unpaid orders')]
    .filter(Boolean)
    .join(', ');
}
