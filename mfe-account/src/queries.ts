import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import type { SafetyRecognition } from '@pharmacy/contracts';
import { fromCall, useInjectModule, type ShopQueryError } from '@pharmacy/session';
import type { ComboboxSuggestion } from '@pharmacy/ui';
import { termsApi, type TermsFor } from './health/api';

/**
 * The account remote's plain reads (docs/architecture.md#reading-server-data): the catalog's health terms the profile
 * suggests and recognises. Sign-in (with its check), sign-up, the profile and the orders stay in sagas and the forms
 * that submit them: they are flows of several steps or single writes.
 */
export const accountQueries = createApi({
  reducerPath: 'accountQueries',
  baseQuery: fakeBaseQuery<ShopQueryError>(),
  endpoints: (build) => ({
    /** Terms of one kind for what the shopper typed: a query typed again is answered from the cache. */
    termSuggestions: build.query<ComboboxSuggestion[], { kind: TermsFor; query: string }>({
      queryFn: fromCall(({ kind, query }: { kind: TermsFor; query: string }, signal) => termsApi.suggest(kind, query, signal)),
    }),
    /** Whether the catalog's knowledge table knows each of these terms. */
    termRecognition: build.query<SafetyRecognition[], string[]>({
      queryFn: fromCall((terms: string[], signal) => termsApi.recognise(terms, signal)),
    }),
  }),
});

/** Injects the queries' reducer and middleware once (idempotent): every hook that reads with them calls it first. */
export function useAccountQueries(): void {
  useInjectModule({ key: accountQueries.reducerPath, reducer: accountQueries.reducer, middleware: accountQueries.middleware });
}
