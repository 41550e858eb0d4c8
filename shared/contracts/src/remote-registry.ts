// Schemas and types of the gateway's remote registry (docs/api.md#remote-registry): what is live, its history,
// and a deployment. The constants it rests on (REMOTE_EXPOSES, REMOTE_ACTIONS, ...) are in remotes.ts, which the
// browser bundles; these schemas are for the gateway and the deploy CLI's callers.
import { Type, type Static } from '@sinclair/typebox';
import { Ok, OkList, OneOf, StrictObject } from './envelope';
import {
  CANARY_PERCENT_MAX,
  CANARY_PERCENT_MIN,
  REMOTE_ACTIONS,
  REMOTE_REPORT_KINDS,
  REMOTE_REPORT_PAGE_MAX,
  REMOTE_REPORT_VERSION_MAX,
  REMOTE_REPORTS_MAX,
  REMOTES,
  type RemoteName,
} from './remotes';

export const RemoteNameSchema = OneOf(Object.keys(REMOTES) as RemoteName[]);
export const RemoteNameParams = StrictObject({ name: RemoteNameSchema });

/** What a remote's mf-manifest.json says about the build (metaData.buildInfo and publicPath). */
export const RemoteBuildInfo = StrictObject({
  buildVersion: Type.Optional(Type.String()),
  buildName: Type.Optional(Type.String()),
  publicPath: Type.Optional(Type.String()),
  remoteEntry: Type.Optional(Type.String()),
});
export type RemoteBuildInfo = Static<typeof RemoteBuildInfo>;

/**
 * A canary: a build in front of `percent` % of visitors (each in or out for good, by their cohort cookie) while the
 * live build serves the rest, until it is promoted or aborted (docs/operations.md#canary-releases).
 */
export const RemoteCanary = StrictObject({
  manifestUrl: Type.String(),
  origin: Type.Union([Type.String(), Type.Null()]),
  version: Type.Union([Type.String(), Type.Null()]),
  buildInfo: RemoteBuildInfo,
  integrity: Type.Optional(Type.String()),
  broken: Type.Optional(Type.String()),
  percent: Type.Integer({ minimum: CANARY_PERCENT_MIN, maximum: CANARY_PERCENT_MAX }),
  startedAt: Type.String({ format: 'date-time' }),
  startedBy: Type.String(),
});
export type RemoteCanary = Static<typeof RemoteCanary>;

/** Page views that used one build of a remote, and errors among them, over the rollout watch's window. */
export const RemoteVersionHealth = StrictObject({
  /** The build's version tag, as pages report it (its version and a hash of its URL and entry). */
  version: Type.String(),
  views: Type.Integer({ minimum: 0 }),
  errors: Type.Integer({ minimum: 0 }),
});
export type RemoteVersionHealth = Static<typeof RemoteVersionHealth>;

/** What pages reported of the live build and the canary over the last `windowMinutes` (the watch reads the same). */
export const RemoteHealth = StrictObject({
  windowMinutes: Type.Integer({ minimum: 1 }),
  live: RemoteVersionHealth,
  canary: Type.Optional(RemoteVersionHealth),
});
export type RemoteHealth = Static<typeof RemoteHealth>;

/** One remote as live now. `origin` is null for a build served by the gateway itself (a path under /mfe/). */
export const RemoteDeployment = StrictObject({
  name: RemoteNameSchema,
  manifestUrl: Type.String(),
  origin: Type.Union([Type.String(), Type.Null()]),
  version: Type.Union([Type.String(), Type.Null()]),
  buildInfo: RemoteBuildInfo,
  deployedAt: Type.String({ format: 'date-time' }),
  deployedBy: Type.String(),
  /** `sha256-<base64>` of the build's remoteEntry.js as deployed (the gateway refuses to serve it once it differs). */
  integrity: Type.Optional(Type.String()),
  /** Why the gateway no longer serves this build (its entry changed since it was deployed): pages fall back. */
  broken: Type.Optional(Type.String()),
  /** The build in front of some visitors while this one serves the rest. */
  canary: Type.Optional(RemoteCanary),
  /** Views and errors per build over the watch's window; absent when the counts could not be read. */
  health: Type.Optional(RemoteHealth),
});
export type RemoteDeployment = Static<typeof RemoteDeployment>;

/** One change: which remote, from which manifest URL to which (from is null for the first seed), when and by whom. */
export const RemoteHistoryEntry = StrictObject({
  name: RemoteNameSchema,
  from: Type.Union([Type.String(), Type.Null()]),
  to: Type.String(),
  at: Type.String({ format: 'date-time' }),
  by: Type.String(),
  action: OneOf(REMOTE_ACTIONS),
  /** Why, where it says more than the action: an abort's reason, the error counts of an automatic one. */
  note: Type.Optional(Type.String()),
});
export type RemoteHistoryEntry = Static<typeof RemoteHistoryEntry>;

/** GET /api/admin/remotes: `data` is every remote as live now, `history` the changes, newest first. */
export const RemoteListResponse = OkList(RemoteDeployment, { history: Type.Array(RemoteHistoryEntry) });
export type RemoteListResponse = Static<typeof RemoteListResponse>;

/**
 * PUT /api/admin/remotes/{name}: the manifest of the build to make live, an absolute http(s) URL or a path on the
 * shop's own origin under /mfe/.
 */
export const RemoteDeployBody = StrictObject({
  manifestUrl: Type.String({ minLength: 1, maxLength: 2048, pattern: '^(https?://|/mfe/)' }),
});
export type RemoteDeployBody = Static<typeof RemoteDeployBody>;

/** PUT and rollback answer the entry now live and the history row just written. */
export const RemoteChangeResponse = Ok(StrictObject({ deployment: RemoteDeployment, change: RemoteHistoryEntry }));
export type RemoteChangeResponse = Static<typeof RemoteChangeResponse>;

// ---------------------------------------------------------------------------------------------------------------
// What browsers report about remotes (issue 24, docs/api.md#remote-reports)

/** One report: which remote, which build of it (its buildVersion), on which page (a route pattern), what happened. */
export const RemoteReport = StrictObject({
  remote: RemoteNameSchema,
  version: Type.String({ minLength: 1, maxLength: REMOTE_REPORT_VERSION_MAX, pattern: '^[A-Za-z0-9._+-]+$' }),
  page: Type.String({ minLength: 1, maxLength: REMOTE_REPORT_PAGE_MAX, pattern: '^/[A-Za-z0-9/_:*.-]*$' }),
  kind: OneOf(REMOTE_REPORT_KINDS),
});
export type RemoteReport = Static<typeof RemoteReport>;

/** POST /api/remotes/reports: a page's reports since it last sent them. */
export const RemoteReportBatch = StrictObject({ reports: Type.Array(RemoteReport, { minItems: 1, maxItems: REMOTE_REPORTS_MAX }) });
export type RemoteReportBatch = Static<typeof RemoteReportBatch>;
// Canary releases (issue 24)

/** POST /api/admin/remotes/{name}/canary: the build to put in front of `percent` % of visitors. */
export const RemoteCanaryBody = StrictObject({
  manifestUrl: RemoteDeployBody.properties.manifestUrl,
  percent: Type.Integer({ minimum: CANARY_PERCENT_MIN, maximum: CANARY_PERCENT_MAX }),
});
export type RemoteCanaryBody = Static<typeof RemoteCanaryBody>;

/** POST /api/admin/remotes/{name}/abort: why, for the history (optional). */
export const RemoteAbortBody = StrictObject({
  note: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
});
export type RemoteAbortBody = Static<typeof RemoteAbortBody>;
