import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@pharmacy/contracts';

export interface UsersState {
  list: User[];
  loading: boolean;
  /** docs/product.md#client-state: user details reset to null on reset or failure. */
  details: User | null;
  detailsLoading: boolean;
}

export const initialUsersState: UsersState = { list: [], loading: false, details: null, detailsLoading: false };

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
    fetchUserDetails(state, _action: PayloadAction<string>) {
      state.details = null;
      state.detailsLoading = true;
    },
    fetchUserDetailsSucceeded(state, action: PayloadAction<User>) {
      state.details = action.payload;
      state.detailsLoading = false;
    },
    fetchUserDetailsFailed(state) {
      state.details = null;
      state.detailsLoading = false;
    },
    resetUserDetails(state) {
      state.details = null;
      state.detailsLoading = false;
    },
  },
});

export const usersActions = usersSlice.actions;
export const usersReducer = usersSlice.reducer;
