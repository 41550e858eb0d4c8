import {
  CheckoutRoutes,
  NoticeParams,
  RecallCreateBody,
  RecallDetailResponse,
  RecallListResponse,
  RecallNoticeListResponse,
  RecallNoticeResponse,
  RecallParams,
  RecallResponse,
  StrictObject,
} from '@pharmacy/contracts';
import { ok, requireStaffFor, requireUser, responses, toCsv, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { Recalls } from './service';
import { toApiNotice, toApiRecall, type RecallDoc } from './store';

const NoQuery = StrictObject({});

/**
 * What the recall is called in the audit trail, by the products and lots staff know it by (docs/api.md#audited-staff-actions):
 * `Class 2 recall of Chlorphenamine 4mg Allergy Tablets, lot CHL-24-117`. A batch the catalog has not described yet
 * (it was down when the recall was recorded) is named by its id.
 */
export function recallName(r: Pick<RecallDoc, 'recallClass' | 'batchIds' | 'batches'>): string {
  const lots = new Map<string, string[]>();
  for (const id of r.batchIds) {
    const batch = r.batches.find((b) => b.batchId === id);
    if (!batch) lots.set(`batch ${id}`, []);
    else lots.set(batch.productTitle, [...(lots.get(batch.productTitle) ?? []), batch.lot]);
  }
  const named = [...lots].map(([what, of]) => (of.length === 0 ? what : `${what}, ${of.length === 1 ? 'lot' : 'lots'} ${of.join(', ')}`));
  return `Class ${r.recallClass} recall of ${named.join('; ')}`;
}

const recallEntity = (r: RecallDoc) => ({ type: 'recall', id: r._id, name: recallName(r) });

/**
 * The pharmacist's recalls (docs/api.md#recalls): record one, list them, read one with every affected order and
 * shopper, export that list. clinical.review throughout; the record and every export are in the audit trail.
 */
export const adminRecallRoutes: FastifyPluginAsyncTypebox<{ recalls: Recalls; now: () => Date }> = async (app, { recalls, now }) => {
  const tags = ['admin recalls'];
  const routes = CheckoutRoutes.adminRecalls;

  app.get(routes.list.path, { onRequest: requireStaffFor(routes.list), schema: { tags, querystring: NoQuery, response: responses(RecallListResponse) } }, async () =>
    ok((await recalls.list()).map(toApiRecall)),
  );

  app.post(routes.create.path, { onRequest: requireStaffFor(routes.create), schema: { tags, body: RecallCreateBody, response: responses(RecallResponse) } }, async (request) => {
    const staff = request.staff!;
    const recall = await recalls.create(request.body, { id: staff.id, name: staff.name && staff.name !== staff.id ? staff.name : 'A pharmacist' });
    await request.audit({
      action: 'recall.record',
      entity: recallEntity(recall),
      after: { recallClass: recall.recallClass, batchIds: recall.batchIds, reason: recall.reason, action: recall.action, state: recall.state },
    });
    const message =
      recall.state === 'quarantined'
        ? `Recall recorded: the batches are off sale and ${recall.shoppers} shopper${recall.shoppers === 1 ? '' : 's'} will be told.`
        : 'Recall recorded. The catalogue could not be reached to take the batches off sale; this is retried every minute until it is done.';
    return ok(toApiRecall(recall), message);
  });

  app.get(routes.details.path, { onRequest: requireStaffFor(routes.details), schema: { tags, params: RecallParams, querystring: NoQuery, response: responses(RecallDetailResponse) } }, async (request) => {
    const [recall, affected] = await Promise.all([recalls.load(request.params.id), recalls.details(request.params.id)]);
    return ok({ recall: toApiRecall(recall), affected });
  });

  app.get(routes.export.path, { onRequest: requireStaffFor(routes.export), schema: { tags, summary: 'The affected orders and shoppers as CSV', params: RecallParams, querystring: NoQuery } }, async (request, reply) => {
    const recall = await recalls.load(request.params.id);
    const affected = await recalls.details(recall._id);
    // Recorded before the list goes: an export the trail does not show must not happen.
    await request.audit({ action: 'recall.export', entity: recallEntity(recall), after: { rows: affected.length } });
    const csv = toCsv(
      ['Order', 'Shopper', 'Shopper id', 'Lot', 'Batch', 'Product id', 'Quantity', 'Outcome', 'Notice mailed', 'Mailed at (UTC)', 'Opened at (UTC)'],
      affected.map((a) => [a.orderNumber, a.shopperName, a.userId, a.lot, a.batchId, a.productId, a.quantity, a.outcome === 'paid' ? 'Received' : 'Unpaid order cancelled', a.notice.mail, a.notice.sentAt ?? '', a.notice.openedAt ?? '']),
    );
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="recall-${recall._id}-${now().toISOString().slice(0, 10)}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(csv);
  });
};

/** A shopper's recall notices (their own only); reading one records its first opening. */
export const shopperRecallRoutes: FastifyPluginAsyncTypebox<{ recalls: Recalls }> = async (app, { recalls }) => {
  const tags = ['recalls'];
  const routes = CheckoutRoutes.recalls;
  app.get(routes.list.path, { preHandler: requireUser, schema: { tags, querystring: NoQuery, response: responses(RecallNoticeListResponse) } }, async (request) =>
    ok((await recalls.mine(request.user.sub)).map(toApiNotice)),
  );
  app.get(routes.get.path, { preHandler: requireUser, schema: { tags, params: NoticeParams, querystring: NoQuery, response: responses(RecallNoticeResponse) } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(toApiNotice(await recalls.open(request.user.sub, request.params.noticeId)));
  });
};
