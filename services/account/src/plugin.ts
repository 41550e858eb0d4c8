import type { FastifyInstance } from 'fastify';
import { runMigrations } from '@pharmacy/db';
import { DEFAULT_MARKET_CODE, DEV_MAILBOX_PATH, marketFor } from '@pharmacy/contracts';
import { ACCESS_TOKEN_TTL_SECONDS, auditPlugin, devMailboxOn, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import { DEFAULT_ATTEMPT_LIMITS, DEFAULT_RATE_LIMITS, type AccountDeps } from './deps';
import { authRoutes } from './auth/routes';
import { recoveryRoutes } from './recovery/routes';
import { profileRoutes } from './profile/routes';
import { ticketRoutes } from './tickets/routes';
import { adminUserRoutes } from './admin/routes';
import { staffRoleRoutes } from './admin/staff-roles';
import { accountMigrations } from './migrations';
import { internalRoutes } from './internal/routes';
import { outboxRoutes } from './mailbox/routes';
import { createPasswordHasher } from './users/passwords';
import { openUsers } from './users/store';
import { openSessions } from './sessions/store';
import { createSessionKit } from './sessions/guard';
import { openRevocations } from './sessions/revocations-store';
import { createErasure, DEFAULT_ERASURE_RETRY_MS } from './erasure/service';
import { openErasures } from './erasure/store';
import { openOutbox } from './mailbox/store';
import { openResetTokens } from './recovery/store';
import { openTickets } from './tickets/store';
import { responsiblePharmacistRoutes } from './responsible/routes';
import { openDutyRecord } from './responsible/store';
import { openHealthHistory } from './health/store';
import { healthHistoryRoutes } from './health/routes';
import { createHealthOutbox } from './health/outbox';
import { openLimiters } from './throttle/limits';
import { createDevices } from './auth/devices';
import { createPasswordChecks } from './auth/password-check';
import { openSentNotifications } from './internal/store';
import { DEFAULT_CHALLENGE_WORK, openChallenges } from './auth/challenge';
import { auditRoutes } from './audit/routes';
import { createAuditTrail } from './audit/service';
import { openAuditTrailStore } from './audit/store';
import { createHeadLog, DEFAULT_HEAD_LOG } from './audit/head-log';

/**
 * `POST /api/auth/logout` and `/refresh` carry no body, and browsers' fetch wrappers often still send
 * `content-type: application/json`; inside this plugin only, an empty JSON body is "no body" instead of
 * a 400. Non-empty bodies go through Fastify's own parser (prototype-poisoning protection included).
 */
function acceptEmptyJson(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, undefined);
    return parse(request, body as string, done);
  });
}

/** Handles a test (or an operator's tool) can hold: retry every unfinished account erasure now. */
export interface AccountControls {
  retryErasures(): Promise<number>;
}

/** The account service's routes as one encapsulated Fastify plugin (full /api/... paths). */
export function buildAccountService(deps: AccountDeps, controls?: { onReady?: (c: AccountControls) => void }): FastifyPluginAsyncTypebox {
  return async (app) => {
    // The one audit trail is kept here; this service's own staff routes append to it directly, unless a test
    // passes its own sink to read what a route recorded (docs/architecture.md#audit-trail).
    // Its head is logged as it grows: the anchor kept outside the trail (docs/operations.md#audit-trail).
    const headLog = createHeadLog(app.log, { ...DEFAULT_HEAD_LOG, ...deps.auditHeadLog });
    const trail = createAuditTrail(await openAuditTrailStore(deps.store), { onAppended: headLog.appended });
    app.addHook('onReady', async () => headLog.start(await trail.head()));
    app.addHook('onClose', async () => headLog.stop());
    await app.register(auditPlugin, { sink: deps.audit ?? trail, service: 'account' });
    const now = deps.now ?? (() => new Date());
    const production = deps.production ?? false;
    const hasher = createPasswordHasher(deps.passwordCost);
    const market = deps.market ?? marketFor(DEFAULT_MARKET_CODE);
    const limits = { ...DEFAULT_RATE_LIMITS, ...deps.rateLimits };
    const publicOrigin = deps.publicOrigin.replace(/\/$/, '');
    const users = await openUsers(deps.store);
    const migrated = await runMigrations(deps.store, accountMigrations);
    if (migrated.applied.length > 0) app.log.info(migrated, 'migrated the account store');
    const revocations = await openRevocations(deps.store, {
      now,
      accessTokenTtlMs: Math.max(ACCESS_TOKEN_TTL_SECONDS, deps.accessTokenTtlSeconds ?? 0) * 1000,
      local: app.revocations,
    });
    const sessions = await openSessions(deps.store, now, revocations);
    const outbox = openOutbox(deps.store);
    const tickets = await openTickets(deps.store);
    const healthHistory = await openHealthHistory(deps.store);
    const resetTokens = await openResetTokens(deps.store);
    const erasure = createErasure({
      jobs: openErasures(deps.store),
      tickets,
      resetTokens,
      healthHistory,
      outbox,
      users,
      sessions,
      revocations,
      erasers: deps.erasers ?? [],
      now,
      log: app.log,
      retryMs: deps.erasureRetryMs ?? DEFAULT_ERASURE_RETRY_MS,
    });
    app.addHook('onReady', async () => erasure.start());
    // Health profile changes a stop left on their user reach the history now (docs/domain.md#health-history).
    const health = createHealthOutbox(users, healthHistory);
    app.addHook('onReady', async () => {
      const settled = await health.settleAll().catch((err: unknown) => app.log.error({ err }, 'health history: changes left on users not moved at start'));
      if (settled) app.log.info({ users: settled }, 'health history: moved the changes a stop left on users');
    });
    app.addHook('onClose', async () => erasure.stop());
    controls?.onReady?.({ retryErasures: erasure.retryAll });
    const secureCookies = deps.secureCookies ?? production;
    const kit = createSessionKit({
      users,
      sessions,
      privateKey: deps.privateKey,
      secureCookies,
      accessTokenTtlSeconds: deps.accessTokenTtlSeconds,
    });
    const mailbox = devMailboxOn({ production, smtp: deps.mailer.kind === 'smtp' });
    const limiters = await openLimiters(deps.store, { ...DEFAULT_ATTEMPT_LIMITS, ...deps.attemptLimits }, now);
    const devices = createDevices({ privateKey: deps.privateKey, secureCookies, now });
    const challenges = await openChallenges({
      store: deps.store,
      privateKey: deps.privateKey,
      limiters,
      work: { ...DEFAULT_CHALLENGE_WORK, ...deps.challengeWork },
    });
    const passwords = createPasswordChecks({ hasher, limiters, devices, challenges });

    // Each feature is given what it uses, nothing more (docs/architecture.md#services).
    acceptEmptyJson(app as unknown as FastifyInstance);
    await app.register(authRoutes, { users, sessions, kit, hasher, passwords, devices, challenges, limits, now, production });
    await app.register(recoveryRoutes, {
      users, sessions, kit, hasher, passwords, tokens: resetTokens, limiters, limits, mailer: deps.mailer, publicOrigin,
      mailbox: mailbox ? DEV_MAILBOX_PATH : null, now,
    });
    await app.register(profileRoutes, { users, health, kit, passwords, erasure, limits, market, now });
    await app.register(ticketRoutes, { tickets, kit, limits, now });
    await app.register(adminUserRoutes, { users, kit });
    await app.register(staffRoleRoutes, { users, kit, revocations, now });
    await app.register(healthHistoryRoutes, { healthHistory, health, internalToken: deps.internalToken });
    await app.register(responsiblePharmacistRoutes, { users, record: await openDutyRecord(deps.store), internalToken: deps.internalToken, timeZone: market.timeZone, now });
    await app.register(internalRoutes, {
      users, revocations, mailer: deps.mailer, sentNotifications: openSentNotifications(deps.store), internalToken: deps.internalToken,
    });
    await app.register(auditRoutes, { trail, internalToken: deps.internalToken });
    if (mailbox) await app.register(outboxRoutes, { outbox, internalToken: deps.internalToken });
  };
}
