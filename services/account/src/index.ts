import { DEV_MAILBOX_PATH } from '@pharmacy/contracts';
import { openStore } from '@pharmacy/db';
import { createMailer, devMailboxOn, withMaxima, type KitConfig, type OpenService } from '@pharmacy/service-kit';
import { buildAccountService } from './plugin';
import { AUDIT_TRAIL } from './audit/store';
import { openOutbox } from './mailbox/store';
import { serviceEraser } from './clients/erasers';
import { createPasswordHasher } from './users/passwords';
import { openUsers } from './users/store';
import { ensureDemoUsers } from './users/demo';
import { DEFAULT_ATTEMPT_LIMITS, DEFAULT_RATE_LIMITS, type AccountAttemptLimits } from './deps';

export { buildAccountService, type AccountControls } from './plugin';
export { serviceEraser, type PersonalDataEraser } from './clients/erasers';
export { DEFAULT_ATTEMPT_LIMITS, DEFAULT_RATE_LIMITS, type AccountAttemptLimits, type AccountDeps, type RateLimits } from './deps';
export { toPublicUser, type UserDoc } from './users/store';

function attemptLimitsFrom(config: KitConfig['account']): Partial<AccountAttemptLimits> {
  const out: Partial<AccountAttemptLimits> = {};
  if (config.loginFailuresPerAccount !== undefined) out.loginFailures = { ...DEFAULT_ATTEMPT_LIMITS.loginFailures, max: config.loginFailuresPerAccount };
  if (config.loginFailuresPerMinute !== undefined) out.shopLoginFailures = { ...DEFAULT_ATTEMPT_LIMITS.shopLoginFailures, max: config.loginFailuresPerMinute };
  if (config.resetMailsPerAccount !== undefined) out.resetMails = { ...DEFAULT_ATTEMPT_LIMITS.resetMails, max: config.resetMailsPerAccount };
  return out;
}

/**
 * Opens the account service: its store (users, sessions, reset tokens, tickets, outbox), the mailer
 * (SMTP when SMTP_URL is set, else the outbox) and, outside production, the demo users.
 */
export const openAccountService: OpenService = async (ctx) => {
  if (!ctx.privateKey) throw new Error('The account service needs the token signing key (JWT_PRIVATE_KEY or DATA_DIR/keys).');
  // An audit entry is acknowledged as a staff write is: majority and journaled on MongoDB (docs/architecture.md#audit-trail).
  const store = await openStore({
    name: 'account', dataDir: ctx.config.dataDir, mongoUrl: ctx.config.mongoUrl, critical: [AUDIT_TRAIL], log: ctx.log, durable: ctx.config.durableWrites,
  });
  try {
    const production = ctx.config.production;
    // Each kept mail's log line links to it in the dev mailbox, which the gateway serves at the public origin.
    const mailboxUrl = devMailboxOn({ production, smtp: Boolean(ctx.config.smtpUrl) }) ? `${ctx.config.publicOrigin}${DEV_MAILBOX_PATH}` : undefined;
    const mailer = createMailer({
      smtpUrl: ctx.config.smtpUrl,
      outbox: openOutbox(store),
      mailboxUrl,
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
      audit: ctx.audit,
      publicOrigin: ctx.config.publicOrigin,
      production,
      // RATE_LIMIT_*: only the max, never the window.
      rateLimits: withMaxima(DEFAULT_RATE_LIMITS, ctx.config.account.rateLimits),
      attemptLimits: attemptLimitsFrom(ctx.config.account),
      erasers: [
        serviceEraser('checkout', { transport: ctx.peers.checkout, token: ctx.internalToken }),
        serviceEraser('catalog', { transport: ctx.peers.catalog, token: ctx.internalToken }),
      ],
      erasureRetryMs: ctx.config.account.erasureRetryMs,
      market: ctx.config.market,
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
