import type { Market } from '@pharmacy/contracts';
import { limitsPer, type Mailer, type RateLimitsOf, type ServiceDeps } from '@pharmacy/service-kit';
import type { PersonalDataEraser } from './clients/erasers';
import type { AttemptLimit } from './throttle/limits';
import type { ChallengeWork } from './auth/challenge';
import type { HeadLogOptions } from './audit/head-log';

/** Per-route limits (per signed-in user, else per client address); RATE_LIMIT_* set their max, tests raise them. */
export const DEFAULT_RATE_LIMITS = {
  // passwordCheck: the routes that check the current password (change password, delete account).
  ...limitsPer('1 minute', { login: 10, register: 5, passwordCheck: 10 }),
  ...limitsPer('15 minutes', { forgotPassword: 5, resetPassword: 10 }),
  ...limitsPer('1 hour', { tickets: 10 }),
};
export type RateLimits = RateLimitsOf<typeof DEFAULT_RATE_LIMITS>;

/**
 * Limits across every client address: what a per-address limit cannot stop when guesses come from many addresses
 * (docs/api.md#sign-in-limits). Per account by normalised email, whether or not an account exists, so the answers
 * do not tell.
 */
export const DEFAULT_ATTEMPT_LIMITS = {
  /**
   * Wrong passwords per account from devices it does not know; the same limit applies per device it knows and per
   * signed-in session (the current password asked for by account changes).
   */
  loginFailures: { max: 10, windowMs: 15 * 60_000 },
  /** Failed sign-ins from unknown devices across the shop in a minute; past it, they need the proof-of-work check. */
  shopLoginFailures: { max: 30, windowMs: 60_000 },
  /** Reset links mailed. */
  resetMails: { max: 3, windowMs: 60 * 60_000 },
} satisfies Record<string, AttemptLimit>;
export type AccountAttemptLimits = Record<keyof typeof DEFAULT_ATTEMPT_LIMITS, AttemptLimit>;

/** What buildAccountService needs; tests pass an in-memory store, a test key and an outbox or SMTP mailer. */
export interface AccountDeps extends ServiceDeps<RateLimits> {
  /** Ed25519 private key (PEM) that signs access tokens. */
  privateKey: string;
  mailer: Mailer;
  /** Origin used in links sent by mail, e.g. http://localhost:5000. */
  publicOrigin: string;
  /** Production refuses demo accounts. */
  production?: boolean;
  /** Secure cookies (default: production). */
  secureCookies?: boolean;
  attemptLimits?: Partial<AccountAttemptLimits>;
  /** How hard the sign-in check is (lowered in tests). */
  challengeWork?: Partial<ChallengeWork>;
  /** Clock for expiry decisions (tests move it forward). */
  now?: () => Date;
  /** argon2 cost; lowered in tests only. */
  passwordCost?: { memoryCost?: number; timeCost?: number };
  accessTokenTtlSeconds?: number;
  /** The other services' part of deleting an account (checkout, catalog); none in tests that do not need them. */
  erasers?: PersonalDataEraser[];
  /** How often unconfirmed erasures are retried (default 30 s; 0 turns the timer off, tests retry by hand). */
  erasureRetryMs?: number;
  /** The market (MARKET): its phone rule checks the profile's phone; default GB. */
  market?: Market;
  /** How often the audit trail's head is logged (default: every 100 entries, or 5 minutes after one). */
  auditHeadLog?: Partial<HeadLogOptions>;
}
