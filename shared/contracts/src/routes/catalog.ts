// The catalog service's routes (prefixes /api/shop/products, /api/shop/search, /api/shop/review, /api/shop/safety,
// /api/admin/products, /api/common/feature, /api/media; /internal/catalog for the other services).
import type { Static } from '@sinclair/typebox';
import type {
  AdminProductQuery,
  Feature,
  FeatureInput,
  LookupQuery,
  LookupResult,
  Product,
  ProductFacets,
  ProductFacetsQuery,
  ProductInput,
  ProductListQuery,
  ProductListResponse,
  ProductPatch,
  ProductStock,
  QuarantineRequest,
  QuarantineResult,
  Quote,
  QuoteRequest,
  Reservation,
  ReservationRef,
  ReserveRequest,
  ReviewAdded,
  ReviewEligibility,
  ReviewInput,
  ReviewListResponse,
  SearchQuery,
  SearchResponse,
  StockAdjustmentInput,
  UploadedImage,
} from '../catalog';
import type { SafetyCheckBody, SafetyCheckResponse, SafetyRecogniseBody, SafetyRecogniseResponse, SafetyTermsQuery, SafetyTermsResponse } from '../catalog';
import type { OkEnvelope } from '../envelope';
import type { ErasureResponse } from '../sessions';
import { route } from './route';

type Ok<T> = OkEnvelope<T>;

/** A stock move on one reservation: it answers the reservation as it now stands. */
const move = <P extends string>(path: P) => route<Ok<Reservation>, ReservationRef>()('POST', path);

export const CatalogRoutes = {
  products: {
    list: route<ProductListResponse, undefined, ProductListQuery>()('GET', '/api/shop/products/get'),
    facets: route<Ok<ProductFacets>, undefined, ProductFacetsQuery>()('GET', '/api/shop/products/facets'),
    get: route<Ok<Product>>()('GET', '/api/shop/products/get/:id'),
    search: route<SearchResponse, undefined, Static<typeof SearchQuery>>()('GET', '/api/shop/search/:keyword'),
  },
  adminProducts: {
    list: route<ProductListResponse, undefined, AdminProductQuery>()('GET', '/api/admin/products/get'),
    add: route<Ok<Product>, ProductInput>()('POST', '/api/admin/products/add'),
    edit: route<Ok<Product>, ProductPatch>()('PUT', '/api/admin/products/edit/:id'),
    delete: route<Ok<{ _id: string }>>()('DELETE', '/api/admin/products/delete/:id'),
    stock: route<Ok<ProductStock>>()('GET', '/api/admin/products/:id/stock'),
    adjustStock: route<Ok<ProductStock>, StockAdjustmentInput>()('POST', '/api/admin/products/:id/stock'),
    /** Multipart (one image file), not JSON. */
    uploadImage: route<Ok<UploadedImage>, FormData>()('POST', '/api/admin/products/upload-image'),
  },
  reviews: {
    list: route<ReviewListResponse>()('GET', '/api/shop/review/:productId'),
    canReview: route<Ok<ReviewEligibility>>()('GET', '/api/shop/review/can-review/:productId'),
    add: route<Ok<ReviewAdded>, ReviewInput>()('POST', '/api/shop/review/add'),
  },
  safety: {
    check: route<SafetyCheckResponse, SafetyCheckBody>()('POST', '/api/shop/safety/check'),
    terms: route<SafetyTermsResponse, undefined, SafetyTermsQuery>()('GET', '/api/shop/safety/terms'),
    recognise: route<SafetyRecogniseResponse, SafetyRecogniseBody>()('POST', '/api/shop/safety/terms/recognise'),
  },
  features: {
    list: route<Ok<Feature[]>>()('GET', '/api/common/feature/get'),
    add: route<Ok<Feature>, FeatureInput>()('POST', '/api/common/feature/add'),
    delete: route<Ok<{ _id: string }>>()('DELETE', '/api/common/feature/delete/:id'),
  },
  /** The image bytes, cached for a year. */
  media: route<Blob>()('GET', '/api/media/:id'),
  /** Service to service only: the internal token, never proxied (docs/architecture.md#services). */
  internal: {
    quote: route<Ok<Quote>, QuoteRequest>()('POST', '/internal/catalog/products/quote'),
    lookup: route<Ok<LookupResult>, undefined, Static<typeof LookupQuery>>()('GET', '/internal/catalog/products/lookup'),
    reserve: route<Ok<Reservation>, ReserveRequest>()('POST', '/internal/catalog/stock/reserve'),
    commit: move('/internal/catalog/stock/commit'),
    release: move('/internal/catalog/stock/release'),
    /** A paid order refunded: its units stop counting as sold (stock is not put back). */
    refund: move('/internal/catalog/stock/refund'),
    /** A paid order rejected and refunded: its units go back on the shelf, exactly once. */
    restock: move('/internal/catalog/stock/restock'),
    eraseUser: route<Static<typeof ErasureResponse>>()('POST', '/internal/catalog/users/:userId/erase'),
    quarantine: route<Ok<QuarantineResult>, QuarantineRequest>()('POST', '/internal/catalog/batches/quarantine'),
  },
} as const;
