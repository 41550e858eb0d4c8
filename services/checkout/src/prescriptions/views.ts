import type { ShopperPrescription, StaffPrescriptionRow } from '@pharmacy/contracts';
import { prescriptionStanding, standingRefusal } from './standing';
import type { PrescriptionDoc } from './store';

/** A prescription as its owner reads it (My prescriptions): its standing today and, when it cannot be used, why. */
export function shopperView(p: PrescriptionDoc, today: string): ShopperPrescription {
  const standing = prescriptionStanding(p, today);
  const refusal = standingRefusal(standing);
  return {
    _id: p._id,
    source: p.source,
    status: p.status,
    standing,
    createdAt: p.createdAt,
    ...(p.forProduct ? { forProduct: p.forProduct } : {}),
    hasFile: Boolean(p.file),
    ...(p.token ? { token: p.token } : {}),
    ...(p.repeatOf ? { repeatOf: p.repeatOf } : {}),
    items: p.items,
    ...(p.prescriber ? { prescriber: p.prescriber } : {}),
    ...(p.writtenOn ? { writtenOn: p.writtenOn } : {}),
    ...(p.expiresOn ? { expiresOn: p.expiresOn } : {}),
    ...(p.pharmacistNote ? { pharmacistNote: p.pharmacistNote } : {}),
    ...(refusal ? { refusal } : {}),
  };
}

/** A row of the pharmacist's queue: who and when, never health data or the file. */
export function staffRow(p: PrescriptionDoc, shopperName: string, today: string): StaffPrescriptionRow {
  return {
    _id: p._id,
    userId: p.userId,
    shopperName,
    source: p.source,
    status: p.status,
    standing: prescriptionStanding(p, today),
    createdAt: p.createdAt,
    ...(p.forProduct ? { forProduct: p.forProduct } : {}),
    ...(p.repeatOf ? { repeatOf: p.repeatOf } : {}),
  };
}

/** What the audit trail names a prescription by: whose it is, never what is on it. */
export const prescriptionEntity = (p: PrescriptionDoc, shopperName: string) => ({
  type: 'prescription',
  id: p._id,
  name: `Prescription of ${shopperName || 'a shopper'} added ${p.createdAt.slice(0, 10)}`,
});
