import { openBlobStore, openStore } from '@pharmacy/db';
import { accountSafetyProfiles, followAccountRevocations, serviceAuditSink, type OpenService } from '@pharmacy/service-kit';
import type { CatalogDeps } from './deps';
import { buildCatalogService } from './plugin';
import { PRODUCTS } from './products/model';
import { STOCK_HISTORY } from './stock/adjustments';
import { RESERVATIONS } from './stock/service';
import { checkoutPurchaseChecker } from './clients/checkout';
import { seedCatalog } from './seed/seed';

export { buildCatalogService, ensureCatalogIndexes } from './plugin';
export { DEFAULT_RATE_LIMITS, type CatalogDeps, type RateLimits } from './deps';
export { checkoutPurchaseChecker, type PurchaseChecker } from './clients/checkout';
export { createProductReadModel, type ProductReadModel } from './products/readModel';
export { seedCatalog } from './seed/seed';
// Checkout's supply-limit tests hold the seeded catalog against the legal rules (docs/domain.md#supply-limits).
export { SEED_PRODUCTS } from './seed/products';
export { supplyFacts } from './products/supply';

/**
 * Opens the catalog's store and media, seeds the demo catalog on first start (unless CATALOG_SEED=false),
 * and returns the handle the gateway or server.ts registers.
 */
export const openCatalogService: OpenService = async (ctx) => {
  // Stock lives in the products, the reservations that hold it and its history: majority writes and reads on MongoDB.
  const critical = [PRODUCTS, RESERVATIONS, STOCK_HISTORY];
  const store = await openStore({
    name: 'catalog',
    dataDir: ctx.config.dataDir,
    mongoUrl: ctx.config.mongoUrl,
    critical,
    log: ctx.log,
    durable: ctx.config.durableWrites,
  });
  const blobs = await openBlobStore({ name: 'catalog', dataDir: ctx.config.dataDir, mongoUrl: ctx.config.mongoUrl, store });
  if (ctx.config.catalog.seed) {
    const seeded = await seedCatalog(store, blobs, ctx.config.market);
    if (seeded) ctx.log.info(seeded, 'seeded the demo catalog');
  }
  // Staff decisions wait in this store until the account service has them in the trail (docs/architecture.md#audit-trail).
  const audit = serviceAuditSink(ctx, store);
  // A test's own sink (ctx.audit) reads what a route recorded; otherwise the durable one.
  const deps: CatalogDeps = {
    store,
    audit: ctx.audit ?? audit,
    blobs,
    internalToken: ctx.internalToken,
    timeZone: ctx.config.market.timeZone,
    purchases: checkoutPurchaseChecker({ transport: ctx.peers.checkout, token: ctx.internalToken }),
    account: accountSafetyProfiles({ transport: ctx.peers.account, token: ctx.internalToken }),
  };
  return {
    name: 'catalog',
    register: async (app) => {
      followAccountRevocations(app, ctx);
      app.addHook('onReady', async () => audit.start());
      await app.register(buildCatalogService(deps));
    },
    close: async () => {
      await audit.stop();
      await blobs.close();
      await store.close();
    },
  };
};
