import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProductSafety } from '@pharmacy/contracts';
import type { RootState } from '@pharmacy/session';

/**
 * The catalog's safety answers for the signed-in shopper (POST /api/shop/safety/check), kept for the session so a
 * product's answer is asked once, however many pages show it. They belong to one health profile: a new profile
 * (an edit, another sign-in, sign-out) drops them and asks again for what was shown.
 */
export interface SafetyState {
  /** Whose answers these are (the user and their health profile); null for a visitor, who is asked nothing. */
  profileKey: string | null;
  /** The answer per product id; null for an id the catalog does not know. */
  byId: Record<string, ProductSafety | null>;
  /** Wanted by a page, not yet sent (the saga sends them together). */
  queued: string[];
  /** Sent, not yet answered. */
  pending: string[];
  /** The check failed for these (the catalog was unreachable): the page says they are unchecked; a later page asks again. */
  failed: string[];
}

export const initialSafetyState: SafetyState = { profileKey: null, byId: {}, queued: [], pending: [], failed: [] };

export const safetySlice = createSlice({
  name: 'safety',
  initialState: initialSafetyState,
  reducers: {
    /** A page shows these products: queue the ones without an answer (a visitor's are never asked). */
    requested(state, action: PayloadAction<{ productIds: string[] }>) {
      if (state.profileKey === null) return;
      for (const id of action.payload.productIds) {
        if (id in state.byId || state.queued.includes(id) || state.pending.includes(id)) continue;
        state.queued.push(id);
        state.failed = state.failed.filter((f) => f !== id);
      }
    },
    /** Another shopper or another profile: every answer so far is someone else's, so the shown products are asked again. */
    profileChanged(state, action: PayloadAction<{ profileKey: string | null }>) {
      const shown = [...Object.keys(state.byId), ...state.queued, ...state.pending, ...state.failed];
      state.profileKey = action.payload.profileKey;
      state.byId = {};
      state.pending = [];
      state.failed = [];
      state.queued = action.payload.profileKey === null ? [] : [...new Set(shown)];
    },
    sent(state, action: PayloadAction<{ productIds: string[] }>) {
      state.queued = state.queued.filter((id) => !action.payload.productIds.includes(id));
      state.pending.push(...action.payload.productIds);
    },
    /** One check's answer; an answer for a profile that is no longer the shopper's is dropped. */
    answered(state, action: PayloadAction<{ profileKey: string; asked: string[]; items: ProductSafety[] }>) {
      if (action.payload.profileKey !== state.profileKey) return;
      const { asked, items } = action.payload;
      for (const id of asked) state.byId[id] = null;
      for (const item of items) state.byId[item.productId] = item;
      state.pending = state.pending.filter((id) => !asked.includes(id));
    },
    checkFailed(state, action: PayloadAction<{ profileKey: string; asked: string[] }>) {
      if (action.payload.profileKey !== state.profileKey) return;
      const { asked } = action.payload;
      state.pending = state.pending.filter((id) => !asked.includes(id));
      state.failed.push(...asked.filter((id) => !state.failed.includes(id)));
    },
  },
});

export const safetyActions = safetySlice.actions;
export const safetyReducer = safetySlice.reducer;
export type SafetyRootState = RootState & { safety?: SafetyState };
export const selectSafety = (state: SafetyRootState): SafetyState => state.safety ?? initialSafetyState;

/**
 * The shopper the answers are for, with the profile fields the catalog reads (date of birth, allergies,
 * conditions): any change of them is another key. null for a visitor; undefined while the sign-in check runs.
 */
export function selectProfileKey(state: SafetyRootState): string | null | undefined {
  const user = state.auth?.user ?? state.session?.currentUser ?? null;
  if (!user) return state.auth?.isLoading ? undefined : null;
  return JSON.stringify([user._id, user.DOB ?? null, user.allergies ?? [], user.healthConditions ?? []]);
}
