// The catalog vertical's constants (categories, sort options, limits, error codes) and money helpers: plain
// values and functions, no schema library, so the browser gets them without TypeBox (see browser.ts).

/* ----------------------------------------------------------------------------------------------------------
 * Constants
 * -------------------------------------------------------------------------------------------------------- */

/** The categories of the pharmacy catalog: `id` travels in URLs and filters, `label` is what people read. */
export const CATEGORIES = [
  { id: 'pain-relief', label: 'Pain Relief' },
  { id: 'cold-and-flu', label: 'Cold & Flu' },
  { id: 'allergy', label: 'Allergy' },
  { id: 'vitamins-and-supplements', label: 'Vitamins & Supplements' },
  { id: 'digestive-health', label: 'Digestive Health' },
  { id: 'skin-care', label: 'Skin Care' },
  { id: 'personal-care', label: 'Personal Care' },
  { id: 'baby-and-mother', label: 'Baby & Mother' },
  { id: 'first-aid', label: 'First Aid' },
  { id: 'eye-and-ear-care', label: 'Eye & Ear Care' },
] as const;
export type CategoryId = (typeof CATEGORIES)[number]['id'];
export const CATEGORY_IDS = CATEGORIES.map((c) => c.id) as CategoryId[];
export const categoryLabel = (id: string): string => CATEGORIES.find((c) => c.id === id)?.label ?? id;

export const SORT_OPTIONS = [
  { id: 'price-lowtohigh', label: 'Price: Low to High' },
  { id: 'price-hightolow', label: 'Price: High to Low' },
  { id: 'title-atoz', label: 'Title: A to Z' },
  { id: 'title-ztoa', label: 'Title: Z to A' },
] as const;
export type SortBy = (typeof SORT_OPTIONS)[number]['id'];
export const DEFAULT_SORT: SortBy = 'price-lowtohigh';
export const isSortBy = (value: unknown): value is SortBy => SORT_OPTIONS.some((s) => s.id === value);

export const PRODUCT_PAGE_SIZE = 24;
export const PRODUCT_PAGE_SIZE_MAX = 100;
/**
 * The cap per order of a product whose maxPerOrder is unset: without one, a single unpaid order could hold a
 * product's whole shelf. Quotes and reservations enforce the effective cap.
 */
export const DEFAULT_MAX_PER_ORDER = 10;
export const effectiveMaxPerOrder = (maxPerOrder: number | null): number => maxPerOrder ?? DEFAULT_MAX_PER_ORDER;

/** Why staff change stock: an adjustment names one of these. `initial stock` is recorded when a product is added. */
export const STOCK_ADJUSTMENT_REASONS = ['received', 'damaged', 'count correction', 'returned'] as const;
export const INITIAL_STOCK_REASON = 'initial stock';
/** Stock lines the shop records on its own: a batch past its expiry, a batch a recall quarantined (docs/domain.md#batches). */
export const BATCH_EVENT_REASONS = ['expired', 'recalled'] as const;
/** Batches this close to their expiry (in days, the last day counting as 0) are listed for staff as short-dated. */
export const SHORT_DATED_DAYS = 90;
export const BATCH_LOT_MAX = 40;
/**
 * The expiry of stock received before batches were recorded (the "Opening stock" batch): unknown, so it sorts after
 * every real expiry, never expires on its own, and staff are shown "Expiry not recorded" (docs/domain.md#batches).
 */
export const EXPIRY_UNKNOWN = '9999-12-31';
export const OPENING_STOCK_LOT = 'Opening stock';
export const STOCK_MAX = 1000000;
export const STOCK_NOTE_MAX = 200;
/** Who a stock line names when a pharmacist's rejection put an order's units back (the pharmacist is on the order). */
export const RESTOCK_BY = 'order system';
/**
 * Who a stock history line names for staff: the member of staff's name as it was then, the order system, or, for
 * a line recorded before names were kept, the start of the id (like orderActorLabel), never a bare id.
 */
export function stockLineBy(line: { by: string; byName?: string }): string {
  if (line.byName) return line.byName;
  return line.by === RESTOCK_BY ? RESTOCK_BY : `staff member ${line.by.slice(0, 8)}`;
}

/** Product fields as staff read them, to say which ones someone else changed. */
export const PRODUCT_FIELD_LABELS: Record<string, string> = {
  title: 'title',
  description: 'description',
  category: 'category',
  brand: 'brand',
  price: 'price',
  salePrice: 'sale price',
  image: 'image',
  activeIngredients: 'active ingredients',
  allergens: 'allergens',
  contraindications: 'contraindications',
  dosageForm: 'dosage form',
  packSize: 'pack size',
  maxPerOrder: 'maximum per order',
  minAge: 'minimum age',
  requiresPrescription: 'prescription requirement',
  pharmacyOnly: 'pharmacy-only status',
  controlled: 'controlled drug status',
  refrigerated: 'refrigeration',
};

/** Admin dashboard: a product at or below this stock is "low stock". */
export const LOW_STOCK_THRESHOLD = 10;
export const REVIEW_MIN_LENGTH = 3;
export const REVIEW_MAX_LENGTH = 1000;
/**
 * Why a signed-in shopper may not review a product (yet), in the words the product page shows and the service's
 * refusals carry: only a buyer, and only once the order has reached them (docs/domain.md#reviews).
 */
export const REVIEW_REFUSALS = {
  NOT_A_BUYER: 'Only customers who bought this product can review it.',
  NOT_DELIVERED: 'You can review this once your order has been delivered or collected.',
} as const;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** Pixel sizes of the generated demo images (the UI reserves these boxes to avoid layout shift). */
export const PRODUCT_IMAGE_SIZE = { width: 400, height: 400 } as const;
export const FEATURE_IMAGE_SIZE = { width: 1200, height: 400 } as const;
/** CSS aspect-ratio of a banner's box, reserved before the image arrives. */
export const FEATURE_IMAGE_RATIO = `${FEATURE_IMAGE_SIZE.width} / ${FEATURE_IMAGE_SIZE.height}`;
/** A media reference as stored on products and features: `/api/media/<uuid>`. */
export const MEDIA_PATH_PREFIX = '/api/media/';
export const mediaUrl = (id: string): string => `${MEDIA_PATH_PREFIX}${id}`;

/** Catalog-specific error codes (besides the shared ErrorCodes). */
export const CatalogErrorCodes = {
  OUT_OF_STOCK: 'OUT_OF_STOCK',
  MAX_PER_ORDER: 'MAX_PER_ORDER',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  RESERVATION_RELEASED: 'RESERVATION_RELEASED',
  RESERVATION_COMMITTED: 'RESERVATION_COMMITTED',
  RESERVATION_MISMATCH: 'RESERVATION_MISMATCH',
  RESERVATION_IN_PROGRESS: 'RESERVATION_IN_PROGRESS',
  ALREADY_REVIEWED: 'ALREADY_REVIEWED',
  NOT_A_BUYER: 'NOT_A_BUYER',
  /** A buyer whose order with the product has not been delivered or collected yet. */
  NOT_DELIVERED: 'NOT_DELIVERED',
  /** A product edit based on a version someone else has since changed. */
  PRODUCT_CHANGED: 'PRODUCT_CHANGED',
  /** An adjustment that would take available stock below zero (or above the maximum). */
  STOCK_INSUFFICIENT: 'STOCK_INSUFFICIENT',
  /** A changed totalStock sent to the product edit: stock changes only through adjustments. */
  STOCK_NOT_EDITABLE: 'STOCK_NOT_EDITABLE',
  /** A product edit that changes a field the shop keeps itself (id, review figures, dates). */
  READ_ONLY_FIELD: 'READ_ONLY_FIELD',
  /** A lot received again with another expiry, or into a batch that is off sale. */
  BATCH_CONFLICT: 'BATCH_CONFLICT',
} as const;


/** Money helpers: storage is integer cents, the API shows decimals with two places. */
export const centsToDecimal = (cents: number): number => Math.round(cents) / 100;
export const decimalToCents = (value: number): number => Math.round(value * 100);
/** true when a decimal has at most two places (1.999 is refused rather than silently rounded). */
export const hasAtMostTwoDecimals = (value: number): boolean => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** What every screen shows for a value it does not have (a price not loaded, a field left empty). */
export const MISSING_VALUE = '—';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * The currencies of the shop's markets (and the dollar), each written the way Intl writes it in the market's own
 * English (en-GB "£", en-IE "€", en-US "$"): the same shape, only the symbol differs.
 */
const SYMBOLS: Readonly<Record<string, string>> = { GBP: '£', EUR: '€', USD: '$' };

/**
 * An amount in one of SYMBOLS's currencies, written without Intl exactly as Intl writes it ("-£1,234.50"): a phone's
 * first Intl.NumberFormat costs about 60 ms (its locale data), four times that on a slow phone, in the middle of
 * hydrating the first page. Half a cent rounds away from zero, as Intl does (the 1e-9 undoes 1.005 * 100 being
 * 100.49999…).
 */
function formatKnown(amount: number, symbol: string): string {
  const cents = Math.round(Math.abs(amount) * 100 + 1e-9);
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}${symbol}${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * A decimal amount as people read it ("£12.50") in a currency: an order's own, or the market's for prices
 * (useMarket().currency). A missing or non-numeric amount shows MISSING_VALUE rather than "£NaN"; a currency the
 * browser does not know shows its code.
 */
export function formatMoney(amount: number | null | undefined, currency: string): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return MISSING_VALUE;
  const symbol = SYMBOLS[currency];
  if (symbol) return formatKnown(amount, symbol);
  let format = moneyFormats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
    } catch {
      return `${amount.toFixed(2)} ${currency}`;
    }
    moneyFormats.set(currency, format);
  }
  return format.format(amount);
}
