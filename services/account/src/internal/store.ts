import type { Collection, DocumentStore } from '@pharmacy/db';

/** A notification already mailed, by the caller's key (no user data: the key names the caller's event). */
export interface SentNotificationDoc {
  _id: string;
  at: Date;
  [key: string]: unknown;
}

export function openSentNotifications(store: DocumentStore): Collection<SentNotificationDoc> {
  return store.collection<SentNotificationDoc>('sentNotifications');
}
