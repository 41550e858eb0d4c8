import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ADMIN_USERS_DEFAULT_LIMIT, type StaffRolesBody, type StaffUser } from '@pharmacy/contracts';
import type { UserList } from '../api';
import { detailsReducers, pagedListReducers, type DetailsState, type PagedListState } from '../state/lists';

/** The staff roles editor of User Details: saving, saved (until the next edit), or the server's refusal. */
export interface RolesSaveState {
  status: 'idle' | 'saving' | 'saved' | 'failed';
  error: string | null;
}

export interface UsersState extends PagedListState<StaffUser>, DetailsState<StaffUser> {
  /** The name search the server applies; null lists everyone. */
  q: string | null;
  rolesSave: RolesSaveState;
}

const idleSave: RolesSaveState = { status: 'idle', error: null };

export const initialUsersState: UsersState = {
  list: [],
  total: 0,
  page: 1,
  limit: ADMIN_USERS_DEFAULT_LIMIT,
  q: null,
  loading: false,
  answered: false,
  details: null,
  detailsLoading: false,
  rolesSave: idleSave,
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
    fetchUserDetails: (state, action: PayloadAction<string>) => {
      details.fetch(state, action);
      state.rolesSave = idleSave;
    },
    fetchUserDetailsSucceeded: details.succeeded,
    fetchUserDetailsFailed: details.failed,
    resetUserDetails: (state) => {
      details.reset(state);
      state.rolesSave = idleSave;
    },
    /** docs/product.md#staff-roles: an administrator grants and removes a member of staff's roles. */
    saveStaffRoles: (state, _action: PayloadAction<{ id: string; body: StaffRolesBody }>) => {
      state.rolesSave = { status: 'saving', error: null };
    },
    saveStaffRolesSucceeded: (state, action: PayloadAction<StaffUser>) => {
      state.rolesSave = { status: 'saved', error: null };
      // Only the staff standing changed: the details keep the health data they were read with (the answer has none).
      const { _id, admin, roles, registrationNumber } = action.payload;
      const standing = { admin, roles, registrationNumber };
      if (state.details?._id === _id) state.details = { ...state.details, ...standing };
      state.list = state.list.map((user) => (user._id === _id ? { ...user, ...standing } : user));
    },
    /** The boxes stay as ticked: only the message says what the server refused. */
    saveStaffRolesFailed: (state, action: PayloadAction<string>) => {
      state.rolesSave = { status: 'failed', error: action.payload };
    },
    /** A box ticked or a number typed after a save: "Roles saved" no longer describes what is shown. */
    editStaffRoles: (state) => {
      if (state.rolesSave.status !== 'saving') state.rolesSave = idleSave;
    },
  },
});

export const usersActions = usersSlice.actions;
export const usersReducer = usersSlice.reducer;
