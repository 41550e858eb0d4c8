import type { Order, OrderAddress, OrderHistoryEntry, OrderStatus, PaymentStatus } from '@pharmacy/contracts';
import type { Collection, DocumentStore } from '@pharmacy/db';
import { toAmount } from '../money';

export interface OrderItemDoc {
  productId: string;
  title: string;
  image: string;
  brand: string;
  unitPriceCents: number;
  quantity: number;
  warnings: string[];
}

/**
 * What happened to the stock held for this order (the catalog keeps the reservation under the order id):
 * `held` until capture (`committed`) or cancellation/expiry (`released`); the `-pending` states are set when
 * the catalog could not be reached and the sweeper retries.
 */
export type StockState = 'reserving' | 'held' | 'committed' | 'commit-pending' | 'released' | 'release-pending' | 'refund-pending' | 'refunded';

export interface HistoryDoc {
  field: 'orderStatus' | 'paymentStatus';
  from: string;
  to: string;
  at: number;
  by: string;
  note?: string;
}

export interface CaptureIntent {
  payerId: string;
  at: number;
}

export interface OrderDoc {
  _id: string;
  userId: string;
  items: OrderItemDoc[];
  /** For "did this user buy this product" without reaching into items (both adapters match array elements). */
  productIds: string[];
  address: OrderAddress;
  totalCents: number;
  currency: string;
  orderStatus: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: string;
  paymentId: string;
  /** The provider's approval page for this payment (missing on orders older than the field). */
  paymentURL?: string;
  payerId: string;
  captureId: string;
  stock: StockState;
  /** A capture in flight holds the order until this time (ms) so a replay cannot double-apply it. */
  captureLockUntil: number;
  /**
   * Written before the provider is asked to take the money and cleared once the outcome is recorded. While it is
   * set the order may have been paid at the provider, so nothing closes it until the provider has been asked
   * (reconciliation at start and in every sweep). Missing on orders older than the marker.
   */
  capturing?: CaptureIntent | null;
  acknowledgedWarnings: string[];
  acknowledgedAt: number | null;
  /** When the shopper's account was deleted and the delivery name, address and phone were replaced. */
  anonymisedAt?: number | null;
  history: HistoryDoc[];
  createdAt: number;
  updatedAt: number;
  expiresAt: number;
  [key: string]: unknown;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function toApiOrder(d: OrderDoc): Order {
  return {
    _id: d._id,
    userId: d.userId,
    items: d.items.map((i) => ({
      productId: i.productId, title: i.title, image: i.image, brand: i.brand, price: toAmount(i.unitPriceCents),
      quantity: i.quantity, lineTotal: toAmount(i.unitPriceCents * i.quantity), warnings: i.warnings,
    })),
    address: d.address,
    totalAmount: toAmount(d.totalCents),
    currency: d.currency,
    orderStatus: d.orderStatus,
    paymentStatus: d.paymentStatus,
    paymentMethod: d.paymentMethod,
    paymentId: d.paymentId,
    payerId: d.payerId,
    ...(d.orderStatus === 'pending' && d.paymentStatus === 'pending' && d.paymentURL ? { paymentURL: d.paymentURL } : {}),
    orderDate: iso(d.createdAt),
    orderUpdateDate: iso(d.updatedAt),
    expiresAt: iso(d.expiresAt),
    acknowledgedWarnings: d.acknowledgedWarnings,
    acknowledgedAt: d.acknowledgedAt === null ? null : iso(d.acknowledgedAt),
    history: d.history.map((h): OrderHistoryEntry => ({
      field: h.field, from: h.from, to: h.to, at: iso(h.at), by: h.by, ...(h.note ? { note: h.note } : {}),
    })),
    ...(typeof d.anonymisedAt === 'number' ? { anonymisedAt: iso(d.anonymisedAt) } : {}),
  };
}

export const history = (field: HistoryDoc['field'], from: string, to: string, at: number, by: string, note?: string): HistoryDoc => ({
  field, from, to, at, by, ...(note ? { note } : {}),
});

export async function ordersCollection(store: DocumentStore): Promise<Collection<OrderDoc>> {
  const orders = store.collection<OrderDoc>('orders');
  await orders.createIndex({ userId: 1 });
  await orders.createIndex({ createdAt: -1 });
  await orders.createIndex({ expiresAt: 1 });
  return orders;
}
