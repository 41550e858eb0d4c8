import type { UnknownAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, race, take } from 'redux-saga/effects';
import { abortable, notifyFailure, notifySuccess } from './effects';

export interface RequestOptions<A, R> {
  /** The staff call; `signal` aborts it when the saga is cancelled (a newer fetch, a lost race). May be a saga. */
  run: (action: A, signal: AbortSignal) => Promise<R> | SagaIterator<R>;
  succeeded: (result: R, action: A) => UnknownAction;
  failed: (error: unknown, action: A) => UnknownAction;
  /** Title of the failure toast; without one the screen shows the failure itself. */
  failure?: string;
  /** Title and description of the success toast, if the action deserves one. */
  success?: (result: R, action: A) => [title: string, description?: string];
  /** An action type that makes the answer moot (a details dialog closed): it wins the race and nothing is put. */
  until?: string;
}

/**
 * One staff action as a saga: run the call, put what it answered (and say so), or put the failure and say what
 * failed with the server's reason (docs/product.md#toasts).
 */
export function request<A, R>({ run, succeeded, failed, failure, success, until }: RequestOptions<A, R>) {
  return function* requestSaga(action: A): SagaIterator {
    try {
      // call() runs a returned saga as well as a promise, so abortable covers both kinds of `run`.
      const answer = call(abortable<R>, (signal: AbortSignal) => run(action, signal) as Promise<R>);
      const { result }: { result?: R } = until ? yield race({ result: answer, reset: take(until) }) : { result: yield answer };
      if (until && result === undefined) return;
      yield put(succeeded(result as R, action));
      if (success) yield call(notifySuccess, ...success(result as R, action));
    } catch (error) {
      yield put(failed(error, action));
      if (failure) yield call(notifyFailure, failure, error);
    }
  };
}
