import type { BlobStore } from '@pharmacy/db';
import type { RateLimit, RateLimitsOf, ServiceDeps } from '@pharmacy/service-kit';
import type { ProductReadModel } from './products/readModel';
import type { PurchaseChecker } from './reviews/purchases';

/** Per-route limits (per signed-in user, else per client address); tests and load runs lower or raise them. */
export const DEFAULT_RATE_LIMITS = {
  reviewAdd: { max: 10, timeWindow: '1 hour' },
} satisfies Record<string, RateLimit>;
export type RateLimits = RateLimitsOf<typeof DEFAULT_RATE_LIMITS>;

/** Everything the catalog plugin needs; tests pass an embedded store and a double of the purchase check. */
export interface CatalogDeps extends ServiceDeps<RateLimits> {
  blobs: BlobStore;
  /** Asks the checkout service whether a user bought a product (a test double in tests). */
  purchases: PurchaseChecker;
  /** Lets a caller (the benchmark, tests) reach the read model this plugin loads. */
  readModel?: ProductReadModel;
}
