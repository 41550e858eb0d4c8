import { DEFAULT_MARKET_CODE, marketFor } from '@pharmacy/contracts';
import { runMigrations, type DocumentStore } from '@pharmacy/db';
import { auditPlugin, memoryAuditSink, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import { DEFAULT_RATE_LIMITS, type CatalogDeps } from './deps';
import { catalogCollections } from './store';
import { featureRoutes } from './features/routes';
import { createFeatureService } from './features/service';
import { mediaRoutes } from './media/routes';
import { catalogMigrations } from './migrations';
import { createProductReadModel } from './products/readModel';
import { productRoutes } from './products/routes';
import { createProductService } from './products/service';
import { reviewRoutes } from './reviews/routes';
import { safetyRoutes } from './safety/routes';
import { erasureRoutes } from './reviews/erasure';
import { createReviewService } from './reviews/service';
import { createStockAdjustments } from './stock/adjustments';
import { stockAdminRoutes } from './stock/adminRoutes';
import { createBatchService, type BatchService } from './stock/batchService';
import { internalRoutes } from './stock/routes';
import { dayOf } from './stock/batches';
import { createStockService } from './stock/service';

/** Creates the indexes the catalog relies on (idempotent; the seeder and the plugin both call it). */
export async function ensureCatalogIndexes(store: DocumentStore): Promise<void> {
  const { reviews, reservations, products, stockHistory } = catalogCollections(store);
  await reviews.createIndex({ productId: 1, userId: 1 }, { unique: true });
  await reviews.createIndex({ productId: 1 });
  await reservations.createIndex({ status: 1 });
  await products.createIndex({ category: 1 });
  // Staff's product list pages from these (products/admin-list.ts).
  await products.createIndex({ createdAt: -1, title: 1, _id: 1 });
  await products.createIndex({ totalStock: 1, title: 1, _id: 1 });
  await stockHistory.createIndex({ productId: 1 });
  await stockHistory.createIndex({ state: 1 });
}

/**
 * The catalog service as one encapsulated Fastify plugin (full /api/... and /internal/catalog/... paths):
 * products, listing and search, reviews, feature banners, media, and stock for checkout. On registration
 * it loads the read model from the store, gives back stock held by a reserve a crash interrupted, and settles
 * stock history lines an adjustment a crash interrupted left pending.
 */
export function buildCatalogService(deps: CatalogDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    // Staff routes record their decisions here (docs/architecture.md#audit-trail).
    await app.register(auditPlugin, { sink: deps.audit ?? memoryAuditSink(), service: 'catalog' });
    const db = catalogCollections(deps.store);
    const { products, reviews, reservations, features } = db;
    await ensureCatalogIndexes(deps.store);
    const migrated = await runMigrations(deps.store, catalogMigrations);
    if (migrated.applied.length > 0) app.log.info(migrated, 'migrated the catalog store');

    const readModel = deps.readModel ?? createProductReadModel();
    readModel.load(await products.find({}));
    const adjustments = createStockAdjustments({ products, history: db.stockHistory, reservations, readModel, log: app.log });
    const now = deps.now ?? (() => new Date());
    const timeZone = deps.timeZone ?? marketFor(DEFAULT_MARKET_CODE).timeZone;
    /** The pharmacy's calendar day now: batch expiry is decided by it. */
    const today = () => dayOf(now(), timeZone);
    const stock = createStockService({ products, reservations, readModel, adjustments, now, today });
    const batches = createBatchService({ products, adjustments, today });
    const recovered = await stock.recoverPending();
    if (recovered > 0) app.log.warn({ recovered }, 'gave back stock held by interrupted reservations');
    const settled = await adjustments.recover();
    if (settled.applied + settled.abandoned > 0) app.log.warn(settled, 'settled stock history lines an interrupted adjustment left pending');
    // After the history is settled: a restock's line is then either applied (skipped) or not (moved now).
    const restocked = await stock.recoverRestocking();
    if (restocked > 0) app.log.warn({ restocked }, 'finished restocks a crash interrupted');
    await sweepExpired(app, batches, deps.expirySweepMs ?? EXPIRY_SWEEP_MS);
    await app.register(productRoutes, { readModel, products, service: createProductService({ db, blobs: deps.blobs, readModel, adjustments }) });
    await app.register(stockAdminRoutes, { adjustments, batches, today });
    const limits = { ...DEFAULT_RATE_LIMITS, ...deps.rateLimits };
    await app.register(reviewRoutes, { service: createReviewService({ db, readModel, purchases: deps.purchases }), limits });
    await app.register(safetyRoutes, { readModel, account: deps.account, limits, now });
    await app.register(featureRoutes, { banners: createFeatureService({ features, blobs: deps.blobs }) });
    await app.register(mediaRoutes, { blobs: deps.blobs });
    await app.register(internalRoutes, { stock, batches, readModel, internalToken: deps.internalToken, now });
    await app.register(erasureRoutes, { reviews, internalToken: deps.internalToken });
  };
}

/** How often batches past their expiry are looked for (a reserve also checks the product it takes from). */
export const EXPIRY_SWEEP_MS = 60_000;

/** Expired batches leave sale at start, then every EXPIRY_SWEEP_MS while the service runs (docs/domain.md#batches). */
async function sweepExpired(app: Parameters<FastifyPluginAsyncTypebox>[0], batches: BatchService, everyMs: number): Promise<void> {
  const run = () =>
    batches.sweep().then(
      (expired) => expired > 0 && app.log.warn({ expired }, 'batches past their expiry left sale'),
      (err: unknown) => app.log.error({ err }, 'the expiry sweep failed; it runs again shortly'),
    );
  await run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
