// Schemas and types of the gateway's remote registry (docs/api.md#remote-registry): what is live, its history,
// and a deployment. The constants it rests on (REMOTE_EXPOSES, REMOTE_ACTIONS, ...) are in remotes.ts, which the
// browser bundles; these schemas are for the gateway and the deploy CLI's callers.
import { Type, type Static } from '@sinclair/typebox';
import { Ok, OkList, OneOf, StrictObject } from './envelope';
import {
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

/** One remote as live now. `origin` is null for a build served by the gateway itself (a path under /mfe/). */
export const RemoteDeployment = StrictObject({
  name: RemoteNameSchema,
  manifestUrl: Type.String(),
  origin: Type.Union([Type.String(), Type.Null()]),
  version: Type.Union([Type.String(), Type.Null()]),
  buildInfo: RemoteBuildInfo,
  deployedAt: Type.String({ format: 'date-time' }),
  deployedBy: Type.String(),
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
