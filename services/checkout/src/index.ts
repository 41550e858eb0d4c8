import { openStore } from '@pharmacy/db';
import type { OpenService } from '@pharmacy/service-kit';
import { createAccountClient } from './account-client';
import { createCatalogClient } from './catalog-client';
import { paymentProviderFromEnv } from './payments';
import { buildCheckoutService } from './plugin';

export { buildCheckoutService, DEFAULT_SWEEP_INTERVAL_MS, type CheckoutControls } from './plugin';
export { DEFAULT_RATE_LIMITS, type CheckoutDeps, type RateLimits } from './deps';
export { createCatalogClient, type CatalogClient, type Quote, type QuoteLine } from './catalog-client';
export { createAccountClient, type AccountClient } from './account-client';
export * from './payments';

/** Opens the checkout store and clients and returns the service handle (standalone or inside the gateway). */
export const openCheckoutService: OpenService = async (ctx) => {
  const store = await openStore({ name: 'checkout', dataDir: ctx.config.dataDir, mongoUrl: ctx.config.mongoUrl });
  const client = { token: ctx.internalToken, fetch: ctx.fetch };
  const payments = paymentProviderFromEnv(process.env, { store, publicOrigin: ctx.config.publicOrigin });
  ctx.log.info({ provider: payments.name }, 'checkout payment provider');
  const plugin = buildCheckoutService({
    store,
    catalog: createCatalogClient({ baseUrl: ctx.serviceUrls.catalog, ...client }),
    account: createAccountClient({ baseUrl: ctx.serviceUrls.account, ...client }),
    payments,
    internalToken: ctx.internalToken,
    publicOrigin: ctx.config.publicOrigin,
    currency: process.env.CURRENCY || 'USD',
  });
  return {
    name: 'checkout',
    register: async (app) => {
      await app.register(plugin);
    },
    close: () => store.close(),
  };
};
