// The audit trail's shapes (docs/architecture.md#audit-trail, docs/api.md#audit-trail): what a service delivers to
// the account service, which keeps the one hash-chained trail, and what staff read from it.
import { Type, type Static } from '@sinclair/typebox';
import { OkList, StrictObject } from './envelope';

/** The most entries one page of the Audit screen's list holds. */
export const AUDIT_PAGE_MAX = 100;
export const AUDIT_PAGE_DEFAULT = 25;

/** Who acted: a member of staff, or (for remote deploys) the deploy pipeline's token, named as such. */
export const AuditActor = StrictObject({
  id: Type.String({ minLength: 1, maxLength: 200 }),
  name: Type.String({ maxLength: 200 }),
  role: Type.String({ minLength: 1, maxLength: 50 }),
  roles: Type.Array(Type.String({ maxLength: 50 }), { maxItems: 20 }),
});

const Word = (max: number) => Type.String({ minLength: 1, maxLength: max, pattern: '^[A-Za-z0-9_.:-]+$' });

/** One entry as a service records it, before the trail gives it its place (seq) and hashes. */
export const AuditEntryBody = StrictObject({
  /** Made where the entry was recorded: a redelivery of the same entry is recognised by it. */
  id: Type.String({ format: 'uuid' }),
  at: Type.String({ format: 'date-time' }),
  service: Word(40),
  requestId: Type.String({ minLength: 1, maxLength: 200 }),
  actor: AuditActor,
  action: Word(100),
  entity: StrictObject({
    type: Word(60),
    id: Type.String({ minLength: 1, maxLength: 200 }),
    name: Type.Optional(Type.String({ maxLength: 500 })),
  }),
  before: Type.Optional(Type.Unknown()),
  after: Type.Optional(Type.Unknown()),
});
export type AuditEntryBody = Static<typeof AuditEntryBody>;

/** POST /internal/account/audit: `seq` is the entry's place in the trail, the same when it was delivered before. */
export const AuditAppendResponse = StrictObject({
  success: Type.Literal(true),
  data: StrictObject({ seq: Type.Integer({ minimum: 1 }), duplicate: Type.Boolean() }),
});
export type AuditAppendResponse = Static<typeof AuditAppendResponse>;

/** An entry as it is kept: its place, the previous entry's hash and its own (sha256 hex). */
export const AuditEntry = StrictObject({
  ...AuditEntryBody.properties,
  seq: Type.Integer({ minimum: 1 }),
  prevHash: Type.String(),
  hash: Type.String(),
});
export type AuditEntry = Static<typeof AuditEntry>;

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** The Audit screen's filters; `from`/`to` are whole days (UTC), both included. */
export const AuditFilterQuery = {
  actorId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  entityType: Type.Optional(Word(60)),
  entityId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  action: Type.Optional(Word(100)),
  from: Type.Optional(Day),
  to: Type.Optional(Day),
};

/** GET /api/admin/audit: newest first; `before` is the cursor (the seq the next page starts below). */
export const AuditListQuery = StrictObject({
  ...AuditFilterQuery,
  before: Type.Optional(Type.Integer({ minimum: 1 })),
  after: Type.Optional(Type.Integer({ minimum: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_PAGE_MAX })),
});
export type AuditListQuery = Static<typeof AuditListQuery>;

export const AuditExportQuery = StrictObject(AuditFilterQuery);
export type AuditExportQuery = Static<typeof AuditExportQuery>;

/**
 * `older`/`newer` are the cursors of the neighbouring pages (pass `older` as `before`, `newer` as `after`), null
 * when there is none.
 */
export const AuditListResponse = OkList(AuditEntry, {
  older: Type.Union([Type.Integer(), Type.Null()]),
  newer: Type.Union([Type.Integer(), Type.Null()]),
});
export type AuditListResponse = Static<typeof AuditListResponse>;

