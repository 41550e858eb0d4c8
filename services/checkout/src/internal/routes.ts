import { Ok, PurchaseCheck, PurchaseParams } from '@pharmacy/contracts';
import { requireInternal, type App } from '@pharmacy/service-kit';
import type { OrderService } from '../orders/service';
import { responses } from '../schemas';

/** For other services only (the catalog asks before accepting a review); the gateway never exposes /internal. */
export function internalRoutes(app: App, orders: OrderService, internalToken: string) {
  app.get('/internal/checkout/purchases/:userId/:productId', {
    preHandler: requireInternal(internalToken),
    schema: { hide: true, params: PurchaseParams, response: responses(Ok(PurchaseCheck)) },
  }, async (request) => ({
    success: true as const, data: { purchased: await orders.hasPurchased(request.params.userId, request.params.productId) },
  }));
}
