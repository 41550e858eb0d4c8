import {
  CatalogRoutes,
  CheckoutRoutes,
  pathTo,
  type Address,
  type AddressInput,
  type Cart,
  type CartCapped,
  type CartItemInput,
  type CartResponse,
  type ConsultationAnswerInput,
  type DeliveryOptions,
  type DeliverySelection,
  type Order,
  type OrderCreated,
  type OrderCreatedResponse,
  type PaymentConfig,
  type ProductSafety,
  type ShopperPrescription,
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
// Paths come from the route table (docs/architecture.md#routes); the methods below are the table's.
const { cart, addresses, orders, delivery, payments } = CheckoutRoutes;

export const cartApi = {
  /** With a delivery choice, the answer's `totals` price that method (the server's fees; standard without one). */
  get: (userId: string, delivery?: DeliverySelection) =>
    api.get<Cart>(pathTo(cart.get, { userId }), delivery ? { query: { delivery: delivery.method, pharmacyId: delivery.pharmacyId } } : undefined).then(cartReply),
  add: (userId: string, productId: string, quantity: number) => api.post<Cart>(pathTo(cart.add), { userId, productId, quantity }).then(cartReply),
  update: (userId: string, productId: string, quantity: number) => api.put<Cart>(pathTo(cart.update), { userId, productId, quantity }).then(cartReply),
  remove: (userId: string, productId: string) => api.delete<Cart>(pathTo(cart.remove, { userId, productId })).then(cartReply),
  clear: (userId: string) => api.delete<Cart>(pathTo(cart.clear, { userId })).then(cartReply),
  merge: (items: CartItemInput[], mergeId: string) => api.post<Cart>(pathTo(cart.merge), { items, mergeId }).then(cartReply),
  /** A visitor's browser cart, priced and capped by the server. */
  quote: (items: CartItemInput[]) => api.post<Cart>(pathTo(cart.quote), { items }).then(cartReply),
};

export const addressApi = {
  list: (userId: string, signal?: AbortSignal) => apiData.get<Address[]>(pathTo(addresses.list, { userId }), { signal }),
  add: (userId: string, input: AddressInput) => apiData.post<Address>(pathTo(addresses.add), { userId, ...input }),
  update: (userId: string, addressId: string, input: AddressInput) =>
    apiData.put<Address>(pathTo(addresses.update, { userId, addressId }), input),
  remove: (userId: string, addressId: string) => api.delete<null>(pathTo(addresses.delete, { userId, addressId })),
};

export const orderApi = {
  /** The approval link and order id, read at the top level of the answer (where the product brief puts them). */
  create: async (
    addressId: string,
    delivery: DeliverySelection,
    acknowledgeSafetyWarnings: boolean,
    consultation?: ConsultationAnswerInput[],
  ): Promise<OrderCreated> => {
    const res = await api.post<OrderCreated>(pathTo(orders.create), {
      addressId,
      delivery,
      ...(acknowledgeSafetyWarnings ? { acknowledgeSafetyWarnings: true } : {}),
      ...(consultation?.length ? { consultation } : {}),
    });
    unwrap(res);
    const { approvalURL, orderId } = res as ApiResponse<OrderCreated> & OrderCreatedResponse;
    return { approvalURL, orderId };
  },
  capture: (body: { paymentId: string; payerId: string; orderId: string }) => apiData.post<Order>(pathTo(orders.capture), body),
  cancel: (orderId: string) => apiData.post<Order>(pathTo(orders.cancel), { orderId }),
};

export const deliveryApi = {
  /** Public: the methods with their fees, the free-delivery threshold, the shop's currency and the pharmacies to collect from. */
  options: (signal?: AbortSignal) => apiData.get<DeliveryOptions>(pathTo(delivery.options), { signal }),
};

export const paymentApi = {
  /** Public: which provider takes payments (the sandbox means test payments, labelled on every page). */
  config: (signal?: AbortSignal) => apiData.get<PaymentConfig>(pathTo(payments.config), { signal }),
};

export const prescriptionsApi = {
  /** The signed-in shopper's prescriptions with their standing (docs/api.md#prescriptions). */
  list: (signal?: AbortSignal) => apiData.get<ShopperPrescription[]>(pathTo(CheckoutRoutes.prescriptions.list), { signal }),
};

export const safetyApi = {
  /** The catalog's answer for the signed-in shopper; checkout reads which of their health terms it does not know. */
  check: (productIds: string[], signal?: AbortSignal) =>
    api.post<ProductSafety[]>(pathTo(CatalogRoutes.safety.check), { productIds }, { signal }).then((r) => unwrapList<ProductSafety, { unrecognisedTerms: string[] }>(r)),
};
