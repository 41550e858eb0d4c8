import { randomUUID } from 'node:crypto';
import { AccountRoutes, type AuditEntryBody } from '@pharmacy/contracts';
import type { Collection, Doc, DocumentStore } from '@pharmacy/db';
import { createRouteClient, type ServiceClientOptions, type ServiceTransport } from '../internal';
import type { AuditEntryInput, AuditSink } from './index';

/**
 * An entry waiting for the account service to take it into the trail. The entry is kept as its JSON text: whatever
 * a route put in before/after (dates, odd keys) is stored exactly as it will be delivered.
 */
export interface AuditOutboxDoc extends Doc {
  /** The entry's own id. */
  _id: string;
  json: string;
  queuedAt: number;
}

export const AUDIT_OUTBOX = 'auditOutbox';

/** How often entries still waiting are offered again (each record also offers them at once). */
export const DEFAULT_AUDIT_RETRY_MS = 5_000;
/** Entries delivered per round, oldest first. */
const ROUND = 100;

/** The entry as it travels and is kept: an id, and JSON values only (a Date becomes its ISO string). */
export function auditEntryBody(entry: AuditEntryInput): AuditEntryBody {
  return JSON.parse(JSON.stringify({ ...entry, id: entry.id ?? randomUUID() })) as AuditEntryBody;
}

export interface OutboxAuditSink extends AuditSink {
  /** One delivery round now; resolves to how many entries are still waiting. */
  deliverPending(): Promise<number>;
  /** Offers waiting entries every `retryMs`, and at once (entries a stop left behind). */
  start(): void;
  /** Stops the timer and waits for a round under way, before the store closes. */
  stop(): Promise<void>;
}

interface Log {
  warn(details: object, message: string): void;
}

/**
 * The sink of every service but the account service (docs/architecture.md#audit-trail): `record` resolves once the
 * entry is in this service's own store (as durable as the write it records), then delivers it to the account
 * service in the background, retrying until it is taken, after a restart too. The account service takes an entry
 * once by its id, so a delivery cut off before its answer and offered again is never kept twice.
 */
export function outboxAuditSink(opts: {
  store: DocumentStore;
  deliver: (entry: AuditEntryBody) => Promise<unknown>;
  log: Log;
  retryMs?: number;
}): OutboxAuditSink {
  const outbox: Collection<AuditOutboxDoc> = opts.store.collection<AuditOutboxDoc>(AUDIT_OUTBOX);
  const retryMs = opts.retryMs ?? DEFAULT_AUDIT_RETRY_MS;
  let indexed: Promise<unknown> | null = null;
  let round: Promise<number> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let queued = 0;

  async function deliverAll(): Promise<number> {
    indexed ??= outbox.createIndex({ queuedAt: 1 });
    await indexed;
    for (;;) {
      const waiting = await outbox.find({}, { sort: { queuedAt: 1, _id: 1 }, limit: ROUND });
      for (const doc of waiting) {
        try {
          await opts.deliver(JSON.parse(doc.json) as AuditEntryBody);
        } catch (err) {
          opts.log.warn({ err, entry: doc._id }, 'audit entry not delivered to the account service yet; will retry');
          return outbox.countDocuments({});
        }
        await outbox.deleteOne({ _id: doc._id });
      }
      if (waiting.length < ROUND) return outbox.countDocuments({});
    }
  }

  /** One round at a time; a record during a round asks for another after it. */
  function deliverPending(): Promise<number> {
    if (round) {
      again = true;
      return round;
    }
    round = deliverAll().finally(() => {
      round = null;
      if (again) {
        again = false;
        void deliverPending().catch((err: unknown) => opts.log.warn({ err }, 'audit delivery round failed'));
      }
    });
    return round;
  }

  return {
    async record(entry) {
      const body = auditEntryBody(entry);
      // Date.now() alone can repeat within a millisecond: the counter keeps this process's entries in order.
      await outbox.insertOne({ _id: body.id, json: JSON.stringify(body), queuedAt: Date.now() * 1000 + (queued++ % 1000) });
      void deliverPending().catch((err: unknown) => opts.log.warn({ err }, 'audit delivery round failed'));
    },
    deliverPending,
    start() {
      if (timer || retryMs <= 0) return;
      void deliverPending().catch((err: unknown) => opts.log.warn({ err }, 'audit delivery round failed'));
      timer = setInterval(() => void deliverPending().catch((err: unknown) => opts.log.warn({ err }, 'audit delivery round failed')), retryMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      again = false;
      await round?.catch(() => undefined);
    },
  };
}

/** Delivers to the account service's internal route, over whichever transport the service was given. */
export function accountAuditDelivery(opts: ServiceClientOptions): (entry: AuditEntryBody) => Promise<unknown> {
  const call = createRouteClient(opts);
  return (entry) => call(AccountRoutes.internal.audit, { body: entry });
}

/** The durable sink a service opens with its store: delivery through its peer transport to the account service. */
export function serviceAuditSink(
  ctx: { internalToken: string; log: Log; peers: { account: ServiceTransport } },
  store: DocumentStore,
): OutboxAuditSink {
  return outboxAuditSink({ store, log: ctx.log, deliver: accountAuditDelivery({ transport: ctx.peers.account, token: ctx.internalToken }) });
}
