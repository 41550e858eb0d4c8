import type { Collection, Doc, DocumentStore } from '@pharmacy/db';

/** A password-reset token, stored as its sha256 only; single use (usedAt) and short-lived (expiresAt). */
export interface ResetTokenDoc extends Doc {
  _id: string; // sha256 of the token mailed to the user
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

/** Expired tokens are kept a day longer so the page can say "expired" rather than "unknown". */
const KEEP_AFTER_EXPIRY_SECONDS = 24 * 60 * 60;

export async function openResetTokens(store: DocumentStore): Promise<Collection<ResetTokenDoc>> {
  const tokens = store.collection<ResetTokenDoc>('reset_tokens');
  await tokens.createIndex({ userId: 1 }, { name: 'userId' });
  await tokens.createIndex({ expiresAt: 1 }, { expireAfterSeconds: KEEP_AFTER_EXPIRY_SECONDS, name: 'expiresAt_ttl' });
  return tokens;
}
