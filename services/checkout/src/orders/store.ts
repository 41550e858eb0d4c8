import {
  type ConsultationAnswer,
  type DeliveryMethod,
  type OrderAddress,
  type OrderClosedReason,
  type OrderStatus,
  type PaymentStatus,
  type ReviewStatus,
  type ResponsiblePharmacist,
  type DispensedFrom,
  type SupplyFacts,
  type BatchTake,
} from '@pharmacy/contracts';
import type { Collection, DocumentStore } from '@pharmacy/db';
import type { MailStep } from './mail/steps';

export interface OrderItemDoc {
  productId: string;
  title: string;
  image: string;
  brand: string;
  unitPriceCents: number;
  quantity: number;
  warnings: string[];
  /** A pharmacy medicine (missing on items older than the field). */
  pharmacyOnly?: boolean;
  /** A prescription medicine: the prescription item it dispenses (prescriptions/supply.ts holds its quantity). */
  prescription?: DispensedFrom;
  /** What supply limits counted when the order was placed; capture checks them again (docs/domain.md#supply-limits). */
  supply?: SupplyFacts;
  /** The batches the units came from: reserve's answer, replaced by commit's (docs/domain.md#recalls). */
  batches?: BatchTake[];
}

/**
 * What happened to the stock held for this order (the catalog keeps the reservation under the order id):
 * `held` until capture (`committed`) or cancellation/expiry (`released`); the `-pending` states are set when
 * the catalog could not be reached and the sweeper retries.
 */
export type StockState =
  | 'reserving' | 'held' | 'committed' | 'commit-pending' | 'released' | 'release-pending' | 'refund-pending' | 'refunded'
  /** A pharmacist rejected the paid order: its units go back on the shelf (`restocked` once the catalog has). */
  | 'restock-pending' | 'restocked';

export interface HistoryDoc {
  field: 'orderStatus' | 'paymentStatus' | 'review';
  from: string;
  to: string;
  at: number;
  /** A user id, or `system`. */
  by: string;
  /** A member of staff's name as it was at the change (missing for the shopper, the system and older entries). */
  byName?: string;
  note?: string;
}

/** Who changes an order: `system`, the shopper (their id) or a member of staff (their id and name, when known). */
export interface Actor {
  id: string;
  name?: string;
}
export const SYSTEM: Actor = { id: 'system' };

export interface CaptureIntent {
  payerId: string;
  at: number;
}

export interface ReviewDoc {
  status: ReviewStatus;
  reasons: string[];
  decidedBy: string | null;
  decidedByName?: string;
  decidedAt: number | null;
  note: string | null;
  /** The responsible pharmacist when the decision was made (docs/domain.md#responsible-pharmacist); missing on older decisions. */
  responsiblePharmacist?: ResponsiblePharmacist;
}

/** A pharmacist's rejection recorded before the provider is asked to refund (see OrderDoc.refunding). */
export interface RefundIntent {
  /** The pharmacist who rejected (and their name), and why (the shopper is told the reason). */
  by: string;
  byName?: string;
  reason: string;
  at: number;
  /** The responsible pharmacist when the rejection was decided. */
  responsible?: ResponsiblePharmacist;
}

/** What an order without a review field (older than the pharmacist's review) reads as. */
export const NO_REVIEW_NEEDED: ReviewDoc = { status: 'notNeeded', reasons: [], decidedBy: null, decidedAt: null, note: null };
/**
 * The order's review as it stands. An order closed before it was paid (cancelled, expired, payment failed) never
 * reaches the pharmacist, so it does not read as awaiting (its reasons stay for the record).
 */
export function reviewOf(d: Pick<OrderDoc, 'review' | 'paymentStatus'>): ReviewDoc {
  const review = d.review ?? NO_REVIEW_NEEDED;
  return review.status === 'awaiting' && d.paymentStatus === 'failed' ? { ...review, status: 'notNeeded' } : review;
}

/** How an order is delivered, as chosen and priced when it was placed. */
export interface OrderDeliveryDoc {
  method: DeliveryMethod;
  label: string;
  feeCents: number;
  /** Click-and-collect: a copy of the pharmacy (the list may change, the order keeps where it goes). */
  pharmacy: { id: string; name: string; address: string } | null;
}

export interface OrderDoc {
  _id: string;
  /** orderNumber(_id) ("#FC34A420"), stored for staff's search; missing on orders older than the field. */
  orderNumber?: string;
  userId: string;
  items: OrderItemDoc[];
  /** A pharmacist's one-order overrides of supply-limit policy rules this order used (docs/domain.md#supply-limits). */
  supplyOverrides?: Array<{ overrideId: string; ruleId: string; reason: string; grantedBy: { id: string; name: string } }>;
  /** For "did this user buy this product" without reaching into items (both adapters match array elements). */
  productIds: string[];
  /** A copy of the address (an order older than today's shape keeps that version's fields: addresses/legacy.ts). */
  address: OrderAddress;
  /** subtotalCents + delivery.feeCents: what the provider was asked for. */
  totalCents: number;
  /** The items' total; missing on orders older than delivery methods (their total had no delivery fee). */
  subtotalCents?: number;
  delivery?: OrderDeliveryDoc;
  /** The tax the total contains and its rate when the order was placed (missing on older orders). */
  taxIncludedCents?: number;
  taxRatePercent?: number;
  /** Why the order closed, set where it closes (missing on open orders and on ones closed before the field). */
  closedReason?: OrderClosedReason;
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
  /** The consultation answers (pharmacy medicines); missing on orders older than the field. */
  consultation?: ConsultationAnswer[];
  /** The shopper's health terms the catalog's knowledge table did not recognise when they ordered. */
  unrecognisedTerms?: string[];
  /** The pharmacist's review; missing on older orders, which read as notNeeded. */
  review?: ReviewDoc;
  /**
   * Written before the provider is asked to refund a rejected order, cleared when the rejection is recorded. While
   * set, the sweep finishes the rejection (the provider's refund is idempotent per order, so it never refunds twice).
   */
  refunding?: RefundIntent | null;
  /** The provider's refund of this order's capture. */
  refundId?: string;
  /** The mails this order owes its shopper (orders/mail/steps.ts), until the account service took each. */
  mailsDue?: MailStep[];
  /** The rejection mail of an order rejected before `mailsDue`: `pending` is still owed (the sweep sends it). */
  shopperNotice?: 'pending' | 'sent' | 'undeliverable';
  /** When the shopper's account was deleted and the delivery name, address and phone were replaced. */
  anonymisedAt?: number | null;
  history: HistoryDoc[];
  createdAt: number;
  updatedAt: number;
  expiresAt: number;
  [key: string]: unknown;
}

export const history = (field: HistoryDoc['field'], from: string, to: string, at: number, by: Actor, note?: string): HistoryDoc => ({
  field, from, to, at, by: by.id, ...(by.name ? { byName: by.name } : {}), ...(note ? { note } : {}),
});

export async function ordersCollection(store: DocumentStore): Promise<Collection<OrderDoc>> {
  const orders = store.collection<OrderDoc>('orders');
  await orders.createIndex({ userId: 1 });
  // Staff's lists: newest first, also within one status (the store pages them from these, docs/architecture.md#data).
  await orders.createIndex({ createdAt: -1, _id: 1 });
  await orders.createIndex({ orderStatus: 1, createdAt: -1, _id: 1 });
  await orders.createIndex({ paymentStatus: 1, createdAt: -1, _id: 1 });
  await orders.createIndex({ expiresAt: 1 });
  // The pharmacist's queue is read on every admin list answer (its size), and listed newest first.
  await orders.createIndex({ 'review.status': 1 });
  await orders.createIndex({ 'review.status': 1, paymentStatus: 1, createdAt: -1, _id: 1 });
  // Staff's search by number reads it on every keystroke's answer.
  await orders.createIndex({ orderNumber: 1 });
  return orders;
}
