import { ORDER_EXPIRY_MS } from '@pharmacy/contracts';
import type { App } from '@pharmacy/service-kit';
import { addressRoutes } from './addresses/routes';
import { createAddressStore } from './addresses/store';
import { adminOrderRoutes } from './admin/routes';
import { cartRoutes } from './cart/routes';
import { createCartService } from './cart/service';
import { createCartStore } from './cart/store';
import { DEFAULT_RATE_LIMITS, type CheckoutDeps } from './deps';
import { internalRoutes } from './internal/routes';
import { createExpirySweeper, type ExpirySweeper } from './orders/expiry';
import { orderRoutes } from './orders/routes';
import { createOrderService } from './orders/service';
import { ordersCollection } from './orders/store';

export const DEFAULT_SWEEP_INTERVAL_MS = 60_000;

/** Handles a test (or the gateway) can hold: run an expiry sweep now. */
export interface CheckoutControls {
  sweep(): Promise<number>;
}

/**
 * The checkout service as one encapsulated Fastify plugin with full /api/... paths: carts, addresses,
 * orders, payments, admin orders and the internal purchase check. Nothing leaks to sibling plugins.
 */
export function buildCheckoutService(deps: CheckoutDeps, controls?: { onReady?: (c: CheckoutControls) => void }) {
  return async function checkoutService(app: App): Promise<void> {
    const now = deps.now ?? (() => new Date());
    const limits = { ...DEFAULT_RATE_LIMITS, ...deps.rateLimits };
    const carts = createCartStore(deps.store);
    const addresses = await createAddressStore(deps.store, now);
    const orders = await ordersCollection(deps.store);

    const cartService = createCartService({ carts, catalog: deps.catalog, account: deps.account, now, log: app.log });
    const orderService = createOrderService({
      orders, carts, addresses, catalog: deps.catalog, account: deps.account, payments: deps.payments,
      publicOrigin: deps.publicOrigin, currency: deps.currency ?? 'USD', orderTtlMs: deps.orderTtlMs ?? ORDER_EXPIRY_MS, now, log: app.log,
    });

    cartRoutes(app, cartService, limits);
    addressRoutes(app, addresses, limits);
    orderRoutes(app, orderService, limits);
    adminOrderRoutes(app, { orders, service: orderService, now });
    internalRoutes(app, orderService, deps.internalToken);
    deps.payments.registerRoutes?.(app);

    const sweeper: ExpirySweeper = createExpirySweeper(orderService, {
      intervalMs: deps.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS,
      log: app.log,
    });
    app.addHook('onReady', async () => sweeper.start());
    app.addHook('onClose', async () => sweeper.stop());
    controls?.onReady?.({ sweep: sweeper.sweep });
  };
}
