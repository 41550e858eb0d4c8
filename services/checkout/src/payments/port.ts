import type { App } from '@pharmacy/service-kit';

/** The PaymentProvider port (ARCHITECTURE §4): the checkout service knows nothing else about a provider. */
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

export interface PaymentProvider {
  readonly name: 'sandbox' | 'paypal';
  createPayment(input: CreatePaymentInput): Promise<{ paymentId: string; approvalURL: string }>;
  /** Takes the money. Capturing an already captured payment succeeds again with the same capture. */
  capture(paymentId: string, payerId: string): Promise<{ captureId: string }>;
  /** Routes the provider serves itself (the sandbox approval page); registered inside the checkout plugin. */
  registerRoutes?(app: App): void;
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
