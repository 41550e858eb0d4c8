import type { PaymentProviderName } from '@pharmacy/contracts';
import type { DocumentStore } from '@pharmacy/db';
import type { KitConfig } from '@pharmacy/service-kit';
import { createPayPalProvider } from './paypal';
import { createSandboxProvider } from './sandbox';
import type { PaymentProvider } from './port';

export * from './port';
export { createSandboxProvider } from './sandbox';
export { createPayPalProvider, PAYPAL_SANDBOX_API_BASE, type PayPalOptions } from './paypal';

/** The payment configuration cannot work: the checkout must not start (the message says what to set). */
export class PaymentConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentConfigError';
  }
}

export interface PaymentChoice {
  name: PaymentProviderName;
  /** Said at every start: the sandbox approves any payment, so in production it must never pass unnoticed. */
  warning?: string;
}

/** The checkout's slice of the configuration that chooses the provider. */
export type PaymentSettings = Pick<KitConfig['checkout'], 'paymentProvider' | 'paypal'>;

/**
 * Which provider takes the payments. PAYMENT_PROVIDER chooses explicitly; unset, PayPal when its credentials
 * are set, else the sandbox, except in production: there the sandbox would hand out free orders (any shopper
 * approves their own payment), so it runs only when chosen by name.
 */
export function choosePaymentProvider(settings: PaymentSettings, opts: { production: boolean }): PaymentChoice {
  const chosen: PaymentProviderName | undefined = settings.paymentProvider;
  const hasId = !!settings.paypal.clientId;
  const hasSecret = !!settings.paypal.clientSecret;
  if (chosen === 'sandbox') {
    return opts.production
      ? { name: 'sandbox', warning: 'PAYMENT_PROVIDER=sandbox in production: payments are simulated, no money is taken, and every order is marked as a test payment.' }
      : { name: 'sandbox' };
  }
  if (hasId !== hasSecret) {
    const missing = hasId ? 'PAYPAL_CLIENT_SECRET' : 'PAYPAL_CLIENT_ID';
    throw new PaymentConfigError(`${missing} is not set: PayPal needs both PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET.`);
  }
  if (hasId && hasSecret) return { name: 'paypal' };
  if (chosen === 'paypal') {
    throw new PaymentConfigError('PAYMENT_PROVIDER=paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET.');
  }
  if (opts.production) {
    throw new PaymentConfigError(
      'No payment provider is configured for production. Set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET (and PAYPAL_API_BASE for live PayPal), ' +
        'or set PAYMENT_PROVIDER=sandbox to run with test payments on purpose.',
    );
  }
  return { name: 'sandbox' };
}

/** Builds the provider chosen by choosePaymentProvider. */
export function paymentProviderFor(
  settings: PaymentSettings,
  choice: PaymentChoice,
  opts: { store: DocumentStore; publicOrigin: string; fetch?: typeof fetch },
): PaymentProvider {
  if (choice.name === 'paypal') {
    return createPayPalProvider({
      clientId: settings.paypal.clientId as string,
      clientSecret: settings.paypal.clientSecret as string,
      apiBase: settings.paypal.apiBase,
      fetch: opts.fetch,
    });
  }
  return createSandboxProvider({ store: opts.store, publicOrigin: opts.publicOrigin });
}
