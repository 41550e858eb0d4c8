/**
 * Cross-cutting HTTP constants shared by the browser client and every service.
 * State-changing requests must carry CSRF_HEADER (a custom header cannot be sent cross-site without a CORS
 * preflight, which no service grants) unless the browser's Origin header matches the site.
 */
export const CSRF_HEADER = 'x-pharmacy-csrf';
export const CSRF_HEADER_VALUE = '1';
export const ACCESS_COOKIE = 'pharmacy_at';
export const REFRESH_COOKIE = 'pharmacy_rt';
/** Error codes that carry meaning for clients (the rest are informative). */
export const ErrorCodes = {
  VALIDATION: 'VALIDATION',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  TOO_LARGE: 'TOO_LARGE',
  BUSINESS_RULE: 'BUSINESS_RULE',
  RATE_LIMITED: 'RATE_LIMITED',
  UNAVAILABLE: 'UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/**
 * What a shopper is told when one of the services is not answering (503), by the service that is missing: the
 * gateway uses them for a dead upstream, the checkout for a catalog it cannot reach.
 */
export const UNAVAILABLE_MESSAGES = {
  account: 'Sign-in and account details are temporarily unavailable. Please try again in a moment.',
  catalog: 'The product catalogue is temporarily unavailable. Please try again in a moment.',
  checkout: 'Your cart and orders are temporarily unavailable. Please try again in a moment.',
} as const;

/** check-auth answered from the access token while the account service is down (the shopper stays signed in). */
export const ACCOUNT_DETAILS_UNAVAILABLE =
  'Your account details are temporarily unavailable. You are still signed in; please try again in a moment.';
