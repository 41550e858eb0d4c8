import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AccountRoutes, DEV_MAILBOX_PATH, Id, MAILBOX_PAGE_SIZE, NoQuery, StrictObject } from '@pharmacy/contracts';
import { fromThisMachine } from './dev-mailbox';
import { mailPage, mailboxPage, missingMailPage } from './dev-mailbox-page';
import { HttpError } from './errors';
import { createRouteClient, type PeerOptions } from './internal';

/** Whatever it shows stays out of caches, search engines and other sites' Referer headers. */
function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(body);
}

/** Anyone but this machine meets the 404 of a page that does not exist (docs/operations.md#dev-mailbox). */
async function thisMachineOnly(request: FastifyRequest, reply: FastifyReply) {
  if (fromThisMachine(request)) return;
  reply.callNotFound();
  return reply;
}

/**
 * The dev mailbox, server-rendered: the list and each mail, read from the account service's internal outbox routes
 * (in process in embedded mode, over HTTP in distributed mode). The gateway registers it where mail is kept (no
 * SMTP_URL, not production), so it is served in one place only, on the shop's own port, and answers requests whose
 * socket is this machine's and that no proxy relayed. Hidden from the API document: it is a page, not the API.
 */
export const devMailboxPages: FastifyPluginAsyncTypebox<PeerOptions & { token: string }> = async (app, peer) => {
  const call = createRouteClient(peer);

  app.get(DEV_MAILBOX_PATH, { onRequest: thisMachineOnly, schema: { hide: true, querystring: NoQuery } }, async (_request, reply) => {
    const { mails } = await call(AccountRoutes.internal.keptMails);
    return html(reply, 200, mailboxPage(mails, DEV_MAILBOX_PATH, MAILBOX_PAGE_SIZE));
  });

  app.get(
    `${DEV_MAILBOX_PATH}/:id`,
    { onRequest: thisMachineOnly, schema: { hide: true, params: StrictObject({ id: Id }), querystring: NoQuery } },
    async (request, reply) => {
      try {
        return html(reply, 200, mailPage(await call(AccountRoutes.internal.keptMail, { params: { id: request.params.id } }), DEV_MAILBOX_PATH));
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 404) return html(reply, 404, missingMailPage(DEV_MAILBOX_PATH));
        throw err;
      }
    },
  );
};
