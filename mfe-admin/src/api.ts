// The admin routes of the three services (docs/api.md), typed by shared/contracts. Every call
// goes through the session package's client (cookies, CSRF header, token refresh, ApiError).
import {
  AccountRoutes,
  CatalogRoutes,
  CheckoutRoutes,
  pathTo,
  type AdminReviewBody,
  type Feature,
  type StaffOrder,
  type OrderStats,
  type OrderStatus,
  type PageFigures,
  type PaymentStatus,
  type Product,
  type ProductInput,
  type ProductPatch,
  type ProductStock,
  type ShortDatedBatch,
  type SafetyRecognition,
  type StaffRolesBody,
  type StockAdjustmentInput,
  type BatchReceiveInput,
  type StaffUser,
  type SupplyLimitsTable,
  type SupplyOverride,
  type SupplyOverrideBody,
  type SupplyUsage,
} from '@pharmacy/contracts';
import { apiData, apiList, type ListResult } from '@pharmacy/session';

// Paths come from the route table (docs/architecture.md#routes); the methods below are the table's.
const { adminProducts, products, safety, features } = CatalogRoutes;
const { adminOrders, adminSupplyLimits } = CheckoutRoutes;

/** A page of the staff product list or of the orders: the rows and the paging figures beside them. */
export type ProductList = ListResult<Product, PageFigures>;
/** `awaitingReview`: how many orders wait for a pharmacist, whatever the filters (the review filter's count). */
export type OrderList = ListResult<StaffOrder, PageFigures & { awaitingReview: number }>;

/** A page of users, newest first (the server sorts and finds them). */
export type UserList = ListResult<StaffUser, PageFigures>;

export interface UserListParams {
  /** First name, last name or "first last". */
  q?: string;
  page?: number;
  limit?: number;
}

export interface ProductListParams {
  search?: string;
  page?: number;
  limit?: number;
  lowStock?: boolean;
}

export interface OrderListParams {
  status?: OrderStatus;
  /** Only the orders waiting for a pharmacist's review. */
  review?: 'awaiting';
  /** An order number ("#FC34A420" or part of it), a customer's name or email. */
  q?: string;
  page?: number;
  limit?: number;
}

export const adminApi = {
  listUsers: ({ q, page, limit }: UserListParams, signal?: AbortSignal) =>
    apiList.get<StaffUser, PageFigures>(pathTo(AccountRoutes.admin.users), { query: { q: q?.trim() || undefined, page, limit }, signal }),
  userDetails: (userId: string, signal?: AbortSignal) => apiData.get<StaffUser>(pathTo(AccountRoutes.admin.userDetails, { id: userId }), { signal }),
  setStaffRoles: (userId: string, body: StaffRolesBody) => apiData.put<StaffUser>(pathTo(AccountRoutes.admin.staffRoles, { id: userId }), body),

  listProducts: ({ search, page, limit, lowStock }: ProductListParams, signal?: AbortSignal) =>
    apiList.get<Product, PageFigures>(pathTo(adminProducts.list), {
      query: { search: search?.trim() || undefined, page, limit, lowStock: lowStock || undefined },
      signal,
    }),
  addProduct: (input: ProductInput) => apiData.post<Product>(pathTo(adminProducts.add), input),
  editProduct: (productId: string, patch: ProductPatch) => apiData.put<Product>(pathTo(adminProducts.edit, { id: productId }), patch),
  deleteProduct: (productId: string) => apiData.delete<unknown>(pathTo(adminProducts.delete, { id: productId })),
  /** The latest copy of one product, with its version (the form's Reload after someone else's edit). */
  getProduct: (productId: string) => apiData.get<Product>(pathTo(products.get, { id: productId })),
  productStock: (productId: string, signal?: AbortSignal) => apiData.get<ProductStock>(pathTo(adminProducts.stock, { id: productId }), { signal }),
  adjustStock: (productId: string, input: StockAdjustmentInput) => apiData.post<ProductStock>(pathTo(adminProducts.adjustStock, { id: productId }), input),
  receiveBatch: (productId: string, input: BatchReceiveInput) => apiData.post<ProductStock>(pathTo(adminProducts.receiveBatch, { id: productId }), input),
  shortDatedBatches: (signal?: AbortSignal) => apiData.get<ShortDatedBatch[]>(pathTo(adminProducts.shortDated), { signal }),

  listOrders: ({ status, review, q, page, limit }: OrderListParams, signal?: AbortSignal) =>
    apiList.get<StaffOrder, PageFigures & { awaitingReview: number }>(pathTo(adminOrders.list), { query: { status, review, q: q?.trim() || undefined, page, limit }, signal }),
  orderDetails: (orderId: string, signal?: AbortSignal) => apiData.get<StaffOrder>(pathTo(adminOrders.details, { id: orderId }), { signal }),
  updateOrderStatus: (orderId: string, orderStatus: OrderStatus) =>
    apiData.put<StaffOrder>(pathTo(adminOrders.setStatus, { id: orderId }), { orderStatus }),
  updatePaymentStatus: (orderId: string, paymentStatus: PaymentStatus) =>
    apiData.put<StaffOrder>(pathTo(adminOrders.setPayment, { id: orderId }), { paymentStatus }),
  /** The pharmacist's decision on an order awaiting review; answers the order as it now is. */
  reviewOrder: (orderId: string, decision: AdminReviewBody) => apiData.post<StaffOrder>(pathTo(adminOrders.review, { id: orderId }), decision),
  orderStats: () => apiData.get<OrderStats>(pathTo(adminOrders.stats)),

  /** Which health-profile terms the catalog's medicine knowledge table knows (public: sends terms, keeps nothing). */
  recogniseTerms: (terms: string[], signal?: AbortSignal) =>
    apiData.post<SafetyRecognition[]>(pathTo(safety.recognise), { terms }, { signal }),

  /** The market's supply limits, a shopper's window usage and overrides, and the pharmacist's "allow once" (docs/api.md#supply-limits). */
  supplyLimitRules: (signal?: AbortSignal) => apiData.get<SupplyLimitsTable>(pathTo(adminSupplyLimits.rules), { signal }),
  supplyUsage: (userId: string, signal?: AbortSignal) => apiData.get<SupplyUsage>(pathTo(adminSupplyLimits.usage, { userId }), { signal }),
  grantSupplyOverride: (body: SupplyOverrideBody) => apiData.post<SupplyOverride>(pathTo(adminSupplyLimits.grant), body),
  revokeSupplyOverride: (overrideId: string) => apiData.delete<SupplyOverride>(pathTo(adminSupplyLimits.revoke, { id: overrideId })),

  listFeatures: () => apiData.get<Feature[]>(pathTo(features.list)),
  addFeature: (image: string) => apiData.post<Feature>(pathTo(features.add), { image }),
  deleteFeature: (featureId: string) => apiData.delete<unknown>(pathTo(features.delete, { id: featureId })),
};
