import { AccountRoutes, HealthChangesQuery, HealthChangesResponse, Id, StrictObject } from '@pharmacy/contracts';
import { ok, requireInternal, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import { toHealthChange, type HealthHistory } from './store';
import type { HealthOutbox } from './outbox';

/**
 * Checkout asks, for the pharmacist reviewing an order, what changed in the shopper's health profile since it was
 * placed (docs/domain.md#health-history). Checkout shows it only to roles with 'health.read' and audits the read.
 */
export const healthHistoryRoutes: FastifyPluginAsyncTypebox<{ healthHistory: HealthHistory; health: HealthOutbox; internalToken: string }> = async (
  app,
  { healthHistory, health, internalToken },
) => {
  app.get(
    AccountRoutes.internal.healthChanges.path,
    { onRequest: requireInternal(internalToken), schema: { hide: true, params: StrictObject({ id: Id }), querystring: HealthChangesQuery, response: responses(HealthChangesResponse) } },
    async (request) => {
      const since = new Date(request.query.since);
      // A change a stop left on the user is in the history before the pharmacist reads it.
      await health.settle(request.params.id);
      const found = await healthHistory.find({ userId: request.params.id, at: { $gte: since } }, { sort: { at: 1, _id: 1 }, limit: 200 });
      return ok({ changes: found.map(toHealthChange) });
    },
  );
};
