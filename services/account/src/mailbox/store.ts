import type { Collection, DocumentStore } from '@pharmacy/db';
import type { OutboxDoc } from '@pharmacy/service-kit';

/** The mail kept instead of sent (no SMTP_URL): the mailer writes it, the dev mailbox reads it, erasure removes it. */
export function openOutbox(store: DocumentStore): Collection<OutboxDoc> {
  return store.collection<OutboxDoc>('outbox');
}
