import { AccountRoutes, Id, MAILBOX_PAGE_SIZE, KeptMailResponse, KeptMailsResponse, NoQuery, StrictObject, type KeptMail } from '@pharmacy/contracts';
import type { Collection } from '@pharmacy/db';
import { notFound, ok, requireInternal, responses, type FastifyPluginAsyncTypebox, type OutboxDoc } from '@pharmacy/service-kit';


const kept = (m: OutboxDoc): KeptMail => ({ _id: m._id, to: m.to, subject: m.subject, text: m.text, createdAt: new Date(m.createdAt).toISOString() });

/**
 * The outbox for the dev mailbox (docs/operations.md#dev-mailbox): internal routes (internal token), registered only
 * where mail is kept (no SMTP_URL, not production). Only the gateway shows them, as a page, to its own machine: the
 * account service never serves the mailbox on its own port.
 */
export const outboxRoutes: FastifyPluginAsyncTypebox<{ outbox: Collection<OutboxDoc>; internalToken: string }> = async (app, { outbox, internalToken }) => {
  app.get(
    AccountRoutes.internal.keptMails.path,
    { onRequest: requireInternal(internalToken), schema: { hide: true, querystring: NoQuery, response: responses(KeptMailsResponse) } },
    async () => ok({ mails: (await outbox.find({}, { sort: { createdAt: -1 }, limit: MAILBOX_PAGE_SIZE })).map(kept) }),
  );

  app.get(
    AccountRoutes.internal.keptMail.path,
    {
      onRequest: requireInternal(internalToken),
      schema: { hide: true, params: StrictObject({ id: Id }), querystring: NoQuery, response: responses(KeptMailResponse) },
    },
    async (request) => {
      const mail = await outbox.findOne({ _id: request.params.id });
      if (!mail) throw notFound('That mail is not in the outbox.');
      return ok(kept(mail));
    },
  );
};
