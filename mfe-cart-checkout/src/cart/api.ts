import type {
  Address,
  AddressInput,
  Cart,
  CartCapped,
  CartItemInput,
  CartResponse,
  ConsultationAnswerInput,
  DeliveryOptions,
  DeliverySelection,
  Order,
  OrderCreated,
  OrderCreatedResponse,
  PaymentConfig,
  ProductSafety,
} from '@pharmacy/contracts';
import { api, apiData, unwrap, unwrapList, type ApiResponse } from '@pharmacy/session';

/** The checkout service's calls (docs/api.md#cart), typed by the contracts. Results keep the server's message. */
export interface CartReply {
  cart: Cart;
  message?: string;
  /** Add and update: the server lowered the quantity asked for (stock or the per-order limit). */
  capped?: CartCapped;
}
const cartReply = (r: ApiResponse<Cart>): CartReply => {
  const cart = unwrap(r);
  const message = typeof r.message === 'string' ? r.message : undefined;
  const { capped } = r as ApiResponse<Cart> & Pick<CartResponse, 'capped'>;
  return { cart, ...(message ? { message } : {}), ...(capped ? { capped } : {}) };
};
const id = encodeURIComponent;

export const cartApi = {
  /** With a delivery choice, the answer's `totals` price that method (the server's fees; standard without one). */
  get: (userId: string, delivery?: DeliverySelection) =>
    api.get<Cart>(`/api/shop/cart/get/${id(userId)}`, delivery ? { query: { delivery: delivery.method, pharmacyId: delivery.pharmacyId } } : undefined).then(cartReply),
  add: (userId: string, productId: string, quantity: number) => api.post<Cart>('/api/shop/cart/add', { userId, productId, quantity }).then(cartReply),
  update: (userId: string, productId: string, quantity: number) => api.put<Cart>('/api/shop/cart/update-cart', { userId, productId, quantity }).then(cartReply),
  remove: (userId: string, productId: string) => api.delete<Cart>(`/api/shop/cart/${id(userId)}/${id(productId)}`).then(cartReply),
  clear: (userId: string) => api.delete<Cart>(`/api/shop/cart/clear/${id(userId)}`).then(cartReply),
  merge: (items: CartItemInput[], mergeId: string) => api.post<Cart>('/api/shop/cart/merge', { items, mergeId }).then(cartReply),
  /** A visitor's browser cart, priced and capped by the server. */
  quote: (items: CartItemInput[]) => api.post<Cart>('/api/shop/cart/quote', { items }).then(cartReply),
};

export const addressApi = {
  list: (userId: string, signal?: AbortSignal) => apiData.get<Address[]>(`/api/shop/address/get/${id(userId)}`, { signal }),
  add: (userId: string, input: AddressInput) => apiData.post<Address>('/api/shop/address/add', { userId, ...input }),
  update: (userId: string, addressId: string, input: AddressInput) =>
    apiData.put<Address>(`/api/shop/address/update/${id(userId)}/${id(addressId)}`, input),
  remove: (userId: string, addressId: string) => api.delete<null>(`/api/shop/address/delete/${id(userId)}/${id(addressId)}`),
};

export const orderApi = {
  /** The approval link and order id, read at the top level of the answer (where the product brief puts them). */
  create: async (
    addressId: string,
    delivery: DeliverySelection,
    acknowledgeSafetyWarnings: boolean,
    consultation?: ConsultationAnswerInput[],
  ): Promise<OrderCreated> => {
    const res = await api.post<OrderCreated>('/api/shop/order/create', {
      addressId,
      delivery,
      ...(acknowledgeSafetyWarnings ? { acknowledgeSafetyWarnings: true } : {}),
      ...(consultation?.length ? { consultation } : {}),
    });
    unwrap(res);
    const { approvalURL, orderId } = res as ApiResponse<OrderCreated> & OrderCreatedResponse;
    return { approvalURL, orderId };
  },
  capture: (body: { paymentId: string; payerId: string; orderId: string }) => apiData.post<Order>('/api/shop/order/capture', body),
  cancel: (orderId: string) => apiData.post<Order>('/api/shop/order/cancel', { orderId }),
};

export const deliveryApi = {
  /** Public: the methods with their fees, the free-delivery threshold, the shop's currency and the pharmacies to collect from. */
  options: (signal?: AbortSignal) => apiData.get<DeliveryOptions>('/api/shop/delivery/options', { signal }),
};

export const paymentApi = {
  /** Public: which provider takes payments (the sandbox means test payments, labelled on every page). */
  config: (signal?: AbortSignal) => apiData.get<PaymentConfig>('/api/payments/config', { signal }),
};

export const safetyApi = {
  /** The catalog's answer for the signed-in shopper; checkout reads which of their health terms it does not know. */
  check: (productIds: string[], signal?: AbortSignal) =>
    api.post<ProductSafety[]>('/api/shop/safety/check', { productIds }, { signal }).then((r) => unwrapList<ProductSafety, { unrecognisedTerms: string[] }>(r)),
};
