// The checkout vertical's constants and order and payment state rules (docs/domain.md#orders): plain values, no
// schema library, so the browser gets them without TypeBox (see browser.ts).

import { MISSING_VALUE } from './catalog.rules';
import { PHONE_RULE } from './account.rules';

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
} as const;

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
// Address fields (the address form shows these limits; the schemas in checkout.ts enforce them)

export const ADDRESS_RULES = {
  fullName: { min: 2, max: 100 },
  addressLine: { min: 3, max: 200 },
  city: { min: 2, max: 100 },
  postalCode: { pattern: '^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$' },
  phone: PHONE_RULE, // the shop's one phone rule (account.rules.ts), also the profile's
  notes: { max: 500 },
} as const;
