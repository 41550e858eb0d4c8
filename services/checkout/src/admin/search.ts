import { ORDER_NUMBER_LENGTH, ORDER_NUMBER_SEARCH_MIN } from '@pharmacy/contracts';
import { literalMatch } from '@pharmacy/service-kit';
import type { AccountClient } from '../account-client';

/** An order number as typed (with or without '#', any case, spaces around): its characters, or null when it cannot be one. */
function numberPart(q: string): string | null {
  const n = q.trim().replace(/^#/, '').toUpperCase();
  return n.length >= ORDER_NUMBER_SEARCH_MIN && n.length <= ORDER_NUMBER_LENGTH && /^[0-9A-F-]+$/.test(n) ? n : null;
}

/**
 * Staff's order search as a store filter: the order number's start (at least ORDER_NUMBER_SEARCH_MIN characters), the
 * name on the delivery address, or the customer's email. Checkout keeps no emails: the account service names the
 * users whose email contains the text, so an erased account (gone there, anonymised here) is found by neither.
 * Every piece of the text is matched literally.
 */
export async function orderSearchFilter(q: string, account: Pick<AccountClient, 'userIdsByEmail'>): Promise<Record<string, unknown>> {
  const text = q.trim();
  if (!text) return {};
  const either: Array<Record<string, unknown>> = [{ 'address.fullName': literalMatch(text) }];
  const number = numberPart(text);
  // Orders from before the stored number are matched by their id, which it is the start of.
  if (number) either.push({ orderNumber: literalMatch(`#${number}`, { prefix: true }) }, { _id: literalMatch(number, { prefix: true }) });
  if (text.includes('@') || text.length >= 3) {
    const userIds = await account.userIdsByEmail(text);
    if (userIds.length > 0) either.push({ userId: { $in: userIds } });
  }
  return { $or: either };
}
