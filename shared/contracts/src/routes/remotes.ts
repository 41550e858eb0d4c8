// The gateway's own routes about remotes that pages call (docs/api.md#remote-reports). The registry's routes are
// called by the deploy CLI and the admin remote, with the schemas in remote-registry.ts.
import type { RemoteReportBatch } from '../remote-registry';
import { route } from './route';

export const RemoteRoutes = {
  /** What a page saw of the remotes it used: answered 204, no body. */
  reports: route<undefined, RemoteReportBatch>()('POST', '/api/remotes/reports'),
} as const;
