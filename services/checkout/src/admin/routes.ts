import {
  CheckoutRoutes,
  ADMIN_ORDERS_DEFAULT_LIMIT, AdminOrderListResponse, AdminOrdersQuery, AdminOrderStatusBody, AdminPaymentStatusBody, AdminReviewBody, CheckoutIdParams, Ok, type Order,
  OrderStats, NO_RESPONSIBLE_PHARMACIST, NO_RESPONSIBLE_PHARMACIST_CODE, StaffOrder,
} from '@pharmacy/contracts';
import type { Collection } from '@pharmacy/db';
import type { FastifyRequest } from 'fastify';
import { HttpError, ok, okList, requireStaffFor, responses, unavailable, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { AccountClient } from '../clients/account';
import type { OrderService } from '../orders/service';
import type { Actor, OrderDoc } from '../orders/store';
import { searchOrderIds } from './search';
import type { OrderFigures } from './figures-store';
import { listedOrder, staffOrder } from './health';

/**
 * Staff's orders API (docs/api.md#admin-orders): every route needs the permission STAFF_ROUTE_PERMISSIONS gives it;
 * an order's health data goes only to roles with 'health.read' (admin/health.ts).
 */
export const adminOrderRoutes: FastifyPluginAsyncTypebox<{
  orders: Collection<OrderDoc>;
  figures: Pick<OrderFigures, 'stats'>;
  service: OrderService;
  account: AccountClient;
  now: () => Date;
}> = async (app, { orders, figures, service, account, now }) => {
  const tags = ['admin orders'];
  const routes = CheckoutRoutes.adminOrders;
  const staffFor = (route: (typeof routes)[keyof typeof routes]) => ({ preHandler: requireStaffFor(route) });
  const asStaff = (request: FastifyRequest, order: Order) => staffOrder(request, order, account);

  /** The responsible pharmacist on duty, whom a clinical decision records; none on duty refuses the decision. */
  async function responsiblePharmacist(request: FastifyRequest) {
    let onDuty;
    try {
      onDuty = await account.responsiblePharmacist();
    } catch (err) {
      request.log.warn({ err }, 'could not ask the account service who the responsible pharmacist is');
      throw unavailable('We cannot confirm who the responsible pharmacist is right now, so the decision was not recorded. Please try again in a moment.');
    }
    if (!onDuty) throw new HttpError(409, NO_RESPONSIBLE_PHARMACIST_CODE, NO_RESPONSIBLE_PHARMACIST);
    return onDuty;
  }

  /**
   * The member of staff making a change, with their name as it is now: the history keeps it as it was, so it reads
   * true after a rename or the staff account's deletion. Without the account service the change goes ahead unnamed.
   */
  async function staff(request: FastifyRequest): Promise<Actor> {
    const id = request.user.sub;
    try {
      return { id, name: (await account.userName(id)) || undefined };
    } catch (err) {
      request.log.warn({ err, userId: id }, 'could not read the name of the member of staff; the change is recorded by id only');
      return { id };
    }
  }

  // The pharmacist's queue: paid orders awaiting review (an unpaid one joins it when the shopper pays).
  const awaitingQueue = { 'review.status': 'awaiting', paymentStatus: 'paid' };

  app.get(routes.list.path, { ...staffFor(routes.list), schema: { tags, querystring: AdminOrdersQuery, response: responses(AdminOrderListResponse) } }, async (request) => {
    const { status, paymentStatus, review, q, page = 1, limit = ADMIN_ORDERS_DEFAULT_LIMIT } = request.query;
    const chosen: Record<string, unknown> = {};
    if (status) chosen.orderStatus = status;
    if (paymentStatus) chosen.paymentStatus = paymentStatus;
    const filter = review === 'awaiting' ? { $and: [chosen, awaitingQueue] } : chosen;
    const newestFirst = { createdAt: -1, _id: 1 } as const;
    const [docs, total, awaitingReview] = q
      ? await searchPage(q, filter)
      : await Promise.all([
          orders.find(filter, { sort: newestFirst, skip: (page - 1) * limit, limit }),
          orders.countDocuments(filter),
          orders.countDocuments(awaitingQueue),
        ]);

    /** The search's matches once, as ids newest first: its total and its page's orders from that one list. */
    async function searchPage(text: string, within: Record<string, unknown>) {
      const ids = await searchOrderIds(orders, text, account, within);
      const pageIds = ids.slice((page - 1) * limit, page * limit);
      const found = pageIds.length ? await orders.find({ _id: { $in: pageIds } }) : [];
      const byId = new Map(found.map((o) => [o._id, o]));
      return [pageIds.flatMap((id) => byId.get(id) ?? []), ids.length, await orders.countDocuments(awaitingQueue)] as const;
    }
    return okList(docs.map((d) => listedOrder(service.toApi(d))), { total, page, limit, awaitingReview });
  });

  app.get(routes.stats.path, { ...staffFor(routes.stats), schema: { tags, response: responses(Ok(OrderStats)) } }, async () => ok(await figures.stats(now())));

  app.get(routes.details.path, { ...staffFor(routes.details), schema: { tags, params: CheckoutIdParams, response: responses(Ok(StaffOrder)) } }, async (request) =>
    ok(await asStaff(request, await service.adminDetails(request.params.id))),
  );

  app.put(routes.setStatus.path, { ...staffFor(routes.setStatus), schema: { tags, params: CheckoutIdParams, body: AdminOrderStatusBody, response: responses(Ok(StaffOrder)) } }, async (request) =>
    ok(await asStaff(request, await service.adminSet(request.params.id, 'orderStatus', request.body.orderStatus, await staff(request))), 'Order status updated.'),
  );

  // The pharmacist's decision; a rejection answers once the provider refunded (502/503 leave it awaiting, retry safe).
  // A clinical decision: it records the responsible pharmacist on duty, and waits for one (docs/domain.md#responsible-pharmacist).
  app.post(routes.review.path, { ...staffFor(routes.review), schema: { tags, params: CheckoutIdParams, body: AdminReviewBody, response: responses(Ok(StaffOrder)) } }, async (request) => {
    const responsible = await responsiblePharmacist(request);
    const order = await asStaff(request, await service.decideReview(request.params.id, request.body, await staff(request), responsible));
    if (order.review.status === 'approved') return ok(order, 'Order approved: it goes on to processing.');
    return ok(order, 'Order rejected and refunded. The stock goes back on the shelf and the shopper is told by mail.');
  });

  app.put(routes.setPayment.path, { ...staffFor(routes.setPayment), schema: { tags, params: CheckoutIdParams, body: AdminPaymentStatusBody, response: responses(Ok(StaffOrder)) } }, async (request) =>
    ok(await asStaff(request, await service.adminSet(request.params.id, 'paymentStatus', request.body.paymentStatus, await staff(request))), 'Payment status updated.'),
  );
};
