import { randomUUID } from 'node:crypto';
import { isDuplicateKeyError, type Doc } from '@pharmacy/db';
import { CatalogErrorCodes, REVIEW_REFUSALS, type Review, type ReviewAdded, type ReviewEligibility, type ReviewInput, type ReviewFigures } from '@pharmacy/contracts';
import { HttpError, badRequest, notFound } from '@pharmacy/service-kit';
import { averageOf } from '../products/model';
import type { ProductReadModel } from '../products/readModel';
import type { CatalogCollections } from '../store';
import type { PurchaseChecker } from '../clients/checkout';

export interface ReviewDoc extends Doc {
  _id: string;
  productId: string;
  userId: string;
  reviewMessage: string;
  reviewValue: number;
  createdAt: Date;
}

export const REVIEWS = 'reviews';

const toReview = (r: ReviewDoc): Review => ({
  _id: r._id,
  productId: r.productId,
  userId: r.userId,
  reviewMessage: r.reviewMessage,
  reviewValue: r.reviewValue,
  createdAt: r.createdAt.toISOString(),
});

type ReviewRefusal = keyof typeof REVIEW_REFUSALS;

const alreadyReviewed = () => new HttpError(409, CatalogErrorCodes.ALREADY_REVIEWED, 'You have already reviewed this product.');

/** Reviews of a product by the buyers it reached (docs/domain.md#reviews). */
export function createReviewService(deps: {
  db: Pick<CatalogCollections, 'products' | 'reviews'>;
  readModel: ProductReadModel;
  purchases: PurchaseChecker;
}) {
  const { db, readModel, purchases } = deps;

  /** Why this buyer may not review the product yet, or null when they may. */
  async function refusal(userId: string, productId: string): Promise<ReviewRefusal | null> {
    const purchase = await purchases.purchaseOf(userId, productId);
    if (!purchase.purchased) return 'NOT_A_BUYER';
    return purchase.delivered ? null : 'NOT_DELIVERED';
  }

  return {
    async list(productId: string): Promise<{ items: Review[] } & ReviewFigures> {
      const product = readModel.get(productId);
      if (!product) throw notFound('That product does not exist.');
      const items = await db.reviews.find({ productId }, { sort: { createdAt: -1 }, limit: 200 });
      return { items: items.map(toReview), averageReview: averageOf(product.reviewTotal, product.reviewCount), reviewCount: product.reviewCount };
    },

    async eligibility(userId: string | null, productId: string): Promise<ReviewEligibility> {
      if (!readModel.get(productId)) throw notFound('That product does not exist.');
      if (!userId) return { canReview: false, reason: 'SIGN_IN' };
      if (await db.reviews.findOne({ productId, userId })) return { canReview: false, reason: 'ALREADY_REVIEWED' };
      const refused = await refusal(userId, productId);
      return refused ? { canReview: false, reason: refused } : { canReview: true };
    },

    /** Only buyers whose order reached them, once per product; the rating total and count move together in one atomic update. */
    async add(userId: string, input: ReviewInput): Promise<ReviewAdded> {
      const message = input.reviewMessage.trim();
      if (message.length < 3) throw badRequest('Please write at least 3 characters about the product.');
      if (!readModel.get(input.productId)) throw notFound('That product does not exist.');
      if (await db.reviews.findOne({ productId: input.productId, userId })) throw alreadyReviewed();
      const refused = await refusal(userId, input.productId);
      if (refused) throw new HttpError(403, CatalogErrorCodes[refused], REVIEW_REFUSALS[refused]);
      const review: ReviewDoc = {
        _id: randomUUID(),
        productId: input.productId,
        userId,
        reviewMessage: message,
        reviewValue: input.reviewValue,
        createdAt: new Date(),
      };
      try {
        await db.reviews.insertOne(review); // unique (productId, userId): a concurrent second review fails here
      } catch (e) {
        if (isDuplicateKeyError(e)) throw alreadyReviewed();
        throw e;
      }
      const after = await db.products.findOneAndUpdate(
        { _id: input.productId },
        { $inc: { reviewTotal: input.reviewValue, reviewCount: 1 } },
        { returnDocument: 'after' },
      );
      if (!after) {
        await db.reviews.deleteOne({ _id: review._id });
        throw notFound('That product does not exist.');
      }
      const averageReview = averageOf(after.reviewTotal, after.reviewCount);
      // The stored average only changes if no other review landed meanwhile (the API derives it anyway).
      await db.products.updateOne({ _id: after._id, reviewCount: after.reviewCount }, { $set: { averageReview } });
      readModel.refresh({ ...after, averageReview });
      return { review: toReview(review), averageReview, reviewCount: after.reviewCount };
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
