import { apiData } from '@pharmacy/session';
import type {
  Feature,
  Product,
  ProductFacets,
  ProductPage,
  ReviewAdded,
  ReviewEligibility,
  ReviewInput,
  ReviewList,
  SearchResults,
  SortBy,
} from '@pharmacy/contracts';

/** The catalog service's public calls, as the remote uses them. */
export const catalogApi = {
  products: (p: { categories: string[]; brands: string[]; sortBy: SortBy; page: number; limit?: number }, signal?: AbortSignal) =>
    apiData.get<ProductPage>('/api/shop/products/get', {
      signal,
      query: {
        category: p.categories.length ? p.categories : undefined,
        brand: p.brands.length ? p.brands : undefined,
        sortBy: p.sortBy,
        page: p.page,
        limit: p.limit,
      },
    }),
  facets: (signal?: AbortSignal) => apiData.get<ProductFacets>('/api/shop/products/facets', { signal }),
  product: (id: string, signal?: AbortSignal) => apiData.get<Product>(`/api/shop/products/get/${encodeURIComponent(id)}`, { signal }),
  search: (keyword: string, p: { page?: number; limit?: number } = {}, signal?: AbortSignal) =>
    apiData.get<SearchResults>(`/api/shop/search/${encodeURIComponent(keyword)}`, { signal, query: { page: p.page, limit: p.limit } }),
  reviews: (productId: string, signal?: AbortSignal) => apiData.get<ReviewList>(`/api/shop/review/${encodeURIComponent(productId)}`, { signal }),
  canReview: (productId: string, signal?: AbortSignal) =>
    apiData.get<ReviewEligibility>(`/api/shop/review/can-review/${encodeURIComponent(productId)}`, { signal }),
  addReview: (input: ReviewInput) => apiData.post<ReviewAdded>('/api/shop/review/add', input),
  features: (signal?: AbortSignal) => apiData.get<Feature[]>('/api/common/feature/get', { signal }),
};
