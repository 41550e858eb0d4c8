import type { Collection, Doc, DocumentStore } from '@pharmacy/db';

/**
 * A deletion still to be carried out somewhere. It is written before anything is erased and removed only when
 * every service has confirmed, so neither a crash nor a service that is down loses it: the account service
 * retries the services still listed in `pending` on a timer and at its next start.
 */
export interface ErasureDoc extends Doc {
  _id: string; // the deleted user's id
  /** Until this service's own part is done: the outbox holds mail by address, and the user document goes first. */
  email?: string;
  requestedAt: Date;
  /** 'account' (this service's own data) and the names of the other services that have not confirmed yet. */
  pending: string[];
  attempts: number;
  lastAttemptAt: Date | null;
}

export const ERASURES = 'erasures';

export function openErasures(store: DocumentStore): Collection<ErasureDoc> {
  return store.collection<ErasureDoc>(ERASURES);
}
