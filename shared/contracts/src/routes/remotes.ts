// The gateway's own routes about remotes (docs/api.md#remote-registry, docs/api.md#remote-reports): the registry as
// the admin view calls it, and what pages report. The schemas are in remote-registry.ts (for the gateway); only
// their types are read here, so the browser bundles no TypeBox.
import type { RemoteAbortBody, RemoteCanaryBody, RemoteChangeResponse, RemoteDeployBody, RemoteListResponse, RemoteReportBatch } from '../remote-registry';
import { route } from './route';

export const RemoteRegistryRoutes = {
  list: route<RemoteListResponse>()('GET', '/api/admin/remotes'),
  deploy: route<RemoteChangeResponse, RemoteDeployBody>()('PUT', '/api/admin/remotes/:name'),
  rollback: route<RemoteChangeResponse>()('POST', '/api/admin/remotes/:name/rollback'),
  canary: route<RemoteChangeResponse, RemoteCanaryBody>()('POST', '/api/admin/remotes/:name/canary'),
  promote: route<RemoteChangeResponse>()('POST', '/api/admin/remotes/:name/promote'),
  abort: route<RemoteChangeResponse, RemoteAbortBody>()('POST', '/api/admin/remotes/:name/abort'),
};

export const RemoteRoutes = {
  /** What a page saw of the remotes it used: answered 204, no body. */
  reports: route<undefined, RemoteReportBatch>()('POST', '/api/remotes/reports'),
} as const;
