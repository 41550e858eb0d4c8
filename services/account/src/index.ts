import { openStore } from '@pharmacy/db';
import { createMailer, type OpenService, type OutboxDoc } from '@pharmacy/service-kit';
import { buildAccountService } from './plugin';
import { serviceEraser } from './erasure/erasers';
import { createPasswordHasher } from './users/passwords';
import { openUsers } from './users/store';
import { ensureDemoUsers } from './users/demo';
import { DEFAULT_ATTEMPT_LIMITS, DEFAULT_RATE_LIMITS, type AccountAttemptLimits, type AccountRateLimits, type RateLimit } from './context';

export { buildAccountService, type AccountControls } from './plugin';
export { serviceEraser, type PersonalDataEraser } from './erasure/erasers';
export { DEFAULT_ATTEMPT_LIMITS, DEFAULT_RATE_LIMITS, type AccountAttemptLimits, type AccountDeps, type AccountRateLimits, type RateLimit } from './context';
export { toPublicUser, type UserDoc } from './users/store';
export { REFRESH_TTL_SECONDS } from './sessions/store';

/** RATE_LIMIT_LOGIN=20 (per minute) style overrides, for load tests and browser test runs. */
function rateLimitsFromEnv(env: NodeJS.ProcessEnv): Partial<AccountRateLimits> {
  const names: Record<keyof AccountRateLimits, string> = {
    login: 'RATE_LIMIT_LOGIN',
    register: 'RATE_LIMIT_REGISTER',
    forgotPassword: 'RATE_LIMIT_FORGOT_PASSWORD',
    resetPassword: 'RATE_LIMIT_RESET_PASSWORD',
    passwordCheck: 'RATE_LIMIT_PASSWORD_CHECK',
    tickets: 'RATE_LIMIT_TICKETS',
  };
  const out: Partial<AccountRateLimits> = {};
  for (const [key, name] of Object.entries(names) as Array<[keyof AccountRateLimits, string]>) {
    const max = Number(env[name]);
    if (Number.isInteger(max) && max > 0) out[key] = { ...DEFAULT_RATE_LIMITS[key], max } satisfies RateLimit;
  }
  return out;
}

/** ERASURE_RETRY_MS: how often a deletion another service has not confirmed yet is tried again. */
function erasureRetryFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const ms = Number(env.ERASURE_RETRY_MS);
  return Number.isInteger(ms) && ms >= 1000 ? ms : undefined;
}

/** LOGIN_FAILURES_PER_ACCOUNT=10 (per 15 minutes), RESET_MAILS_PER_ACCOUNT=3 (per hour). */
function attemptLimitsFromEnv(env: NodeJS.ProcessEnv): Partial<AccountAttemptLimits> {
  const names: Record<keyof AccountAttemptLimits, string> = {
    loginFailures: 'LOGIN_FAILURES_PER_ACCOUNT',
    resetMails: 'RESET_MAILS_PER_ACCOUNT',
  };
  const out: Partial<AccountAttemptLimits> = {};
  for (const [key, name] of Object.entries(names) as Array<[keyof AccountAttemptLimits, string]>) {
    const max = Number(env[name]);
    if (Number.isInteger(max) && max > 0) out[key] = { ...DEFAULT_ATTEMPT_LIMITS[key], max };
  }
  return out;
}

/**
 * Opens the account service: its store (users, sessions, reset tokens, tickets, outbox), the mailer
 * (SMTP when SMTP_URL is set, else the outbox) and, outside production, the demo users.
 */
export const openAccountService: OpenService = async (ctx) => {
  if (!ctx.privateKey) throw new Error('The account service needs the token signing key (JWT_PRIVATE_KEY or DATA_DIR/keys).');
  const store = await openStore({ name: 'account', dataDir: ctx.config.dataDir, mongoUrl: ctx.config.mongoUrl });
  try {
    const mailer = createMailer({
      smtpUrl: ctx.config.smtpUrl,
      outbox: store.collection<OutboxDoc>('outbox'),
      log: ctx.log,
    });
    if (!ctx.config.production) {
      const hasher = createPasswordHasher();
      await ensureDemoUsers(await openUsers(store), hasher, () => new Date());
    }
    const plugin = buildAccountService({
      store,
      privateKey: ctx.privateKey,
      mailer,
      internalToken: ctx.internalToken,
      publicOrigin: ctx.config.publicOrigin,
      production: ctx.config.production,
      rateLimits: rateLimitsFromEnv(process.env),
      attemptLimits: attemptLimitsFromEnv(process.env),
      erasers: [
        serviceEraser('checkout', { baseUrl: ctx.serviceUrls.checkout, token: ctx.internalToken, fetch: ctx.fetch }),
        serviceEraser('catalog', { baseUrl: ctx.serviceUrls.catalog, token: ctx.internalToken, fetch: ctx.fetch }),
      ],
      erasureRetryMs: erasureRetryFromEnv(process.env),
    });
    return {
      name: 'account',
      register: async (app) => {
        await app.register(plugin);
      },
      close: () => store.close(),
    };
  } catch (err) {
    await store.close();
    throw err;
  }
};
