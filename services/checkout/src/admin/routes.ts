import {
  CheckoutRoutes,
  ADMIN_ORDERS_DEFAULT_LIMIT, AdminOrderListResponse, AdminOrdersQuery, AdminOrderStatusBody, AdminPaymentStatusBody, AdminReviewBody, CheckoutIdParams, Ok, type Order,
  OrderStats, StaffOrder, hasPermission,
} from '@pharmacy/contracts';
import type { Collection } from '@pharmacy/db';
import { changedBy, ok, okList, requireStaffFor, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { AccountClient } from '../clients/account';
import type { OrderService } from '../orders/service';
import type { OrderDoc } from '../orders/store';
import { searchOrderIds } from './search';
import type { OrderFigures } from './figures-store';
import { answeredOrder, listedOrder, orderEntity, staffOrder } from './health';
import { responsiblePharmacistFor } from './on-duty';

/** Of `before`, the fields `after` holds another value in, and those values: the change, not the whole order. */
function changes<T extends object>(before: T, after: T): { before: Partial<T>; after: Partial<T> } {
  const moved = (Object.keys(before) as Array<keyof T>).filter((k) => before[k] !== after[k]);
  return { before: Object.fromEntries(moved.map((k) => [k, before[k]])) as Partial<T>, after: Object.fromEntries(moved.map((k) => [k, after[k]])) as Partial<T> };
}

/** A review decision's outcome as the audit trail keeps it: the order's state after it, with the note or reason. */
function decided(order: Order) {
  const { review } = order;
  const words = review.note ? { [review.status === 'approved' ? 'note' : 'reason']: review.note } : {};
  return { review: review.status, orderStatus: order.orderStatus, paymentStatus: order.paymentStatus, ...words };
}

/**
 * Staff's orders API (docs/api.md#admin-orders): each route needs the permission contracts' route table gives it,
 * checked on arrival (before the body is read, so a caller without it learns nothing from validation), and each
 * change is recorded in the audit trail once it took effect (docs/api.md#audited-staff-actions). An order's health
 * data goes only to roles with 'health.read', in its details (admin/health.ts); a write answers the order without it
 * (answeredOrder: the screen keeps what its details read), so a write is one audit entry, not a write and a read.
 */
export const adminOrderRoutes: FastifyPluginAsyncTypebox<{
  orders: Collection<OrderDoc>;
  figures: Pick<OrderFigures, 'stats'>;
  service: OrderService;
  account: AccountClient;
  now: () => Date;
}> = async (app, { orders, figures, service, account, now }) => {
  const tags = ['admin orders'];
  const { adminOrders } = CheckoutRoutes;

  // The pharmacist's queue: paid orders awaiting review (an unpaid one joins it when the shopper pays).
  const awaitingQueue = { 'review.status': 'awaiting', paymentStatus: 'paid' };

  app.get(adminOrders.list.path, { onRequest: requireStaffFor(adminOrders.list), schema: { tags, querystring: AdminOrdersQuery, response: responses(AdminOrderListResponse) } }, async (request) => {
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

  app.get(adminOrders.stats.path, { onRequest: requireStaffFor(adminOrders.stats), schema: { tags, response: responses(Ok(OrderStats)) } }, async (request) => {
    const stats = await figures.stats(now());
    // The queue's orders name shoppers: only for roles that may see orders (docs/product.md#staff-roles); the others
    // get its size.
    return ok(hasPermission(request.staff?.roles, 'orders.view') ? stats : { ...stats, reviewQueue: [] });
  });

  app.get(adminOrders.details.path, { onRequest: requireStaffFor(adminOrders.details), schema: { tags, params: CheckoutIdParams, response: responses(Ok(StaffOrder)) } }, async (request) =>
    ok(await staffOrder(request, await service.adminDetails(request.params.id), account)),
  );

  app.put(adminOrders.setStatus.path, { onRequest: requireStaffFor(adminOrders.setStatus), schema: { tags, params: CheckoutIdParams, body: AdminOrderStatusBody, response: responses(Ok(StaffOrder)) } }, async (request) => {
    const { order, before } = await service.adminSet(request.params.id, 'orderStatus', request.body.orderStatus, changedBy(request));
    await request.audit({ action: 'order.status', entity: orderEntity(order), ...changes(before, order) });
    return ok(answeredOrder(request, order), 'Order status updated.');
  });

  // The pharmacist's decision; a rejection answers once the provider refunded (502/503 leave it awaiting, retry safe).
  // A clinical decision: it records the responsible pharmacist on duty, and waits for one (docs/domain.md#responsible-pharmacist).
  app.post(adminOrders.review.path, { onRequest: requireStaffFor(adminOrders.review), schema: { tags, params: CheckoutIdParams, body: AdminReviewBody, response: responses(Ok(StaffOrder)) } }, async (request) => {
    const responsible = await responsiblePharmacistFor(request, account);
    const { order, before } = await service.decideReview(request.params.id, request.body, changedBy(request), responsible);
    // Repeating a decision already taken writes nothing, so it records nothing.
    if (before) {
      const action = `order.review.${order.review.status === 'approved' ? 'approve' : 'reject'}`;
      await request.audit({ action, entity: orderEntity(order), before, after: decided(order) });
    }
    if (order.review.status === 'approved') return ok(answeredOrder(request, order), 'Order approved: it goes on to processing.');
    return ok(answeredOrder(request, order), 'Order rejected and refunded. The stock goes back on the shelf and the shopper is told by mail.');
  });

  app.put(adminOrders.setPayment.path, { onRequest: requireStaffFor(adminOrders.setPayment), schema: { tags, params: CheckoutIdParams, body: AdminPaymentStatusBody, response: responses(Ok(StaffOrder)) } }, async (request) => {
    const { order, before } = await service.adminSet(request.params.id, 'paymentStatus', request.body.paymentStatus, changedBy(request));
    await request.audit({ action: 'order.payment', entity: orderEntity(order), ...changes(before, order) });
    return ok(answeredOrder(request, order), 'Payment status updated.');
  });
};
