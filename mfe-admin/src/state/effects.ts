import type { SagaIterator } from 'redux-saga';
import { call, cancelled } from 'redux-saga/effects';
import { toast } from '@pharmacy/ui';
import { getErrorMessage, isApiError, NetworkErrorCodes } from '@pharmacy/session';

/**
 * Runs a request that takes an AbortSignal and aborts it when the saga is cancelled (takeLatest, or a
 * race lost to a reset), so a superseded search or a closed dialog does not keep the network busy.
 */
export function* abortable<T>(request: (signal: AbortSignal) => Promise<T>): SagaIterator<T> {
  const controller = new AbortController();
  try {
    const result: T = yield call(request, controller.signal);
    return result;
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
  }
}

/** Feedback (docs/product.md#toasts): a destructive toast saying what failed and, from the server, why. */
export function notifyFailure(what: string, error: unknown): void {
  if (isApiError(error) && error.code === NetworkErrorCodes.CANCELED) return;
  toast({ title: what, description: getErrorMessage(error), variant: 'destructive' });
}

export function notifySuccess(title: string, description?: string): void {
  toast({ title, description });
}
