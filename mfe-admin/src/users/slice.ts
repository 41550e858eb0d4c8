import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@pharmacy/contracts';
import { detailsReducers, type DetailsState } from '../state/lists';

export interface UsersState extends DetailsState<User> {
  list: User[];
  loading: boolean;
}

export const initialUsersState: UsersState = { list: [], loading: false, details: null, detailsLoading: false };

const details = detailsReducers<User>();

const usersSlice = createSlice({
  name: 'admin/users',
  initialState: initialUsersState,
  reducers: {
    fetchUsers(state) {
      state.loading = true;
    },
    fetchUsersSucceeded(state, action: PayloadAction<User[]>) {
      state.list = action.payload;
      state.loading = false;
    },
    /** docs/product.md#client-state: a failed list fetch empties the list. */
    fetchUsersFailed(state) {
      state.list = [];
      state.loading = false;
    },
    fetchUserDetails: details.fetch,
    fetchUserDetailsSucceeded: details.succeeded,
    fetchUserDetailsFailed: details.failed,
    resetUserDetails: details.reset,
  },
});

export const usersActions = usersSlice.actions;
export const usersReducer = usersSlice.reducer;
