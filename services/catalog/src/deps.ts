import type { BlobStore } from '@pharmacy/db';
import { limitsPer, type RateLimitsOf, type SafetyProfileSource, type ServiceDeps } from '@pharmacy/service-kit';
import type { ProductReadModel } from './products/readModel';
import type { PurchaseChecker } from './clients/checkout';

/** Per-route limits (per signed-in user, else per client address); tests and load runs lower or raise them. */
export const DEFAULT_RATE_LIMITS = {
  ...limitsPer('1 hour', { reviewAdd: 10 }),
  // Product pages, cards and the cart ask safety for a page of products at a time; typeahead asks on every pause in typing.
  ...limitsPer('1 minute', { safetyCheck: 120, safetyTerms: 300 }),
};
export type RateLimits = RateLimitsOf<typeof DEFAULT_RATE_LIMITS>;

/** Everything the catalog plugin needs; tests pass an embedded store and a double of the purchase check. */
export interface CatalogDeps extends ServiceDeps<RateLimits> {
  blobs: BlobStore;
  /** Asks the checkout service whether a user bought a product (a test double in tests). */
  purchases: PurchaseChecker;
  /**
   * The signed-in shopper's health profile, from the account service. Without it (a test that does not need it) a
   * signed-in safety check answers 503, as it does when the account service is down.
   */
  account?: SafetyProfileSource;
  /** Injectable clock for the age rule and batch expiry (tests). */
  now?: () => Date;
  /** The pharmacy's time zone (the market's), whose calendar day decides batch expiry; the default market's if unset. */
  timeZone?: string;
  /** How often batches past their expiry are looked for (EXPIRY_SWEEP_MS unless a test sets it). */
  expirySweepMs?: number;
  /** Lets a caller (the benchmark, tests) reach the read model this plugin loads. */
  readModel?: ProductReadModel;
}
