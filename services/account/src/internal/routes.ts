import { Id, NoQuery, RevocationFeedResponse, RevocationQuery, SafetyProfileResponse, StrictObject } from '@pharmacy/contracts';
import { notFound, ok, requireInternal, responses, REVOCATIONS_PATH, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { AccountContext } from '../deps';

/**
 * Service-to-service reads (internal token only; the gateway never proxies /internal). Checkout applies the
 * safety rules (allergies, contraindications, minimum age) with the stored profile, never with what a
 * browser claims.
 */
export const internalRoutes: FastifyPluginAsyncTypebox<Pick<AccountContext, 'users' | 'revocations'> & { internalToken: string }> = async (
  app,
  { users, revocations, internalToken },
) => {
  app.get(
    '/internal/account/users/:id/safety-profile',
    {
      onRequest: requireInternal(internalToken),
      schema: {
        hide: true,
        params: StrictObject({ id: Id }),
        querystring: NoQuery,
        response: responses(SafetyProfileResponse),
      },
    },
    async (request) => {
      const user = await users.findOne({ _id: request.params.id }, { projection: { allergies: 1, healthConditions: 1, DOB: 1 } });
      if (!user) throw notFound('No user with this ID.');
      return ok({ allergies: user.allergies ?? [], healthConditions: user.healthConditions ?? [], DOB: user.DOB ?? null });
    },
  );

  app.get(
    REVOCATIONS_PATH,
    {
      onRequest: requireInternal(internalToken),
      // Every service asks about once a second: only failures belong in the log.
      logLevel: 'warn',
      schema: { hide: true, querystring: RevocationQuery, response: responses(RevocationFeedResponse) },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await revocations.feed(Number(request.query.since ?? 0)));
    },
  );
};
