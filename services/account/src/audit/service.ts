import { isDuplicateKeyError, type Filter } from '@pharmacy/db';
import { AUDIT_PAGE_DEFAULT, type AuditEntry, type AuditEntryBody, type AuditExportQuery, type AuditListQuery } from '@pharmacy/contracts';
import { auditEntryBody, type AuditSink } from '@pharmacy/service-kit';
import { auditDocId, entryHash, GENESIS_HASH, type TrailHead } from './chain';
import { NEWEST_FIRST, type AuditCollection, type AuditDoc } from './store';

export interface AuditPage {
  entries: AuditEntry[];
  /** Pass as `before` for the next older page; null at the oldest. */
  older: number | null;
  /** Pass as `after` for the next newer page; null at the newest. */
  newer: number | null;
}

export interface AuditTrail extends AuditSink {
  /** Takes an entry into the chain once: a second delivery of the same id answers the seq it already has. */
  append(entry: AuditEntryBody): Promise<{ seq: number; duplicate: boolean }>;
  page(query: AuditListQuery): Promise<AuditPage>;
  /** Every matching entry, newest first, a batch at a time (the CSV export). */
  each(query: AuditExportQuery): AsyncGenerator<AuditEntry>;
  /** The last entry stored, null for an empty trail. */
  head(): Promise<TrailHead | null>;
}

const EXPORT_BATCH = 500;

const toEntry = ({ _id: _docId, ...entry }: AuditDoc): AuditEntry => entry;

/** The filters as a store filter; days are whole UTC days, `to` included. */
export function auditFilter(q: AuditExportQuery): Filter {
  const filter: Filter = {};
  if (q.actorId) filter['actor.id'] = q.actorId;
  if (q.entityType) filter['entity.type'] = q.entityType;
  if (q.entityId) filter['entity.id'] = q.entityId;
  if (q.action) filter.action = q.action;
  if (q.from || q.to) {
    const at: Record<string, string> = {};
    if (q.from) at.$gte = `${q.from}T00:00:00.000Z`;
    if (q.to) at.$lt = new Date(Date.parse(`${q.to}T00:00:00.000Z`) + 86_400_000).toISOString();
    filter.at = at;
  }
  return filter;
}

/**
 * The entry with every field name a store can keep: a before/after copied from a request or a document may carry a
 * key that starts with `$` or holds a `.`, which the embedded store (and MongoDB in places) refuses, and an entry
 * refused here would be offered again by its outbox for ever. Such a character is written as its full-width twin
 * (＄, ．), before the hash, so the entry reads the same to staff and `pnpm audit:verify` checks what is stored.
 */
export function storableKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(storableKeys) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key.replace(/^\$/, '\uFF04').replace(/\./g, '\uFF0E'), storableKeys(v)]),
  ) as T;
}

/**
 * The one audit trail (docs/architecture.md#audit-trail), kept by the account service. Appends run one at a time
 * in this process, each continuing from the tail it read at start: seq 1, 2, 3… with no gaps, each hash over the
 * previous. An append is answered once the store has it on disk (embedded: fsync; MongoDB: majority, journaled),
 * so a staff route that records here answers only after its entry is kept.
 */
export function createAuditTrail(entries: AuditCollection, options: { onAppended?: (head: TrailHead) => void } = {}): AuditTrail {
  let tail: Promise<{ seq: number; hash: string }> | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  const readTail = async () => {
    const last = await entries.findOne({}, { sort: NEWEST_FIRST, projection: { seq: 1, hash: 1 } });
    return last ? { seq: last.seq, hash: last.hash } : { seq: 0, hash: GENESIS_HASH };
  };

  async function appendNow(body: AuditEntryBody): Promise<{ seq: number; duplicate: boolean }> {
    const known = await entries.findOne({ id: body.id }, { projection: { seq: 1 } });
    if (known) return { seq: known.seq, duplicate: true };
    tail ??= readTail();
    const prev = await tail;
    const unhashed = { ...storableKeys(body), seq: prev.seq + 1, prevHash: prev.hash };
    const entry = { ...unhashed, hash: entryHash(unhashed) } as AuditEntry;
    try {
      await entries.insertOne({ _id: auditDocId(entry.seq), ...entry });
    } catch (err) {
      // Another writer took this seq (a second account process on the same database): read the tail again.
      tail = null;
      if (isDuplicateKeyError(err)) {
        const again = await entries.findOne({ id: body.id }, { projection: { seq: 1 } });
        if (again) return { seq: again.seq, duplicate: true };
      }
      throw err;
    }
    tail = Promise.resolve({ seq: entry.seq, hash: entry.hash });
    options.onAppended?.({ seq: entry.seq, hash: entry.hash });
    return { seq: entry.seq, duplicate: false };
  }

  function append(entry: AuditEntryBody) {
    const run = queue.then(() => appendNow(entry));
    queue = run.catch(() => undefined);
    return run;
  }

  async function page(q: AuditListQuery): Promise<AuditPage> {
    const limit = q.limit ?? AUDIT_PAGE_DEFAULT;
    const filter = auditFilter(q);
    if (q.after !== undefined && q.before === undefined) {
      // A newer page: the `limit` entries just above the cursor, read oldest first, shown newest first.
      const found = await entries.find({ ...filter, seq: { $gt: q.after } }, { sort: { seq: 1, _id: 1 }, limit: limit + 1 });
      const shown = found.slice(0, limit).reverse();
      return {
        entries: shown.map(toEntry),
        older: shown.length > 0 ? shown[shown.length - 1].seq : null,
        newer: found.length > limit ? shown[0].seq : null,
      };
    }
    const found = await entries.find(q.before === undefined ? filter : { ...filter, seq: { $lt: q.before } }, { sort: NEWEST_FIRST, limit: limit + 1 });
    const shown = found.slice(0, limit);
    return {
      entries: shown.map(toEntry),
      older: found.length > limit ? shown[shown.length - 1].seq : null,
      newer: q.before !== undefined && shown.length > 0 ? shown[0].seq : null,
    };
  }

  async function* each(q: AuditExportQuery): AsyncGenerator<AuditEntry> {
    const filter = auditFilter(q);
    let before: number | undefined;
    for (;;) {
      const batch = await entries.find(before === undefined ? filter : { ...filter, seq: { $lt: before } }, { sort: NEWEST_FIRST, limit: EXPORT_BATCH });
      for (const doc of batch) yield toEntry(doc);
      if (batch.length < EXPORT_BATCH) return;
      before = batch[batch.length - 1].seq;
    }
  }

  return {
    append,
    page,
    each,
    async head() {
      const last = await readTail();
      return last.seq > 0 ? last : null;
    },
    // The account service's own staff routes append directly: the entry is in the chain before the route answers.
    async record(entry) {
      await append(auditEntryBody(entry));
    },
  };
}
