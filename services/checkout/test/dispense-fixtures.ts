/**
 * Prescriptions written straight into checkout's `prescriptions` collection in the stored shape
 * (docs/domain.md#ordering-against-a-prescription), as the pharmacist's verification leaves them: what ordering, repeats and reminders
 * are tested against.
 */
import { prescriptionExpiresOn, type PrescriptionItem, type PrescriptionStatus } from '@pharmacy/contracts';
import type { Doc, DocumentStore } from '@pharmacy/db';
import { randomUUID } from 'node:crypto';
import type { PrescriptionDoc } from '../src/prescriptions/supply';
import type { Harness } from './harness';

/** YYYY-MM-DD `days` from today (UTC; tests keep well away from midnight edges by using whole weeks). */
export const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export interface PrescriptionFixture {
  userId: string;
  status?: PrescriptionStatus;
  /** Default: written a week ago (usable for about 6 months). */
  writtenOn?: string;
  items: Array<Partial<PrescriptionItem> & Pick<PrescriptionItem, 'productId'>>;
  forProduct?: { productId: string; title: string };
}

export async function addPrescription(h: Harness, p: PrescriptionFixture): Promise<PrescriptionDoc> {
  const status = p.status ?? 'verified';
  const writtenOn = p.writtenOn ?? daysFromToday(-7);
  const at = new Date().toISOString();
  const doc: PrescriptionDoc = {
    _id: randomUUID(), userId: p.userId, source: 'paper', status, createdAt: at, updatedAt: at,
    ...(p.forProduct ? { forProduct: p.forProduct } : {}),
    items: status === 'verified'
      ? p.items.map((i) => ({
        id: randomUUID(), title: 'Prescribed medicine', quantity: 56, quantityLeft: i.quantity ?? 56, directions: '1 tablet twice a day',
        repeatsAllowed: 0, repeatsUsed: 0, ...i,
      }))
      : [],
    ...(status === 'verified' ? { prescriber: { name: 'Dr A Khan' }, writtenOn, expiresOn: prescriptionExpiresOn(writtenOn) } : {}),
  };
  await h.store.collection<PrescriptionDoc>('prescriptions').insertOne(doc);
  return doc;
}

export const prescriptionNow = (h: Harness, id: string) => h.store.collection<PrescriptionDoc>('prescriptions').findOne({ _id: id });
export const leftOn = async (h: Harness, id: string, index = 0) => (await prescriptionNow(h, id))!.items[index].quantityLeft;

/**
 * The checkout's store with `before` run ahead of every updateOne (the collection's name, the filter and the update):
 * it may wait (to line racing writes up) or throw (a process stopped just there).
 */
export const beforeUpdates = (before: (name: string, filter: object, update: Record<string, unknown>) => Promise<void> | void) => (store: DocumentStore): DocumentStore => ({
  kind: store.kind,
  close: () => store.close(),
  collection<T extends Doc>(name: string) {
    const real = store.collection<T>(name);
    return new Proxy(real, {
      get(target, prop) {
        if (prop === 'updateOne') {
          return async (...args: Parameters<typeof real.updateOne>) => {
            await before(name, args[0], args[1] as Record<string, unknown>);
            return target.updateOne(...args);
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  },
});
