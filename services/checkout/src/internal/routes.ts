import { CheckoutRoutes, Ok, PurchaseCheck, PurchaseParams } from '@pharmacy/contracts';
import { ok, requireInternal, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { OrderService } from '../orders/service';

/** For other services only (the catalog asks before accepting a review); the gateway never exposes /internal. */
export const internalRoutes: FastifyPluginAsyncTypebox<{ orders: OrderService; internalToken: string }> = async (app, { orders, internalToken }) => {
  app.get(CheckoutRoutes.internal.purchase.path, {
    preHandler: requireInternal(internalToken),
    schema: { hide: true, params: PurchaseParams, response: responses(Ok(PurchaseCheck)) },
  }, async (request) => ok(await orders.purchaseOf(request.params.userId, request.params.productId)));
};
