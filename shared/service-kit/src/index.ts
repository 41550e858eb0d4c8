export { createApp, DEFAULT_BODY_LIMIT, type App, type CreateAppOptions, type RateLimit } from './app';
export {
  loadConfig,
  readEnv,
  allowedValues,
  ConfigError,
  ENV_SCHEMA,
  GATEWAY_MODES,
  LOG_LEVELS,
  type AccountRateLimitOverrides,
  type ConfigProblem,
  type EnvName,
  type EnvValues,
  type Environment,
  type GatewayMode,
  type KitConfig,
} from './config';
export { normalizeOrigin, parseOriginList } from './origins';
export { ensureKeys, loadKeys, loadInternalToken, findInternalToken, generateTestKeys, type SigningKeys } from './keys';
export * from './errors';
export { ok, okList, failure, responses } from './envelope';
export { sendCached } from './cached-body';
export { failureLogged } from './plugins/request-log';
export { escapeHtml, escapePattern, literalMatch } from './text';
export { limitsPer, withMaxima, type RateLimitsOf, type ServiceDeps } from './service-deps';
export { requireUser, requireAdmin, requirePermission, requireStaffFor, optionalUser, assertSelf, assertBodyUser, TOKEN_ALGORITHM, type AccessClaims, type StaffActor } from './plugins/auth';
export { createMailer, keptMailId, type Mail, type Mailer, type OutboxDoc } from './mail';
export { sameSiteOnly, CROSS_SITE_REFUSED } from './plugins/csrf';
export { assertDevMailboxPrivate, devMailboxOn, fromThisMachine, isLoopbackAddress, isLoopbackHost } from './dev-mailbox';
export { devMailboxPages } from './dev-mailbox-pages';
export { textWithLinks } from './dev-mailbox-page';
export {
  requireInternal,
  createServiceClient,
  createRouteClient,
  type RouteClient,
  httpTransport,
  injectTransport,
  internalRoutesInProcessOnly,
  isInProcessServiceCall,
  transportOf,
  INTERNAL_HEADER,
  type Injectable,
  type InternalRequest,
  type InternalResponse,
  type PeerOptions,
  type ServiceClient,
  type ServiceClientOptions,
  type ServiceTransport,
} from './internal';
export { readSafetyProfile, accountSafetyProfiles, type SafetyProfileSource } from './account-client';
export type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
export { createAccessTokenSigner, ACCESS_TOKEN_TTL_SECONDS, REFRESH_TTL_SECONDS, REVOCATION_KEEP_MS } from './tokens';
export { startOrExit, type StartupOutput } from './startup';
export {
  runService,
  injectFetch,
  serviceUrlsFor,
  httpPeers,
  inProcessPeers,
  followAccountRevocations,
  type ServiceContext,
  type ServiceHandle,
  type OpenService,
  type ServicePeers,
} from './service';
export {
  RevocationList,
  followRevocations,
  REVOCATIONS_PATH,
  DEFAULT_REVOCATION_POLL_MS,
  type RevocationFollower,
  type RevocationFollowerOptions,
} from './revocation';
export { auditPlugin, changedBy, memoryAuditSink, type ChangedBy, type AuditActor, type AuditChange, type AuditEntryInput, type AuditSink } from './audit';
export {
  AUDIT_OUTBOX, DEFAULT_AUDIT_RETRY_MS, accountAuditDelivery, auditEntryBody, outboxAuditSink, serviceAuditSink, type AuditOutboxDoc, type OutboxAuditSink,
} from './audit/outbox';
export { toCsv, csvStream } from './csv';
export { sniffFileType, sniffImageType, type SniffedType } from './magic';
