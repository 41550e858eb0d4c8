import { CheckoutRoutes, CheckoutIdParams, CheckoutUserParams, Ok, Order, OrderCancelBody, OrderCaptureBody, OrderCreateBody, OrderCreatedResponse } from '@pharmacy/contracts';
import { assertBodyUser, assertSelf, ok, requireUser, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import { Type } from '@sinclair/typebox';
import type { RateLimits } from '../deps';
import type { OrderService } from './service';
import { shopperOrder } from './api-form';

/**
 * The shopper's orders (docs/api.md#orders): create → provider approval → capture; every order is scoped to its owner
 * and answered as `shopperOrder` (staff-only facts left out).
 */
export const orderRoutes: FastifyPluginAsyncTypebox<{ orders: OrderService; limits: RateLimits }> = async (app, { orders, limits }) => {
  const tags = ['order'];

  app.post(CheckoutRoutes.orders.create.path, {
    preHandler: [requireUser, assertBodyUser], config: { rateLimit: limits.orderCreate },
    schema: { tags, body: OrderCreateBody, response: responses(OrderCreatedResponse) },
  }, async (request) => {
    // The browser's Origin header says where the shopper is; the provider sends them back there when trusted.
    const created = await orders.create(request.user.sub, request.body, request.headers.origin);
    // The original clients read approvalURL and orderId at the top level, clients written since read them in data (docs/api.md#orders).
    return { ...created, ...ok(created) };
  });

  app.post(CheckoutRoutes.orders.capture.path, {
    preHandler: requireUser, config: { rateLimit: limits.orderCapture },
    schema: { tags, body: OrderCaptureBody, response: responses(Ok(Order)) },
  }, async (request) => {
    const order = shopperOrder(await orders.capture(request.user.sub, request.body));
    // An order holding a pharmacy medicine or an acknowledged warning is checked by a pharmacist before it is prepared.
    const message = order.review.status === 'awaiting'
      ? 'Thank you! Payment received; our pharmacist checks this order before we prepare it. You will see the outcome in My Orders.'
      : 'Thank you! Payment received; we are preparing your order.';
    return ok(order, message);
  });

  app.post(CheckoutRoutes.orders.cancel.path, {
    preHandler: requireUser, config: { rateLimit: limits.orderCapture },
    schema: { tags, body: OrderCancelBody, response: responses(Ok(Order)) },
  }, async (request) => ok(shopperOrder(await orders.cancel(request.user.sub, request.body.orderId)), 'Your order was cancelled and the items were released. Your cart is kept.'));

  app.get(CheckoutRoutes.orders.list.path, { preHandler: requireUser, schema: { tags, params: CheckoutUserParams, response: responses(Ok(Type.Array(Order))) } }, async (request) => {
    assertSelf(request, request.params.userId);
    return ok((await orders.list(request.params.userId)).map(shopperOrder));
  });

  app.get(CheckoutRoutes.orders.details.path, { preHandler: requireUser, schema: { tags, params: CheckoutIdParams, response: responses(Ok(Order)) } }, async (request) =>
    ok(shopperOrder(await orders.details(request.user.sub, request.params.id))),
  );
};
