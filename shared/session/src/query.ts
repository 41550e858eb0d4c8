import { isApiError, getErrorMessage, NetworkErrorCodes } from './api';

/**
 * Why a read failed, as RTK Query keeps it in the store (a plain object, so it stays serializable): the message a
 * shopper reads, and the status (0: no answer) and code a view acts on. `getErrorMessage` reads it like any error.
 */
export interface ShopQueryError {
  status: number;
  code: string;
  message: string;
}

export const toQueryError = (error: unknown): ShopQueryError =>
  isApiError(error)
    ? { status: error.status, code: error.code, message: error.message }
    : { status: 0, code: NetworkErrorCodes.BAD_RESPONSE, message: getErrorMessage(error) };

/**
 * An RTK Query `queryFn` from one call of a typed API client (docs/architecture.md#reading-server-data): the call
 * keeps the path, the envelope and the refresh-and-retry of `api`; RTK Query keeps the answer, its loading and its
 * failure, and aborts the call when nobody reads it any more.
 */
export const fromCall =
  <Arg, Result>(call: (arg: Arg, signal: AbortSignal) => Promise<Result>) =>
  async (arg: Arg, { signal }: { signal: AbortSignal }): Promise<{ data: Result } | { error: ShopQueryError }> => {
    try {
      return { data: await call(arg, signal) };
    } catch (error) {
      return { error: toQueryError(error) };
    }
  };
