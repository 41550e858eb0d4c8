import { ADMIN_USERS_DEFAULT_LIMIT, AccountRoutes, AdminUsersQuery, NoQuery, Id, StrictObject, UserDetailsResponse, UserListResponse } from '@pharmacy/contracts';
import { notFound, ok, okList, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { SessionKit } from '../sessions/guard';
import { toPublicUser, type Users } from '../users/store';
import { userNameFilter } from './search';
import { listedUser, staffUser } from '../health/restriction';

const tags = ['admin'];
/** Everything but the hash: the database never even sends it for these lists. */
const noHash = { passwordHash: 0 } as const;

/** Staff views of users (the Users screen of docs/product.md#admin-panel). */
export const adminUserRoutes: FastifyPluginAsyncTypebox<{ users: Users; kit: SessionKit }> = async (app, { users, kit }) => {
  app.get(
    AccountRoutes.admin.users.path,
    {
      onRequest: kit.staffFor(AccountRoutes.admin.users),
      schema: { tags, summary: 'Users newest first, a page at a time, found by name', querystring: AdminUsersQuery, response: responses(UserListResponse) },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { q, page = 1, limit = ADMIN_USERS_DEFAULT_LIMIT } = request.query;
      const filter = userNameFilter(q);
      // The store pages them from its createdAt-then-_id index (users/store.ts); _id orders users of the same moment.
      const [found, total] = await Promise.all([
        users.find(filter, { sort: { createdAt: -1, _id: 1 }, skip: (page - 1) * limit, limit, projection: noHash }),
        users.countDocuments(filter),
      ]);
      return okList(found.map((u) => listedUser(toPublicUser(u))), { total, page, limit });
    },
  );

  app.get(
    AccountRoutes.admin.userDetails.path,
    {
      onRequest: kit.staffFor(AccountRoutes.admin.userDetails),
      schema: { tags, summary: 'One user', params: StrictObject({ id: Id }), querystring: NoQuery, response: responses(UserDetailsResponse) },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await users.findOne({ _id: request.params.id }, { projection: noHash });
      if (!user) throw notFound('No user with this ID.');
      return ok(await staffUser(request, toPublicUser(user)));
    },
  );
};
