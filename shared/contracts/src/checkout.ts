// Schemas and types of the checkout vertical's requests and responses (owned by that vertical):
// cart, addresses, orders, payments and the admin orders API (docs/api.md, docs/domain.md#orders).
import { Type, type Static } from '@sinclair/typebox';
import { BodyUserId, Id, Ok, OkList, OneOf, PageFigures, StrictObject } from './envelope';
import { productNaming } from './catalog';
import { ADDRESS_RULES, ADMIN_ORDERS_MAX_LIMIT, ADMIN_ORDERS_QUERY_MAX, DELIVERY_METHODS, ORDER_CLOSED_REASONS, type OrderClosedReason, CART_MAX_LINES, CART_MAX_QUANTITY, CONSULTATION_ANSWER_MAX, CONSULTATION_QUESTIONS, ORDER_STATUSES, type OrderStatus, PAYMENT_PROVIDERS, PAYMENT_STATUSES, type PaymentStatus, REVIEW_REASON_MAX, REVIEW_STATUSES } from './checkout.rules';
import { BatchTake, SafetyBlockCode, SafetyWarning } from './catalog';
import { ACCOUNT_LIMITS } from './account.rules';
import { Pharmacy } from './market/schema';
import { HealthChange, ResponsiblePharmacist } from './pharmacist';
import { ORDER_HEALTH_FIELDS } from './pharmacist.rules';
import { DispensedFrom } from './prescriptions';
import { PRESCRIPTION_REFUSALS } from './prescriptions.rules';

export const OrderStatusSchema = OneOf(ORDER_STATUSES);
export const PaymentStatusSchema = OneOf(PAYMENT_STATUSES);

// ---------------------------------------------------------------------------------------------------------------
// Shared pieces

const Quantity = Type.Integer({ minimum: 1, maximum: CART_MAX_QUANTITY });
/** Money as shown by the API: a decimal with at most two places, derived from integer cents. */
const Money = Type.Number();

export const CheckoutUserParams = StrictObject({ userId: Id });
export const CheckoutIdParams = StrictObject({ id: Id });

// ---------------------------------------------------------------------------------------------------------------
// Delivery (docs/domain.md#delivery-and-totals)

export const DeliveryMethodSchema = OneOf(DELIVERY_METHODS);
/** A pharmacy's id in the market's list (short words, e.g. "high-street"). */
export const PharmacyId = Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z0-9-]+$' });

export const DeliveryOption = StrictObject({
  method: DeliveryMethodSchema,
  label: Type.String(),
  /** How long it takes, in words ("2-4 working days"). */
  description: Type.String(),
  fee: Money,
  feeCents: Type.Integer({ minimum: 0 }),
  /** Standard delivery: free from this subtotal on. */
  freeOver: Type.Optional(Money),
  freeOverCents: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type DeliveryOption = Static<typeof DeliveryOption>;

/**
 * GET /api/shop/delivery/options (public, cacheable): the market's currency, free-delivery threshold, fees, tax rate
 * and pharmacies to collect from, as checkout prices them (deliveryOptionsFor).
 */
export const DeliveryOptions = StrictObject({
  currency: Type.String(),
  freeDeliveryOver: Money,
  freeDeliveryOverCents: Type.Integer({ minimum: 0 }),
  /** Prices include tax at this rate. */
  taxRatePercent: Type.Number({ minimum: 0 }),
  methods: Type.Array(DeliveryOption),
  pharmacies: Type.Array(Pharmacy),
});
export type DeliveryOptions = Static<typeof DeliveryOptions>;
export const DeliveryOptionsResponse = Ok(DeliveryOptions);

/** How an order is to be delivered: collect needs one of the pharmacies. */
export const DeliverySelection = StrictObject({ method: DeliveryMethodSchema, pharmacyId: Type.Optional(PharmacyId) });
export type DeliverySelection = Static<typeof DeliverySelection>;

/**
 * The query every cart call accepts (all optional: the calls work unchanged without it): the method whose totals the
 * answer's `totals` shows (standard when absent).
 */
export const CartDeliveryQuery = StrictObject({ delivery: Type.Optional(DeliveryMethodSchema), pharmacyId: Type.Optional(PharmacyId) });
export type CartDeliveryQuery = Static<typeof CartDeliveryQuery>;

/**
 * What the cart costs with a delivery method, computed by the server: the subtotal counts only the lines that can
 * be ordered (a blocked line keeps its `problem` beside it and is left out, `excludedLines` says how many).
 */
export const CartTotals = StrictObject({
  subtotal: Money,
  delivery: Money,
  total: Money,
  /** The tax the total contains (prices include tax at taxRatePercent). */
  taxIncluded: Money,
  taxRatePercent: Type.Number({ minimum: 0 }),
  currency: Type.String(),
  deliveryMethod: DeliveryMethodSchema,
  /** Standard delivery: how much more makes it free (0 when it already is); absent for the other methods. */
  amountToFreeDelivery: Type.Optional(Money),
  excludedLines: Type.Integer({ minimum: 0 }),
});
export type CartTotals = Static<typeof CartTotals>;

// ---------------------------------------------------------------------------------------------------------------
// Cart

export const CartItemInput = StrictObject({ productId: Id, quantity: Quantity });
export type CartItemInput = Static<typeof CartItemInput>;

export const CartAddBody = StrictObject({ userId: BodyUserId, productId: Id, quantity: Quantity });
export type CartAddBody = Static<typeof CartAddBody>;
export const CartUpdateBody = CartAddBody;
export type CartUpdateBody = CartAddBody;
/**
 * `mergeId` names one visitor cart's merge: the browser keeps it until it sees the reply, so when a page load cuts
 * the reply off and the merge is sent again, the server recognises it and adds nothing twice.
 */
export const CartMergeBody = StrictObject({ items: Type.Array(CartItemInput, { maxItems: CART_MAX_LINES }), mergeId: Type.Optional(Id) });
export type CartMergeBody = Static<typeof CartMergeBody>;
export const CartItemParams = StrictObject({ userId: Id, productId: Id });

/**
 * The server lowered a quantity: how many the change asked for in the line, how many it holds, and why (the stock left
 * or the product's per-order limit). Clients decide what to say from these fields, never from a message's wording.
 */
export const CartCapped = StrictObject({
  requested: Type.Integer({ minimum: 1 }),
  allowed: Type.Integer({ minimum: 0 }),
  /** `prescription`: the shopper's prescription has less left than that (docs/domain.md#ordering-against-a-prescription). */
  reason: OneOf(['stock', 'maxPerOrder', 'prescription']),
});
export type CartCapped = Static<typeof CartCapped>;

export const CartLine = StrictObject({
  ...productNaming,
  quantity: Type.Integer(),
  /** Unit price (sale price when there is one). */
  price: Money,
  lineTotal: Money,
  /** The most this shopper can have of it now: min(stock, maxPerOrder); 0 when unavailable. */
  maxQuantity: Type.Integer(),
  /** false when the product was deleted or is out of stock: shown, but it blocks checkout. */
  available: Type.Boolean(),
  /** Why the line cannot be ordered (unavailable, prescription only, age), if it cannot. */
  problem: Type.Optional(Type.String()),
  /**
   * The safety block behind `problem`, when it is one: clients decide what to offer from it (NO_DOB: add a date of
   * birth on the spot), never from the wording.
   */
  problemCode: Type.Optional(SafetyBlockCode),
  /** Why the quantity was lowered, if it was (stock or the per-order limit). */
  notice: Type.Optional(Type.String()),
  /** The same as fields: set when this answer lowered the line's quantity. */
  capped: Type.Optional(CartCapped),
  /** Safety warnings for the signed-in user, as the catalog computes them (messages); ordering needs acknowledgement. */
  warnings: Type.Array(Type.String()),
  /** The same warnings as fields (what matched, through which class or name). */
  safety: Type.Array(SafetyWarning),
  /** A pharmacy medicine: ordering it needs the consultation answers, and a pharmacist reviews the order. */
  pharmacyOnly: Type.Boolean(),
  /** A prescription medicine: the shopper's prescription item it is dispensed against (its directions, what is left). */
  prescription: Type.Optional(DispensedFrom),
  /** A prescription medicine no usable prescription covers: why, as a code of PRESCRIPTION_REFUSALS (`problem` has the words). */
  prescriptionRefusal: Type.Optional(OneOf(Object.keys(PRESCRIPTION_REFUSALS) as (keyof typeof PRESCRIPTION_REFUSALS)[])),
});
export type CartLine = Static<typeof CartLine>;

export const Cart = StrictObject({
  userId: Type.String(),
  items: Type.Array(CartLine),
  itemCount: Type.Integer(),
  totalAmount: Money,
  /** true when every line can be ordered. */
  canCheckout: Type.Boolean(),
  hasWarnings: Type.Boolean(),
  /** true when a line is pharmacy-only: checkout asks CONSULTATION_QUESTIONS. */
  needsConsultation: Type.Boolean(),
  /** true when the catalog could not be reached: lines keep their quantities but show no live price or stock. */
  pricesUnavailable: Type.Optional(Type.Boolean()),
  /**
   * Why this cart can only be collected, when it holds a controlled or refrigerated medicine (in words): checkout then
   * offers click and collect only (docs/domain.md#prescriptions).
   */
  collectOnly: Type.Optional(Type.String()),
  /** Subtotal, delivery, total and tax for the method asked for (CartDeliveryQuery; standard by default). */
  totals: CartTotals,
});
export type Cart = Static<typeof Cart>;

/**
 * Every cart call answers the priced cart; add and update also say beside it, in `capped`, when the quantity asked
 * for did not fit and was lowered (the `message` says the same in words, for people).
 */
export const CartResponse = Type.Object(
  { ...Ok(Cart).properties, capped: Type.Optional(CartCapped) },
  { additionalProperties: false },
);
export type CartResponse = Static<typeof CartResponse>;

/**
 * POST /api/shop/order/buy-again/{orderId}: a past order's items put back in the cart through cart add's checks;
 * `notAdded` says which could not be, and why (the words cart add would answer, and its code).
 */
export const BuyAgainResult = StrictObject({
  cart: Cart,
  notAdded: Type.Array(StrictObject({ productId: Type.String(), title: Type.String(), reason: Type.String(), code: Type.String() })),
});
export type BuyAgainResult = Static<typeof BuyAgainResult>;
export const BuyAgainResponse = Ok(BuyAgainResult);
export const BuyAgainParams = StrictObject({ orderId: Id });

/** Visitors' carts are priced without signing in (they carry no user data, so no safety warnings). */
export const CartQuoteBody = StrictObject({ items: Type.Array(CartItemInput, { maxItems: CART_MAX_LINES }) });
export type CartQuoteBody = Static<typeof CartQuoteBody>;

// ---------------------------------------------------------------------------------------------------------------
// Addresses

const upTo = (max: number) => Type.String({ maxLength: max });

/**
 * The fields of an address in the market's shape (docs/api.md#addresses). The schema holds the types and the
 * lengths; what a market requires (its postcode, its phone numbers, a county from its list) is checked by
 * addressProblems, in the form and in the service.
 */
const addressFields = {
  fullName: upTo(ADDRESS_RULES.fullName.max),
  line1: upTo(ADDRESS_RULES.line.max),
  line2: Type.Optional(upTo(ADDRESS_RULES.line.max)),
  /** Town or city. */
  city: upTo(ADDRESS_RULES.city.max),
  /** County (or state): optional or chosen from a list, as the market says. */
  region: Type.Optional(upTo(ADDRESS_RULES.region.max)),
  /** Postcode, Eircode or ZIP. */
  postalCode: upTo(ADDRESS_RULES.postalCode.max),
  /** ISO 3166 code; the market's country when left out. */
  country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$' })),
  phone: upTo(ACCOUNT_LIMITS.phoneMax),
  notes: Type.Optional(upTo(ADDRESS_RULES.notes.max)),
};
export const AddressInput = StrictObject(addressFields);
export type AddressInput = Static<typeof AddressInput>;
export const AddressAddBody = StrictObject({ userId: BodyUserId, ...addressFields });
export type AddressAddBody = Static<typeof AddressAddBody>;
/** Any subset of the fields. */
export const AddressUpdateBody = Type.Partial(AddressInput, { additionalProperties: false });
export type AddressUpdateBody = Static<typeof AddressUpdateBody>;
export const AddressParams = StrictObject({ userId: Id, addressId: Id });

/** An address as given back (empty strings for the parts it has not): what an order keeps a copy of. */
export const OrderAddress = StrictObject({
  addressId: Type.String(),
  fullName: Type.String(),
  line1: Type.String(),
  line2: Type.String(),
  city: Type.String(),
  region: Type.String(),
  postalCode: Type.String(),
  country: Type.String(),
  phone: Type.String(),
  notes: Type.String(),
});
export type OrderAddress = Static<typeof OrderAddress>;

export const Address = StrictObject({
  _id: Type.String(),
  userId: Type.String(),
  ...OrderAddress.properties,
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Address = Static<typeof Address>;

// ---------------------------------------------------------------------------------------------------------------
// Orders

export const ConsultationQuestionIdSchema = OneOf(CONSULTATION_QUESTIONS.map((q) => q.id));
export const ConsultationAnswerInput = StrictObject({
  questionId: ConsultationQuestionIdSchema,
  answer: Type.String({ minLength: 1, maxLength: CONSULTATION_ANSWER_MAX }),
});
export type ConsultationAnswerInput = Static<typeof ConsultationAnswerInput>;
/**
 * An answer as the order keeps it: with the question's words as they were asked, and where it does not match the
 * shopper's health profile when they ordered (an age their date of birth contradicts, "none" beside listed
 * allergies…), what does not match, for the pharmacist (docs/domain.md#pharmacist-review).
 */
export const ConsultationAnswer = StrictObject({
  ...ConsultationAnswerInput.properties,
  question: Type.String(),
  contradiction: Type.Optional(Type.String()),
});
export type ConsultationAnswer = Static<typeof ConsultationAnswer>;

export const OrderCreateBody = StrictObject({
  userId: BodyUserId,
  addressId: Id,
  /** The shopper read the safety warnings of the cart and wants to order anyway (recorded on the order). */
  acknowledgeSafetyWarnings: Type.Optional(Type.Boolean()),
  /** Required (every question answered) when the cart holds a pharmacy-only product; ignored (not kept) otherwise. */
  consultation: Type.Optional(Type.Array(ConsultationAnswerInput, { minItems: 1, maxItems: CONSULTATION_QUESTIONS.length })),
  /** Standard when absent (older clients); collect needs a pharmacyId from the delivery options. */
  delivery: Type.Optional(DeliverySelection),
});
export type OrderCreateBody = Static<typeof OrderCreateBody>;
export const OrderCreated = StrictObject({ approvalURL: Type.String(), orderId: Type.String() });
export type OrderCreated = Static<typeof OrderCreated>;
/** POST /api/shop/order/create: the approval link and the order id at the top level, and in `data` as well. */
export const OrderCreatedResponse = StrictObject({ ...Ok(OrderCreated).properties, ...OrderCreated.properties });
export type OrderCreatedResponse = Static<typeof OrderCreatedResponse>;

const ProviderRef = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' });
export const OrderCaptureBody = StrictObject({ paymentId: ProviderRef, payerId: ProviderRef, orderId: Id });
export type OrderCaptureBody = Static<typeof OrderCaptureBody>;
export const OrderCancelBody = StrictObject({ orderId: Id });
export type OrderCancelBody = Static<typeof OrderCancelBody>;

export const OrderItem = StrictObject({
  ...productNaming,
  price: Money,
  quantity: Type.Integer(),
  lineTotal: Money,
  warnings: Type.Array(Type.String()),
  pharmacyOnly: Type.Optional(Type.Boolean()),
  /** A prescription medicine: the prescription item it dispenses, with the directions to show on the order. */
  prescription: Type.Optional(DispensedFrom),
  /** The batches (lot, expiry) the units came from, earliest expiry first; missing before the stock was reserved. */
  batches: Type.Optional(Type.Array(BatchTake)),
});
export type OrderItem = Static<typeof OrderItem>;

export const OrderHistoryEntry = StrictObject({
  field: OneOf(['orderStatus', 'paymentStatus', 'review']),
  from: Type.String(),
  to: Type.String(),
  at: Type.String(),
  /** The user id of who made the change, or "system" (expiry, payment provider). */
  by: Type.String(),
  /** A member of staff's name as it was when they made the change (orderActorLabel words the entry). */
  byName: Type.Optional(Type.String()),
  note: Type.Optional(Type.String()),
});
export type OrderHistoryEntry = Static<typeof OrderHistoryEntry>;

export const ReviewStatusSchema = OneOf(REVIEW_STATUSES);
export const OrderReview = StrictObject({
  status: ReviewStatusSchema,
  /** Why the order needs a pharmacist, in words ("Acknowledged warning: …", "Pharmacy medicine: …", "Unrecognised health term: …"). */
  reasons: Type.Array(Type.String()),
  /** Who decided (a user id) and when; null until then. */
  decidedBy: Type.Union([Type.String(), Type.Null()]),
  /** The deciding pharmacist's name as it was then (missing on older decisions). */
  decidedByName: Type.Optional(Type.String()),
  decidedAt: Type.Union([Type.String(), Type.Null()]),
  /** The pharmacist's reason for a rejection (shown to the shopper), or a note with an approval. */
  note: Type.Union([Type.String(), Type.Null()]),
  /** The responsible pharmacist on duty when the decision was made (docs/domain.md#responsible-pharmacist). */
  responsiblePharmacist: Type.Optional(ResponsiblePharmacist),
});
export type OrderReview = Static<typeof OrderReview>;

/** How an order is delivered, as it was chosen and priced (a copy of the pharmacy, should the list change). */
export const OrderDelivery = StrictObject({
  method: DeliveryMethodSchema,
  label: Type.String(),
  fee: Money,
  pharmacy: Type.Union([StrictObject({ id: Type.String(), name: Type.String(), address: Type.String() }), Type.Null()]),
});
export type OrderDelivery = Static<typeof OrderDelivery>;

export const OrderClosedReasonSchema = OneOf(ORDER_CLOSED_REASONS);

export const Order = StrictObject({
  _id: Type.String(),
  /** The order's short number for people (orderNumber(_id), e.g. "#FC34A420"). */
  orderNumber: Type.String(),
  userId: Type.String(),
  items: Type.Array(OrderItem),
  address: OrderAddress,
  /** The items' total (an order from before delivery methods: the total, with no delivery fee). */
  subtotal: Money,
  deliveryFee: Money,
  /** subtotal + deliveryFee: what the payment provider was asked for. */
  totalAmount: Money,
  /** The tax the total contains (prices include tax at taxRatePercent). */
  taxIncluded: Money,
  taxRatePercent: Type.Number({ minimum: 0 }),
  currency: Type.String(),
  delivery: OrderDelivery,
  /** Why the order closed (set with orderStatus rejected): orderStatusWords turns it into words. */
  closedReason: Type.Optional(OrderClosedReasonSchema),
  orderStatus: OrderStatusSchema,
  paymentStatus: PaymentStatusSchema,
  paymentMethod: Type.String(),
  paymentId: Type.String(),
  payerId: Type.String(),
  /** While the order is unpaid: the provider's approval page, so the shopper can finish paying from My Orders. */
  paymentURL: Type.Optional(Type.String()),
  orderDate: Type.String(),
  orderUpdateDate: Type.String(),
  /** When an unpaid order expires and its stock is released. */
  expiresAt: Type.String(),
  /** Safety warnings the shopper acknowledged when ordering (empty when there were none). */
  acknowledgedWarnings: Type.Array(Type.String()),
  acknowledgedAt: Type.Union([Type.String(), Type.Null()]),
  history: Type.Array(OrderHistoryEntry),
  /** The consultation answers given at checkout (empty when no product needed them). */
  consultation: Type.Array(ConsultationAnswer),
  /** The shopper's allergies and conditions the knowledge table did not recognise when they ordered: for the pharmacist. */
  unrecognisedTerms: Type.Array(Type.String()),
  review: OrderReview,
  /** Set when the shopper deleted their account: the order is kept, its name, address and phone replaced. */
  anonymisedAt: Type.Optional(Type.String()),
});
export type Order = Static<typeof Order>;

// ---------------------------------------------------------------------------------------------------------------
// Payments

/** GET /api/payments/config (public): which provider takes the payments, so pages can say when none is real. */
export const PaymentConfig = StrictObject({
  provider: OneOf(PAYMENT_PROVIDERS),
  /** True with the sandbox provider: no money moves, pages show TEST_PAYMENT_NOTICE. */
  testPayments: Type.Boolean(),
});
export type PaymentConfig = Static<typeof PaymentConfig>;

// ---------------------------------------------------------------------------------------------------------------
// Admin orders

export const AdminOrdersQuery = StrictObject({
  status: Type.Optional(OrderStatusSchema),
  paymentStatus: Type.Optional(PaymentStatusSchema),
  /** `awaiting`: only orders waiting for a pharmacist. */
  review: Type.Optional(Type.Literal('awaiting')),
  /**
   * Search: an order number (with or without '#', any case, at least ORDER_NUMBER_SEARCH_MIN characters of it), the
   * customer's name on the order, or their email. Plain text: matched literally, never as a pattern.
   */
  q: Type.Optional(Type.String({ minLength: 1, maxLength: ADMIN_ORDERS_QUERY_MAX, pattern: '^[^\\u0000-\\u001f\\u007f]*$' })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: ADMIN_ORDERS_MAX_LIMIT })),
});
export type AdminOrdersQuery = Static<typeof AdminOrdersQuery>;
/** GET /api/admin/orders/get: one page of orders, newest first, the paging figures and the review queue's size beside it. */
/**
 * An order as staff see it (docs/domain.md#health-data): its health data (consultation answers, unrecognised health
 * terms) left out and named in `restricted` where this answer does not carry it (a role without 'health.read', and
 * every list), so "restricted" never reads as "none".
 */
export const StaffOrder = StrictObject({
  ...Order.properties,
  consultation: Type.Optional(Order.properties.consultation),
  unrecognisedTerms: Type.Optional(Order.properties.unrecognisedTerms),
  restricted: Type.Optional(Type.Array(OneOf(ORDER_HEALTH_FIELDS))),
  /** For the pharmacist: what changed in the shopper's health profile since the order was placed (details only). */
  healthChanges: Type.Optional(Type.Array(HealthChange)),
  /**
   * A pharmacist's one-order overrides of supply-limit policy rules this order used (docs/domain.md#overrides):
   * staff only, so not in the shopper's `Order` (the reason may name a care home or a clinical judgement).
   */
  supplyOverrides: Type.Optional(
    Type.Array(StrictObject({ overrideId: Type.String(), ruleId: Type.String(), reason: Type.String(), grantedBy: StrictObject({ id: Type.String(), name: Type.String() }) })),
  ),
});
export type StaffOrder = Static<typeof StaffOrder>;

export const AdminOrderListResponse = OkList(StaffOrder, { ...PageFigures, awaitingReview: Type.Integer({ minimum: 0 }) });
export type AdminOrderListResponse = Static<typeof AdminOrderListResponse>;
export const AdminOrderStatusBody = StrictObject({ orderStatus: OrderStatusSchema });
export const AdminPaymentStatusBody = StrictObject({ paymentStatus: PaymentStatusSchema });
/**
 * POST /api/admin/orders/review/{id}: the pharmacist's decision on an order awaiting review. `approve` moves it on to
 * inProcess; `reject` needs a reason, refunds through the payment provider, puts the stock back and tells the shopper.
 */
export const AdminReviewBody = Type.Union([
  StrictObject({ decision: Type.Literal('approve'), note: Type.Optional(Type.String({ maxLength: REVIEW_REASON_MAX })) }),
  StrictObject({ decision: Type.Literal('reject'), reason: Type.String({ minLength: 3, maxLength: REVIEW_REASON_MAX }) }),
]);
export type AdminReviewBody = Static<typeof AdminReviewBody>;

export const DailyRevenue = StrictObject({ date: Type.String(), revenue: Money, orders: Type.Integer() });
/** One order of the pharmacist's queue as the dashboard lists it (oldest first). */
export const ReviewQueueEntry = StrictObject({
  _id: Type.String(),
  orderNumber: Type.String(),
  orderDate: Type.String(),
  /** The name on the order. */
  customer: Type.String(),
  totalAmount: Money,
  currency: Type.String(),
});
export type ReviewQueueEntry = Static<typeof ReviewQueueEntry>;
export const OrderStats = StrictObject({
  /** Revenue counts paid orders' totals, delivery included (refunded ones are excluded), by order date, in UTC days. */
  today: StrictObject({ revenue: Money, orders: Type.Integer(), paidOrders: Type.Integer() }),
  last30Days: StrictObject({ revenue: Money, orders: Type.Integer(), paidOrders: Type.Integer() }),
  byOrderStatus: StrictObject(Object.fromEntries(ORDER_STATUSES.map((s) => [s, Type.Integer()])) as Record<OrderStatus, ReturnType<typeof Type.Integer>>),
  byPaymentStatus: StrictObject(Object.fromEntries(PAYMENT_STATUSES.map((s) => [s, Type.Integer()])) as Record<PaymentStatus, ReturnType<typeof Type.Integer>>),
  /** Closed orders by why they closed (closedReason): payments that never completed apart from refusals. */
  byClosedReason: StrictObject(Object.fromEntries(ORDER_CLOSED_REASONS.map((r) => [r, Type.Integer()])) as Record<OrderClosedReason, ReturnType<typeof Type.Integer>>),
  /** The pharmacist's queue (paid orders awaiting review): its size, and its oldest orders first (REVIEW_QUEUE_PREVIEW). */
  awaitingReview: Type.Integer({ minimum: 0 }),
  reviewQueue: Type.Array(ReviewQueueEntry),
  /** 30 entries, oldest first, the last one is today. */
  dailyRevenue: Type.Array(DailyRevenue),
});
export type OrderStats = Static<typeof OrderStats>;

// ---------------------------------------------------------------------------------------------------------------
// Internal (service to service)

export const PurchaseParams = StrictObject({ userId: Id, productId: Id });
// The response (PurchaseCheck) is declared by its caller in catalog.ts.

// The user's safety profile (allergies, healthConditions, DOB) is the account vertical's SafetyProfile.
