import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';

/**
 * The audit trail's request side (docs/architecture.md#audit-trail): a staff route calls `request.audit(change)`
 * after its write took effect (or after a health-data read), and the entry names who (from `request.staff`, set by
 * requirePermission), under which role, when, what, before and after, and the request id. Where the entry goes is
 * the service's AuditSink.
 */
export interface AuditChange {
  /** What was done, as a verb phrase in the domain's words: `product.edit`, `order.review.approve`, `health.read`. */
  action: string;
  /** What it was done to; `name` is what staff read in a history (names, not ids). */
  entity: { type: string; id: string; name?: string };
  before?: unknown;
  after?: unknown;
  /**
   * Only for a write no member of staff made: the non-staff actor that did (a deploy pipeline's token). A staff
   * route never passes it: the entry names `request.staff`.
   */
  actor?: AuditActor;
}

/**
 * Who acted: a member of staff under one of their roles, or a non-staff actor named for what it is (the deploy
 * pipeline's token: role `deploy-token`, no staff roles).
 */
export interface AuditActor {
  id: string;
  name: string;
  role: string;
  roles: string[];
}

export interface AuditEntryInput extends Omit<AuditChange, 'actor'> {
  /**
   * A UUID made where the entry was recorded, so a redelivery is recognised (docs/architecture.md#audit-trail);
   * the sink makes one when the caller gave none.
   */
  id?: string;
  at: string;
  /** The service that recorded it (account, catalog, checkout, gateway). */
  service: string;
  requestId: string;
  actor: AuditActor;
}

export interface AuditSink {
  /** Resolves once the entry is kept as durably as the write it records. */
  record(entry: AuditEntryInput): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Records a staff decision or read of health data; the route must have passed requirePermission. */
    audit(change: AuditChange): Promise<void>;
  }
}

export const auditPlugin = fp<{ sink: AuditSink; service: string; now?: () => Date }>(
  async (app, opts) => {
    const now = opts.now ?? (() => new Date());
    app.decorateRequest('audit', async function audit(this: FastifyRequest, change: AuditChange): Promise<void> {
      const staff = this.staff;
      const { actor: nonStaff, ...recorded } = change;
      const actor = staff ? { id: staff.id, name: staff.name, role: staff.role, roles: staff.roles } : nonStaff;
      // A programming error, not a user's: an audited route that skipped requirePermission would record nobody.
      if (!actor) throw new Error(`audit of ${change.action} outside a staff route (no requirePermission)`);
      await opts.sink.record({
        ...recorded,
        id: randomUUID(),
        at: now().toISOString(),
        service: opts.service,
        requestId: String(this.id),
        actor,
      });
    });
  },
  { name: 'pharmacy-audit' },
);

/** Who a history line (an order's status history, a stock line, a review decision) names: the staff member's id, and their name. */
export interface ChangedBy {
  id: string;
  /** Their name as it was at the change, so the line reads true after a rename; missing when the token named nobody. */
  name?: string;
}

/**
 * The member of staff whom requirePermission let through, for a service's own history (names, not ids:
 * docs/architecture.md#audit-trail). The name comes from their token, so recording it asks no other service.
 */
export function changedBy(request: FastifyRequest): ChangedBy {
  const staff = request.staff;
  if (!staff) throw new Error('changedBy outside a staff route (no requirePermission)');
  // requirePermission falls back to the id when the token carries no name: that is not a name to show.
  return staff.name && staff.name !== staff.id ? { id: staff.id, name: staff.name } : { id: staff.id };
}

/** Keeps entries in memory: for tests that read what a route recorded. Never a production sink. */
export function memoryAuditSink(): AuditSink & { entries: AuditEntryInput[] } {
  const entries: AuditEntryInput[] = [];
  return {
    entries,
    async record(entry) {
      entries.push(structuredClone(entry));
    },
  };
}
