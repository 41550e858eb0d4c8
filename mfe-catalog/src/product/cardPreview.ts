import type { Product } from '@pharmacy/contracts';
import { isTapBaseline } from '@pharmacy/ui';

/** What a card already shows, which the product page paints at once while the product itself loads. */
export type CardPreview = Pick<Product, '_id' | 'title' | 'brand' | 'category' | 'image' | 'price' | 'salePrice' | 'averageReview' | 'reviewCount'>;

interface PreviewState {
  cardPreview: CardPreview;
}

/**
 * The router state a card's link carries to the product page (docs/product.md#layout): the card's own fields, so the
 * page paints its picture, title and price on the tap instead of after a round trip.
 */
export function cardPreviewState(product: Product): PreviewState | undefined {
  if (isTapBaseline()) return undefined;
  const { _id, title, brand, category, image, price, salePrice, averageReview, reviewCount } = product;
  return { cardPreview: { _id, title, brand, category, image, price, salePrice, averageReview, reviewCount } };
}

const isText = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The card's fields for `productId` from a location's state, or null: history state outlives the page that wrote it
 * (a reload, another tab's entry), so it is read as untrusted and only for the product it names.
 */
export function readCardPreview(state: unknown, productId: string): CardPreview | null {
  const preview = (state as Partial<PreviewState> | null)?.cardPreview as Partial<CardPreview> | undefined;
  if (!preview || preview._id !== productId) return null;
  const { title, brand, category, image, price, salePrice, averageReview, reviewCount } = preview;
  if (![title, brand, category, image].every(isText) || ![price, salePrice, averageReview, reviewCount].every(isNumber)) return null;
  return preview as CardPreview;
}
