import { randomUUID } from 'node:crypto';
import type { Static, TSchema } from '@sinclair/typebox';
import {
  ACCOUNT_LIMITS,
  AccountRoutes,
  NeedHelpBody,
  SuggestIdeaBody,
  TicketResponse,
  textProblem,
} from '@pharmacy/contracts';
import { badRequest, ok, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { Collection } from '@pharmacy/db';
import type { RateLimits } from '../deps';
import type { SessionKit } from '../sessions/guard';
import type { TicketDoc } from './store';

const tags = ['account'];
const ORDER_ID_RE = /^[A-Za-z0-9_-]+$/;

export interface TicketRoutesDeps {
  tickets: Collection<TicketDoc>;
  kit: SessionKit;
  limits: Pick<RateLimits, 'tickets'>;
  now: () => Date;
}

/** Need help and suggest an idea (docs/api.md#account): tickets for the support team. */
export const ticketRoutes: FastifyPluginAsyncTypebox<TicketRoutesDeps> = async (app, { tickets, kit, limits, now }) => {

  const check = (problem: string | null) => {
    if (problem) throw badRequest(problem);
  };

  /** Both forms file a ticket alike: signed in, rate limited, read and checked, kept with who sent it and when. */
  function ticketRoute<B extends TSchema>(
    path: string,
    summary: string,
    body: B,
    thanks: string,
    read: (body: Static<B>) => Pick<TicketDoc, 'kind' | 'subject' | 'message' | 'orderId'>,
  ) {
    app.post(
      path,
      { onRequest: kit.signedIn, config: { rateLimit: limits.tickets }, schema: { tags, summary, body, response: responses(TicketResponse, 201) } },
      async (request, reply) => {
        const { user } = kit.current(request);
        const doc: TicketDoc = { _id: randomUUID(), ...read(request.body as Static<B>), userId: user._id, email: user.email, createdAt: now() };
        await tickets.insertOne(doc);
        return reply.status(201).send(ok({ _id: doc._id, kind: doc.kind, createdAt: doc.createdAt.toISOString() }, thanks));
      },
    );
  }

  ticketRoute(
    AccountRoutes.tickets.needHelp.path,
    'Ask the pharmacy team for help',
    NeedHelpBody,
    'Thanks, we have your request. Our team will reply by email within one working day.',
    ({ subject, message, orderId: given }) => {
      const orderId = given?.trim() || null;
      check(textProblem(subject, 'Subject', ACCOUNT_LIMITS.subjectMax, 3));
      check(textProblem(message, 'Message', ACCOUNT_LIMITS.messageMax, 10));
      if (orderId && (orderId.length > ACCOUNT_LIMITS.orderIdMax || !ORDER_ID_RE.test(orderId))) {
        throw badRequest('The order number is not valid. Copy it from My orders, or leave it empty.');
      }
      return { kind: 'help', subject: subject.trim(), message: message.trim(), orderId };
    },
  );

  ticketRoute(AccountRoutes.tickets.suggestIdea.path, 'Suggest an idea', SuggestIdeaBody, 'Thank you for your idea! We read every suggestion.', ({ title, description }) => {
    check(textProblem(title, 'Title', ACCOUNT_LIMITS.ideaTitleMax, 3));
    check(textProblem(description, 'Description', ACCOUNT_LIMITS.ideaDescriptionMax, 10));
    return { kind: 'idea', subject: title.trim(), message: description.trim(), orderId: null };
  });
};
