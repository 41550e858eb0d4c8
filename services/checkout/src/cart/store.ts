import type { Collection, DocumentStore } from '@pharmacy/db';
import { isDuplicateKeyError } from '@pharmacy/db';
import { conflict } from '@pharmacy/service-kit';

export interface CartEntry {
  productId: string;
  quantity: number;
}
interface CartDoc {
  _id: string; // the user id: one cart per user
  items: CartEntry[];
  version: number;
  updatedAt: number;
  /** The latest merges applied (their ids), so a repeated merge changes nothing. */
  merges?: string[];
  [key: string]: unknown;
}

/** A repeated merge comes from the same page's retry within seconds: the last few ids are enough. */
const MERGES_KEPT = 10;

/**
 * One document per user. Changes are optimistic (compare the version, retry on a race) so two tabs adding
 * at once never lose an item, on both store adapters.
 */
export function createCartStore(store: DocumentStore) {
  const carts: Collection<CartDoc> = store.collection<CartDoc>('carts');

  async function items(userId: string): Promise<CartEntry[]> {
    const doc = await carts.findOne({ _id: userId });
    return doc?.items ?? [];
  }

  /**
   * Applies `change` to the user's items. With `once`, a change already applied under that id (a merge sent
   * again) leaves the cart as it is.
   */
  async function mutate(userId: string, change: (items: CartEntry[]) => CartEntry[], once?: string): Promise<CartEntry[]> {
    for (let attempt = 0; attempt < 25; attempt++) {
      const doc = await carts.findOne({ _id: userId });
      if (once && doc?.merges?.includes(once)) return doc.items;
      const next = change((doc?.items ?? []).map((i) => ({ ...i }))).filter((i) => i.quantity > 0);
      // only a merge writes the list; other changes leave it as stored
      const merges = once ? [...(doc?.merges ?? []), once].slice(-MERGES_KEPT) : undefined;
      if (!doc) {
        try {
          await carts.insertOne({ _id: userId, items: next, version: 1, updatedAt: Date.now(), ...(merges ? { merges } : {}) });
          return next;
        } catch (err) {
          if (isDuplicateKeyError(err)) continue;
          throw err;
        }
      }
      const res = await carts.updateOne(
        { _id: userId, version: doc.version },
        { $set: { items: next, updatedAt: Date.now(), ...(merges ? { merges } : {}) }, $inc: { version: 1 } },
      );
      if (res.matchedCount === 1) return next;
    }
    throw conflict('Your cart is being changed elsewhere. Please try again.');
  }

  return {
    items,
    mutate,
    clear: (userId: string) => mutate(userId, () => []),
    /** A deleted account's cart goes (docs/domain.md#accounts); how many were removed. */
    eraseUser: async (userId: string) => (await carts.deleteMany({ _id: userId })).deletedCount,
  };
}
export type CartStore = ReturnType<typeof createCartStore>;
