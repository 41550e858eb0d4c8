import type { Collection, DocumentStore } from '@pharmacy/db';
import { FEATURES, type FeatureDoc } from './features/routes';
import { PRODUCTS, type ProductDoc } from './products/model';
import { REVIEWS, type ReviewDoc } from './reviews/service';
import { STOCK_HISTORY, type StockHistoryDoc } from './stock/adjustments';
import { RESERVATIONS, type ReservationDoc } from './stock/service';

/** The catalog's collections, opened once by the plugin; each feature service is handed the ones it uses. */
export interface CatalogCollections {
  products: Collection<ProductDoc>;
  reviews: Collection<ReviewDoc>;
  reservations: Collection<ReservationDoc>;
  stockHistory: Collection<StockHistoryDoc>;
  features: Collection<FeatureDoc>;
}

export function catalogCollections(store: DocumentStore): CatalogCollections {
  return {
    products: store.collection<ProductDoc>(PRODUCTS),
    reviews: store.collection<ReviewDoc>(REVIEWS),
    reservations: store.collection<ReservationDoc>(RESERVATIONS),
    stockHistory: store.collection<StockHistoryDoc>(STOCK_HISTORY),
    features: store.collection<FeatureDoc>(FEATURES),
  };
}
