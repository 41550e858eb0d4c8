import { openBlobStore, openStore } from '@pharmacy/db';
import { followAccountRevocations, serviceAuditSink, withMaxima, type OpenService, type ServiceContext, type ServiceHandle } from '@pharmacy/service-kit';
import { createAccountClient } from './clients/account';
import { createCatalogClient } from './clients/catalog';
import { DEFAULT_RATE_LIMITS } from './deps';
import { choosePaymentProvider, paymentProviderFor } from './payments';
import { chooseEPrescriptionProvider, ePrescriptionProviderFor } from './prescriptions/eprescriptions';
import { buildCheckoutService } from './plugin';
import { PRESCRIPTION_FILES_BUCKET } from './prescriptions/store';

export { buildCheckoutService, DEFAULT_SWEEP_INTERVAL_MS, type CheckoutControls } from './plugin';
export { DEFAULT_RATE_LIMITS, type CheckoutDeps, type RateLimits } from './deps';
export { createCatalogClient, type CatalogClient, type Quote, type QuoteLine } from './clients/catalog';
export { createAccountClient, type AccountClient } from './clients/account';
export * from './payments';
export * from './prescriptions/eprescriptions';

/**
 * Opens the checkout store and clients and returns the service handle (standalone or inside the gateway).
 * The payment configuration is checked before anything opens: in production without a real provider the
 * checkout refuses to start rather than hand out free orders.
 */
export async function openCheckout(ctx: ServiceContext): Promise<ServiceHandle> {
  const settings = ctx.config.checkout;
  const choice = choosePaymentProvider(settings, { production: ctx.config.production });
  const store = await openStore({
    name: 'checkout',
    dataDir: ctx.config.dataDir,
    mongoUrl: ctx.config.mongoUrl,
    // Orders, the stock they hold, the sandbox providers' payments and prescriptions: majority writes and reads on MongoDB.
    critical: ['orders', 'orderHolds', 'sandboxPayments', 'prescriptions', 'sandbox_eprescriptions'],
    log: ctx.log,
    durable: ctx.config.durableWrites,
  });
  // Paper prescriptions: a bucket of their own that no public route reads (docs/architecture.md#prescriptions).
  const prescriptionFiles = await openBlobStore({ name: 'checkout', dataDir: ctx.config.dataDir, mongoUrl: ctx.config.mongoUrl, store, bucket: PRESCRIPTION_FILES_BUCKET });
  const payments = paymentProviderFor(settings, choice, { store, publicOrigin: ctx.config.publicOrigin });
  if (choice.warning) ctx.log.warn({ provider: payments.name }, choice.warning);
  else ctx.log.info({ provider: payments.name }, 'checkout payment provider');
  const catalog = createCatalogClient({ transport: ctx.peers.catalog, token: ctx.internalToken });
  const eprescriptions = ePrescriptionProviderFor(chooseEPrescriptionProvider(payments.name), { store, catalog, market: ctx.config.market.code });
  // In production the sandbox's one warning (test payments) names the demo prescriber too.
  ctx.log.info({ provider: eprescriptions.name }, 'checkout e-prescription provider');
  // Staff decisions wait in this store until the account service has them in the trail (docs/architecture.md#audit-trail).
  const audit = serviceAuditSink(ctx, store);
  // A test's own sink (ctx.audit) reads what a route recorded; otherwise the durable one.
  const plugin = buildCheckoutService({
    store,
    audit: ctx.audit ?? audit,
    catalog,
    account: createAccountClient({ transport: ctx.peers.account, token: ctx.internalToken }),
    payments,
    prescriptionFiles,
    demoPrescriptions: !ctx.config.production,
    eprescriptions,
    internalToken: ctx.internalToken,
    // RATE_LIMIT_CART, _ORDER_CREATE, _ORDER_CAPTURE (a load run's shoppers buy several times a second): the max only.
    rateLimits: withMaxima(DEFAULT_RATE_LIMITS, settings.rateLimits),
    publicOrigin: ctx.config.publicOrigin,
    trustedOrigins: settings.trustedOrigins,
    production: ctx.config.production,
    supplyLimitsOff: ctx.config.supplyLimitsOff,
    market: ctx.config.market,
  });
  return {
    name: 'checkout',
    register: async (app) => {
      followAccountRevocations(app, ctx);
      app.addHook('onReady', async () => audit.start());
      await app.register(plugin);
    },
    close: async () => {
      await audit.stop();
      await prescriptionFiles.close();
      await store.close();
    },
  };
}

export const openCheckoutService: OpenService = openCheckout;
