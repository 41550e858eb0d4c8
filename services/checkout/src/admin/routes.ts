import {
  ADMIN_ORDERS_DEFAULT_LIMIT, AdminOrderListResponse, AdminOrdersQuery, AdminOrderStatusBody, AdminPaymentStatusBody, CheckoutIdParams, Ok, Order, OrderStats,
} from '@pharmacy/contracts';
import type { Collection } from '@pharmacy/db';
import { ok, okList, requireAdmin, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { OrderService } from '../orders/service';
import { toApiOrder, type OrderDoc } from '../orders/store';
import { orderStats } from './stats';

/** Staff's orders API (docs/api.md#admin-orders): every route checks the admin flag. */
export const adminOrderRoutes: FastifyPluginAsyncTypebox<{ orders: Collection<OrderDoc>; service: OrderService; now: () => Date }> = async (
  app,
  { orders, service, now },
) => {
  const tags = ['admin orders'];
  const admin = { preHandler: requireAdmin };

  app.get('/api/admin/orders/get', { ...admin, schema: { tags, querystring: AdminOrdersQuery, response: responses(AdminOrderListResponse) } }, async (request) => {
    const { status, paymentStatus, page = 1, limit = ADMIN_ORDERS_DEFAULT_LIMIT } = request.query;
    const filter: Record<string, unknown> = {};
    if (status) filter.orderStatus = status;
    if (paymentStatus) filter.paymentStatus = paymentStatus;
    const [docs, total] = await Promise.all([
      orders.find(filter, { sort: { createdAt: -1, _id: 1 }, skip: (page - 1) * limit, limit }),
      orders.countDocuments(filter),
    ]);
    return okList(docs.map(toApiOrder), { total, page, limit });
  });

  app.get('/api/admin/orders/stats', { ...admin, schema: { tags, response: responses(Ok(OrderStats)) } }, async () => ok(await orderStats(orders, now())));

  app.get('/api/admin/orders/details/:id', { ...admin, schema: { tags, params: CheckoutIdParams, response: responses(Ok(Order)) } }, async (request) =>
    ok(await service.adminDetails(request.params.id)),
  );

  app.put('/api/admin/orders/update/:id', { ...admin, schema: { tags, params: CheckoutIdParams, body: AdminOrderStatusBody, response: responses(Ok(Order)) } }, async (request) =>
    ok(await service.adminSet(request.params.id, 'orderStatus', request.body.orderStatus, request.user.sub), 'Order status updated.'),
  );

  app.put('/api/admin/orders/payment/:id', { ...admin, schema: { tags, params: CheckoutIdParams, body: AdminPaymentStatusBody, response: responses(Ok(Order)) } }, async (request) =>
    ok(await service.adminSet(request.params.id, 'paymentStatus', request.body.paymentStatus, request.user.sub), 'Payment status updated.'),
  );
};
