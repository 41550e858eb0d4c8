/**
 * The catalog's stored-data changes, each run once per store in this order (docs/operations.md#migrations). They
 * were start-up fix-ups that scanned the products at every start; an install that ran those already has nothing left
 * for them to change, and each only changes a document that still lacks its field.
 */
import type { DocumentStore, Migration } from '@pharmacy/db';
import { openingBatch } from './stock/batches';
import { catalogCollections } from './store';

export const catalogMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'products stored before edits carried a version start at version 1',
    up: (store: DocumentStore) =>
      catalogCollections(store).products.updateMany({ version: { $exists: false } }, { $set: { version: 1, edits: [] } }),
  },
  {
    version: 2,
    name: 'products stored before the pharmacy-only field are not pharmacy-only',
    up: (store: DocumentStore) =>
      catalogCollections(store).products.updateMany({ pharmacyOnly: { $exists: false } }, { $set: { pharmacyOnly: false } }),
  },
  {
    version: 3,
    name: 'stock history lines stored before lines had states are applied',
    up: (store: DocumentStore) =>
      catalogCollections(store).stockHistory.updateMany({ state: { $exists: false } }, { $set: { state: 'applied' } }),
  },
  {
    version: 4,
    name: 'products stored before batches hold their stock in one "Opening stock" batch, expiry not recorded',
    up: async (store: DocumentStore) => {
      const { products } = catalogCollections(store);
      for (const p of await products.find({ batches: { $exists: false } })) {
        // Its id follows the product's, so two processes migrating at once agree on it (docs/domain.md#batches).
        const batches = p.totalStock > 0 ? [openingBatch(p.totalStock, p.createdAt, `opening-${p._id}`)] : [];
        await products.updateOne({ _id: p._id, batches: { $exists: false } }, { $set: { batches, stockRevision: 0 } });
      }
    },
  },
];
