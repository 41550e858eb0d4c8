import { ErrorEnvelope, NoQuery, Id, StrictObject, UserDetailsResponse, UserListResponse } from '@pharmacy/contracts';
import { notFound, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { AccountContext } from '../context';
import { toPublicUser } from '../users/store';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };
const tags = ['admin'];
/** Everything but the hash: the database never even sends it for these lists. */
const noHash = { passwordHash: 0 } as const;

/** Staff views of users (the Users screen of docs/product.md#admin-panel). */
export const adminUserRoutes =
  (ctx: AccountContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/api/admin/users/get',
      { onRequest: ctx.kit.adminOnly, schema: { tags, summary: 'All users, newest first', querystring: NoQuery, response: { 200: UserListResponse, ...errors } } },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        const users = await ctx.users.find({}, { sort: { createdAt: -1 }, projection: noHash });
        return { success: true as const, data: users.map(toPublicUser) };
      },
    );

    app.get(
      '/api/admin/users/details/:id',
      {
        onRequest: ctx.kit.adminOnly,
        schema: { tags, summary: 'One user', params: StrictObject({ id: Id }), querystring: NoQuery, response: { 200: UserDetailsResponse, ...errors } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const user = await ctx.users.findOne({ _id: request.params.id }, { projection: noHash });
        if (!user) throw notFound('No user with this ID.');
        return { success: true as const, data: toPublicUser(user) };
      },
    );
  };
