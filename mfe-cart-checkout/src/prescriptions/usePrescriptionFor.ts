import { skipToken } from '@reduxjs/toolkit/query/react';
import { PRESCRIPTION_REFUSALS, type PrescriptionItem, type ShopperPrescription } from '@pharmacy/contracts';
import { checkoutQueries, useCheckoutQueries } from '../queries';

/** Where a signed-in shopper stands with a prescription-only medicine (docs/product.md#prescription-medicines-while-shopping). */
export type PrescriptionStand =
  | { kind: 'unknown' }
  /** A verified item with quantity left: the one expiring soonest, as the server dispenses from. */
  | { kind: 'usable'; item: PrescriptionItem; expiresOn: string | undefined }
  | { kind: 'refused'; message: string };

const sooner = (a: ShopperPrescription, b: ShopperPrescription) => (a.expiresOn ?? '9999').localeCompare(b.expiresOn ?? '9999');

/** What the shopper's prescriptions allow of `productId`, read only for a signed-in shopper and a prescription-only product. */
export function usePrescriptionFor(productId: string, wanted: boolean): PrescriptionStand {
  useCheckoutQueries();
  const { data } = checkoutQueries.useMyPrescriptionsQuery(wanted ? undefined : skipToken);
  if (!wanted || !data) return { kind: 'unknown' };
  const usable = data
    .filter((p) => p.standing === 'verified')
    .sort(sooner)
    .flatMap((p) => p.items.filter((i) => i.productId === productId && i.quantityLeft > 0).map((item) => ({ item, expiresOn: p.expiresOn })));
  if (usable.length > 0) return { kind: 'usable', ...usable[0] };
  // the newest one naming this medicine says why it cannot be used; none at all: one is needed
  const named = data.find((p) => p.forProduct?.productId === productId || p.items.some((i) => i.productId === productId));
  return { kind: 'refused', message: named?.refusal ?? PRESCRIPTION_REFUSALS.PRESCRIPTION_NEEDED };
}
