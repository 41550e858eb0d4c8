import { BuyAgainParams, BuyAgainResponse, CheckoutRoutes, CartAddBody, CartDeliveryQuery, CartItemParams, CartMergeBody, CartQuoteBody, CartResponse, CartUpdateBody, CheckoutUserParams, centsToDecimal, type Cart, type Order } from '@pharmacy/contracts';
import { assertBodyUser, assertSelf, ok, requireUser, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { RateLimits } from '../deps';
import type { DeliveryPricing } from '../delivery/pricing';
import { buyAgain } from './buy-again';
import type { CartResult, CartService } from './service';

/**
 * The server cart (docs/api.md#cart): every {userId} must be the signed-in user; a body's userId too, and the session's is used.
 * Every call takes an optional `?delivery=&pharmacyId=` (the calls work unchanged without it) and answers the cart's totals
 * for that method: the subtotal of the lines that can be ordered, the delivery fee, the total and the tax it contains.
 */
export const cartRoutes: FastifyPluginAsyncTypebox<{
  carts: CartService;
  pricing: DeliveryPricing;
  limits: RateLimits;
  /** One of the shopper's own orders (404 for anyone else's), for Buy again. */
  pastOrder: (userId: string, orderId: string) => Promise<Order>;
}> = async (app, { carts, pricing, limits, pastOrder }) => {
  // The response serializer: the service's cents become the API's decimals here, once (docs/architecture.md#data).
  const withTotals = (r: CartResult, query: CartDeliveryQuery): Cart => {
    const { items, totalCents, ...cart } = r.cart;
    const blocked = items.filter((i) => i.problem).length;
    return {
      ...cart,
      items: items.map(({ unitPriceCents, lineTotalCents, ...line }) => ({ ...line, price: centsToDecimal(unitPriceCents), lineTotal: centsToDecimal(lineTotalCents) })),
      totalAmount: centsToDecimal(totalCents),
      // A cart holding a controlled or refrigerated medicine can only be collected: its totals are collect's.
      totals: pricing.cartTotals(totalCents, blocked, cart.collectOnly ? { ...query, delivery: 'collect' } : query),
    };
  };
  // `capped` beside the cart says in fields what the message says in words (add and update only).
  const reply = (r: CartResult, query: CartDeliveryQuery) => ({ ...ok(withTotals(r, query), r.message || undefined), ...(r.capped ? { capped: r.capped } : {}) });
  const schema = { response: responses(CartResponse), querystring: CartDeliveryQuery, tags: ['cart'] };
  const user = { preHandler: requireUser, config: { rateLimit: limits.cart } };
  const bodyUser = { preHandler: [requireUser, assertBodyUser], config: { rateLimit: limits.cart } };

  app.post(CheckoutRoutes.cart.add.path, { ...bodyUser, schema: { ...schema, body: CartAddBody } }, async (request) =>
    reply(await carts.add(request.user.sub, request.body.productId, request.body.quantity), request.query),
  );

  app.get(CheckoutRoutes.cart.get.path, { ...user, schema: { ...schema, params: CheckoutUserParams } }, async (request) => {
    assertSelf(request, request.params.userId);
    return reply(await carts.view(request.params.userId), request.query);
  });

  app.delete(CheckoutRoutes.cart.remove.path, { ...user, schema: { ...schema, params: CartItemParams } }, async (request) => {
    assertSelf(request, request.params.userId);
    return reply(await carts.remove(request.params.userId, request.params.productId), request.query);
  });

  app.put(CheckoutRoutes.cart.update.path, { ...bodyUser, schema: { ...schema, body: CartUpdateBody } }, async (request) =>
    reply(await carts.update(request.user.sub, request.body.productId, request.body.quantity), request.query),
  );

  app.delete(CheckoutRoutes.cart.clear.path, { ...user, schema: { ...schema, params: CheckoutUserParams } }, async (request) => {
    assertSelf(request, request.params.userId);
    return reply(await carts.clear(request.params.userId), request.query);
  });

  // Sign-in: the browser's visitor cart joins the signed-in user's cart (the user comes from the token).
  app.post(CheckoutRoutes.cart.merge.path, { ...user, schema: { ...schema, body: CartMergeBody } }, async (request) =>
    reply(await carts.merge(request.user.sub, request.body.items, request.body.mergeId), request.query),
  );

  // Buy again: a past order's items back in the cart through cart add's checks (under /api/shop/order, as the order is).
  app.post(CheckoutRoutes.orders.buyAgain.path, {
    ...user, schema: { params: BuyAgainParams, querystring: CartDeliveryQuery, response: responses(BuyAgainResponse), tags: ['cart', 'order'] },
  }, async (request) => {
    const { result, notAdded } = await buyAgain(carts, request.user.sub, await pastOrder(request.user.sub, request.params.orderId));
    return ok({ cart: withTotals(result, request.query), notAdded }, result.message || undefined);
  });

  // A visitor's browser cart priced and capped by the server (open to visitors: no user data involved).
  app.post(CheckoutRoutes.cart.quote.path, { config: { rateLimit: limits.quote }, schema: { ...schema, body: CartQuoteBody } }, async (request) =>
    reply(await carts.quote(request.body.items), request.query),
  );
};
