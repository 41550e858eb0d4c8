import { CartAddBody, CartItemParams, CartMergeBody, CartQuoteBody, CartResponse, CartUpdateBody, CheckoutUserParams } from '@pharmacy/contracts';
import { assertBodyUser, assertSelf, ok, requireUser, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { RateLimits } from '../deps';
import type { CartResult, CartService } from './service';

// `capped` beside the cart says in fields what the message says in words (add and update only).
const reply = (r: CartResult) => ({ ...ok(r.cart, r.message || undefined), ...(r.capped ? { capped: r.capped } : {}) });

/** The server cart (docs/api.md#cart): every {userId} must be the signed-in user; a body's userId too, and the session's is used. */
export const cartRoutes: FastifyPluginAsyncTypebox<{ carts: CartService; limits: RateLimits }> = async (app, { carts, limits }) => {
  const schema = { response: responses(CartResponse), tags: ['cart'] };
  const user = { preHandler: requireUser, config: { rateLimit: limits.cart } };
  const bodyUser = { preHandler: [requireUser, assertBodyUser], config: { rateLimit: limits.cart } };

  app.post('/api/shop/cart/add', { ...bodyUser, schema: { ...schema, body: CartAddBody } }, async (request) =>
    reply(await carts.add(request.user.sub, request.body.productId, request.body.quantity)),
  );

  app.get('/api/shop/cart/get/:userId', { ...user, schema: { ...schema, params: CheckoutUserParams } }, async (request) => {
    assertSelf(request, request.params.userId);
    return reply(await carts.view(request.params.userId));
  });

  app.delete('/api/shop/cart/:userId/:productId', { ...user, schema: { ...schema, params: CartItemParams } }, async (request) => {
    assertSelf(request, request.params.userId);
    return reply(await carts.remove(request.params.userId, request.params.productId));
  });

  app.put('/api/shop/cart/update-cart', { ...bodyUser, schema: { ...schema, body: CartUpdateBody } }, async (request) =>
    reply(await carts.update(request.user.sub, request.body.productId, request.body.quantity)),
  );

  app.delete('/api/shop/cart/clear/:userId', { ...user, schema: { ...schema, params: CheckoutUserParams } }, async (request) => {
    assertSelf(request, request.params.userId);
    return reply(await carts.clear(request.params.userId));
  });

  // Sign-in: the browser's visitor cart joins the signed-in user's cart (the user comes from the token).
  app.post('/api/shop/cart/merge', { ...user, schema: { ...schema, body: CartMergeBody } }, async (request) =>
    reply(await carts.merge(request.user.sub, request.body.items, request.body.mergeId)),
  );

  // A visitor's browser cart priced and capped by the server (open to visitors: no user data involved).
  app.post('/api/shop/cart/quote', { config: { rateLimit: limits.quote }, schema: { ...schema, body: CartQuoteBody } }, async (request) =>
    reply(await carts.quote(request.body.items)),
  );
};
