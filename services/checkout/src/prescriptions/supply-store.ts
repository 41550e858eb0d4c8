import type { PrescriptionItem, PrescriptionSource, PrescriptionStatus } from '@pharmacy/contracts';
import type { Collection, DocumentStore } from '@pharmacy/db';

/** The stored prescription, as supply reads and writes it (docs/domain.md#prescriptions). */
export interface PrescriptionDoc {
  _id: string;
  userId: string;
  source: PrescriptionSource;
  status: PrescriptionStatus;
  createdAt: string;
  updatedAt: string;
  forProduct?: { productId: string; title: string };
  repeatOf?: string;
  items: PrescriptionItem[];
  writtenOn?: string;
  expiresOn?: string;
  /**
   * `<orderId>:<itemId>` of every order holding quantity of this prescription. Written in the same update as the
   * quantity it holds, so a reservation or a return repeated after a crash finds itself done and changes nothing.
   */
  reservations?: string[];
  [key: string]: unknown;
}

export async function prescriptionsCollection(store: DocumentStore): Promise<Collection<PrescriptionDoc>> {
  const prescriptions = store.collection<PrescriptionDoc>('prescriptions');
  // Every cart answer holding a prescription medicine reads the shopper's prescriptions.
  await prescriptions.createIndex({ userId: 1 });
  return prescriptions;
}
