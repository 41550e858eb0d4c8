import type { PaymentProviderEntry } from '../../entry';
import { returnParamsFrom } from '../../entry';
import { createSandboxProvider } from './provider';

export { createSandboxProvider } from './provider';

/** The sandbox needs no settings; it moves no money, so production runs it only when PAYMENT_PROVIDER names it. */
export const sandbox: PaymentProviderEntry<'sandbox'> = {
  name: 'sandbox',
  needs: 'nothing',
  testPayments: {
    productionWarning:
      'PAYMENT_PROVIDER=sandbox in production: payments are simulated, no money is taken, every order is marked as a test payment, and the demo prescriber issues e-prescription tokens to anyone.',
  },
  settings: () => ({ state: 'complete' }),
  create: (_settings, deps) => createSandboxProvider({ store: deps.store, publicOrigin: deps.publicOrigin }),
  // The approval page sends the shopper back as a real provider would, in its own words.
  returnParams: (query) => returnParamsFrom(query.paymentId, query.PayerID),
};
