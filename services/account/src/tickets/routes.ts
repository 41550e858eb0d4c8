import { randomUUID } from 'node:crypto';
import type { Static, TSchema } from '@sinclair/typebox';
import {
  ACCOUNT_LIMITS,
  NeedHelpBody,
  SuggestIdeaBody,
  TicketResponse,
  textProblem,
} from '@pharmacy/contracts';
import { badRequest, ok, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { AccountContext } from '../deps';
import { openTickets, type TicketDoc } from './store';

const tags = ['account'];
const ORDER_ID_RE = /^[A-Za-z0-9_-]+$/;

export const ticketRoutes: FastifyPluginAsyncTypebox<AccountContext> = async (app, ctx) => {
  const tickets = await openTickets(ctx.store);

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
      { onRequest: ctx.kit.signedIn, config: { rateLimit: ctx.limits.tickets }, schema: { tags, summary, body, response: responses(TicketResponse, 201) } },
      async (request, reply) => {
        const { user } = ctx.kit.current(request);
        const doc: TicketDoc = { _id: randomUUID(), ...read(request.body as Static<B>), userId: user._id, email: user.email, createdAt: ctx.now() };
        await tickets.insertOne(doc);
        return reply.status(201).send(ok({ _id: doc._id, kind: doc.kind, createdAt: doc.createdAt.toISOString() }, thanks));
      },
    );
  }

  ticketRoute(
    '/api/account/need-help',
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

  ticketRoute('/api/account/suggest-idea', 'Suggest an idea', SuggestIdeaBody, 'Thank you for your idea! We read every suggestion.', ({ title, description }) => {
    check(textProblem(title, 'Title', ACCOUNT_LIMITS.ideaTitleMax, 3));
    check(textProblem(description, 'Description', ACCOUNT_LIMITS.ideaDescriptionMax, 10));
    return { kind: 'idea', subject: title.trim(), message: description.trim(), orderId: null };
  });
};
