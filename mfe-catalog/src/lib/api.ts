import { api, apiData, apiList, unwrapList, type ListResult } from '@pharmacy/session';
import {
  CatalogRoutes,
  pathTo,
  type Feature,
  type PageFigures,
  type Product,
  type ProductFacets,
  type ProductSafety,
  type Review,
  type ReviewAdded,
  type ReviewEligibility,
  type ReviewFigures,
  type ReviewInput,
  type SearchFigures,
  type SortBy,
} from '@pharmacy/contracts';

/** A page of the listing: its products and the paging figures the server puts beside them. */
export type ProductList = ListResult<Product, PageFigures>;
/** A page of search results, with the catalog words that matched (for highlighting). */
export type SearchList = ListResult<Product, SearchFigures>;
/** A product's reviews, newest first, with its average and count. */
export type ReviewsList = ListResult<Review, ReviewFigures>;

/** The safety answers for the signed-in shopper, and their profile terms the knowledge table does not know. */
export type SafetyList = ListResult<ProductSafety, { unrecognisedTerms: string[] }>;

// Paths come from the route table (docs/architecture.md#routes); the methods below are the table's.
const { products, reviews, safety, features } = CatalogRoutes;

/** The catalog service's public calls, as the remote uses them. */
export const catalogApi = {
  products: (p: { categories: string[]; brands: string[]; sortBy: SortBy; page: number; limit?: number }, signal?: AbortSignal) =>
    apiList.get<Product, PageFigures>(pathTo(products.list), {
      signal,
      query: {
        category: p.categories.length ? p.categories : undefined,
        brand: p.brands.length ? p.brands : undefined,
        sortBy: p.sortBy,
        page: p.page,
        limit: p.limit,
      },
    }),
  /** Counts for the filter panel under the filters chosen so far, and how many products they match in all. */
  facets: (p: { categories: string[]; brands: string[] } = { categories: [], brands: [] }, signal?: AbortSignal) =>
    apiData.get<ProductFacets>(pathTo(products.facets), {
      signal,
      query: { category: p.categories.length ? p.categories : undefined, brand: p.brands.length ? p.brands : undefined },
    }),
  product: (id: string, signal?: AbortSignal) => apiData.get<Product>(pathTo(products.get, { id }), { signal }),
  search: (keyword: string, p: { page?: number; limit?: number } = {}, signal?: AbortSignal) =>
    apiList.get<Product, SearchFigures>(pathTo(products.search, { keyword }), { signal, query: { page: p.page, limit: p.limit } }),
  reviews: (productId: string, signal?: AbortSignal) => apiList.get<Review, ReviewFigures>(pathTo(reviews.list, { productId }), { signal }),
  canReview: (productId: string, signal?: AbortSignal) =>
    apiData.get<ReviewEligibility>(pathTo(reviews.canReview, { productId }), { signal }),
  addReview: (input: ReviewInput) => apiData.post<ReviewAdded>(pathTo(reviews.add), input),
  features: (signal?: AbortSignal) => apiData.get<Feature[]>(pathTo(features.list), { signal }),
  /** Up to 100 products at once (SafetyCheckBody), answered from the signed-in shopper's own profile. */
  safetyCheck: (productIds: string[]) =>
    api.post<ProductSafety[]>(pathTo(safety.check), { productIds }).then((r) => unwrapList<ProductSafety, { unrecognisedTerms: string[] }>(r)),
};
