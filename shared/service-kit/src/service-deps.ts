import type { DocumentStore } from '@pharmacy/db';
import type { RateLimit } from './app';
import type { AuditSink } from './audit';

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
  /**
   * Where staff decisions and health-data reads are recorded (docs/architecture.md#audit-trail). Tests pass
   * memoryAuditSink() to read what a route recorded.
   */
  audit?: AuditSink;
}

/** Limits that share a window, by route name: `limitsPer('1 minute', { cart: 120, quote: 120 })`. */
export function limitsPer<K extends string>(timeWindow: string, maxima: Record<K, number>): Record<K, RateLimit> {
  return Object.fromEntries(Object.entries<number>(maxima).map(([name, max]) => [name, { max, timeWindow }])) as Record<K, RateLimit>;
}

/** The maxima a deployment sets (RATE_LIMIT_*) as limits: each keeps its default's window, never its own. */
export function withMaxima<L extends Record<string, RateLimit>>(defaults: L, maxima: Partial<Record<keyof L, number>>): Partial<L> {
  const out: Partial<L> = {};
  for (const key of Object.keys(defaults) as Array<keyof L>) {
    const max = maxima[key];
    if (max !== undefined) out[key] = { ...defaults[key], max };
  }
  return out;
}
