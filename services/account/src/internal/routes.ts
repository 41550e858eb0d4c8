import {
  AccountRoutes, Id, NoQuery, NotifyUserBody, NotifyUserResponse, RevocationFeedResponse, RevocationQuery, SafetyProfileResponse, StrictObject, USERS_BY_EMAIL_MAX, UserNameResponse,
  UsersByEmailQuery, UsersByEmailResponse,
} from '@pharmacy/contracts';
import { isDuplicateKeyError, type Collection } from '@pharmacy/db';
import { literalMatch, notFound, ok, requireInternal, responses, type FastifyPluginAsyncTypebox, type Mailer } from '@pharmacy/service-kit';
import type { Revocations } from '../sessions/revocations-store';
import type { Users } from '../users/store';
import type { SentNotificationDoc } from './store';

export interface InternalRoutesDeps {
  users: Users;
  /** Revoked sessions and users, fed to the other services. */
  revocations: Revocations;
  mailer: Mailer;
  /** Notifications already mailed, by the caller's key. */
  sentNotifications: Collection<SentNotificationDoc>;
  internalToken: string;
}

/**
 * Service-to-service calls (internal token only; the gateway never proxies /internal). Checkout and catalog apply
 * the safety rules (allergies, contraindications, minimum age) with the stored profile, never with what a
 * browser claims; checkout tells a shopper about their order through the one service that knows their email.
 */
export const internalRoutes: FastifyPluginAsyncTypebox<InternalRoutesDeps> = async (
  app,
  { users, revocations, mailer, sentNotifications, internalToken },
) => {
  app.get(
    AccountRoutes.internal.safetyProfile.path,
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

  // Checkout records the name of the member of staff who changed an order, as it is when they change it.
  app.get(
    AccountRoutes.internal.userName.path,
    { onRequest: requireInternal(internalToken), schema: { hide: true, params: StrictObject({ id: Id }), querystring: NoQuery, response: responses(UserNameResponse) } },
    async (request) => {
      const user = await users.findOne({ _id: request.params.id }, { projection: { firstName: 1, lastName: 1, email: 1 } });
      if (!user) throw notFound('No user with this ID.');
      return ok({ firstName: user.firstName ?? '', lastName: user.lastName ?? '', ...(user.email ? { email: user.email } : {}) });
    },
  );

  // Checkout's admin order search by email: emails live only here, so a deleted account's orders stop matching it.
  app.get(
    AccountRoutes.internal.usersByEmail.path,
    { onRequest: requireInternal(internalToken), schema: { hide: true, querystring: UsersByEmailQuery, response: responses(UsersByEmailResponse) } },
    async (request) => {
      const found = await users.find({ email: literalMatch(request.query.email.trim()) }, { projection: { _id: 1 }, limit: USERS_BY_EMAIL_MAX });
      return ok({ userIds: found.map((u) => u._id) });
    },
  );

  // One mail per key. The outbox keeps the key on the mail itself, in the mail's one write; SMTP keeps no mail, so the
  // key is recorded after the mail is handed over: a stop in between may send it twice, never zero times.
  app.post(
    AccountRoutes.internal.notifyUser.path,
    {
      onRequest: requireInternal(internalToken),
      schema: { hide: true, params: StrictObject({ id: Id }), querystring: NoQuery, body: NotifyUserBody, response: responses(NotifyUserResponse) },
    },
    async (request) => {
      const { subject, text, html, key } = request.body;
      // Keys recorded apart from the mail: SMTP's, and the outbox's before it kept them itself.
      if ((await mailer.hasSent(key)) || (await sentNotifications.findOne({ _id: key }))) return ok({ sent: false });
      const user = await users.findOne({ _id: request.params.id }, { projection: { email: 1 } });
      if (!user) throw notFound('No user with this ID.');
      await mailer.send({ to: user.email, subject, text, ...(html ? { html } : {}) }, { key });
      if (mailer.keepsKeys) return ok({ sent: true });
      try {
        await sentNotifications.insertOne({ _id: key, at: new Date() });
      } catch (err) {
        // Two calls with one key at once: both mailed; the record exists either way.
        if (!isDuplicateKeyError(err)) throw err;
      }
      return ok({ sent: true });
    },
  );

  app.get(
    AccountRoutes.internal.revocations.path,
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
