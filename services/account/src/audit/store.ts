import type { AuditEntry } from '@pharmacy/contracts';
import type { Collection, DocumentStore } from '@pharmacy/db';

/**
 * The audit trail's collection: one document per entry, `_id` its zero-padded seq (chain.ts). Append-only: the
 * trail (service.ts) inserts and reads, and nothing in this folder updates or deletes an entry
 * (test/audit-append-only.test.ts reads the folder's code to keep it so).
 */
export type AuditDoc = AuditEntry & { _id: string };

export const AUDIT_TRAIL = 'auditTrail';

export type AuditCollection = Collection<AuditDoc>;

/** The order every reader walks in: newest first (the file and the index both keep seq order). */
export const NEWEST_FIRST = { seq: -1, _id: -1 } as const;

/**
 * Each filter of the Audit screen is answered from an index that ends in seq, so a page of one staff member's or
 * one entity's entries is read in order from where the cursor points, never sorted whole; a date range from the
 * index on `at`, when walking seq would meet its entries too late (shared/db's fallback plan).
 */
export async function openAuditTrailStore(store: DocumentStore): Promise<AuditCollection> {
  const entries = auditTrailCollection(store);
  await entries.createIndex({ id: 1 }, { unique: true });
  await entries.createIndex({ seq: 1, _id: 1 });
  await entries.createIndex({ 'actor.id': 1, seq: 1, _id: 1 });
  await entries.createIndex({ 'entity.type': 1, 'entity.id': 1, seq: 1, _id: 1 });
  await entries.createIndex({ action: 1, seq: 1, _id: 1 });
  // A date range alone (a day a year back) is read from here: entries are mostly appended in `at` order, but one
  // delivered late by another service carries its own earlier `at`, so seq cannot bound the dates.
  await entries.createIndex({ at: 1 });
  return entries;
}

/** The collection as it is, no index made: for `pnpm audit:verify`, which never writes. */
export const auditTrailCollection = (store: DocumentStore): AuditCollection => store.collection<AuditDoc>(AUDIT_TRAIL);
