import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ADMIN_USERS_DEFAULT_LIMIT, type StaffUser } from '@pharmacy/contracts';
import type { UserList } from '../api';
import { detailsReducers, pagedListReducers, type DetailsState, type PagedListState } from '../state/lists';

export interface UsersState extends PagedListState<StaffUser>, DetailsState<StaffUser> {
  /** The name search the server applies; null lists everyone. */
  q: string | null;
}

export const initialUsersState: UsersState = {
  list: [],
  total: 0,
  page: 1,
  limit: ADMIN_USERS_DEFAULT_LIMIT,
  q: null,
  loading: false,
  details: null,
  detailsLoading: false,
};

export type FetchUsersPayload = { q?: string | null; page?: number };

const list = pagedListReducers<StaffUser, { q: string | null }>();
const details = detailsReducers<StaffUser>();

const usersSlice = createSlice({
  name: 'admin/users',
  initialState: initialUsersState,
  reducers: {
    /** A page of users: the search and page named here, the others as they were (docs/product.md#client-state). */
    fetchUsers: (state, action: PayloadAction<FetchUsersPayload | undefined>) => list.fetch(state, action),
    fetchUsersSucceeded: (state, action: PayloadAction<UserList>) => list.succeeded(state, action),
    /** docs/product.md#client-state: a failed list fetch empties the list. */
    fetchUsersFailed: list.failed,
    fetchUserDetails: details.fetch,
    fetchUserDetailsSucceeded: details.succeeded,
    fetchUserDetailsFailed: details.failed,
    resetUserDetails: details.reset,
  },
});

export const usersActions = usersSlice.actions;
export const usersReducer = usersSlice.reducer;
