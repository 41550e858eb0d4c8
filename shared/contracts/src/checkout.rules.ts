// The checkout vertical's constants and order and payment state rules (docs/domain.md#orders): plain values, no
// schema library, so the browser gets them without TypeBox (see browser.ts).

import { MISSING_VALUE, centsToDecimal } from './catalog.rules';
import type { DeliveryOptions, Order, OrderReview } from './checkout';
import type { Market, MarketDelivery } from './market/schema';

// ---------------------------------------------------------------------------------------------------------------
// Constants

/** Quantity accepted in one cart call (the real cap is stock and the product's maxPerOrder). */
export const CART_MAX_QUANTITY = 999;
/** Distinct products in one cart. */
export const CART_MAX_LINES = 50;
/** Saved addresses per user. */
export const ADDRESS_LIMIT = 5;
/** A pending order not captured within this time expires and its stock is released. */
export const ORDER_EXPIRY_MS = 30 * 60 * 1000;
/** Session storage key that carries the order across the payment provider's redirect (docs/domain.md#orders). */
export const CURRENT_ORDER_ID_KEY = 'currentOrderId';
/** Local storage key of a visitor's cart (the browser cart, merged into the server cart at sign-in). */
export const VISITOR_CART_KEY = 'pharmacy.visitorCart';
/** Unpaid (pending) orders one shopper may hold at once: each holds stock until it is paid, cancelled or expires. */
export const UNPAID_ORDERS_LIMIT = 3;
export const ADMIN_ORDERS_DEFAULT_LIMIT = 20;
export const ADMIN_ORDERS_MAX_LIMIT = 100;
/** The admin orders search (`q`): an order number, a customer's name or email, at most this long. */
export const ADMIN_ORDERS_QUERY_MAX = 100;
/** An order number is matched from this many characters on (fewer would match half the orders). */
export const ORDER_NUMBER_SEARCH_MIN = 4;
/** The pharmacist's queue on the dashboard: this many of its oldest orders, the rest behind a link to Orders. */
export const REVIEW_QUEUE_PREVIEW = 5;

// ---------------------------------------------------------------------------------------------------------------
// Order number

/** The characters of an order's id that name it to people. */
export const ORDER_NUMBER_LENGTH = 8;
/**
 * The one way an order is named to people, everywhere (pages, mails, the provider's description, admin search):
 * `#` and the first characters of its id in capitals, e.g. `#FC34A420`.
 */
export const orderNumber = (id: string): string => `#${id.slice(0, ORDER_NUMBER_LENGTH).toUpperCase()}`;

// ---------------------------------------------------------------------------------------------------------------
// Delivery and totals (docs/domain.md#delivery-and-totals)

/** `collect`: click-and-collect at one of the market's pharmacies (Market.pharmacies), free. */
export const DELIVERY_METHODS = ['standard', 'express', 'collect'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
/** What an order without a chosen method (an older client, an order from before delivery methods) is sent by. */
export const DEFAULT_DELIVERY_METHOD: DeliveryMethod = 'standard';

/** Each method in words, the same on the checkout page, the order and the content pages. */
export const DELIVERY_METHOD_TEXT: Record<DeliveryMethod, { label: string; description: string }> = {
  standard: { label: 'Standard delivery', description: '2-4 working days' },
  express: { label: 'Express delivery', description: 'Next working day when ordered by 2 pm' },
  collect: { label: 'Click and collect', description: 'Free, ready at the pharmacy you choose within 2 hours of opening' },
};
export const deliveryMethodLabel = (method: string | null | undefined): string =>
  (method && DELIVERY_METHOD_TEXT[method as DeliveryMethod]?.label) || DELIVERY_METHOD_TEXT[DEFAULT_DELIVERY_METHOD].label;

/** The fees and threshold of the market (MarketDelivery), in cents. */
export type DeliveryFees = Pick<MarketDelivery, 'standardFeeCents' | 'expressFeeCents' | 'freeDeliveryOverCents'>;

/** A method's fee for a subtotal (cents): standard is free from the threshold on, collect is always free. */
export function deliveryFeeCents(method: DeliveryMethod, subtotalCents: number, fees: DeliveryFees): number {
  if (method === 'collect') return 0;
  if (method === 'express') return fees.expressFeeCents;
  return subtotalCents >= fees.freeDeliveryOverCents ? 0 : fees.standardFeeCents;
}

/**
 * The delivery options of a market, as GET /api/shop/delivery/options answers them and the content pages show
 * them: one computation, so a page never states another fee than checkout charges.
 */
export function deliveryOptionsFor(market: Market): DeliveryOptions {
  const { delivery } = market;
  return {
    currency: market.currency,
    freeDeliveryOver: centsToDecimal(delivery.freeDeliveryOverCents),
    freeDeliveryOverCents: delivery.freeDeliveryOverCents,
    taxRatePercent: market.tax.ratePercent,
    methods: DELIVERY_METHODS.map((method) => {
      const feeCents = method === 'standard' ? delivery.standardFeeCents : method === 'express' ? delivery.expressFeeCents : 0;
      return {
        method,
        ...DELIVERY_METHOD_TEXT[method],
        fee: centsToDecimal(feeCents),
        feeCents,
        ...(method === 'standard' ? { freeOver: centsToDecimal(delivery.freeDeliveryOverCents), freeOverCents: delivery.freeDeliveryOverCents } : {}),
      };
    }),
    pharmacies: market.pharmacies.map((p) => ({ ...p, openingHours: [...p.openingHours] })),
  };
}

/** The tax a tax-inclusive total contains (cents, rounded to the cent): total × rate / (100 + rate). */
export const taxIncludedCents = (totalCents: number, ratePercent: number): number =>
  ratePercent > 0 ? Math.round((totalCents * ratePercent) / (100 + ratePercent)) : 0;

/** Error codes specific to checkout (in addition to contracts/http ErrorCodes). */
export const CheckoutErrorCodes = {
  OUT_OF_STOCK: 'OUT_OF_STOCK',
  SAFETY_ACK_REQUIRED: 'SAFETY_ACK_REQUIRED',
  PAYMENT_DECLINED: 'PAYMENT_DECLINED',
  PAYMENT_PROVIDER_ERROR: 'PAYMENT_PROVIDER_ERROR',
  PAYMENT_MISMATCH: 'PAYMENT_MISMATCH',
  ORDER_CLOSED: 'ORDER_CLOSED',
  INVALID_TRANSITION: 'INVALID_TRANSITION',
  TOO_MANY_UNPAID_ORDERS: 'TOO_MANY_UNPAID_ORDERS',
  /** A pharmacy-only product is in the order and the consultation answers are missing or incomplete. */
  CONSULTATION_REQUIRED: 'CONSULTATION_REQUIRED',
  /** The order waits for a pharmacist: it cannot move on until it is approved (or be decided twice). */
  REVIEW_PENDING: 'REVIEW_PENDING',
  /** A signed-in shopper under a product's minAge (or without a date of birth) tried to add or order it. */
  AGE_RESTRICTED: 'AGE_RESTRICTED',
  /** Delivery asked to an address outside the market's delivery area (deliveryAreaProblem says why). */
  OUTSIDE_DELIVERY_AREA: 'OUTSIDE_DELIVERY_AREA',
  /** A controlled or refrigerated medicine in an order sent by a method other than collect. */
  COLLECT_ONLY: 'COLLECT_ONLY',
  /** A legal or policy supply limit refuses the cart or order; the message is the rule's sentence (docs/domain.md#supply-limits). */
  SUPPLY_LIMIT: 'SUPPLY_LIMIT',
} as const;

/** Why an order holding a controlled or refrigerated medicine offers collect only (docs/domain.md#controlled-and-refrigerated-medicines). */
export const COLLECT_ONLY_MESSAGE = 'Controlled and refrigerated medicines are click and collect only. Please choose click and collect at one of our pharmacies.';

// ---------------------------------------------------------------------------------------------------------------
// Pharmacist review (docs/domain.md#pharmacist-review)

/** Asked at checkout when the cart holds a pharmacy-only product; the answers are kept on the order. */
export const CONSULTATION_QUESTIONS = [
  { id: 'patient', question: 'Who is this medicine for?', hint: 'For example: me, my child, my partner.' },
  { id: 'age', question: 'How old are they?', hint: 'Age in years.' },
  { id: 'otherMedicines', question: 'Do they take any other medicines, including ones bought without a prescription?', hint: 'Name them, or write "none".' },
  { id: 'conditions', question: 'Do they have any health conditions or allergies, or are they pregnant or breastfeeding?', hint: 'Describe them, or write "none".' },
] as const;
export type ConsultationQuestionId = (typeof CONSULTATION_QUESTIONS)[number]['id'];
export const CONSULTATION_ANSWER_MAX = 500;

/**
 * An order's pharmacist review, beside orderStatus (whose table is unchanged): `awaiting` holds a paid, confirmed order
 * back from processing until a pharmacist approves (it goes on to inProcess) or rejects (refund, stock back, rejected).
 */
export const REVIEW_STATUSES = ['notNeeded', 'awaiting', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_REASON_MAX = 500;

// ---------------------------------------------------------------------------------------------------------------
// Payment providers

export const PAYMENT_PROVIDERS = ['sandbox', 'paypal'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
/**
 * The return page's `error` when the shop could not read a provider's return (docs/architecture.md#payments): the
 * page explains instead of capturing.
 */
export const PAYMENT_RETURN_UNREADABLE = 'unreadable';
/**
 * Shown on every checkout, approval, return and order page while payments go through the sandbox provider,
 * so nobody mistakes a test order for a paid one.
 */
export const TEST_PAYMENT_NOTICE = 'Test payment: no money is taken';
/** An order's paymentMethod (or the configured provider) whose payments move no money. */
export const isTestPayment = (provider: string): boolean => provider === 'sandbox';

// ---------------------------------------------------------------------------------------------------------------
// Order and payment states (docs/domain.md#orders)

export const ORDER_STATUSES = ['pending', 'confirmed', 'inProcess', 'inShipping', 'delivered', 'rejected'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ['pending', 'paid', 'refunded', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The only changes allowed (anything else is a 422). */
export const ORDER_STATUS_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['confirmed', 'rejected'],
  confirmed: ['inProcess', 'rejected'],
  inProcess: ['inShipping', 'rejected'],
  inShipping: ['delivered'],
  delivered: [],
  rejected: [],
};
export const PAYMENT_STATUS_TRANSITIONS: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ['paid', 'failed'],
  paid: ['refunded'],
  refunded: [],
  failed: [],
};

/**
 * Who reads a status: staff see the state machine's own words ("In process"), shoppers see what it means for
 * their parcel ("Being prepared"). Every screen takes its wording from here, so the two never drift apart.
 */
export type StatusAudience = 'shopper' | 'staff';

const ORDER_STATUS_LABELS: Record<OrderStatus, Record<StatusAudience, string>> = {
  pending: { staff: 'Pending', shopper: 'Pending' },
  confirmed: { staff: 'Confirmed', shopper: 'Confirmed' },
  inProcess: { staff: 'In process', shopper: 'Being prepared' },
  inShipping: { staff: 'In shipping', shopper: 'On its way' },
  delivered: { staff: 'Delivered', shopper: 'Delivered' },
  rejected: { staff: 'Rejected', shopper: 'Cancelled' },
};
const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  refunded: 'Refunded',
  failed: 'Failed',
};

/** An orderStatus in words; a state this build does not know yet shows as sent, a missing one as a dash. */
export function orderStatusLabel(status: string | null | undefined, audience: StatusAudience): string {
  if (!status) return MISSING_VALUE;
  return ORDER_STATUS_LABELS[status as OrderStatus]?.[audience] ?? status;
}

/** A paymentStatus in words (staff and shoppers word payments alike). */
export function paymentStatusLabel(status: string | null | undefined): string {
  if (!status) return MISSING_VALUE;
  return PAYMENT_STATUS_LABELS[status as PaymentStatus] ?? status;
}

const REVIEW_STATUS_LABELS: Record<ReviewStatus, Record<StatusAudience, string>> = {
  notNeeded: { staff: 'No review needed', shopper: 'No review needed' },
  awaiting: { staff: 'Awaiting pharmacist review', shopper: 'Awaiting pharmacist review' },
  approved: { staff: 'Approved by pharmacist', shopper: 'Approved by our pharmacist' },
  rejected: { staff: 'Rejected by pharmacist', shopper: 'Not approved by our pharmacist' },
};

/** A pharmacist review's state in words. */
export function reviewStatusLabel(status: string | null | undefined, audience: StatusAudience): string {
  if (!status) return MISSING_VALUE;
  return REVIEW_STATUS_LABELS[status as ReviewStatus]?.[audience] ?? status;
}

/** A status change of the order's history in words, whichever field it changed. */
export const statusChangeLabel = (field: 'orderStatus' | 'paymentStatus' | 'review' | string, status: string | null | undefined, audience: StatusAudience): string =>
  field === 'paymentStatus' ? paymentStatusLabel(status) : field === 'review' ? reviewStatusLabel(status, audience) : orderStatusLabel(status, audience);

/** How a status is marked (a badge's colour): done, moving, waiting on someone, or stopped. */
export type StatusTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger';
const STATUS_TONES: Record<OrderStatus | PaymentStatus, StatusTone> = {
  pending: 'warning',
  confirmed: 'brand',
  inProcess: 'brand',
  inShipping: 'brand',
  delivered: 'success',
  rejected: 'danger',
  paid: 'success',
  refunded: 'neutral',
  failed: 'danger',
};
export const statusTone = (status: string | null | undefined): StatusTone =>
  (status && STATUS_TONES[status as OrderStatus | PaymentStatus]) || 'neutral';

// ---------------------------------------------------------------------------------------------------------------
// Why an order closed unpaid or was rejected, and the words every screen shows for an order's state

/**
 * Set where an order closes (orderStatus rejected): the shopper cancelled the payment, it was not paid in time, the
 * provider refused or could not start the payment, the stock was gone, staff rejected it, or a pharmacist did.
 * orderStatus/paymentStatus keep their values; this says why, so nobody reads "Rejected / Failed" for a cancel.
 */
export const ORDER_CLOSED_REASONS = ['cancelled', 'expired', 'paymentFailed', 'outOfStock', 'rejectedByStaff', 'rejectedByPharmacist', 'recalled'] as const;
export type OrderClosedReason = (typeof ORDER_CLOSED_REASONS)[number];

const CLOSED_WORDS: Record<OrderClosedReason, { order: Record<StatusAudience, string>; tone: StatusTone }> = {
  cancelled: { order: { staff: 'Payment cancelled', shopper: 'Payment cancelled' }, tone: 'neutral' },
  expired: { order: { staff: 'Expired unpaid', shopper: 'Expired: not paid in time' }, tone: 'neutral' },
  paymentFailed: { order: { staff: 'Payment failed', shopper: 'Payment failed' }, tone: 'danger' },
  outOfStock: { order: { staff: 'Closed: out of stock', shopper: 'Cancelled: out of stock' }, tone: 'neutral' },
  rejectedByStaff: { order: { staff: 'Rejected by staff', shopper: 'Cancelled by the pharmacy' }, tone: 'danger' },
  rejectedByPharmacist: { order: { staff: 'Rejected by pharmacist', shopper: 'Not approved by our pharmacist' }, tone: 'danger' },
  recalled: { order: { staff: 'Closed: batch recalled', shopper: 'Cancelled: medicine recalled' }, tone: 'neutral' },
};

/** The fields the status words and the timeline read (older orders may lack the newer ones). */
export type OrderStateView = Pick<Order, 'orderStatus' | 'paymentStatus' | 'orderDate' | 'history'> &
  Partial<Pick<Order, 'closedReason' | 'review' | 'delivery'>>;

/**
 * Closed orders in two kinds, as the dashboard counts them: payments that never completed (nothing was taken, or the
 * stock was gone before paying) and orders the pharmacy refused (staff or a pharmacist).
 */
export const CLOSED_REASON_GROUPS = {
  notPaid: ['cancelled', 'expired', 'paymentFailed', 'outOfStock', 'recalled'],
  refused: ['rejectedByStaff', 'rejectedByPharmacist'],
} as const satisfies Record<string, readonly OrderClosedReason[]>;

/** Why an order closed, in one audience's words ("Payment cancelled", "Rejected by pharmacist"). */
export const closedReasonLabel = (reason: OrderClosedReason, audience: StatusAudience): string => CLOSED_WORDS[reason].order[audience];

/** What closedReasonOf reads: also a stored order, whose history times are numbers. */
type ClosedReasonView = Pick<OrderStateView, 'orderStatus' | 'closedReason'> & {
  review?: { status: string } | null;
  history: ReadonlyArray<{ field: string; to: string; note?: string }>;
};

/** Why a rejected order closed: its closedReason, or for an order from before that field, what its history says. */
export function closedReasonOf(order: ClosedReasonView): OrderClosedReason | null {
  if (order.orderStatus !== 'rejected') return null;
  if (order.closedReason) return order.closedReason;
  if (order.review?.status === 'rejected') return 'rejectedByPharmacist';
  const note = order.history.find((h) => h.field === 'orderStatus' && h.to === 'rejected')?.note ?? '';
  if (/cancelled by the shopper/i.test(note)) return 'cancelled';
  if (/not paid within/i.test(note)) return 'expired';
  if (/stock/i.test(note)) return 'outOfStock';
  if (/payment/i.test(note)) return 'paymentFailed';
  return 'rejectedByStaff';
}

/** An order's state in words, for one audience, from this one map: every screen (shop, admin, mails) uses it. */
export interface OrderStatusWords {
  /** The order's state ("On its way", "Payment cancelled"). */
  order: string;
  /** The payment's state ("Paid", "Refunded", "Not taken"). */
  payment: string;
  tone: StatusTone;
}

/** Placed and not paid yet: its payment link is open, and nothing is checked or prepared until it is paid. */
export const awaitsPayment = (order: Pick<OrderStateView, 'orderStatus' | 'paymentStatus'>): boolean =>
  order.orderStatus === 'pending' && order.paymentStatus === 'pending';

/**
 * The order's pharmacist review once it has begun: a pharmacist checks an order after it is paid, so the review of
 * an unpaid order (or of one that closed unpaid) is not under way and is not called "awaiting". Null as well where
 * no review is needed. docs/domain.md#orders
 */
export function startedReview(order: OrderStateView): OrderReview | null {
  const review = order.review;
  if (!review || review.status === 'notNeeded') return null;
  if (review.status === 'awaiting' && (order.paymentStatus !== 'paid' || order.orderStatus === 'rejected')) return null;
  return review;
}

const AWAITING_PAYMENT = 'Awaiting payment';

export function orderStatusWords(order: OrderStateView, audience: StatusAudience): OrderStatusWords {
  const reason = closedReasonOf(order);
  if (reason) {
    const words = CLOSED_WORDS[reason];
    // An unpaid order that closed took no money: "Failed" would read as if a payment went wrong.
    const payment = order.paymentStatus === 'failed' ? (reason === 'paymentFailed' ? 'Failed' : reason === 'cancelled' ? 'Cancelled' : 'Not taken') : paymentStatusLabel(order.paymentStatus);
    return { order: words.order[audience], payment, tone: words.tone };
  }
  if (startedReview(order)?.status === 'awaiting' && order.orderStatus === 'confirmed') {
    return { order: reviewStatusLabel('awaiting', audience), payment: paymentStatusLabel(order.paymentStatus), tone: 'warning' };
  }
  // What a shopper's unpaid order waits for is their payment (a "Pending" order says nothing they can act on).
  if (audience === 'shopper' && awaitsPayment(order)) return { order: AWAITING_PAYMENT, payment: AWAITING_PAYMENT, tone: 'warning' };
  const collect = order.delivery?.method === 'collect';
  const status =
    collect && order.orderStatus === 'inShipping' ? 'Ready to collect' : collect && order.orderStatus === 'delivered' ? 'Collected' : orderStatusLabel(order.orderStatus, audience);
  const payment = awaitsPayment(order) ? AWAITING_PAYMENT : paymentStatusLabel(order.paymentStatus);
  return { order: status, payment, tone: statusTone(order.orderStatus) };
}

/**
 * Who made a change of an order's history, in staff's words: "system" (the payment provider, an expiry), "customer"
 * (the shopper who placed it), or a member of staff by the name recorded with the change ("Ada Lovelace (staff)");
 * a change recorded before names were kept shows the start of the id instead.
 */
export function orderActorLabel(entry: { by: string; byName?: string }, customerId: string): string {
  if (entry.by === 'system') return 'system';
  if (entry.by === customerId) return 'customer';
  return entry.byName ? `${entry.byName} (staff)` : `staff member ${entry.by.slice(0, ORDER_NUMBER_LENGTH)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Tracking: an order's timeline from its status history

export type TimelineStepKey = 'placed' | 'paid' | 'review' | 'packed' | 'shipped' | 'readyToCollect' | 'delivered' | 'collected' | 'closed';
export type TimelineStepState = 'done' | 'current' | 'upcoming' | 'stopped';
export interface TimelineStep {
  key: TimelineStepKey;
  label: string;
  /** When the step was reached (ISO), null while it is not. */
  at: string | null;
  state: TimelineStepState;
  /** Why the order stopped (a pharmacist's reason), on the `closed` step. */
  detail?: string;
}

/**
 * The steps of an order, as My Orders and the admin show them: placed, paid, (pharmacist review where it applies),
 * packed (inProcess), shipped or ready to collect (inShipping), delivered or collected. Reached steps are `done`,
 * the next one is `current`, the rest `upcoming`; a closed order ends with a `stopped` step that says why, and
 * the steps it never reached are left out.
 */
export function orderTimeline(order: OrderStateView, audience: StatusAudience): TimelineStep[] {
  const collect = order.delivery?.method === 'collect';
  const when = (field: string, to: string): string | null => order.history.find((h) => h.field === field && h.to === to)?.at ?? null;
  const rank = ORDER_STATUSES.indexOf(order.orderStatus);
  // A closed order reached the steps its history records; an open one every step up to its state.
  const reached = (status: OrderStatus) =>
    order.orderStatus === 'rejected' ? when('orderStatus', status) !== null : rank >= ORDER_STATUSES.indexOf(status);
  const paid = order.paymentStatus === 'paid' || order.paymentStatus === 'refunded';
  const review = order.review && order.review.status !== 'notNeeded' ? order.review : null;

  const steps: Array<Omit<TimelineStep, 'state'> & { reached: boolean }> = [
    { key: 'placed', label: 'Order placed', at: order.orderDate, reached: true },
    { key: 'paid', label: 'Paid', at: when('paymentStatus', 'paid'), reached: paid },
  ];
  if (review) {
    const decided = review.status === 'approved' || review.status === 'rejected';
    // Before payment the shopper reads the check still to come, not that it is awaited (docs/domain.md#orders).
    const label =
      review.status === 'approved' ? reviewStatusLabel('approved', audience) : audience === 'shopper' && !startedReview(order) ? 'Pharmacist check' : reviewStatusLabel('awaiting', audience);
    steps.push({
      key: 'review',
      label,
      at: decided ? review.decidedAt : null,
      reached: review.status === 'approved',
    });
  }
  steps.push(
    { key: 'packed', label: audience === 'staff' ? 'Packed' : 'Being prepared', at: when('orderStatus', 'inProcess'), reached: reached('inProcess') },
    collect
      ? { key: 'readyToCollect', label: 'Ready to collect', at: when('orderStatus', 'inShipping'), reached: reached('inShipping') }
      : { key: 'shipped', label: audience === 'staff' ? 'Shipped' : 'On its way', at: when('orderStatus', 'inShipping'), reached: reached('inShipping') },
    collect
      ? { key: 'collected', label: 'Collected', at: when('orderStatus', 'delivered'), reached: reached('delivered') }
      : { key: 'delivered', label: 'Delivered', at: when('orderStatus', 'delivered'), reached: reached('delivered') },
  );

  const reason = closedReasonOf(order);
  if (reason) {
    const done = steps.filter((s) => s.reached).map(({ reached: _, ...s }) => ({ ...s, state: 'done' as const }));
    const detail = reason === 'rejectedByPharmacist' ? order.review?.note ?? undefined : order.history.find((h) => h.field === 'orderStatus' && h.to === 'rejected')?.note;
    const closed: TimelineStep = {
      key: 'closed',
      label: orderStatusWords(order, audience).order,
      at: when('orderStatus', 'rejected'),
      state: 'stopped',
      ...(detail ? { detail } : {}),
    };
    return [...done, closed];
  }
  let current = false;
  return steps.map(({ reached: isReached, ...s }) => {
    if (isReached) return { ...s, state: 'done' as const };
    if (!current) {
      current = true;
      return { ...s, state: 'current' as const };
    }
    return { ...s, state: 'upcoming' as const };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Address fields (docs/domain.md#addresses): lengths here; labels, which parts are required, the postcode and phone
// rules come from the market (market/address.ts checks them, for the form and the service alike)

export const ADDRESS_RULES = {
  fullName: { min: 2, max: 100 },
  /** Address line 1 (line 2 only has the maximum). */
  line: { min: 3, max: 200 },
  city: { min: 2, max: 100 },
  region: { min: 2, max: 100 },
  postalCode: { max: 10 },
  notes: { max: 500 },
} as const;

/**
 * A link that puts a product in the cart (a refill reminder's "Order again"): `/cart?add=<productId>:<quantity>`.
 * The cart page adds it through cart add, so stock, limits, safety and the prescription are checked as for a tap.
 */
export const cartAddPath = (productId: string, quantity: number): string => `/cart?add=${encodeURIComponent(`${productId}:${quantity}`)}`;

/** What a cart link asks to add, or null when the value is not one (a hand-edited link adds nothing). */
export function parseCartAdd(value: string | null): { productId: string; quantity: number } | null {
  const match = /^([A-Za-z0-9_-]{1,64}):(\d{1,3})$/.exec(value ?? '');
  if (!match) return null;
  const quantity = Number(match[2]);
  return quantity >= 1 && quantity <= CART_MAX_QUANTITY ? { productId: match[1], quantity } : null;
}
