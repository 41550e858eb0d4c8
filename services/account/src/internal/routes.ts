import { ErrorEnvelope, Id, NoQuery, SafetyProfileResponse, StrictObject } from '@pharmacy/contracts';
import { notFound, requireInternal, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
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
  };
