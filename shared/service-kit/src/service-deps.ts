import type { DocumentStore } from '@pharmacy/db';
import type { RateLimit } from './app';

/** A service's per-route limits by name: the type of its `DEFAULT_RATE_LIMITS` (src/deps.ts). */
export type RateLimitsOf<D> = Record<keyof D, RateLimit>;

/** What every service plugin is given; each service's `<Service>Deps` (src/deps.ts) adds its own clients and ports. */
export interface ServiceDeps<Limits> {
  /** The service's own collections (embedded store or MongoDB). */
  store: DocumentStore;
  /** Shared secret the other services present on this service's /internal/* routes. */
  internalToken: string;
  /** Per-route limits that differ from the defaults (tests and load runs; RATE_LIMIT_* for account). */
  rateLimits?: Partial<Limits>;
}
