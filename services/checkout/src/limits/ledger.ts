/**
 * Rolling windows per person and per delivery address (docs/domain.md#supply-limits): one document per key holds the
 * orders that count within the longest window, each with what it counted per window rule. An order claims its entry
 * on both keys with optimistic concurrency (read, check, write only if the revision is still the one read, retry), so
 * two checkout processes racing past a limit let exactly one through without a lock. The person's key is written
 * first and the address's second: a stop between them counts the order on the person only until placing's undo or
 * the sweep gives it back (too much, never too little, for the shopper who placed it); a stop after both counts it
 * until the order closes.
 */
import type { DocumentStore } from '@pharmacy/db';
import { isDuplicateKeyError } from '@pharmacy/db';
import { unprocessable } from '@pharmacy/service-kit';
import { CheckoutErrorCodes } from '@pharmacy/contracts';
import { firstBreach, windowCounts, type LimitLine, type WindowEntry } from './engine';
import { windowsCollection } from './store';
import { longestWindowDays, type LimitRule } from './table';

import type { WindowDoc } from './store';

export type { WindowDoc };

/** Where a delivery goes, counted alike however it is typed: postcode and first line, case and spaces folded. */
export const addressKey = (address: { postalCode: string; line1: string }): string =>
  `address:${address.postalCode.replace(/\s+/g, '').toUpperCase()}|${address.line1.trim().replace(/\s+/g, ' ').toUpperCase()}`;
export const personKey = (userId: string): string => `person:${userId}`;

const DAY_MS = 86_400_000;
const RETRIES = 8;

export interface ClaimRequest {
  orderId: string;
  userId: string;
  address: { postalCode: string; line1: string };
  lines: readonly LimitLine[];
  /** Policy rules a pharmacist allowed once for this order. */
  waived?: ReadonlySet<string>;
}

export function createWindowLedger(deps: { store: DocumentStore; rules: readonly LimitRule[]; now: () => Date }) {
  const windows = windowsCollection(deps.store);
  const keepMs = longestWindowDays(deps.rules) * DAY_MS;
  const live = (entries: readonly WindowEntry[], now: number) => entries.filter((e) => e.at > now - keepMs);

  async function read(key: string): Promise<WindowDoc | null> {
    return windows.findOne({ _id: key });
  }

  /** Writes `entries` on the key only if it is still at the revision read (or still absent); false when it moved. */
  async function writeIf(key: string, seen: WindowDoc | null, entries: WindowEntry[]): Promise<boolean> {
    if (!seen) {
      try {
        await windows.insertOne({ _id: key, revision: 1, entries });
        return true;
      } catch (err) {
        if (isDuplicateKeyError(err)) return false;
        throw err;
      }
    }
    const { matchedCount } = await windows.updateOne({ _id: key, revision: seen.revision }, { $set: { entries, revision: seen.revision + 1 } });
    return matchedCount === 1;
  }

  /** Adds the order's entry on one key after checking the rules of that key's window; retried while others write. */
  async function claimOn(key: string, per: 'person' | 'address', request: ClaimRequest, counts: Record<string, number>): Promise<void> {
    for (let attempt = 0; attempt < RETRIES; attempt++) {
      const now = deps.now().getTime();
      const doc = await read(key);
      const entries = live(doc?.entries ?? [], now).filter((e) => e.orderId !== request.orderId);
      const rules = deps.rules.filter((r) => r.scope.kind === 'window' && r.scope.per === per);
      const history = per === 'person' ? { person: entries, address: [] } : { person: [], address: entries };
      const breach = firstBreach(rules, request.lines, { history, waived: request.waived, now });
      if (breach) throw unprocessable(breach.message, CheckoutErrorCodes.SUPPLY_LIMIT);
      if (await writeIf(key, doc, [...entries, { orderId: request.orderId, at: now, counts }])) return;
    }
    throw unprocessable('Many orders are being placed at once. Please try again in a moment.', CheckoutErrorCodes.SUPPLY_LIMIT);
  }

  async function releaseOn(key: string, orderId: string): Promise<void> {
    for (let attempt = 0; attempt < RETRIES; attempt++) {
      const doc = await read(key);
      if (!doc || !doc.entries.some((e) => e.orderId === orderId)) return;
      if (await writeIf(key, doc, doc.entries.filter((e) => e.orderId !== orderId))) return;
    }
    throw new Error(`supply window ${key} kept moving; order ${orderId} is given back by the sweep`);
  }

  return {
    collection: windows,

    /** What the person and the address bought within the windows (for the cart's check). */
    async history(userId: string, address: { postalCode: string; line1: string } | null) {
      const now = deps.now().getTime();
      const [person, place] = await Promise.all([read(personKey(userId)), address ? read(addressKey(address)) : null]);
      return { person: live(person?.entries ?? [], now), address: live(place?.entries ?? [], now) };
    },

    /**
     * Counts the order on the person's window, then the address's; refused (422 SUPPLY_LIMIT) when either would pass
     * a window rule. An order that counts towards no window rule writes nothing.
     */
    async claim(request: ClaimRequest): Promise<void> {
      const counts = windowCounts(deps.rules, request.lines);
      if (Object.keys(counts).length === 0) return;
      await claimOn(personKey(request.userId), 'person', request, counts);
      await claimOn(addressKey(request.address), 'address', request, counts);
    },

    /** Gives the order's entry back on both keys (refused, expired, cancelled, refunded). Safe to repeat. */
    async giveBack(orderId: string, userId: string, address: { postalCode: string; line1: string }): Promise<void> {
      await releaseOn(personKey(userId), orderId);
      await releaseOn(addressKey(address), orderId);
    },

    /**
     * The sweep: entries of orders no longer counting (closed, or never written because placing stopped) go.
     * `counts(orderIds)` answers which of the ids still count.
     */
    async sweep(stillCounting: (orderIds: string[]) => Promise<Set<string>>): Promise<number> {
      let removed = 0;
      for (const doc of await windows.find({})) {
        const ids = doc.entries.map((e) => e.orderId);
        if (ids.length === 0) continue;
        const keep = await stillCounting(ids);
        for (const id of ids) {
          if (keep.has(id)) continue;
          await releaseOn(doc._id, id);
          removed++;
        }
      }
      return removed;
    },
  };
}
export type WindowLedger = ReturnType<typeof createWindowLedger>;
