import { Readable } from 'node:stream';
import {
  AccountRoutes, AuditAppendResponse, AuditEntryBody, AuditExportQuery, AuditListQuery, AuditListResponse, NoQuery, type AuditEntry,
} from '@pharmacy/contracts';
import { csvStream, ok, okList, requireInternal, requireStaffFor, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { AuditTrail } from './service';

const tags = ['admin'];

/** The CSV's columns, in the order staff read them (docs/api.md#audit-trail). */
const COLUMNS: Array<[header: string, cell: (e: AuditEntry) => string | number]> = [
  ['seq', (e) => e.seq],
  ['when', (e) => e.at],
  ['staff member', (e) => e.actor.name],
  ['role', (e) => e.actor.role],
  ['staff id', (e) => e.actor.id],
  ['action', (e) => e.action],
  ['entity type', (e) => e.entity.type],
  ['entity', (e) => e.entity.name ?? ''],
  ['entity id', (e) => e.entity.id],
  ['before', (e) => (e.before === undefined ? '' : JSON.stringify(e.before))],
  ['after', (e) => (e.after === undefined ? '' : JSON.stringify(e.after))],
  ['service', (e) => e.service],
  ['request id', (e) => e.requestId],
  ['hash', (e) => e.hash],
];

/** What an export asked for, in words, for the entry that records it. */
const describeFilters = (q: AuditExportQuery): string =>
  Object.entries(q).length === 0 ? 'whole trail' : Object.entries(q).map(([k, v]) => `${k}=${String(v)}`).join(', ');

/**
 * The trail's routes (docs/api.md#audit-trail): other services deliver entries on the internal route; staff with
 * audit.view read it a page at a time or export it as CSV. Reading is not audited; an export is (it can carry
 * health data out of the shop).
 */
export const auditRoutes: FastifyPluginAsyncTypebox<{ trail: AuditTrail; internalToken: string }> = async (app, { trail, internalToken }) => {
  app.post(
    AccountRoutes.internal.audit.path,
    {
      onRequest: requireInternal(internalToken),
      schema: { hide: true, querystring: NoQuery, body: AuditEntryBody, response: responses(AuditAppendResponse) },
    },
    async (request) => ok(await trail.append(request.body)),
  );

  app.get(
    AccountRoutes.audit.list.path,
    {
      preHandler: requireStaffFor(AccountRoutes.audit.list),
      schema: { tags, summary: 'The audit trail, newest first, a page at a time', querystring: AuditListQuery, response: responses(AuditListResponse) },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { entries, older, newer } = await trail.page(request.query);
      return okList(entries, { older, newer });
    },
  );

  app.get(
    AccountRoutes.audit.exportCsv.path,
    {
      preHandler: requireStaffFor(AccountRoutes.audit.exportCsv),
      schema: { tags, summary: 'The audit trail as CSV (same filters as the list)', querystring: AuditExportQuery },
    },
    async (request, reply) => {
      await request.audit({ action: 'audit.export', entity: { type: 'audit', id: 'export', name: describeFilters(request.query) }, after: request.query });
      const csv = csvStream(COLUMNS.map(([header]) => header));
      Readable.from(trail.each(request.query))
        .map((entry: AuditEntry) => COLUMNS.map(([, cell]) => cell(entry)))
        .on('error', (err) => csv.destroy(err))
        .pipe(csv);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
        .send(csv);
    },
  );
};
