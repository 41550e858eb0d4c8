import type { DocumentStore } from '@pharmacy/db';
import { openLimits, StoreLimiter } from './store-limiter';

/** A limit per key: at most `max` in a window of `windowMs` that starts with the key's first point. */
export interface AttemptLimit {
  max: number;
  windowMs: number;
}

/** The account service's counters (docs/api.md#sign-in-limits); each keyed as its comment says. */
export interface AccountLimiters {
  /** Wrong passwords per account (normalised email, whether or not it exists) from devices it does not know. */
  accountFailures: StoreLimiter;
  /** Wrong passwords per device the account knows (`device:<id>`) or per signed-in session (`session:<sid>`). */
  deviceFailures: StoreLimiter;
  /** Failed sign-ins from unknown devices across the shop (`all`); past the limit, the challenge turns on. */
  shopFailures: StoreLimiter;
  /** Set (`all`) while sign-ins from unknown devices need the proof-of-work check. */
  challengeOn: StoreLimiter;
  /** Reset links mailed per email address. */
  resetMails: StoreLimiter;
}

export interface LimiterSettings {
  loginFailures: AttemptLimit;
  shopLoginFailures: AttemptLimit;
  resetMails: AttemptLimit;
}

const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));

/**
 * Every limiter over the account store's `limits` collection: counts survive a restart and, on MongoDB, are shared
 * by every process serving the account API.
 */
export async function openLimiters(store: DocumentStore, settings: LimiterSettings, now: () => Date): Promise<AccountLimiters> {
  const limits = await openLimits(store);
  const limiter = (keyPrefix: string, limit: AttemptLimit) =>
    new StoreLimiter(limits, { keyPrefix, points: limit.max, duration: seconds(limit.windowMs) }, now);
  return {
    accountFailures: limiter('login-account', settings.loginFailures),
    deviceFailures: limiter('login-device', settings.loginFailures),
    shopFailures: limiter('login-shop', settings.shopLoginFailures),
    challengeOn: limiter('login-challenge', { max: 0, windowMs: 1000 }),
    resetMails: limiter('reset-mail', settings.resetMails),
  };
}
