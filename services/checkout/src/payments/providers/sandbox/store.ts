import type { Collection, DocumentStore } from '@pharmacy/db';
import type { CreatePaymentInput } from '../../port';

export type SandboxStatus = 'created' | 'approved' | 'captured' | 'cancelled' | 'refunded';
/** The payment as created (the same input any provider gets), and where the shopper's decision left it. */
export interface SandboxPaymentDoc extends CreatePaymentInput {
  _id: string;
  status: SandboxStatus;
  payerId: string | null;
  captureId: string | null;
  /** Set once when the captured amount is given back; asking again returns it. */
  refundId?: string | null;
  refundedCents?: number;
  createdAt: Date;
  [key: string]: unknown;
}

/**
 * The sandbox's payments. A payment is looked up by its order at every start and by its capture at a refund: without
 * an index each was a scan of every payment ever made. `indexed` settles either way: a failed index build leaves the
 * scan (slower, same answers).
 */
export function sandboxPaymentsStore(store: DocumentStore): { payments: Collection<SandboxPaymentDoc>; indexed: Promise<void> } {
  const payments = store.collection<SandboxPaymentDoc>('sandboxPayments');
  const indexed = Promise.all([payments.createIndex({ orderId: 1 }), payments.createIndex({ captureId: 1 })]).then(
    () => undefined,
    () => undefined,
  );
  return { payments, indexed };
}
