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
