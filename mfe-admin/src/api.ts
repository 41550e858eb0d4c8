// The admin routes of the three services (docs/api.md), typed by shared/contracts. Every call
// goes through the session package's client (cookies, CSRF header, token refresh, ApiError).
import {
  AccountPaths,
  type AdminReviewBody,
  type Feature,
  type Order,
  type OrderStats,
  type OrderStatus,
  type PageFigures,
  type PaymentStatus,
  type Product,
  type ProductInput,
  type ProductPatch,
  type ProductStock,
  type SafetyRecognition,
  type StockAdjustmentInput,
  type User,
} from '@pharmacy/contracts';
import { apiData, apiList, type ListResult } from '@pharmacy/session';

const id = (value: string) => encodeURIComponent(value);

/** A page of the staff product list or of the orders: the rows and the paging figures beside them. */
export type ProductList = ListResult<Product, PageFigures>;
/** `awaitingReview`: how many orders wait for a pharmacist, whatever the filters (the review filter's count). */
export type OrderList = ListResult<Order, PageFigures & { awaitingReview: number }>;

/** A page of users, newest first (the server sorts and finds them). */
export type UserList = ListResult<User, PageFigures>;

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
    apiList.get<User, PageFigures>(AccountPaths.adminUsers, { query: { q: q?.trim() || undefined, page, limit }, signal }),
  userDetails: (userId: string, signal?: AbortSignal) => apiData.get<User>(AccountPaths.adminUserDetails(userId), { signal }),

  listProducts: ({ search, page, limit, lowStock }: ProductListParams, signal?: AbortSignal) =>
    apiList.get<Product, PageFigures>('/api/admin/products/get', {
      query: { search: search?.trim() || undefined, page, limit, lowStock: lowStock || undefined },
      signal,
    }),
  addProduct: (input: ProductInput) => apiData.post<Product>('/api/admin/products/add', input),
  editProduct: (productId: string, patch: ProductPatch) => apiData.put<Product>(`/api/admin/products/edit/${id(productId)}`, patch),
  deleteProduct: (productId: string) => apiData.delete<unknown>(`/api/admin/products/delete/${id(productId)}`),
  /** The latest copy of one product, with its version (the form's Reload after someone else's edit). */
  getProduct: (productId: string) => apiData.get<Product>(`/api/shop/products/get/${id(productId)}`),
  productStock: (productId: string, signal?: AbortSignal) => apiData.get<ProductStock>(`/api/admin/products/${id(productId)}/stock`, { signal }),
  adjustStock: (productId: string, input: StockAdjustmentInput) => apiData.post<ProductStock>(`/api/admin/products/${id(productId)}/stock`, input),

  listOrders: ({ status, review, q, page, limit }: OrderListParams, signal?: AbortSignal) =>
    apiList.get<Order, PageFigures & { awaitingReview: number }>('/api/admin/orders/get', { query: { status, review, q: q?.trim() || undefined, page, limit }, signal }),
  orderDetails: (orderId: string, signal?: AbortSignal) => apiData.get<Order>(`/api/admin/orders/details/${id(orderId)}`, { signal }),
  updateOrderStatus: (orderId: string, orderStatus: OrderStatus) =>
    apiData.put<Order>(`/api/admin/orders/update/${id(orderId)}`, { orderStatus }),
  updatePaymentStatus: (orderId: string, paymentStatus: PaymentStatus) =>
    apiData.put<Order>(`/api/admin/orders/payment/${id(orderId)}`, { paymentStatus }),
  /** The pharmacist's decision on an order awaiting review; answers the order as it now is. */
  reviewOrder: (orderId: string, decision: AdminReviewBody) => apiData.post<Order>(`/api/admin/orders/review/${id(orderId)}`, decision),
  orderStats: () => apiData.get<OrderStats>('/api/admin/orders/stats'),

  /** Which health-profile terms the catalog's medicine knowledge table knows (public: sends terms, keeps nothing). */
  recogniseTerms: (terms: string[], signal?: AbortSignal) =>
    apiData.post<SafetyRecognition[]>('/api/shop/safety/terms/recognise', { terms }, { signal }),

  listFeatures: () => apiData.get<Feature[]>('/api/common/feature/get'),
  addFeature: (image: string) => apiData.post<Feature>('/api/common/feature/add', { image }),
  deleteFeature: (featureId: string) => apiData.delete<unknown>(`/api/common/feature/delete/${id(featureId)}`),
};
