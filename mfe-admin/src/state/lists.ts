import type { PayloadAction } from '@reduxjs/toolkit';

// Case reducers the admin slices share. Each screen spreads them under its own action names, so the rules of
// docs/product.md#client-state (a failed list empties, details go back to null) are written once.

/** A staff table's page as the server answers it: the rows, and the figures beside them. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

export interface PagedListState<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
  loading: boolean;
  /** The list has had its first answer (rows, none, or a failure): what sits below it can show without being pushed down. */
  answered: boolean;
}

/**
 * A paged staff list with filters `F`: a fetch keeps the filters and page it does not name (null clears a
 * filter), the answer replaces rows and figures, a failure empties the list.
 */
export function pagedListReducers<T, F extends object>() {
  return {
    fetch(state: PagedListState<T> & F, action: PayloadAction<(Partial<F> & { page?: number }) | undefined>) {
      const named = Object.entries(action.payload ?? {}).filter(([, value]) => value !== undefined);
      Object.assign(state, Object.fromEntries(named), { loading: true });
    },
    succeeded(state: PagedListState<T>, action: PayloadAction<ListPage<T>>) {
      const { items, total, page, limit } = action.payload;
      Object.assign(state, { list: items, total, page, limit, loading: false, answered: true });
    },
    failed(state: PagedListState<T>) {
      Object.assign(state, { list: [], total: 0, loading: false, answered: true });
    },
  };
}

export interface DetailsState<T> {
  details: T | null;
  detailsLoading: boolean;
}

/** The record a details dialog shows: null while it loads, after a failure and once the dialog closes. */
export function detailsReducers<T>() {
  const cleared = (state: DetailsState<T>) => {
    state.details = null;
    state.detailsLoading = false;
  };
  return {
    fetch(state: DetailsState<T>, _action: PayloadAction<string>) {
      state.details = null;
      state.detailsLoading = true;
    },
    succeeded(state: DetailsState<T>, action: PayloadAction<T>) {
      state.details = action.payload;
      state.detailsLoading = false;
    },
    failed: cleared,
    reset: cleared,
  };
}
