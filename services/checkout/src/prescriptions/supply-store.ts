import type { Prescriber, PrescriptionItem, PrescriptionSource, PrescriptionStatus } from '@pharmacy/contracts';
import type { Collection, DocumentStore } from '@pharmacy/db';

/** The stored prescription, as supply reads and writes it (docs/domain.md#ordering-against-a-prescription). */
export interface PrescriptionDoc {
  _id: string;
  userId: string;
  source: PrescriptionSource;
  status: PrescriptionStatus;
  createdAt: string;
  updatedAt: string;
  forProduct?: { productId: string; title: string };
  repeatOf?: string;
  file?: { blobId: string; contentType: string; bytes: number };
  token?: string;
  note?: string;
  items: PrescriptionItem[];
  prescriber?: Prescriber;
  writtenOn?: string;
  expiresOn?: string;
  pharmacistNote?: string;
  /**
   * Repeats asked for (prescriptions/repeat.ts): the request's id and the items it repeats, recorded in the update
   * that counts them, so a request a stop left unwritten is written by the next ask.
   */
  repeatRequests?: Array<{ id: string; itemIds: string[] }>;
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
