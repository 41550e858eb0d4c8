import { REMOTE_REPORTS_MAX_BYTES, REMOTE_REPORTS_PER_MINUTE, RemoteReportBatch, RemoteRoutes, StrictObject } from '@pharmacy/contracts';
import type { FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { RemoteReportStore } from './store';

export interface RemoteReportRoutesOptions {
  store: RemoteReportStore;
  /** Requests one client may send a minute (default REMOTE_REPORTS_PER_MINUTE). */
  perMinute?: number;
}

/**
 * POST /api/remotes/reports (docs/api.md#remote-reports): what shoppers' pages saw of the remotes they used. No
 * sign-in (every visitor's page reports), so small and strict: a few well-formed reports per request, a few
 * requests a minute per client; answered 204 with nothing to read.
 */
export const remoteReportRoutes: FastifyPluginAsyncTypebox<RemoteReportRoutesOptions> = async (app, { store, perMinute }) => {
  app.post(
    RemoteRoutes.reports.path,
    {
      bodyLimit: REMOTE_REPORTS_MAX_BYTES,
      config: { rateLimit: { max: perMinute ?? REMOTE_REPORTS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: { tags: ['remotes'], querystring: StrictObject({}), body: RemoteReportBatch, response: { 204: { type: 'null' } } },
    },
    async (request, reply) => {
      await store.record(request.body.reports);
      return reply.code(204).send();
    },
  );
};
