import { CatalogRoutes, Ok, ReviewAdded, ReviewEligibility, ReviewInput, ReviewListResponse, ReviewProductParams, StrictObject } from '@pharmacy/contracts';
import { assertBodyUser, ok, okList, optionalUser, requireUser, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { RateLimits } from '../deps';
import type { ReviewService } from './service';

const NoQuery = StrictObject({});

export const reviewRoutes: FastifyPluginAsyncTypebox<{ service: ReviewService; limits: RateLimits }> = async (app, { service, limits }) => {
  app.post(
    CatalogRoutes.reviews.add.path,
    {
      onRequest: requireUser,
      preHandler: assertBodyUser,
      config: { rateLimit: limits.reviewAdd },
      schema: { tags: ['shop'], summary: 'Review a product you bought (once, rating 1-5)', querystring: NoQuery, body: ReviewInput, response: responses(Ok(ReviewAdded)) },
    },
    async (request) => ok(await service.add(request.user.sub, request.body), 'Thank you for your review.'),
  );

  app.get(
    CatalogRoutes.reviews.canReview.path,
    {
      schema: { tags: ['shop'], summary: 'May the signed-in user review this product?', params: ReviewProductParams, querystring: NoQuery, response: responses(Ok(ReviewEligibility)) },
    },
    async (request) => {
      const user = await optionalUser(request);
      return ok(await service.eligibility(user?.sub ?? null, request.params.productId));
    },
  );

  app.get(
    CatalogRoutes.reviews.list.path,
    { config: { publicData: true }, schema: { tags: ['shop'], summary: "A product's reviews, newest first", params: ReviewProductParams, querystring: NoQuery, response: responses(ReviewListResponse) } },
    async (request) => {
      const { items, ...figures } = await service.list(request.params.productId);
      return okList(items, figures);
    },
  );
};
