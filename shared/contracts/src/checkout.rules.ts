// The checkout vertical's constants and order and payment state rules (docs/domain.md#orders): plain values, no
// schema library, so the browser gets them without TypeBox (see browser.ts).

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
} as const;

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

// ---------------------------------------------------------------------------------------------------------------
// Address fields (the address form shows these limits; the schemas in checkout.ts enforce them)

export const ADDRESS_RULES = {
  fullName: { min: 2, max: 100 },
  addressLine: { min: 3, max: 200 },
  city: { min: 2, max: 100 },
  postalCode: { pattern: '^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$' },
  phone: { pattern: '^\\+?[0-9][0-9 ()-]{5,18}[0-9]$' },
  notes: { max: 500 },
} as const;
