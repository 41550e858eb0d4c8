import type { Collection, Doc, DocumentStore } from '@pharmacy/db';

/** A check that was used, kept until it has expired anyway: a solution works once. */
export interface UsedChallengeDoc extends Doc {
  _id: string;
  expiresAt: Date;
}

export async function openUsedChallenges(store: DocumentStore): Promise<Collection<UsedChallengeDoc>> {
  const used = store.collection<UsedChallengeDoc>('usedChallenges');
  await used.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'expiresAt_ttl' });
  return used;
}
