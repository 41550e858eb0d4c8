import { ORDER_NUMBER_LENGTH, ORDER_NUMBER_SEARCH_MIN } from '@pharmacy/contracts';
import type { Collection } from '@pharmacy/db';
import { literalMatch } from '@pharmacy/service-kit';
import type { AccountClient } from '../clients/account';
import type { OrderDoc } from '../orders/store';

/** An order number as typed (with or without '#', any case, spaces around): its characters, or null when it cannot be one. */
function numberPart(q: string): string | null {
  const n = q.trim().replace(/^#/, '').toUpperCase();
  return n.length >= ORDER_NUMBER_SEARCH_MIN && n.length <= ORDER_NUMBER_LENGTH && /^[0-9A-F-]+$/.test(n) ? n : null;
}

/** Everything starting with `prefix`, as a range an index on the field answers. */
const startsWith = (prefix: string) => ({ $gte: prefix, $lt: `${prefix}\uffff` });

type Found = Pick<OrderDoc, '_id' | 'createdAt'>;

/**
 * Staff's order search (docs/api.md#admin-orders): the order number's start (at least ORDER_NUMBER_SEARCH_MIN
 * characters), the name on the delivery address, or the customer's email. Checkout keeps no emails: the account
 * service names the users whose email contains the text, so an erased account (gone there, anonymised here) is found
 * by neither. Every piece of the text is matched literally.
 *
 * Answered as a union: the number (stored upper case; older orders by their id, lower case, which it is the start
 * of) and the customers through their indexes, the name by one scan of the only field no index can serve (text
 * within a name). The matches' ids come back newest first; `within` narrows them (status, payment, review queue).
 */
export async function searchOrderIds(
  orders: Collection<OrderDoc>,
  q: string,
  account: Pick<AccountClient, 'userIdsByEmail'>,
  within: Record<string, unknown>,
): Promise<string[]> {
  const text = q.trim();
  if (!text) return [];
  const number = numberPart(text);
  const fields = { projection: { _id: 1, createdAt: 1 } } as const;
  const userIds = text.includes('@') || text.length >= 3 ? await account.userIdsByEmail(text) : [];
  // The name is scanned along the createdAt index: its matches come out in order, with nothing left to sort.
  const lookups: Array<Promise<Found[]>> = [orders.find({ ...within, 'address.fullName': literalMatch(text) }, { ...fields, sort: { createdAt: -1, _id: 1 } as const })];
  if (number) {
    lookups.push(orders.find({ ...within, orderNumber: startsWith(`#${number}`) }, fields));
    lookups.push(orders.find({ ...within, _id: startsWith(number.toLowerCase()) }, fields));
  }
  if (userIds.length > 0) lookups.push(orders.find({ ...within, userId: { $in: userIds } }, fields));
  const union = new Map<string, number>();
  for (const found of await Promise.all(lookups)) for (const o of found) union.set(o._id, o.createdAt);
  return [...union].sort(([a, at], [b, bt]) => bt - at || (a < b ? -1 : a > b ? 1 : 0)).map(([id]) => id);
}
