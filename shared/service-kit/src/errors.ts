import { ErrorCodes, type ErrorCode } from '@pharmacy/contracts';

/** An error a route throws on purpose: its status, code and message reach the client as the envelope. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, code: string = ErrorCodes.VALIDATION) => new HttpError(400, code, message);
export const unauthorized = (message = 'Please sign in to continue.', code: string = ErrorCodes.UNAUTHENTICATED) =>
  new HttpError(401, code, message);
export const forbidden = (message = 'You are not allowed to do that.') => new HttpError(403, ErrorCodes.FORBIDDEN, message);
export const notFound = (message = 'Not found.') => new HttpError(404, ErrorCodes.NOT_FOUND, message);
export const conflict = (message: string) => new HttpError(409, ErrorCodes.CONFLICT, message);
export const tooLarge = (message: string) => new HttpError(413, ErrorCodes.TOO_LARGE, message);
export const unprocessable = (message: string, code: string = ErrorCodes.BUSINESS_RULE) => new HttpError(422, code, message);
/**
 * Seconds a client is asked to wait (Retry-After) before trying again after a 503: every service's, the gateway's
 * own for a service it cannot reach, and a page whose data it could not get.
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export const unavailable = (message = 'A service we depend on is not responding. Please try again shortly.') =>
  new HttpError(503, ErrorCodes.UNAVAILABLE, message);
