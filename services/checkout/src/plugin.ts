import { DEFAULT_MARKET_CODE, ORDER_EXPIRY_MS, UNPAID_ORDERS_LIMIT, marketFor } from '@pharmacy/contracts';
import { MemoryBlobStore } from '@pharmacy/db';
import { auditPlugin, memoryAuditSink, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import { addressRoutes } from './addresses/routes';
import { createAddressStore } from './addresses/store';
import { keepOrderFigures } from './admin/figures-store';
import { adminOrderRoutes } from './admin/routes';
import { cartRoutes } from './cart/routes';
import { createCartService } from './cart/service';
import { createCartStore } from './cart/store';
import { DEFAULT_RATE_LIMITS, type CheckoutDeps } from './deps';
import { createDeliveryPricing } from './delivery/pricing';
import { deliveryRoutes } from './delivery/routes';
import { internalRoutes } from './internal/routes';
import { erasureRoutes } from './erasure/routes';
import { createExpirySweeper, type ExpirySweeper } from './orders/expiry';
import { createHoldSlots } from './orders/holds';
import { orderRoutes } from './orders/routes';
import { createOrderService } from './orders/service';
import { ordersCollection } from './orders/store';
import { returnOriginFor, trustedReturnOrigins } from './payments/return-origin';
import { paymentRoutes } from './payments/routes';
import { keepSeedingDemo } from './prescriptions/demo';
import { createPrescriptionMail } from './prescriptions/mail';
import { shopperPrescriptionRoutes } from './prescriptions/shopper-routes';
import { staffPrescriptionRoutes } from './prescriptions/staff-routes';
import { createPrescriptionStore } from './prescriptions/store';
import { createReminders } from './prescriptions/reminders';
import { REMINDER_INTERVAL_MS, createReminderJob } from './prescriptions/reminders-job';
import { createRepeats } from './prescriptions/repeat';
import { repeatRoutes } from './prescriptions/repeat-routes';
import { createPrescriptionSupply } from './prescriptions/supply';
import { supplyLimitRoutes } from './limits/routes';
import { benchOff, createSupplyLimits } from './limits/service';
import { createOrderBatches } from './recalls/order-batches';
import { adminRecallRoutes, shopperRecallRoutes } from './recalls/routes';
import { keepSeedingDemoRecall } from './recalls/demo';
import { createRecalls } from './recalls/service';
import { orderBatchesCollection, recallCollections } from './recalls/store';

export const DEFAULT_SWEEP_INTERVAL_MS = 60_000;

/** Handles a test (or the gateway) can hold: run a sweep or a reconciliation now, or wait for the one at start. */
export interface CheckoutControls {
  /** Settles unfinished captures, expires unpaid orders, finishes interrupted rejections, retries stock and mail; returns how many expired. */
  sweep(): Promise<number>;
  /** Settles unfinished captures with the provider; returns how many turned out paid. */
  settle(): Promise<number>;
  /** The reconciliation the service runs when it becomes ready. */
  started(): Promise<number>;
  /** Mails the refill reminders due today; returns how many were mailed. */
  remindRefills(): Promise<number>;
}

/**
 * The checkout service as one encapsulated Fastify plugin with full /api/... paths: carts, addresses,
 * orders, payments, admin orders and the internal purchase check. Nothing leaks to sibling plugins.
 */
export function buildCheckoutService(deps: CheckoutDeps, controls?: { onReady?: (c: CheckoutControls) => void }): FastifyPluginAsyncTypebox {
  return async (app) => {
    // Staff routes record their decisions here (docs/architecture.md#audit-trail).
    await app.register(auditPlugin, { sink: deps.audit ?? memoryAuditSink(), service: 'checkout' });
    const now = deps.now ?? (() => new Date());
    const limits = { ...DEFAULT_RATE_LIMITS, ...deps.rateLimits };
    const market = deps.market ?? marketFor(DEFAULT_MARKET_CODE);
    const carts = createCartStore(deps.store);
    const addresses = await createAddressStore(deps.store, market, now);
    // Every order write goes through the figures' collection, which keeps the dashboard's figures (admin/figures-store.ts).
    const figures = await keepOrderFigures(deps.store, await ordersCollection(deps.store));
    const orders = figures.orders;
    const holds = await createHoldSlots(deps.store, orders, UNPAID_ORDERS_LIMIT, () => now().getTime());
    const trusted = trustedReturnOrigins(deps.publicOrigin, deps.trustedOrigins ?? [], deps.production ?? false);

    const prescriptions = await createPrescriptionStore(deps.store, now);
    const prescriptionMail = createPrescriptionMail({ prescriptions, account: deps.account, publicOrigin: deps.publicOrigin, log: app.log });
    // Quantity on verified prescriptions: matched to cart lines, reserved by orders, given back (docs/domain.md#ordering-against-a-prescription).
    const supply = await createPrescriptionSupply({ store: deps.store, orders, market: market.code, now });
    // Legal and policy supply limits per market (docs/domain.md#supply-limits).
    const supplyLimits = await createSupplyLimits({ store: deps.store, orders, market: market.code, now, off: benchOff(deps.supplyLimitsOff ?? false, app.log) });
    const pricing = createDeliveryPricing(market);
    const cartService = createCartService({ carts, catalog: deps.catalog, account: deps.account, prescriptions: supply, supplyLimits, now, log: app.log });
    // The batches each order took, for recalls (docs/domain.md#recalls).
    const orderBatches = createOrderBatches(await orderBatchesCollection(deps.store), orders, now);
    const orderService = createOrderService({
      orders, carts, prescriptions: supply, supplyLimits, batches: orderBatches, addresses, catalog: deps.catalog, account: deps.account, payments: deps.payments, holds,
      returnOrigin: (requestOrigin) => returnOriginFor(trusted, deps.publicOrigin, requestOrigin),
      market, pricing, orderTtlMs: deps.orderTtlMs ?? ORDER_EXPIRY_MS, publicOrigin: deps.publicOrigin, now, log: app.log,
    });

    await app.register(deliveryRoutes, { pricing });
    await app.register(cartRoutes, { carts: cartService, pricing, limits, pastOrder: orderService.details });
    await app.register(addressRoutes, { addresses, limits });
    await app.register(orderRoutes, { orders: orderService, limits });
    await app.register(supplyLimitRoutes, { limits: supplyLimits, account: deps.account, market: market.code, now });
    await app.register(adminOrderRoutes, { orders, figures, service: orderService, account: deps.account, now });
    await app.register(internalRoutes, { orders: orderService, internalToken: deps.internalToken });
    const files = deps.prescriptionFiles ?? new MemoryBlobStore();
    const erasablePrescriptions = { eraseUser: (userId: string) => prescriptions.eraseUser(userId, files) };
    await app.register(erasureRoutes, { addresses, carts, orders, prescriptions: erasablePrescriptions, internalToken: deps.internalToken, now });
    await app.register(paymentRoutes, { payments: deps.payments });
    const recallStore = await recallCollections(deps.store);
    const recalls = createRecalls({
      ...recallStore, orders, batches: orderBatches, catalog: deps.catalog, account: deps.account,
      ledger: orderService, publicOrigin: deps.publicOrigin, now, log: app.log,
    });
    await app.register(adminRecallRoutes, { recalls, now });
    await app.register(shopperRecallRoutes, { recalls });
    if (deps.demoPrescriptions) {
      // Outside production, with the demo prescriptions: the demo's class 2 recall and the demo shopper's order of it.
      const demoRecall = keepSeedingDemoRecall(
        { recalls, recallDocs: recallStore.recalls, orders, batches: orderBatches, catalog: deps.catalog, account: deps.account, market, pricing, now },
        app.log,
      );
      app.addHook('onReady', async () => demoRecall.start());
      app.addHook('onClose', async () => demoRecall.stop());
    }
    await app.register(shopperPrescriptionRoutes, { prescriptions, files, catalog: deps.catalog, eprescriptions: deps.eprescriptions, limits, market: market.code, now });
    const rxDocs = prescriptions.collection;
    const repeats = createRepeats({ prescriptions: rxDocs, market: market.code, now });
    await app.register(staffPrescriptionRoutes, { prescriptions, files, orders, account: deps.account, catalog: deps.catalog, mail: prescriptionMail, repeats, market: market.code, now });
    // The provider's own pages (the sandbox's demo prescriber), only where that provider runs.
    if (deps.eprescriptions?.routes) await app.register(deps.eprescriptions.routes);
    if (deps.demoPrescriptions) {
      const demo = keepSeedingDemo({ prescriptions, files, account: deps.account, catalog: deps.catalog, market: market.code, now }, app.log);
      app.addHook('onReady', async () => demo.start());
      app.addHook('onClose', async () => demo.stop());
    }
    const reminders = createReminders({ prescriptions: rxDocs, account: deps.account, publicOrigin: deps.publicOrigin, market: market.code, now, log: app.log, pageSize: deps.reminderPageSize });
    await app.register(repeatRoutes, { repeats, reminders, limits });
    // Off with the sweep (tests turn both off and run them by hand).
    const reminderJob = createReminderJob(reminders, { intervalMs: deps.sweepIntervalMs === 0 ? 0 : REMINDER_INTERVAL_MS, log: app.log });
    app.addHook('onReady', async () => reminderJob.start());
    app.addHook('onClose', async () => reminderJob.stop());

    const sweeper: ExpirySweeper = createExpirySweeper(orderService, {
      intervalMs: deps.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS,
      log: app.log,
      // Recalls the catalog did not finish, and recall notices due (classes 3 and 4 at the daily pass).
      mailRetries: [prescriptionMail.retry, recalls.sweep],
      tidy: [supplyLimits.sweep],
    });
    app.addHook('onReady', async () => sweeper.start());
    app.addHook('onClose', async () => sweeper.stop());
    app.addHook('onClose', async () => figures.close());
    controls?.onReady?.({ sweep: sweeper.sweep, settle: sweeper.settle, started: sweeper.started, remindRefills: reminderJob.run });
  };
}
