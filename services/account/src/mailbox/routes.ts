import { DEV_MAILBOX_PATH, Id, NoQuery, StrictObject } from '@pharmacy/contracts';
import type { Collection } from '@pharmacy/db';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox, Mailer, OutboxDoc } from '@pharmacy/service-kit';
import { mailPage, mailboxPage, missingMailPage } from './page';

/** How many mails the list shows: a long-running dev install keeps every mail, the page only the newest. */
export const MAILBOX_PAGE_SIZE = 200;

/**
 * Whether this install shows its mail at /dev/mailbox: only when mail is kept in the outbox (no SMTP_URL) and the
 * shop is not in production (the configuration's flag, read from NODE_ENV by the one config schema). The page shows
 * live reset links; in production the gateway also answers /dev/ with a 404 rather than the shop's page.
 */
export function devMailboxOn(opts: { production: boolean; mailer: Pick<Mailer, 'kind'> }): boolean {
  return !opts.production && opts.mailer.kind === 'outbox';
}

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

/**
 * The dev mailbox, server-rendered: the list and each mail. Registered only where devMailboxOn says so, so
 * anywhere else the path does not exist. Hidden from the API document: it is a page, not part of the API.
 */
export const mailboxRoutes: FastifyPluginAsyncTypebox<{ outbox: Collection<OutboxDoc> }> = async (app, { outbox }) => {
  app.get(DEV_MAILBOX_PATH, { schema: { hide: true, querystring: NoQuery } }, async (_request, reply) => {
    const mails = await outbox.find({}, { sort: { createdAt: -1 }, limit: MAILBOX_PAGE_SIZE });
    return html(reply, 200, mailboxPage(mails, DEV_MAILBOX_PATH, MAILBOX_PAGE_SIZE));
  });

  app.get(
    `${DEV_MAILBOX_PATH}/:id`,
    { schema: { hide: true, params: StrictObject({ id: Id }), querystring: NoQuery } },
    async (request, reply) => {
      const mail = await outbox.findOne({ _id: request.params.id });
      return mail ? html(reply, 200, mailPage(mail, DEV_MAILBOX_PATH)) : html(reply, 404, missingMailPage(DEV_MAILBOX_PATH));
    },
  );
};
