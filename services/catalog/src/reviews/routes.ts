import { Ok, ReviewAdded, ReviewEligibility, ReviewInput, ReviewListResponse, ReviewProductParams, StrictObject } from '@pharmacy/contracts';
import { assertBodyUser, optionalUser, requireUser, type FastifyPluginAsyncTypebox, type RateLimit } from '@pharmacy/service-kit';
import type { ReviewService } from './service';

const NoQuery = StrictObject({});

export const reviewRoutes: FastifyPluginAsyncTypebox<{ service: ReviewService; addLimit: RateLimit }> = async (app, { service, addLimit }) => {
  app.post(
    '/api/shop/review/add',
    {
      onRequest: requireUser,
      preHandler: assertBodyUser,
      config: { rateLimit: addLimit },
      schema: { tags: ['shop'], summary: 'Review a product you bought (once, rating 1-5)', querystring: NoQuery, body: ReviewInput, response: { 200: Ok(ReviewAdded) } },
    },
    async (request) => ({ success: true as const, data: await service.add(request.user.sub, request.body), message: 'Thank you for your review.' }),
  );

  app.get(
    '/api/shop/review/can-review/:productId',
    {
      schema: { tags: ['shop'], summary: 'May the signed-in user review this product?', params: ReviewProductParams, querystring: NoQuery, response: { 200: Ok(ReviewEligibility) } },
    },
    async (request) => {
      const user = await optionalUser(request);
      return { success: true as const, data: await service.eligibility(user?.sub ?? null, request.params.productId) };
    },
  );

  app.get(
    '/api/shop/review/:productId',
    { config: { publicData: true }, schema: { tags: ['shop'], summary: "A product's reviews, newest first", params: ReviewProductParams, querystring: NoQuery, response: { 200: ReviewListResponse } } },
    async (request) => {
      const { items, ...figures } = await service.list(request.params.productId);
      return { success: true as const, data: items, ...figures };
    },
  );
};
