import {
  CheckoutRoutes,
  ADMIN_ORDERS_DEFAULT_LIMIT, AdminOrderListResponse, AdminOrdersQuery, AdminOrderStatusBody, AdminPaymentStatusBody, AdminReviewBody, CheckoutIdParams, Ok, Order,
  OrderStats,
} from '@pharmacy/contracts';
import type { Collection } from '@pharmacy/db';
import type { FastifyRequest } from 'fastify';
import { ok, okList, requireAdmin, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { AccountClient } from '../clients/account';
import type { OrderService } from '../orders/service';
import type { Actor, OrderDoc } from '../orders/store';
import { searchOrderIds } from './search';
import type { OrderFigures } from './figures-store';

/** Staff's orders API (docs/api.md#admin-orders): every route checks the admin flag. */
export const adminOrderRoutes: FastifyPluginAsyncTypebox<{
  orders: Collection<OrderDoc>;
  figures: Pick<OrderFigures, 'stats'>;
  service: OrderService;
  account: AccountClient;
  now: () => Date;
}> = async (app, { orders, figures, service, account, now }) => {
  const tags = ['admin orders'];
  const admin = { preHandler: requireAdmin };

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

  app.get(CheckoutRoutes.adminOrders.list.path, { ...admin, schema: { tags, querystring: AdminOrdersQuery, response: responses(AdminOrderListResponse) } }, async (request) => {
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
    return okList(docs.map(service.toApi), { total, page, limit, awaitingReview });
  });

  app.get(CheckoutRoutes.adminOrders.stats.path, { ...admin, schema: { tags, response: responses(Ok(OrderStats)) } }, async () => ok(await figures.stats(now())));

  app.get(CheckoutRoutes.adminOrders.details.path, { ...admin, schema: { tags, params: CheckoutIdParams, response: responses(Ok(Order)) } }, async (request) =>
    ok(await service.adminDetails(request.params.id)),
  );

  app.put(CheckoutRoutes.adminOrders.setStatus.path, { ...admin, schema: { tags, params: CheckoutIdParams, body: AdminOrderStatusBody, response: responses(Ok(Order)) } }, async (request) =>
    ok(await service.adminSet(request.params.id, 'orderStatus', request.body.orderStatus, await staff(request)), 'Order status updated.'),
  );

  // The pharmacist's decision; a rejection answers once the provider refunded (502/503 leave it awaiting, retry safe).
  app.post(CheckoutRoutes.adminOrders.review.path, { ...admin, schema: { tags, params: CheckoutIdParams, body: AdminReviewBody, response: responses(Ok(Order)) } }, async (request) => {
    const order = await service.decideReview(request.params.id, request.body, await staff(request));
    if (order.review.status === 'approved') return ok(order, 'Order approved: it goes on to processing.');
    return ok(order, 'Order rejected and refunded. The stock goes back on the shelf and the shopper is told by mail.');
  });

  app.put(CheckoutRoutes.adminOrders.setPayment.path, { ...admin, schema: { tags, params: CheckoutIdParams, body: AdminPaymentStatusBody, response: responses(Ok(Order)) } }, async (request) =>
    ok(await service.adminSet(request.params.id, 'paymentStatus', request.body.paymentStatus, await staff(request)), 'Payment status updated.'),
  );
};
