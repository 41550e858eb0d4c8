// Schemas and types of the catalog vertical's requests and responses (owned by that vertical).
import { Type, type Static } from '@sinclair/typebox';
import { SafetyProfile } from './account';
import { BodyUserId, Id, Ok, OkList, OneOf, PageFigures, StrictObject } from './envelope';
import {
  BATCH_EVENT_REASONS,
  BATCH_LOT_MAX,
  CATEGORY_IDS,
  INITIAL_STOCK_REASON,
  PRODUCT_PAGE_SIZE,
  PRODUCT_PAGE_SIZE_MAX,
  REVIEW_MAX_LENGTH,
  REVIEW_MIN_LENGTH,
  STOCK_ADJUSTMENT_REASONS,
  STOCK_MAX,
  STOCK_NOTE_MAX,
} from './catalog.rules';

/* ----------------------------------------------------------------------------------------------------------
 * Products (public API: money as decimals with two places, derived from integer cents in storage)
 * -------------------------------------------------------------------------------------------------------- */

const Text = (max: number, min = 1) => Type.String({ minLength: min, maxLength: max });
const StringList = Type.Array(Text(80), { maxItems: 30 });
const Money = Type.Number({ minimum: 0, maximum: 100000 });
const MediaRef = Type.String({ minLength: 1, maxLength: 200 });

/**
 * How a medicine must be handed over (docs/domain.md#controlled-and-refrigerated-medicines): an order holding a
 * controlled drug or one that needs refrigeration is click and collect only. Missing reads as false.
 */
const supplyFlags = {
  controlled: Type.Optional(Type.Boolean()),
  refrigerated: Type.Optional(Type.Boolean()),
};

export const Product = StrictObject({
  _id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  category: Type.String(),
  brand: Type.String(),
  /** Decimal, two places (e.g. 4.99). */
  price: Type.Number(),
  /** Decimal; 0 when the product is not on sale. The effective price is salePrice when > 0. */
  salePrice: Type.Number(),
  totalStock: Type.Integer(),
  /** Mean rating rounded to one decimal; 0 without reviews. */
  averageReview: Type.Number(),
  reviewCount: Type.Integer(),
  /** URL path of the image (`/api/media/<id>`). */
  image: Type.String(),
  activeIngredients: Type.Array(Type.String()),
  allergens: Type.Array(Type.String()),
  /** Health conditions for which the product is not advised. */
  contraindications: Type.Array(Type.String()),
  dosageForm: Type.String(),
  packSize: Type.String(),
  /** Most units of this product in one order; null when not set, and then DEFAULT_MAX_PER_ORDER applies. */
  maxPerOrder: Type.Union([Type.Integer(), Type.Null()]),
  /** Minimum age in years to buy; 0 when none. */
  minAge: Type.Integer(),
  requiresPrescription: Type.Boolean(),
  /**
   * Pharmacy medicine: sold without a prescription, but only after the shopper answers CONSULTATION_QUESTIONS at
   * checkout, and every order holding it waits for a pharmacist's review after payment.
   */
  pharmacyOnly: Type.Boolean(),
  ...supplyFlags,
  /** Raised by every staff edit (not by stock moves): an edit names the version it was based on. */
  version: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Product = Static<typeof Product>;

/** GET /api/shop/products/get query. `category` and `brand` are comma-joined lists. */
export const ProductListQuery = StrictObject({
  category: Type.Optional(Type.String({ maxLength: 1000 })),
  brand: Type.Optional(Type.String({ maxLength: 1000 })),
  /** One of SORT_OPTIONS (anything else is a 400 naming the allowed values). */
  sortBy: Type.Optional(Type.String({ maxLength: 40 })),
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: PRODUCT_PAGE_SIZE_MAX, default: PRODUCT_PAGE_SIZE }),
});
export type ProductListQuery = Static<typeof ProductListQuery>;

/** GET /api/shop/products/get (and the staff list): one page of products, the paging figures beside it. */
export const ProductListResponse = OkList(Product, PageFigures);
export type ProductListResponse = Static<typeof ProductListResponse>;

export const ProductIdParams = StrictObject({ id: Id });

/** GET /api/shop/products/facets query: the filters chosen so far, comma-joined as in the listing's query. */
export const ProductFacetsQuery = StrictObject({
  category: Type.Optional(Type.String({ maxLength: 1000 })),
  brand: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type ProductFacetsQuery = Static<typeof ProductFacetsQuery>;

/**
 * GET /api/shop/products/facets: what the filter panel offers. Each count applies every chosen filter except its
 * own group's (a brand's count honours the chosen categories, a category's the chosen brands), so it is the number
 * of results that ticking that value would add; `total` is how many products match all the chosen filters.
 */
export const ProductFacets = StrictObject({
  categories: Type.Array(StrictObject({ id: Type.String(), label: Type.String(), count: Type.Integer() })),
  brands: Type.Array(StrictObject({ name: Type.String(), count: Type.Integer() })),
  total: Type.Integer(),
});
export type ProductFacets = Static<typeof ProductFacets>;

/* ---- search ---- */

export const SearchParams = StrictObject({ keyword: Type.String({ minLength: 1, maxLength: 100 }) });
export const SearchQuery = StrictObject({
  page: Type.Integer({ minimum: 1, maximum: 1000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: PRODUCT_PAGE_SIZE_MAX, default: PRODUCT_PAGE_SIZE }),
});
/** Ranked results; `terms` are the words of the catalog that matched (for highlighting). */
export const SearchFigures = { ...PageFigures, terms: Type.Array(Type.String()) };
export type SearchFigures = PageFigures & { terms: string[] };
export const SearchResponse = OkList(Product, SearchFigures);
export type SearchResponse = Static<typeof SearchResponse>;

/* ---- admin ---- */

export const AdminProductQuery = StrictObject({
  search: Type.Optional(Type.String({ maxLength: 100 })),
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: PRODUCT_PAGE_SIZE_MAX, default: PRODUCT_PAGE_SIZE }),
  /** Only products at or below LOW_STOCK_THRESHOLD, lowest stock first. */
  lowStock: Type.Optional(Type.Boolean()),
});
export type AdminProductQuery = Static<typeof AdminProductQuery>;

const productInputFields = {
  title: Text(150, 2),
  description: Text(4000, 1),
  category: OneOf(CATEGORY_IDS),
  brand: Text(80, 1),
  price: Money,
  salePrice: Type.Optional(Money),
  totalStock: Type.Integer({ minimum: 0, maximum: STOCK_MAX }),
  /** A media id from upload-image, or its URL path `/api/media/<id>`. */
  image: MediaRef,
  activeIngredients: Type.Optional(StringList),
  allergens: Type.Optional(StringList),
  contraindications: Type.Optional(StringList),
  dosageForm: Type.Optional(Type.String({ maxLength: 60 })),
  packSize: Type.Optional(Type.String({ maxLength: 60 })),
  maxPerOrder: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 1000 }), Type.Null()])),
  minAge: Type.Optional(Type.Integer({ minimum: 0, maximum: 120 })),
  requiresPrescription: Type.Optional(Type.Boolean()),
  pharmacyOnly: Type.Optional(Type.Boolean()),
  ...supplyFlags,
};
/** POST /api/admin/products/add (prices as decimals with at most two places). */
export const ProductInput = StrictObject(productInputFields);
export type ProductInput = Static<typeof ProductInput>;
/** What staff can edit on a product: the add form's fields but stock, which changes only through adjustments. */
const editableProductFields = Type.Omit(ProductInput, ['totalStock']).properties;
/**
 * Fields of a product the shop keeps itself (id, stock, review figures, dates, and any read-only field the
 * product gains): derived from the schemas, so a new read-only field is covered without touching the edit.
 * `version` is not among them: an edit names it.
 */
export const PRODUCT_SERVER_FIELDS = Object.keys(Product.properties).filter(
  (key) => key !== 'version' && !(key in editableProductFields),
) as Array<Exclude<keyof Product, keyof typeof editableProductFields | 'version'>>;
/**
 * PUT /api/admin/products/edit/{id}: any subset of the editable fields and the version the form loaded. A client
 * may send back the whole product it read: server fields equal to the stored product's are ignored, and one that
 * differs is refused naming it (stock with a pointer to adjustments, so a form never writes back a stale count).
 */
export const ProductPatch = StrictObject({
  ...Type.Partial(Type.Object(editableProductFields)).properties,
  ...Type.Partial(Type.Pick(Product, PRODUCT_SERVER_FIELDS)).properties,
  version: Type.Integer({ minimum: 1 }),
});
export type ProductPatch = Static<typeof ProductPatch>;

/* ---- stock adjustments ---- */

export const StockAdjustmentReason = OneOf(STOCK_ADJUSTMENT_REASONS);
export type StockAdjustmentReason = Static<typeof StockAdjustmentReason>;
/**
 * POST /api/admin/products/{id}/stock: +N or -N units of one batch with a reason. `batchId` may be left out only
 * when the product has a single batch; new stock is received as a batch (BatchReceiveInput), not adjusted in.
 */
export const StockAdjustmentInput = StrictObject({
  /** Not 0 (refused with a message by the service). */
  delta: Type.Integer({ minimum: -STOCK_MAX, maximum: STOCK_MAX }),
  reason: StockAdjustmentReason,
  batchId: Type.Optional(Id),
  note: Type.Optional(Type.String({ maxLength: STOCK_NOTE_MAX })),
});
export type StockAdjustmentInput = Static<typeof StockAdjustmentInput>;

/** YYYY-MM-DD (a calendar date; the batch is sellable through that whole day). */
export const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
/** POST /api/admin/products/{id}/batches: stock received as a batch (a lot already on the product with the same expiry is added to). */
export const BatchReceiveInput = StrictObject({
  lot: Type.String({ minLength: 1, maxLength: BATCH_LOT_MAX }),
  expiresOn: IsoDate,
  quantity: Type.Integer({ minimum: 1, maximum: STOCK_MAX }),
  note: Type.Optional(Type.String({ maxLength: STOCK_NOTE_MAX })),
});
export type BatchReceiveInput = Static<typeof BatchReceiveInput>;

/** `expired` past its expiry date, `recalled` quarantined by a recall: neither is ever sold. */
export const BatchState = OneOf(['sellable', 'expired', 'recalled']);
export type BatchState = Static<typeof BatchState>;

/** One batch of a product as staff see it (docs/domain.md#batches). */
export const ProductBatch = StrictObject({
  id: Type.String(),
  lot: Type.String(),
  /** EXPIRY_UNKNOWN for opening stock recorded before batches. */
  expiresOn: Type.String(),
  state: BatchState,
  receivedAt: Type.String(),
  received: Type.Integer(),
  /** On the shelf (not held by an order, not sold). */
  remaining: Type.Integer(),
  /** Held by orders awaiting payment. */
  reserved: Type.Integer(),
});
export type ProductBatch = Static<typeof ProductBatch>;

export const StockHistoryEntry = StrictObject({
  _id: Type.String(),
  /** Id of the staff member who made the change (or "order system" for a rejected order's units put back). */
  by: Type.String(),
  /** Their name as it was then (missing on lines recorded before names were kept: read as a former staff member). */
  byName: Type.Optional(Type.String()),
  at: Type.String(),
  delta: Type.Integer(),
  reason: Type.Union([StockAdjustmentReason, Type.Literal(INITIAL_STOCK_REASON), OneOf(BATCH_EVENT_REASONS)]),
  /** The batch the change moved (missing on lines recorded before batches). */
  batchId: Type.Optional(Type.String()),
  lot: Type.Optional(Type.String()),
  note: Type.String(),
  /** Available units right after this change. */
  availableAfter: Type.Integer(),
});
export type StockHistoryEntry = Static<typeof StockHistoryEntry>;

/** GET /api/admin/products/{id}/stock (and the answer of an adjustment): newest history first. */
export const ProductStock = StrictObject({
  productId: Type.String(),
  /** What shoppers can still order (the product's totalStock). */
  available: Type.Integer(),
  /** Held by orders awaiting payment. */
  reserved: Type.Integer(),
  /** Taken by paid orders (refunded ones are not sales and are not counted). */
  sold: Type.Integer(),
  /** Earliest expiry first (the order reserves take them in). */
  batches: Type.Array(ProductBatch),
  history: Type.Array(StockHistoryEntry),
});
export type ProductStock = Static<typeof ProductStock>;

/** GET /api/admin/products/batches/short-dated: a sellable batch within SHORT_DATED_DAYS of its expiry. */
export const ShortDatedBatch = StrictObject({
  batchId: Type.String(),
  productId: Type.String(),
  productTitle: Type.String(),
  lot: Type.String(),
  expiresOn: Type.String(),
  /** Days until the expiry date (0: today is the last day it may be sold). */
  daysLeft: Type.Integer({ minimum: 0 }),
  /** Units on the shelf. */
  units: Type.Integer({ minimum: 0 }),
});
export type ShortDatedBatch = Static<typeof ShortDatedBatch>;

/** GET /api/admin/products/batches?lot=: batches of that lot across products (for a recall). */
export const BatchLotQuery = StrictObject({ lot: Type.String({ minLength: 1, maxLength: BATCH_LOT_MAX }) });
export type BatchLotQuery = Static<typeof BatchLotQuery>;
export const LotBatch = StrictObject({
  batchId: Type.String(),
  productId: Type.String(),
  productTitle: Type.String(),
  lot: Type.String(),
  expiresOn: Type.String(),
  state: BatchState,
  remaining: Type.Integer(),
});
export type LotBatch = Static<typeof LotBatch>;

export const UploadedImage = StrictObject({
  id: Type.String(),
  url: Type.String(),
  contentType: Type.String(),
  size: Type.Integer(),
});
export type UploadedImage = Static<typeof UploadedImage>;

export const MediaParams = StrictObject({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/* ---- reviews ---- */

export const Review = StrictObject({
  _id: Type.String(),
  productId: Type.String(),
  userId: Type.String(),
  reviewMessage: Type.String(),
  reviewValue: Type.Integer(),
  createdAt: Type.String(),
});
export type Review = Static<typeof Review>;

export const ReviewInput = StrictObject({
  userId: BodyUserId,
  productId: Id,
  reviewMessage: Type.String({ minLength: REVIEW_MIN_LENGTH, maxLength: REVIEW_MAX_LENGTH }),
  reviewValue: Type.Integer({ minimum: 1, maximum: 5 }),
});
export type ReviewInput = Static<typeof ReviewInput>;
export const ReviewProductParams = StrictObject({ productId: Id });

/** GET /api/shop/review/{productId}: the reviews newest first, the product's current average beside them. */
export const ReviewFigures = { averageReview: Type.Number(), reviewCount: Type.Integer({ minimum: 0 }) };
export type ReviewFigures = { averageReview: number; reviewCount: number };
export const ReviewListResponse = OkList(Review, ReviewFigures);
export type ReviewListResponse = Static<typeof ReviewListResponse>;
/** POST /api/shop/review/add answers the review and the product's new average. */
export const ReviewAdded = StrictObject({ review: Review, averageReview: Type.Number(), reviewCount: Type.Integer() });
export type ReviewAdded = Static<typeof ReviewAdded>;

/** GET /api/shop/review/can-review/{productId}: whether the signed-in user may review (hides the form otherwise). */
export const ReviewEligibility = StrictObject({
  canReview: Type.Boolean(),
  reason: Type.Optional(OneOf(['SIGN_IN', 'NOT_A_BUYER', 'NOT_DELIVERED', 'ALREADY_REVIEWED'])),
});
export type ReviewEligibility = Static<typeof ReviewEligibility>;

/* ---- feature banners ---- */

export const Feature = StrictObject({ _id: Type.String(), image: Type.String(), createdAt: Type.String() });
export type Feature = Static<typeof Feature>;
/** POST /api/common/feature/add: a media id from an upload or its URL path. */
export const FeatureInput = StrictObject({ image: MediaRef });
export type FeatureInput = Static<typeof FeatureInput>;
export const FeatureParams = StrictObject({ id: Id });

/* ----------------------------------------------------------------------------------------------------------
 * Internal API for the checkout service (/internal/catalog/..., guarded by the internal token).
 * Money here is integer cents: it is for arithmetic, not display.
 * -------------------------------------------------------------------------------------------------------- */

export const StockLine = StrictObject({
  productId: Id,
  quantity: Type.Integer({ minimum: 1, maximum: 1000 }),
});
export type StockLine = Static<typeof StockLine>;

/** POST /internal/catalog/stock/reserve: all items or none; idempotent per reservationId. */
export const ReserveRequest = StrictObject({
  reservationId: Id,
  items: Type.Array(StockLine, { minItems: 1, maxItems: 100 }),
});
export type ReserveRequest = Static<typeof ReserveRequest>;

/**
 * `refunded`: a paid order's payment was given back; its units stay off the shelf but are no longer counted as sold.
 * `restocked`: a paid order that was not dispensed (a pharmacist's rejection); its units are back on the shelf.
 */
export const ReservationStatus = OneOf(['reserved', 'committed', 'released', 'refunded', 'restocked']);
export type ReservationStatus = Static<typeof ReservationStatus>;

/* ---- batches (docs/domain.md#batches): every unit on the shelf belongs to a lot with an expiry date ---- */

/** Units of one batch that a reservation took (earliest expiry first); a paid order keeps them. */
export const BatchTake = StrictObject({
  batchId: Type.String(),
  lot: Type.String(),
  /** YYYY-MM-DD: the last day the batch may be sold. */
  expiresOn: Type.String(),
  quantity: Type.Integer({ minimum: 1 }),
});
export type BatchTake = Static<typeof BatchTake>;

export const Reservation = StrictObject({
  reservationId: Type.String(),
  status: ReservationStatus,
  items: Type.Array(
    StrictObject({
      productId: Type.String(),
      quantity: Type.Integer(),
      /** The batches the units came from (missing on reservations made before batches existed). */
      batches: Type.Optional(Type.Array(BatchTake)),
    }),
  ),
  createdAt: Type.String(),
});
export type Reservation = Static<typeof Reservation>;

/** POST /internal/catalog/batches/quarantine: a recall takes these batches off sale at once (idempotent per recallId). */
export const QuarantineRequest = StrictObject({
  recallId: Id,
  batchIds: Type.Array(Id, { minItems: 1, maxItems: 50 }),
});
export type QuarantineRequest = Static<typeof QuarantineRequest>;
export const QuarantinedBatch = StrictObject({
  batchId: Type.String(),
  productId: Type.String(),
  productTitle: Type.String(),
  lot: Type.String(),
  expiresOn: Type.String(),
  /** Units that were on the shelf and left sale with this recall (0 when a retry finds it already done). */
  quarantined: Type.Integer({ minimum: 0 }),
});
export type QuarantinedBatch = Static<typeof QuarantinedBatch>;
export const QuarantineResult = StrictObject({ batches: Type.Array(QuarantinedBatch) });
export type QuarantineResult = Static<typeof QuarantineResult>;

/** POST /internal/catalog/stock/commit, /release, /refund and /restock. */
export const ReservationRef = StrictObject({ reservationId: Id });
export type ReservationRef = Static<typeof ReservationRef>;

/* ----------------------------------------------------------------------------------------------------------
 * Safety (docs/domain.md#safety): the catalog owns the medicine knowledge table and computes every warning, so the
 * product page, cards, cart, checkout, My Orders and the admin order view all show one answer.
 * -------------------------------------------------------------------------------------------------------- */

export const SafetyWarning = StrictObject({
  kind: OneOf(['allergy', 'condition']),
  /** What in the product matched, as the product names it ("ibuprofen", "peptic ulcer"). */
  productTerm: Type.String(),
  /** The shopper's own profile entry it matched ("NSAIDs", "stomach ulcer"). */
  profileTerm: Type.String(),
  /** What links them when they differ, in words ("an NSAID", "the brand Nurofen", "the same condition"). */
  via: Type.Optional(Type.String()),
  /** The whole reason in plain words: "Contains ibuprofen, an NSAID; you told us you are allergic to NSAIDs." */
  message: Type.String(),
});
export type SafetyWarning = Static<typeof SafetyWarning>;

export const SafetyBlockCode = OneOf(['UNDER_AGE', 'NO_DOB', 'PRESCRIPTION_REQUIRED']);
export type SafetyBlockCode = Static<typeof SafetyBlockCode>;
/** Why this shopper cannot add the product at all (the same words the cart and checkout use: safetyBlockMessage). */
export const SafetyBlock = StrictObject({ code: SafetyBlockCode, message: Type.String() });
export type SafetyBlock = Static<typeof SafetyBlock>;

export const ProductSafety = StrictObject({
  productId: Type.String(),
  warnings: Type.Array(SafetyWarning),
  blocked: Type.Union([SafetyBlock, Type.Null()]),
});
export type ProductSafety = Static<typeof ProductSafety>;

/**
 * POST /api/shop/safety/check: the safety answer for the caller. Signed in, from their own profile (never one sent
 * by the browser); a visitor gets only the blocks that need no profile (prescription). Unknown ids are left out.
 */
export const SafetyCheckBody = StrictObject({ productIds: Type.Array(Id, { minItems: 1, maxItems: 100 }) });
export type SafetyCheckBody = Static<typeof SafetyCheckBody>;
export const SafetyCheckResponse = OkList(ProductSafety, { unrecognisedTerms: Type.Array(Type.String()) });
export type SafetyCheckResponse = Static<typeof SafetyCheckResponse>;

export const SafetyTermKind = OneOf(['ingredient', 'class', 'excipient', 'condition']);
export type SafetyTermKind = Static<typeof SafetyTermKind>;

/** GET /api/shop/safety/terms?q=&for=allergy|condition: typeahead suggestions from the knowledge table (public). */
export const SafetyTermsQuery = StrictObject({
  q: Type.String({ minLength: 1, maxLength: 80 }),
  for: OneOf(['allergy', 'condition']),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 8 })),
});
export type SafetyTermsQuery = Static<typeof SafetyTermsQuery>;
export const SafetyTerm = StrictObject({
  /** The name to store in the profile ("Ibuprofen", "NSAIDs", "High blood pressure"). */
  term: Type.String(),
  kind: SafetyTermKind,
  /** The name the query matched when it is not the term itself (a brand, an everyday or misspelt name). */
  matched: Type.Optional(Type.String()),
  /** A short hint for the suggestion list ("NSAID; brands Nurofen, Advil"). */
  hint: Type.Optional(Type.String()),
});
export type SafetyTerm = Static<typeof SafetyTerm>;
export const SafetyTermsResponse = OkList(SafetyTerm, { tableVersion: Type.String() });
export type SafetyTermsResponse = Static<typeof SafetyTermsResponse>;

/** POST /api/shop/safety/terms/recognise: which of these profile terms the table knows (public: no user data kept). */
export const SafetyRecogniseBody = StrictObject({ terms: Type.Array(Type.String({ minLength: 1, maxLength: 80 }), { maxItems: 60 }) });
export type SafetyRecogniseBody = Static<typeof SafetyRecogniseBody>;
export const SafetyRecognition = StrictObject({
  term: Type.String(),
  recognised: Type.Boolean(),
  /** The table's name for it when recognised. */
  canonical: Type.Optional(Type.String()),
});
export type SafetyRecognition = Static<typeof SafetyRecognition>;
export const SafetyRecogniseResponse = Ok(Type.Array(SafetyRecognition));
export type SafetyRecogniseResponse = Static<typeof SafetyRecogniseResponse>;

/** How a product is named wherever it stands for itself elsewhere: a quote line, a cart line, an order item. */
export const productNaming = {
  productId: Type.String(),
  title: Type.String(),
  image: Type.String(),
  brand: Type.String(),
};

/** What checkout needs to show, price and check one product (GET lookup, and each quote line). */
export const ProductSummary = StrictObject({
  ...productNaming,
  /** Effective price: salePrice when > 0, else price. */
  unitPriceCents: Type.Integer(),
  totalStock: Type.Integer(),
  /** The effective cap: the product's maxPerOrder or DEFAULT_MAX_PER_ORDER (null only for an unknown product). */
  maxPerOrder: Type.Union([Type.Integer(), Type.Null()]),
  minAge: Type.Integer(),
  requiresPrescription: Type.Boolean(),
  pharmacyOnly: Type.Boolean(),
  ...supplyFlags,
  allergens: Type.Array(Type.String()),
  contraindications: Type.Array(Type.String()),
  activeIngredients: Type.Array(Type.String()),
});
export type ProductSummary = Static<typeof ProductSummary>;

export const QuoteReasonCode = OneOf([
  'NOT_FOUND',
  'OUT_OF_STOCK',
  'MAX_PER_ORDER',
  'PRESCRIPTION_REQUIRED',
  /** Only with a profile in the request: the shopper is younger than minAge, or gave no date of birth. */
  'UNDER_AGE',
  'NO_DOB',
]);
export type QuoteReasonCode = Static<typeof QuoteReasonCode>;

/**
 * POST /internal/catalog/products/quote. With the signed-in shopper's `profile`, each line also carries the safety
 * answer the catalog gives everywhere (warnings, and an age block as reasonCode UNDER_AGE/NO_DOB).
 */
export const QuoteRequest = StrictObject({
  items: Type.Array(StockLine, { minItems: 1, maxItems: 100 }),
  profile: Type.Optional(Type.Union([SafetyProfile, Type.Null()])),
});
export type QuoteRequest = Static<typeof QuoteRequest>;

/**
 * What a legal or policy supply limit counts in one pack (docs/domain.md#supply-limits), derived by the catalog from
 * the product's active ingredients, pack size and dosage form, never typed by staff. `units`: tablets, capsules or
 * sachets per pack, ml for a liquid, the pack's own count otherwise. `ingredients`: the safety table's ingredient ids
 * with mg per unit (per ml for a liquid); an ingredient the table does not know is left out.
 */
export const SupplyForm = OneOf(['tablet', 'effervescent-tablet', 'capsule', 'liquid', 'sachet', 'other']);
export type SupplyForm = Static<typeof SupplyForm>;
export const SupplyFacts = StrictObject({
  form: SupplyForm,
  units: Type.Number({ minimum: 0 }),
  ingredients: Type.Array(StrictObject({ id: Type.String(), mgPerUnit: Type.Number({ minimum: 0 }) })),
});
export type SupplyFacts = Static<typeof SupplyFacts>;

export const QuoteItem = StrictObject({
  ...ProductSummary.properties,
  quantity: Type.Integer(),
  lineTotalCents: Type.Integer(),
  available: Type.Boolean(),
  /** Why not available, in words a shopper can act on. */
  reason: Type.Optional(Type.String()),
  reasonCode: Type.Optional(QuoteReasonCode),
  /** Safety warnings for the quoted profile (empty without one). */
  warnings: Type.Array(SafetyWarning),
  /** What a supply limit counts in one pack (null for an unknown product). */
  supply: Type.Union([SupplyFacts, Type.Null()]),
});
export type QuoteItem = Static<typeof QuoteItem>;

/**
 * Lines keep the request's order; totalCents sums every line (unknown products count 0). `unrecognisedTerms`: the
 * quoted profile's allergies and conditions the knowledge table does not know (matched as text, flagged for the pharmacist).
 */
export const Quote = StrictObject({ items: Type.Array(QuoteItem), totalCents: Type.Integer(), unrecognisedTerms: Type.Array(Type.String()) });
export type Quote = Static<typeof Quote>;

/** GET /internal/catalog/products/lookup?ids=a,b (unknown ids are left out). */
export const LookupQuery = StrictObject({ ids: Type.String({ minLength: 1, maxLength: 6600 }) });
export const LookupResult = StrictObject({ items: Type.Array(ProductSummary) });
export type LookupResult = Static<typeof LookupResult>;

/**
 * What catalog asks checkout: GET /internal/checkout/purchases/{userId}/{productId}. `purchased`: a paid order holds
 * the product (not rejected, not refunded); `delivered`: one of those has been delivered or collected, which is
 * when the shopper may review it (docs/domain.md#reviews).
 */
export const PurchaseCheck = StrictObject({ purchased: Type.Boolean(), delivered: Type.Boolean() });
export type PurchaseCheck = Static<typeof PurchaseCheck>;

