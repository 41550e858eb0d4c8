import type { UnknownAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select } from 'redux-saga/effects';
import { request } from './request';
import type { AdminRootState } from './selectors';

interface PageQuery {
  page: number;
  limit: number;
}

export interface PagedListOptions<S extends PageQuery, R extends { items: unknown[]; total: number }> {
  /** The list's slice: its filters, page and page size. */
  from: (state: AdminRootState) => S;
  /** The staff call for that page. */
  load: (query: S, signal: AbortSignal) => Promise<R>;
  /** The list's own fetch action (it keeps the filters it is not given). */
  fetch: (payload: { page: number }) => UnknownAction;
  succeeded: (result: R) => UnknownAction;
  failed: () => UnknownAction;
  /** Title of the failure toast. */
  failure: string;
}

/**
 * A staff table's page load (docs/product.md#client-state): the filters and page the slice holds, then the rows or
 * an emptied list and a toast. A page emptied meanwhile (deletions, decisions taking orders out of a filter) steps
 * back to the last page that has rows.
 */
export function pagedList<S extends PageQuery, R extends { items: unknown[]; total: number }>(options: PagedListOptions<S, R>) {
  const { from, load, fetch, succeeded, failed, failure } = options;
  return request({
    *run(_action: unknown, signal): SagaIterator<{ result: R; query: S }> {
      const query: S = yield select(from);
      const result: R = yield call(load, query, signal);
      return { result, query };
    },
    succeeded: ({ result, query: { page, limit } }) =>
      result.items.length === 0 && result.total > 0 && page > 1 ? fetch({ page: Math.max(1, Math.ceil(result.total / limit)) }) : succeeded(result),
    failed: () => failed(),
    failure,
  });
}

/** Reads the list again from the server (after a change that may have moved rows in or out of it). */
export const reload = (fetch: () => UnknownAction) =>
  function* reloadList(): SagaIterator {
    yield put(fetch());
  };
