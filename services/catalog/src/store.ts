import type { Collection, Doc, DocumentStore } from '@pharmacy/db';
import { FEATURES, type FeatureDoc } from './features/service';
import { PRODUCTS, type ProductDoc } from './products/model';
import { REVIEWS, type ReviewDoc } from './reviews/service';
import { STOCK_HISTORY, type StockHistoryDoc } from './stock/adjustments';
import { RESERVATIONS, type ReservationDoc } from './stock/service';

/** The seed's mark that it ran once (so a shop whose products were all deleted is not seeded again). */
export interface MetaDoc extends Doc {
  _id: string;
  at: Date;
}

/**
 * The catalog's collections, the one place they are opened by name; the plugin opens them once and hands each
 * feature service the ones it uses.
 */
export interface CatalogCollections {
  products: Collection<ProductDoc>;
  reviews: Collection<ReviewDoc>;
  reservations: Collection<ReservationDoc>;
  stockHistory: Collection<StockHistoryDoc>;
  features: Collection<FeatureDoc>;
  meta: Collection<MetaDoc>;
}

export function catalogCollections(store: DocumentStore): CatalogCollections {
  return {
    products: store.collection<ProductDoc>(PRODUCTS),
    reviews: store.collection<ReviewDoc>(REVIEWS),
    reservations: store.collection<ReservationDoc>(RESERVATIONS),
    stockHistory: store.collection<StockHistoryDoc>(STOCK_HISTORY),
    features: store.collection<FeatureDoc>(FEATURES),
    meta: store.collection<MetaDoc>('meta'),
  };
}
