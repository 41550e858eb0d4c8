import { NoQuery, Id, StrictObject, UserDetailsResponse, UserListResponse } from '@pharmacy/contracts';
import { notFound, ok, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { AccountContext } from '../deps';
import { toPublicUser } from '../users/store';

const tags = ['admin'];
/** Everything but the hash: the database never even sends it for these lists. */
const noHash = { passwordHash: 0 } as const;

/** Staff views of users (the Users screen of docs/product.md#admin-panel). */
export const adminUserRoutes: FastifyPluginAsyncTypebox<Pick<AccountContext, 'users' | 'kit'>> = async (app, { users, kit }) => {
  app.get(
    '/api/admin/users/get',
    { onRequest: kit.adminOnly, schema: { tags, summary: 'All users, newest first', querystring: NoQuery, response: responses(UserListResponse) } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const all = await users.find({}, { sort: { createdAt: -1 }, projection: noHash });
      return ok(all.map(toPublicUser));
    },
  );

  app.get(
    '/api/admin/users/details/:id',
    {
      onRequest: kit.adminOnly,
      schema: { tags, summary: 'One user', params: StrictObject({ id: Id }), querystring: NoQuery, response: responses(UserDetailsResponse) },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await users.findOne({ _id: request.params.id }, { projection: noHash });
      if (!user) throw notFound('No user with this ID.');
      return ok(toPublicUser(user));
    },
  );
};
