import type { PaymentProviderName } from '@pharmacy/contracts';
import type { FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';

/** The PaymentProvider port (docs/architecture.md#payments): the checkout service knows nothing else about a provider. */
export interface CreatePaymentInput {
  /** Our order id: the provider's idempotency key, so a retried create never makes a second payment. */
  orderId: string;
  amountCents: number;
  currency: string;
  description: string;
  /** Where the shopper lands after approving (the provider adds its own query parameters). */
  returnUrl: string;
  /** Where the shopper lands after cancelling. */
  cancelUrl: string;
}

export interface RefundInput {
  amountCents: number;
  currency: string;
  /** Our order id: the refund's idempotency key. */
  orderId: string;
}

/**
 * What the provider says about a payment when we lost track of it (a capture whose outcome we never recorded).
 * `captured`: the money was taken; `not_captured`: it was not (and a capture can still be tried if approved).
 */
export type PaymentState = { status: 'captured'; captureId: string; payerId?: string } | { status: 'not_captured' };

export interface PaymentProvider<Name extends string = PaymentProviderName> {
  readonly name: Name;
  createPayment(input: CreatePaymentInput): Promise<{ paymentId: string; approvalURL: string }>;
  /**
   * Withdraws a payment not yet captured, found by our order id (placing could not finish, so nobody may approve
   * it any more). A payment already captured, or none at all, is left as it is.
   */
  cancelPayment(orderId: string): Promise<void>;
  /** Takes the money. Capturing an already captured payment succeeds again with the same capture. */
  capture(paymentId: string, payerId: string): Promise<{ captureId: string }>;
  /** Asks the provider for the payment's state (reconciliation); throws `unavailable`/`timeout` when it cannot tell. */
  getPayment(paymentId: string): Promise<PaymentState>;
  /**
   * Gives the whole captured amount back (a pharmacist rejected the order). Idempotent per order: asking again for
   * the same order returns the same refund and moves no more money, so a retry after a lost answer is safe.
   * Throws `unavailable`/`timeout` when the outcome is unknown, `rejected` when the provider refuses.
   */
  refund(captureId: string, input: RefundInput): Promise<{ refundId: string }>;
  /** Pages the provider serves itself (the sandbox approval page), as a plugin registered by payments/routes.ts. */
  routes?: FastifyPluginAsyncTypebox;
}

/**
 * Why a provider call failed. `declined`, `not_approved` and `rejected` are the shopper's to fix (422);
 * `unavailable` (502) and `timeout` (503) leave the order pending so the same capture can be retried.
 */
export type PaymentErrorKind = 'declined' | 'not_approved' | 'rejected' | 'unavailable' | 'timeout';
export class PaymentError extends Error {
  constructor(
    readonly kind: PaymentErrorKind,
    message: string,
    /** Detail for the log only (never shown to the shopper). */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'PaymentError';
  }
}
