import { Value } from '@sinclair/typebox/value';
import { OrderCaptureBody, type PaymentProviderName } from '@pharmacy/contracts';
import type { DocumentStore } from '@pharmacy/db';
import type { KitConfig } from '@pharmacy/service-kit';
import type { PaymentProvider } from './port';

/** The payment configuration cannot work: the checkout must not start (the message says what to set). */
export class PaymentConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentConfigError';
  }
}

/** The checkout's configuration: PAYMENT_PROVIDER and each provider's own settings. */
export type PaymentSettings = KitConfig['checkout'];

/** Where a provider's settings stand: all set, none set, or half set (the sentence says what is missing). */
export type SettingsVerdict = { state: 'complete' } | { state: 'absent' } | { state: 'incomplete'; message: string };

/** What a provider is built with. */
export interface ProviderDeps {
  store: DocumentStore;
  publicOrigin: string;
  fetch?: typeof fetch;
}

/** The shopper's return from a provider in our words: what the capture call takes. */
export interface ReturnParams {
  paymentId: string;
  payerId: string;
}

/**
 * Everything the checkout knows about one provider (docs/architecture.md#payments): its name, what it needs to be
 * chosen, how it is built, and how its return query reads. The registry (providers/index.ts) maps each name of
 * contracts' PAYMENT_PROVIDERS to its entry; nothing outside a provider's folder asks which provider it is.
 */
export interface PaymentProviderEntry<Name extends string = PaymentProviderName> {
  readonly name: Name;
  /** The variables an operator sets to use it, as said in a sentence ("PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET"). */
  readonly needs: string;
  /** More to say when production has no provider (e.g. the variable for the live API). */
  readonly productionHint?: string;
  /**
   * A provider that moves no money: chosen by default outside production, and in production only by name, with
   * this warning at every start (it would otherwise hand out free orders).
   */
  readonly testPayments?: { productionWarning: string };
  settings(settings: PaymentSettings): SettingsVerdict;
  create(settings: PaymentSettings, deps: ProviderDeps): PaymentProvider<Name>;
  /**
   * Reads the query the provider adds to the return URL; null when it is not a whole, valid return. Each value is
   * checked by the capture call's own rules (OrderCaptureBody), so a redirect never carries what capture refuses.
   */
  returnParams(query: Readonly<Record<string, string | undefined>>): ReturnParams | null;
}

const PAYMENT_ID = OrderCaptureBody.properties.paymentId;
const PAYER_ID = OrderCaptureBody.properties.payerId;

/** The provider's two values as the capture call takes them, or null when either is missing or malformed. */
export function returnParamsFrom(paymentId: string | undefined, payerId: string | undefined): ReturnParams | null {
  return Value.Check(PAYMENT_ID, paymentId) && Value.Check(PAYER_ID, payerId) ? { paymentId, payerId } : null;
}
