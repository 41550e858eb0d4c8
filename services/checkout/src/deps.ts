import type { Market } from '@pharmacy/contracts';
import type { BlobStore } from '@pharmacy/db';
import { limitsPer, type RateLimitsOf, type ServiceDeps } from '@pharmacy/service-kit';
import type { AccountClient } from './clients/account';
import type { CatalogClient } from './clients/catalog';
import type { PaymentProvider } from './payments/port';
import type { EPrescriptionProvider } from './prescriptions/eprescriptions/port';

/** Per-route limits (per signed-in user, else per client address); tests and load runs lower or raise them. */
export const DEFAULT_RATE_LIMITS = limitsPer('1 minute', { cart: 120, address: 30, orderCreate: 20, orderCapture: 30, quote: 120, prescription: 20 });
export type RateLimits = RateLimitsOf<typeof DEFAULT_RATE_LIMITS>;

/** Everything the checkout plugin needs; tests pass doubles of the ports (never of the plugin itself). */
export interface CheckoutDeps extends ServiceDeps<RateLimits> {
  catalog: CatalogClient;
  account: AccountClient;
  payments: PaymentProvider;
  /** Looks up e-prescription tokens (docs/architecture.md#prescriptions); without one, a token is answered 503. */
  eprescriptions?: EPrescriptionProvider;
  /** Paper prescriptions' files: the private `prescription-files` bucket, never served by /api/media (default: memory, for tests). */
  prescriptionFiles?: BlobStore;
  /** Outside production: the demo shopper's prescriptions are seeded once the account and catalogue answer. */
  demoPrescriptions?: boolean;
  /** The shop's public origin: where providers send the shopper back (…/secure/checkout/return). */
  publicOrigin: string;
  /** More origins the shop is reached at (TRUSTED_ORIGINS): a shopper who started there returns there. */
  trustedOrigins?: string[];
  /** NODE_ENV=production: no loopback aliases of the public origin are trusted. */
  production?: boolean;
  /** SUPPLY_LIMITS_BENCH_OFF (refused in production): bench:recall's baseline, no supply limits. */
  supplyLimitsOff?: boolean;
  /** The market (MARKET): currency, tax, address and phone rules, delivery fees and area, pharmacies; default GB. */
  market?: Market;
  /** Injectable clock (expiry, history timestamps, stats). */
  now?: () => Date;
  /** How long an unpaid order holds its stock (default 30 minutes). */
  orderTtlMs?: number;
  /** How often the expiry sweeper runs (default 60 s; 0 turns the timer off). */
  sweepIntervalMs?: number;
  /** How many prescriptions the refill reminder job reads at a time (default REMINDER_PAGE_SIZE). */
  reminderPageSize?: number;
}
