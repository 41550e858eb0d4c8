import { ErrorEnvelope, Id, NoQuery, RevocationFeedResponse, RevocationQuery, SafetyProfileResponse, StrictObject } from '@pharmacy/contracts';
import { REVOCATIONS_PATH, notFound, requireInternal, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { AccountContext } from '../context';

/**
 * Service-to-service reads (internal token only; the gateway never proxies /internal). Checkout applies the
 * safety rules (allergies, contraindications, minimum age) with the stored profile, never with what a
 * browser claims.
 */
export const internalRoutes =
  (ctx: AccountContext, internalToken: string): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/internal/account/users/:id/safety-profile',
      {
        onRequest: requireInternal(internalToken),
        schema: {
          hide: true,
          params: StrictObject({ id: Id }),
          querystring: NoQuery,
          response: { 200: SafetyProfileResponse, 403: ErrorEnvelope, 404: ErrorEnvelope },
        },
      },
      async (request) => {
        const user = await ctx.users.findOne({ _id: request.params.id }, { projection: { allergies: 1, healthConditions: 1, DOB: 1 } });
        if (!user) throw notFound('No user with this ID.');
        return {
          success: true as const,
          data: { allergies: user.allergies ?? [], healthConditions: user.healthConditions ?? [], DOB: user.DOB ?? null },
        };
      },
    );

    app.get(
      REVOCATIONS_PATH,
      {
        onRequest: requireInternal(internalToken),
        // Every service asks about once a second: only failures belong in the log.
        logLevel: 'warn',
        schema: { hide: true, querystring: RevocationQuery, response: { 200: RevocationFeedResponse, 403: ErrorEnvelope } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { success: true as const, data: await ctx.revocations.feed(Number(request.query.since ?? 0)) };
      },
    );
  };
