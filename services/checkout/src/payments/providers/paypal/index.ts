import type { PaymentProviderEntry } from '../../entry';
import { returnParamsFrom } from '../../entry';
import { createPayPalProvider } from './provider';

export { createPayPalProvider, PAYPAL_SANDBOX_API_BASE, type PayPalOptions } from './provider';

/** PayPal needs both credentials (PAYPAL_API_BASE defaults to PayPal's sandbox API). */
export const paypal: PaymentProviderEntry<'paypal'> = {
  name: 'paypal',
  needs: 'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET',
  productionHint: '(and PAYPAL_API_BASE for live PayPal)',
  settings({ paypal: { clientId, clientSecret } }) {
    if (!clientId && !clientSecret) return { state: 'absent' };
    if (clientId && clientSecret) return { state: 'complete' };
    const missing = clientId ? 'PAYPAL_CLIENT_SECRET' : 'PAYPAL_CLIENT_ID';
    return { state: 'incomplete', message: `${missing} is not set: PayPal needs both PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET.` };
  },
  create: ({ paypal: { clientId, clientSecret, apiBase } }, deps) =>
    createPayPalProvider({ clientId: clientId as string, clientSecret: clientSecret as string, apiBase, fetch: deps.fetch }),
  // PayPal Orders v2 returns `?token=<PayPal order id>&PayerID=<payer>`: the token is the payment's id.
  returnParams: (query) => returnParamsFrom(query.token, query.PayerID),
};
