/**
 * Which reads and writes MongoDB must make durable (docs/operations.md#mongodb). A service names, when it opens its
 * store, the collections whose writes the shop acknowledges for money, orders and stock (`OpenStoreOptions.critical`).
 * Their writes wait for a majority of the replica set and its journal, so an acknowledged order survives the loss of
 * the primary; their reads see only majority-committed data, so money is never decided on a write that a failover
 * could roll back. The embedded store has one copy on one disk and ignores the list.
 */
import type { CollectionOptions } from 'mongodb';

/**
 * How long a majority write waits for the replicas before it fails (rather than holding the request forever when
 * secondaries are down). A write that timed out may still be applied: the flows that take money are idempotent.
 */
export const MAJORITY_WRITE_TIMEOUT_MS = 10_000;

export const CRITICAL_CONCERNS = Object.freeze({
  writeConcern: { w: 'majority', journal: true, wtimeoutMS: MAJORITY_WRITE_TIMEOUT_MS },
  readConcern: { level: 'majority' },
} as const satisfies CollectionOptions);

/** The driver options for a collection: the critical concerns, or the client's defaults (primary, w:1) for the rest. */
export function concernsFor(collection: string, critical: ReadonlySet<string>): CollectionOptions {
  return critical.has(collection)
    ? { writeConcern: { ...CRITICAL_CONCERNS.writeConcern }, readConcern: { ...CRITICAL_CONCERNS.readConcern } }
    : {};
}
