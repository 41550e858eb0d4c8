import type { Collection, DocumentStore } from '@pharmacy/db';

/** A claimed hold slot (orders/holds.ts). */
export interface HoldDoc {
  /** `${userId}#${slot}`: the unique _id is what makes a claim atomic in both adapters. */
  _id: string;
  userId: string;
  orderId: string;
  at: number;
  [key: string]: unknown;
}

export async function holdsCollection(store: DocumentStore): Promise<Collection<HoldDoc>> {
  const holds = store.collection<HoldDoc>('orderHolds');
  await holds.createIndex({ userId: 1 });
  await holds.createIndex({ orderId: 1 });
  return holds;
}
