import {
  DEFAULT_DELIVERY_METHOD,
  centsToDecimal,
  deliveryMethodLabel,
  orderNumber,
  taxIncludedCents,
  type Order,
  type OrderHistoryEntry,
  type OrderReview,
  type StaffOrder,
} from '@pharmacy/contracts';
import { readAddress } from '../addresses/legacy';
import { reviewOf, type OrderDeliveryDoc, type OrderDoc, type ReviewDoc } from './store';

// An order as it is answered (docs/api.md#orders): the stored cents become decimals here, once.

const iso = (ms: number) => new Date(ms).toISOString();

/** An order as the service reads it: the shopper's `Order` and what only staff see (shopperOrder leaves that out). */
export type OrderRecord = Order & Pick<StaffOrder, 'supplyOverrides'>;

/** The order a shopper is answered: without the pharmacist’s supply-limit overrides (docs/domain.md#overrides). */
export const shopperOrder = ({ supplyOverrides: _staffOnly, ...order }: OrderRecord): Order => order;

/**
 * How an order is read, older ones included: one from before delivery methods was sent by standard delivery with
 * no fee (its total is its subtotal); one from before the stored tax shows the tax at today's rate; its address
 * copy in today's shape (an older one's fields mapped, its country the market's: `country`).
 */
export function toApiOrder(d: OrderDoc, taxRatePercent: number, country: string): OrderRecord {
  const delivery: OrderDeliveryDoc = d.delivery ?? { method: DEFAULT_DELIVERY_METHOD, label: deliveryMethodLabel(DEFAULT_DELIVERY_METHOD), feeCents: 0, pharmacy: null };
  const rate = d.taxRatePercent ?? taxRatePercent;
  return {
    _id: d._id,
    orderNumber: d.orderNumber ?? orderNumber(d._id),
    userId: d.userId,
    items: d.items.map((i) => ({
      productId: i.productId, title: i.title, image: i.image, brand: i.brand, price: centsToDecimal(i.unitPriceCents),
      quantity: i.quantity, lineTotal: centsToDecimal(i.unitPriceCents * i.quantity), warnings: i.warnings,
      ...(i.pharmacyOnly ? { pharmacyOnly: true } : {}),
      ...(i.prescription ? { prescription: i.prescription } : {}),
      ...(i.batches?.length ? { batches: i.batches } : {}),
    })),
    address: readAddress(d.address, country),
    subtotal: centsToDecimal(d.subtotalCents ?? d.totalCents - delivery.feeCents),
    deliveryFee: centsToDecimal(delivery.feeCents),
    totalAmount: centsToDecimal(d.totalCents),
    taxIncluded: centsToDecimal(d.taxIncludedCents ?? taxIncludedCents(d.totalCents, rate)),
    taxRatePercent: rate,
    currency: d.currency,
    delivery: { method: delivery.method, label: delivery.label, fee: centsToDecimal(delivery.feeCents), pharmacy: delivery.pharmacy },
    ...(d.closedReason ? { closedReason: d.closedReason } : {}),
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
    ...(d.supplyOverrides?.length ? { supplyOverrides: d.supplyOverrides } : {}),
    history: d.history.map((h): OrderHistoryEntry => ({
      field: h.field, from: h.from, to: h.to, at: iso(h.at), by: h.by, ...(h.byName ? { byName: h.byName } : {}), ...(h.note ? { note: h.note } : {}),
    })),
    consultation: d.consultation ?? [],
    unrecognisedTerms: d.unrecognisedTerms ?? [],
    review: toApiReview(reviewOf(d)),
    ...(typeof d.anonymisedAt === 'number' ? { anonymisedAt: iso(d.anonymisedAt) } : {}),
  };
}

const toApiReview = (r: ReviewDoc): OrderReview => ({
  status: r.status, reasons: r.reasons, decidedBy: r.decidedBy, ...(r.decidedByName ? { decidedByName: r.decidedByName } : {}),
  decidedAt: r.decidedAt === null ? null : iso(r.decidedAt), note: r.note,
  ...(r.responsiblePharmacist ? { responsiblePharmacist: r.responsiblePharmacist } : {}),
});
