import { createApi, fakeBaseQuery, skipToken } from '@reduxjs/toolkit/query/react';
import { useStore } from 'react-redux';
import type { Feature, Product, ProductFacets, ReviewAdded, ReviewEligibility, ReviewInput, SortBy } from '@pharmacy/contracts';
import { fromCall, fromRenderedPage, readOf, useAppDispatch, useInjectPageQueries, type Read, type ShopQueryError } from '@pharmacy/session';
import { catalogApi, type ProductList, type ReviewsList, type SearchList } from './lib/api';

/** The listing's filters, as the facets and products calls take them. */
export interface Filters {
  categories: string[];
  brands: string[];
}

export type ProductsArgs = Filters & { sortBy: SortBy; page: number; limit: number };

/**
 * The catalog's reads and the review it writes (docs/architecture.md#reading-server-data). The public ones are
 * rendered on the server and carried by the page, so the browser hydrates with the same answers and does not ask
 * again. Every answer about a product is tagged with it, so a new review refreshes the product, its reviews and
 * whether the shopper may write another.
 */
export const catalogQueries = createApi({
  reducerPath: 'catalogQueries',
  baseQuery: fakeBaseQuery<ShopQueryError>(),
  extractRehydrationInfo: fromRenderedPage,
  tagTypes: ['Product'],
  endpoints: (build) => ({
    features: build.query<Feature[], void>({ queryFn: fromCall((_: void, signal) => catalogApi.features(signal)) }),
    /** Counts for the filter panel under the filters chosen so far. */
    facets: build.query<ProductFacets, Filters>({ queryFn: fromCall((filters: Filters, signal) => catalogApi.facets(filters, signal)) }),
    products: build.query<ProductList, ProductsArgs>({
      queryFn: fromCall((p: ProductsArgs, signal) => catalogApi.products(p, signal)),
    }),
    search: build.query<SearchList, { keyword: string; page?: number; limit: number }>({
      queryFn: fromCall(({ keyword, ...p }: { keyword: string; page?: number; limit: number }, signal) => catalogApi.search(keyword, p, signal)),
    }),
    product: build.query<Product, string>({
      queryFn: fromCall((id: string, signal) => catalogApi.product(id, signal)),
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
    reviews: build.query<ReviewsList, string>({
      queryFn: fromCall((productId: string, signal) => catalogApi.reviews(productId, signal)),
      providesTags: (_result, _error, productId) => [{ type: 'Product', id: productId }],
    }),
    /** The shopper's own answer: never rendered on the server (see `PRIVATE`). */
    canReview: build.query<ReviewEligibility, { productId: string; signedIn: boolean }>({
      queryFn: fromCall(({ productId }: { productId: string; signedIn: boolean }, signal) => catalogApi.canReview(productId, signal)),
      providesTags: (_result, _error, { productId }) => [{ type: 'Product', id: productId }],
    }),
    addReview: build.mutation<ReviewAdded, ReviewInput>({
      queryFn: fromCall((input: ReviewInput) => catalogApi.addReview(input)),
      invalidatesTags: (_result, error, { productId }) => (error ? [] : [{ type: 'Product', id: productId }]),
    }),
  }),
});

const onServer = typeof window === 'undefined';

/** A read that is the shopper's own is left to the browser: the server renders for an anonymous visitor. */
export const PRIVATE = { skip: onServer } as const;

/** What `usePageRead` needs of an endpoint of `catalogQueries`. */
interface PageEndpoint {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each endpoint takes its own argument
  useQuery(arg: any, options?: { refetchOnMountOrArgChange?: boolean }): Parameters<typeof readOf>[0];
  select(arg: never): (state: never) => { isUninitialized: boolean };
  initiate(arg: never): unknown;
  Types: { QueryArg: unknown; ResultType: unknown };
}

/**
 * A public read, rendered on the server (docs/architecture.md#server-rendering). No effect runs there, so a read the
 * cache does not hold yet starts while the page renders; the renderer awaits it and renders again. An answer already
 * there, a refusal too, is rendered as it is and not asked for again. In the browser it is RTK Query's own hook.
 */
export function usePageRead<E extends PageEndpoint>(
  endpoint: E,
  arg: E['Types']['QueryArg'] | typeof skipToken,
  options?: { refetchOnMountOrArgChange?: boolean },
): Read<E['Types']['ResultType']> {
  const store = useStore();
  const dispatch = useAppDispatch();
  if (onServer && arg !== skipToken && endpoint.select(arg as never)(store.getState() as never).isUninitialized) {
    dispatch(endpoint.initiate(arg as never) as never);
  }
  return readOf(endpoint.useQuery(arg, options)) as Read<E['Types']['ResultType']>;
}

/** Injects the api once (idempotent), with the answers the page came with: every view that reads calls it first. */
export function useCatalogQueries(): void {
  useInjectPageQueries(catalogQueries);
}
