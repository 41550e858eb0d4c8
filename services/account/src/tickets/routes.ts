import { randomUUID } from 'node:crypto';
import type { Doc } from '@pharmacy/db';
import {
  ACCOUNT_LIMITS,
  ErrorEnvelope,
  NeedHelpBody,
  SuggestIdeaBody,
  TicketResponse,
  textProblem,
} from '@pharmacy/contracts';
import { badRequest, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { AccountContext } from '../context';

/** A need-help request or an idea, kept for the support team with who sent it and when. */
export interface TicketDoc extends Doc {
  _id: string;
  kind: 'help' | 'idea';
  userId: string;
  email: string;
  subject: string;
  message: string;
  orderId: string | null;
  createdAt: Date;
}

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 413: ErrorEnvelope, 429: ErrorEnvelope };
const tags = ['account'];
const ORDER_ID_RE = /^[A-Za-z0-9_-]+$/;

export const ticketRoutes =
  (ctx: AccountContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tickets = ctx.store.collection<TicketDoc>('tickets');
    await tickets.createIndex({ userId: 1, createdAt: -1 }, { name: 'user_createdAt' });

    type NewTicket = Pick<TicketDoc, 'kind' | 'userId' | 'email' | 'subject' | 'message' | 'orderId'>;
    async function save(ticket: NewTicket) {
      const doc: TicketDoc = { _id: randomUUID(), ...ticket, createdAt: ctx.now() };
      await tickets.insertOne(doc);
      return { _id: doc._id, kind: doc.kind, createdAt: doc.createdAt.toISOString() };
    }
    const check = (problem: string | null) => {
      if (problem) throw badRequest(problem);
    };

    app.post(
      '/api/account/need-help',
      {
        onRequest: ctx.kit.signedIn,
        config: { rateLimit: ctx.limits.tickets },
        schema: { tags, summary: 'Ask the pharmacy team for help', body: NeedHelpBody, response: { 201: TicketResponse, ...errors } },
      },
      async (request, reply) => {
        const { user } = ctx.kit.current(request);
        const { subject, message } = request.body;
        const orderId = request.body.orderId?.trim() || null;
        check(textProblem(subject, 'Subject', ACCOUNT_LIMITS.subjectMax, 3));
        check(textProblem(message, 'Message', ACCOUNT_LIMITS.messageMax, 10));
        if (orderId && (orderId.length > ACCOUNT_LIMITS.orderIdMax || !ORDER_ID_RE.test(orderId))) {
          throw badRequest('The order number is not valid. Copy it from My orders, or leave it empty.');
        }
        const data = await save({ kind: 'help', userId: user._id, email: user.email, subject: subject.trim(), message: message.trim(), orderId });
        return reply.status(201).send({ success: true as const, data, message: 'Thanks, we have your request. Our team will reply by email within one working day.' });
      },
    );

    app.post(
      '/api/account/suggest-idea',
      {
        onRequest: ctx.kit.signedIn,
        config: { rateLimit: ctx.limits.tickets },
        schema: { tags, summary: 'Suggest an idea', body: SuggestIdeaBody, response: { 201: TicketResponse, ...errors } },
      },
      async (request, reply) => {
        const { user } = ctx.kit.current(request);
        const { title, description } = request.body;
        check(textProblem(title, 'Title', ACCOUNT_LIMITS.ideaTitleMax, 3));
        check(textProblem(description, 'Description', ACCOUNT_LIMITS.ideaDescriptionMax, 10));
        const data = await save({ kind: 'idea', userId: user._id, email: user.email, subject: title.trim(), message: description.trim(), orderId: null });
        return reply.status(201).send({ success: true as const, data, message: 'Thank you for your idea! We read every suggestion.' });
      },
    );
  };
