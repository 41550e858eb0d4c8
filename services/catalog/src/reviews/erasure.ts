import { CatalogRoutes, ErasureParams, ErasureResponse, StrictObject, type ErasureResult } from '@pharmacy/contracts';
import type { Collection } from '@pharmacy/db';
import { REVOCATION_KEEP_MS, requireInternal, ok, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { ReviewDoc } from './service';

/**
 * A deleted account's reviews keep their rating and text (the product's average must not move) but lose the
 * link to the account: each gets an author id of its own, so nothing ties them to the former customer's other
 * reviews or orders. Reviews carry no name; the page shows them as from a verified buyer. A repeat finds nothing.
 */
export async function detachReviews(reviews: Collection<ReviewDoc>, userId: string, now: () => Date): Promise<ErasureResult> {
  let detached = 0;
  for (const review of await reviews.find({ userId }, { projection: { _id: 1 } })) {
    const res = await reviews.updateOne(
      { _id: review._id, userId },
      { $set: { userId: `former-customer-${review._id}`, authorErasedAt: now() } },
    );
    detached += res.modifiedCount;
  }
  return { reviewsDetached: detached };
}

/** Called by the account service when an account is deleted, and again until it has confirmed once. */
export const erasureRoutes: FastifyPluginAsyncTypebox<{ reviews: Collection<ReviewDoc>; internalToken: string; now?: () => Date }> = async (
  app,
  { reviews, internalToken, now = () => new Date() },
) => {
  app.post(
    CatalogRoutes.internal.eraseUser.path,
    {
      onRequest: requireInternal(internalToken),
      schema: { hide: true, params: ErasureParams, querystring: StrictObject({}), response: responses(ErasureResponse) },
    },
    async (request) => {
      // From now on the account's tokens are refused here, even before the next poll: no new review can follow.
      request.server.revocations.refuseUser(request.params.userId, REVOCATION_KEEP_MS);
      return ok(await detachReviews(reviews, request.params.userId, now));
    },
  );
};
