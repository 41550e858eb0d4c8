// The checkout service's routes (prefixes /api/shop/cart, /api/shop/delivery, /api/shop/address, /api/shop/order,
// /api/shop/prescriptions, /api/admin/orders, /api/admin/prescriptions, /api/payments; /internal/checkout for the other services).
import type { Static } from '@sinclair/typebox';
import type {
  Address,
  AddressAddBody,
  AddressUpdateBody,
  AdminOrderListResponse,
  AdminOrderStatusBody,
  AdminOrdersQuery,
  AdminPaymentStatusBody,
  AdminReviewBody,
  BuyAgainResult,
  CartAddBody,
  CartDeliveryQuery,
  CartMergeBody,
  CartQuoteBody,
  CartResponse,
  CartUpdateBody,
  DeliveryOptionsResponse,
  Order,
  StaffOrder,
  OrderCancelBody,
  OrderCaptureBody,
  OrderCreateBody,
  OrderCreatedResponse,
  OrderStats,
  PaymentConfig,
} from '../checkout';
import type { PurchaseCheck } from '../catalog';
import type {
  PrescriptionTokenBody,
  RejectPrescriptionBody,
  ReminderBody,
  ShopperPrescription,
  StaffPrescription,
  StaffPrescriptionsQuery,
  StaffPrescriptionsResponse,
  VerifyPrescriptionBody,
} from '../prescriptions';
import type { Recall, RecallCreateBody, RecallDetail, RecallNotice } from '../recalls';
import type { OkEnvelope } from '../envelope';
import type { ErasureResponse } from '../sessions';
import type { SupplyLimitsTable, SupplyOverride, SupplyOverrideBody, SupplyUsage } from '../supply-limits';
import { route } from './route';

type Ok<T> = OkEnvelope<T>;
/** Every cart answer is the cart, priced for the delivery the query names. */
const cart = <Body = undefined>() => route<CartResponse, Body, CartDeliveryQuery>();

export const CheckoutRoutes = {
  cart: {
    get: cart()('GET', '/api/shop/cart/get/:userId'),
    add: cart<CartAddBody>()('POST', '/api/shop/cart/add'),
    update: cart<CartUpdateBody>()('PUT', '/api/shop/cart/update-cart'),
    remove: cart()('DELETE', '/api/shop/cart/:userId/:productId'),
    clear: cart()('DELETE', '/api/shop/cart/clear/:userId'),
    merge: cart<CartMergeBody>()('POST', '/api/shop/cart/merge'),
    /** A visitor's cart, priced without saving it. */
    quote: cart<CartQuoteBody>()('POST', '/api/shop/cart/quote'),
  },
  delivery: {
    options: route<Static<typeof DeliveryOptionsResponse>>()('GET', '/api/shop/delivery/options'),
  },
  addresses: {
    list: route<Ok<Address[]>>()('GET', '/api/shop/address/get/:userId'),
    add: route<Ok<Address>, AddressAddBody>()('POST', '/api/shop/address/add'),
    update: route<Ok<Address>, AddressUpdateBody>()('PUT', '/api/shop/address/update/:userId/:addressId'),
    delete: route<Ok<null>>()('DELETE', '/api/shop/address/delete/:userId/:addressId'),
  },
  orders: {
    create: route<OrderCreatedResponse, OrderCreateBody>()('POST', '/api/shop/order/create'),
    capture: route<Ok<Order>, OrderCaptureBody>()('POST', '/api/shop/order/capture'),
    cancel: route<Ok<Order>, OrderCancelBody>()('POST', '/api/shop/order/cancel'),
    list: route<Ok<Order[]>>()('GET', '/api/shop/order/list/:userId'),
    details: route<Ok<Order>>()('GET', '/api/shop/order/details/:id'),
    /** The past order's items back in the cart through the cart's own checks (docs/api.md#prescriptions). */
    buyAgain: route<Ok<BuyAgainResult>>()('POST', '/api/shop/order/buy-again/:orderId'),
  },
  adminOrders: {
    list: route<AdminOrderListResponse, undefined, AdminOrdersQuery>()('GET', '/api/admin/orders/get'),
    stats: route<Ok<OrderStats>>()('GET', '/api/admin/orders/stats'),
    details: route<Ok<StaffOrder>>()('GET', '/api/admin/orders/details/:id'),
    setStatus: route<Ok<StaffOrder>, Static<typeof AdminOrderStatusBody>>()('PUT', '/api/admin/orders/update/:id'),
    setPayment: route<Ok<StaffOrder>, Static<typeof AdminPaymentStatusBody>>()('PUT', '/api/admin/orders/payment/:id'),
    review: route<Ok<StaffOrder>, AdminReviewBody>()('POST', '/api/admin/orders/review/:id'),
  },
  /** The shopper's prescriptions (docs/api.md#prescriptions); `add` takes multipart (file in `file`) or a token. */
  prescriptions: {
    add: route<Ok<ShopperPrescription>, PrescriptionTokenBody>()('POST', '/api/shop/prescriptions'),
    list: route<Ok<ShopperPrescription[]>>()('GET', '/api/shop/prescriptions'),
    /** The owner's paper prescription file (never cached, never public). */
    file: route<never>()('GET', '/api/shop/prescriptions/:id/file'),
    /** A repeat request: a new prescription waiting for a pharmacist (409 with words when not allowed). */
    repeat: route<Ok<ShopperPrescription>>()('POST', '/api/shop/prescriptions/:id/repeat'),
    reminder: route<Ok<ShopperPrescription>, ReminderBody>()('PUT', '/api/shop/prescriptions/:id/items/:itemId/reminder'),
    /** The sandbox provider's demo prescriber page (present only with the sandbox provider). Never fetched. */
    sandboxPrescriber: route<never>()('GET', '/api/shop/prescriptions/sandbox/prescriber'),
    /** The demo prescriber's form POST (urlencoded): the page with the token it issued. */
    sandboxPrescriberIssue: route<never>()('POST', '/api/shop/prescriptions/sandbox/prescriber'),
    /** The copy button's script (the page's CSP allows no inline script). */
    sandboxPrescriberScript: route<never>()('GET', '/api/shop/prescriptions/sandbox/prescriber/copy.js'),
  },
  /** The pharmacist's "Prescriptions to check" (clinical.review). */
  adminPrescriptions: {
    list: route<Static<typeof StaffPrescriptionsResponse>, undefined, StaffPrescriptionsQuery>()('GET', '/api/admin/prescriptions'),
    details: route<Ok<StaffPrescription>>()('GET', '/api/admin/prescriptions/:id'),
    /** The decisions answer the prescription without health data: the screen keeps what its details read. */
    file: route<never>()('GET', '/api/admin/prescriptions/:id/file'),
    verify: route<Ok<ShopperPrescription>, VerifyPrescriptionBody>()('POST', '/api/admin/prescriptions/:id/verify'),
    reject: route<Ok<ShopperPrescription>, RejectPrescriptionBody>()('POST', '/api/admin/prescriptions/:id/reject'),
  },
  /** Recalls (docs/api.md#recalls): the pharmacist's (clinical.review), every write and export audited. */
  adminRecalls: {
    list: route<Ok<Recall[]>>()('GET', '/api/admin/recalls'),
    create: route<Ok<Recall>, RecallCreateBody>()('POST', '/api/admin/recalls'),
    details: route<Ok<RecallDetail>>()('GET', '/api/admin/recalls/:id'),
    /** The affected orders and shoppers as CSV (text/csv). */
    export: route<string>()('GET', '/api/admin/recalls/:id/export.csv'),
  },
  /** A shopper's recall notices: their own only; reading one records when it was first opened. */
  recalls: {
    list: route<Ok<RecallNotice[]>>()('GET', '/api/shop/recalls'),
    get: route<Ok<RecallNotice>>()('GET', '/api/shop/recalls/:noticeId'),
  },
  payments: {
    config: route<Ok<PaymentConfig>>()('GET', '/api/payments/config'),
    /**
     * Where a provider sends the shopper back: the server reads the provider's own query and 303-redirects to the
     * return page with `orderId`, `paymentId` and `payerId` (docs/architecture.md#payments). Never fetched.
     */
    providerReturn: route<never, undefined, { orderId: string }>()('GET', '/api/payments/return'),
    /** Where a provider sends a shopper who cancelled: 303 to the cancel page with the `orderId`. */
    providerCancel: route<never, undefined, { orderId: string }>()('GET', '/api/payments/cancel'),
  },
  /** The pharmacist's view of supply limits and their one-order overrides (docs/api.md#supply-limits). */
  adminSupplyLimits: {
    rules: route<Ok<SupplyLimitsTable>>()('GET', '/api/admin/supply-limits/rules'),
    usage: route<Ok<SupplyUsage>>()('GET', '/api/admin/supply-limits/usage/:userId'),
    grant: route<Ok<SupplyOverride>, SupplyOverrideBody>()('POST', '/api/admin/supply-limits/overrides'),
    revoke: route<Ok<SupplyOverride>>()('DELETE', '/api/admin/supply-limits/overrides/:id'),
  },
  /** Service to service only: the internal token, never proxied (docs/architecture.md#services). */
  internal: {
    /** Whether the user bought (and received) the product: the catalog asks before accepting a review. */
    purchase: route<Ok<PurchaseCheck>>()('GET', '/internal/checkout/purchases/:userId/:productId'),
    eraseUser: route<Static<typeof ErasureResponse>>()('POST', '/internal/checkout/users/:userId/erase'),
  },
} as const;
