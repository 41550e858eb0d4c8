import {
  PRESCRIPTION_REFUSALS,
  prescriptionExpiresOn,
  type DispensedFrom,
  type MarketCode,
  type PrescriptionRefusalCode,
} from '@pharmacy/contracts';
import type { Collection, DocumentStore } from '@pharmacy/db';
import { unprocessable } from '@pharmacy/service-kit';
import type { OrderDoc } from '../orders/store';
import { STANDING_REFUSALS, prescriptionStanding, shopToday } from './standing';
import { prescriptionsCollection, type PrescriptionDoc } from './store';

export type { PrescriptionDoc } from './store';

/** A product matched to the shopper's prescriptions: the item it is dispensed against, or why none can be used. */
export type Coverage = { from: DispensedFrom & { quantityLeft: number } } | { refusal: PrescriptionRefusalCode };

/** When several prescriptions cannot be used, the reason that helps the shopper most comes first. */
const REFUSAL_ORDER: PrescriptionRefusalCode[] = ['PRESCRIPTION_AWAITING_CHECK', 'PRESCRIPTION_USED_UP', 'PRESCRIPTION_EXPIRED', 'PRESCRIPTION_REJECTED'];

const expiryOf = (p: Pick<PrescriptionDoc, 'expiresOn' | 'writtenOn'>): string | undefined => p.expiresOn ?? (p.writtenOn ? prescriptionExpiresOn(p.writtenOn) : undefined);

/**
 * Which of a shopper's prescriptions covers `productId` on `today`: a verified one not expired, with quantity left on
 * an item for it, the one expiring soonest (docs/domain.md#ordering-against-a-prescription).
 */
export function coverageOf(prescriptions: PrescriptionDoc[], productId: string, today: string): Coverage {
  const usable: Array<DispensedFrom & { quantityLeft: number; expiresOn: string }> = [];
  const refusals = new Set<PrescriptionRefusalCode>();
  for (const p of prescriptions) {
    const items = p.items.filter((i) => i.productId === productId);
    if (items.length === 0 && p.forProduct?.productId !== productId) continue;
    const standing = prescriptionStanding(p, today);
    if (standing !== 'verified') {
      refusals.add(STANDING_REFUSALS[standing]);
      continue;
    }
    for (const item of items) {
      if (item.quantityLeft <= 0) refusals.add('PRESCRIPTION_USED_UP');
      else usable.push({ prescriptionId: p._id, itemId: item.id, directions: item.directions, quantityLeft: item.quantityLeft, expiresOn: expiryOf(p) ?? today });
    }
  }
  if (usable.length > 0) return { from: usable.sort((a, b) => a.expiresOn.localeCompare(b.expiresOn))[0] };
  return { refusal: REFUSAL_ORDER.find((code) => refusals.has(code)) ?? 'PRESCRIPTION_NEEDED' };
}

/** The refusal as an error: 422 with the code and the words of PRESCRIPTION_REFUSALS, the product named. */
export const refusalError = (code: PrescriptionRefusalCode, title?: string) =>
  unprocessable(title ? `${title}: ${PRESCRIPTION_REFUSALS[code]}` : PRESCRIPTION_REFUSALS[code], code);

/** An order line that dispenses a prescription item. */
export interface SupplyLine {
  productId: string;
  title: string;
  quantity: number;
  prescription?: DispensedFrom;
}

/**
 * Prescription quantity: matched when a cart is priced, held when an order is placed, given back when the order
 * closes unpaid, is rejected by the pharmacist or refunded. `quantityLeft` changes only here, each time in one
 * conditional update that also records (or removes) the order's reservation.
 */
export async function createPrescriptionSupply(deps: { store: DocumentStore; orders: Collection<OrderDoc>; market: MarketCode; now: () => Date }) {
  const prescriptions = await prescriptionsCollection(deps.store);
  const today = () => shopToday(deps.now(), deps.market);
  const keyOf = (orderId: string, itemId: string) => `${orderId}:${itemId}`;

  async function itemIndex(prescriptionId: string, itemId: string): Promise<{ doc: PrescriptionDoc; index: number } | null> {
    const doc = await prescriptions.findOne({ _id: prescriptionId });
    const index = doc ? doc.items.findIndex((i) => i.id === itemId) : -1;
    return doc && index >= 0 ? { doc, index } : null;
  }

  /** Gives one order line's quantity back, once: only while the order's reservation is recorded on the prescription. */
  async function giveBackLine(orderId: string, line: SupplyLine & { prescription: DispensedFrom }): Promise<void> {
    const { prescriptionId, itemId } = line.prescription;
    const found = await itemIndex(prescriptionId, itemId);
    if (!found) return;
    const key = keyOf(orderId, itemId);
    const path = `items.${found.index}`;
    await prescriptions.updateOne(
      { _id: prescriptionId, reservations: key, [`${path}.id`]: itemId },
      { $inc: { [`${path}.quantityLeft`]: line.quantity }, $pull: { reservations: key }, $set: { updatedAt: deps.now().toISOString() } },
    );
  }

  return {
    today,

    /** A shopper's prescriptions, to match a whole cart against with one read. */
    async of(userId: string): Promise<PrescriptionDoc[]> {
      return prescriptions.find({ userId });
    },

    /** What covers one product for this shopper now. */
    async cover(userId: string, productId: string): Promise<Coverage> {
      return coverageOf(await prescriptions.find({ userId }), productId, today());
    },

    /**
     * Holds each line's quantity for the order. Two orders racing for the last tablets: the conditional update lets
     * exactly one through; the other is refused with PRESCRIPTION_QUANTITY (or EXPIRED when it ran out meanwhile).
     * Lines held before a refusal are given back by the caller's undo (giveBack).
     */
    async reserve(orderId: string, lines: SupplyLine[]): Promise<void> {
      for (const line of lines) {
        if (!line.prescription) continue;
        const { prescriptionId, itemId } = line.prescription;
        const found = await itemIndex(prescriptionId, itemId);
        if (!found || found.doc.status !== 'verified') throw refusalError('PRESCRIPTION_NEEDED', line.title);
        const key = keyOf(orderId, itemId);
        const path = `items.${found.index}`;
        const res = await prescriptions.updateOne(
          {
            _id: prescriptionId, status: 'verified', expiresOn: { $gt: today() }, reservations: { $ne: key },
            [`${path}.id`]: itemId, [`${path}.quantityLeft`]: { $gte: line.quantity },
          },
          { $inc: { [`${path}.quantityLeft`]: -line.quantity }, $push: { reservations: key }, $set: { updatedAt: deps.now().toISOString() } },
        );
        if (res.matchedCount === 1) continue;
        const now = await prescriptions.findOne({ _id: prescriptionId });
        if (now?.reservations?.includes(key)) continue;
        const standing = now ? prescriptionStanding(now, today()) : 'rejected';
        throw refusalError(standing === 'verified' || standing === 'used_up' ? 'PRESCRIPTION_QUANTITY' : STANDING_REFUSALS[standing], line.title);
      }
    },

    /**
     * Gives back what the order holds of its prescriptions. Safe to repeat and to run after a crash anywhere: a line
     * whose reservation is no longer recorded has been given back already (or was never held).
     */
    async giveBack(orderId: string): Promise<void> {
      const order = await deps.orders.findOne({ _id: orderId });
      for (const item of order?.items ?? []) {
        if (item.prescription) await giveBackLine(orderId, { ...item, prescription: item.prescription });
      }
    },
  };
}
export type PrescriptionSupply = Awaited<ReturnType<typeof createPrescriptionSupply>>;
