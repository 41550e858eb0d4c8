import type { DocumentStore } from '@pharmacy/db';
import { createPayPalProvider } from './paypal';
import { createSandboxProvider } from './sandbox';
import type { PaymentProvider } from './port';

export * from './port';
export { createSandboxProvider } from './sandbox';
export { createPayPalProvider, PAYPAL_SANDBOX_API_BASE, type PayPalOptions } from './paypal';

/** PayPal when PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are set, the sandbox otherwise. */
export function paymentProviderFromEnv(env: NodeJS.ProcessEnv, opts: { store: DocumentStore; publicOrigin: string; fetch?: typeof fetch }): PaymentProvider {
  if (env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET) {
    return createPayPalProvider({
      clientId: env.PAYPAL_CLIENT_ID,
      clientSecret: env.PAYPAL_CLIENT_SECRET,
      apiBase: env.PAYPAL_API_BASE || undefined,
      fetch: opts.fetch,
    });
  }
  return createSandboxProvider({ store: opts.store, publicOrigin: opts.publicOrigin });
}
