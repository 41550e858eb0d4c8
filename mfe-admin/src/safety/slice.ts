import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { SafetyRecognition } from '@pharmacy/contracts';
import { ordersActions } from '../orders/slice';
import { usersActions } from '../users/slice';
import { termKey } from './terms';

/**
 * Whether the catalog's medicine knowledge table knows the health terms of the customer on screen (the user's
 * details, or the profile in an order's review). A term it does not know was matched as plain text only, so staff
 * check it with the customer. Health data: forgotten as soon as the dialog showing it closes.
 */
export interface RecognitionState {
  /** The terms asked about, null when nothing is; an answer for other terms (a closed dialog) is dropped. */
  requested: string[] | null;
  /** Term key (termKey) to whether the table knows it; null until the answer arrives. */
  known: Record<string, boolean> | null;
  loading: boolean;
  failed: boolean;
}

export const initialRecognitionState: RecognitionState = { requested: null, known: null, loading: false, failed: false };

const sameTerms = (a: readonly string[] | null, b: readonly string[]) => a !== null && a.length === b.length && a.every((t, i) => t === b[i]);

const recognitionSlice = createSlice({
  name: 'admin/recognition',
  initialState: initialRecognitionState,
  reducers: {
    /** The terms to ask about (already through termsToCheck). */
    recognise(state, action: PayloadAction<string[]>) {
      Object.assign(state, { requested: action.payload, known: null, loading: action.payload.length > 0, failed: false });
      if (action.payload.length === 0) state.known = {};
    },
    recogniseSucceeded(state, action: PayloadAction<{ terms: string[]; answer: SafetyRecognition[] }>) {
      if (!sameTerms(state.requested, action.payload.terms)) return;
      state.known = Object.fromEntries(action.payload.answer.map((r) => [termKey(r.term), r.recognised]));
      state.loading = false;
    },
    recogniseFailed(state, action: PayloadAction<string[]>) {
      if (!sameTerms(state.requested, action.payload)) return;
      Object.assign(state, { loading: false, failed: true });
    },
  },
  extraReducers: (builder) => {
    // A details dialog opened anew or closed: the previous customer's terms go.
    builder.addMatcher(
      isAnyOf(usersActions.fetchUserDetails, usersActions.resetUserDetails, ordersActions.fetchOrderDetails, ordersActions.resetOrderDetails),
      () => initialRecognitionState,
    );
  },
});

export const recognitionActions = recognitionSlice.actions;
export const recognitionReducer = recognitionSlice.reducer;
