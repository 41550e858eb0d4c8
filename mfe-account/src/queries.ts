import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import type { PaymentConfig, RecallNotice, ReminderBody, SafetyRecognition, ShopperPrescription } from '@pharmacy/contracts';
import { fromCall, useInjectModule, type ShopQueryError } from '@pharmacy/session';
import type { ComboboxSuggestion } from '@pharmacy/ui';
import { termsApi, type TermsFor } from './health/api';
import { prescriptionsApi } from './prescriptions/api';
import { recallsApi } from './recalls/api';

/**
 * The account remote's plain reads (docs/architecture.md#reading-server-data): the catalog's health terms the profile
 * suggests and recognises, and the shopper's prescriptions with the single writes that change one. Sign-in (with its check), sign-up, the profile and the orders stay in sagas and the forms
 * that submit them: they are flows of several steps or single writes.
 */
export const accountQueries = createApi({
  reducerPath: 'accountQueries',
  baseQuery: fakeBaseQuery<ShopQueryError>(),
  tagTypes: ['Prescription'],
  endpoints: (build) => ({
    /** Terms of one kind for what the shopper typed: a query typed again is answered from the cache. */
    termSuggestions: build.query<ComboboxSuggestion[], { kind: TermsFor; query: string }>({
      queryFn: fromCall(({ kind, query }: { kind: TermsFor; query: string }, signal) => termsApi.suggest(kind, query, signal)),
    }),
    /** Whether the catalog's knowledge table knows each of these terms. */
    termRecognition: build.query<SafetyRecognition[], string[]>({
      queryFn: fromCall((terms: string[], signal) => termsApi.recognise(terms, signal)),
    }),
    /** Whether this shop runs in test mode (the sandbox payment provider): demo-only links show then. */
    shopMode: build.query<PaymentConfig, void>({
      queryFn: fromCall((_: void, signal) => prescriptionsApi.shopMode(signal)),
      keepUnusedDataFor: Infinity,
    }),
    /** My prescriptions, newest first, each with its standing. */
    prescriptions: build.query<ShopperPrescription[], void>({
      queryFn: fromCall((_: void, signal) => prescriptionsApi.list(signal)),
      providesTags: ['Prescription'],
    }),
    /** A repeat request: a new prescription waiting for a pharmacist, and the original's repeats used go up. */
    requestRepeat: build.mutation<ShopperPrescription, string>({
      queryFn: fromCall((id: string) => prescriptionsApi.repeat(id)),
      invalidatesTags: ['Prescription'],
    }),
    /** The shopper's recall notices: My Orders marks the orders they touch. */
    recallNotices: build.query<RecallNotice[], void>({
      queryFn: fromCall((_: void, signal) => recallsApi.list(signal)),
    }),
    /** One notice; the server records the first time it is opened. */
    recallNotice: build.query<RecallNotice, string>({
      queryFn: fromCall((noticeId: string, signal) => recallsApi.open(noticeId, signal)),
    }),
    setReminder: build.mutation<ShopperPrescription, { id: string; itemId: string; body: ReminderBody }>({
      queryFn: fromCall(({ id, itemId, body }: { id: string; itemId: string; body: ReminderBody }) => prescriptionsApi.reminder(id, itemId, body)),
      invalidatesTags: ['Prescription'],
    }),
  }),
});

/** Injects the queries' reducer and middleware once (idempotent): every hook that reads with them calls it first. */
export function useAccountQueries(): void {
  useInjectModule({ key: accountQueries.reducerPath, reducer: accountQueries.reducer, middleware: accountQueries.middleware });
}
