import type { Collection, Doc, DocumentStore } from '@pharmacy/db';

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

export async function openTickets(store: DocumentStore): Promise<Collection<TicketDoc>> {
  const tickets = store.collection<TicketDoc>('tickets');
  await tickets.createIndex({ userId: 1, createdAt: -1 }, { name: 'user_createdAt' });
  return tickets;
}
