import type { Market, Order, PurchaseCheck } from '@pharmacy/contracts';
import type { Collection } from '@pharmacy/db';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountClient } from '../clients/account';
import type { AddressStore } from '../addresses/store';
import type { CartStore } from '../cart/store';
import type { CatalogClient } from '../clients/catalog';
import type { DeliveryPricing } from '../delivery/pricing';
import type { PaymentProvider } from '../payments/port';
import type { SupplyLimits } from '../limits/service';
import type { PrescriptionSupply } from '../prescriptions/supply';
import type { OrderBatches } from '../recalls/order-batches';
import { createOrderCapture } from './capture';
import type { HoldSlots } from './holds';
import { createOrderLedger } from './ledger';
import { createOrderMail } from './mail/notifier';
import { createPharmacistReview } from './pharmacist';
import { createPlacing } from './placing';
import { createOrderRecords } from './records';
import { createStaffChanges } from './staff';
import { createOrderSweep } from './sweep';
import type { OrderRecord } from './api-form';
import type { OrderDoc } from './store';

export interface OrderServiceDeps {
  orders: Collection<OrderDoc>;
  carts: CartStore;
  addresses: AddressStore;
  catalog: CatalogClient;
  account: AccountClient;
  payments: PaymentProvider;
  /** A shopper's unpaid orders (UNPAID_ORDERS_LIMIT at once). */
  holds: HoldSlots;
  /** Prescription quantity: matched, held by placing, given back wherever stock is released. */
  prescriptions: PrescriptionSupply;
  /** Legal and policy supply limits (docs/domain.md#supply-limits). */
  supplyLimits: SupplyLimits;
  /** The batches each order took (docs/domain.md#recalls). */
  batches: OrderBatches;
  /** The origin the provider sends the shopper back to, from the checkout request's Origin header. */
  returnOrigin: (requestOrigin: string | undefined) => string;
  /** The market: the currency orders are charged in, the delivery area, the country of addresses. */
  market: Market;
  /** The delivery fees and tax rate (the same object prices the carts). */
  pricing: DeliveryPricing;
  orderTtlMs: number;
  /** The shop's origin, for the link in mail to shoppers. */
  publicOrigin: string;
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * The order flow wired from its parts (docs/architecture.md#the-order-flow): placing, capture and cancel, the
 * pharmacist's review, staff changes and the sweep each take what they use, and share the ledger's writes.
 */
export function createOrderService(deps: OrderServiceDeps) {
  const { orders, payments, now, log } = deps;
  const records = createOrderRecords({ orders, taxRatePercent: deps.pricing.taxRatePercent, market: deps.market });
  const mail = createOrderMail({ orders, account: deps.account, toApi: records.toApi, publicOrigin: deps.publicOrigin, market: deps.market, log });
  const ledger = createOrderLedger({ orders, catalog: deps.catalog, carts: deps.carts, holds: deps.holds, prescriptions: deps.prescriptions, supplyLimits: deps.supplyLimits, batches: deps.batches, mail, records, now, log });
  const placing = createPlacing({ ...deps, ledger });
  const capture = createOrderCapture({ orders, payments, records, ledger, supplyLimits: deps.supplyLimits, now, log });
  const sweep = createOrderSweep({ orders, payments, ledger, capture, now, log });
  const review = createPharmacistReview({ orders, payments, records, ledger, mail, now, log });
  const toApi = records.toApi;

  return {
    create: placing.place,
    capture: capture.capture,
    cancel: capture.cancel,
    expireDue: sweep.expireDue,
    reconcileCaptures: sweep.reconcileCaptures,
    retryStock: sweep.retryStock,
    /** Closes an unpaid order (a recall's release); null when it was no longer unpaid. */
    closeUnpaid: ledger.closeUnpaid,
    adminSet: createStaffChanges({ orders, records, ledger, holds: deps.holds, mail, now }),
    decideReview: review.decide,
    reconcileRefunds: review.reconcileRefunds,
    /** Mail to shoppers that the account service did not take yet. */
    retryNotices: mail.retry,
    async list(userId: string): Promise<Order[]> {
      return (await orders.find({ userId }, { sort: { createdAt: -1 } })).map(toApi);
    },
    async details(userId: string, orderId: string): Promise<Order> {
      return toApi(await records.owned(userId, orderId));
    },
    toApi,
    async adminDetails(orderId: string): Promise<OrderRecord> {
      return toApi(await records.reload(orderId));
    },
    /**
     * The review right (docs/domain.md#reviews): a paid order that still stands holds the product (a rejected or
     * refunded one does not count), and it has been delivered or collected.
     */
    async purchaseOf(userId: string, productId: string): Promise<PurchaseCheck> {
      const standing = { userId, productIds: productId, paymentStatus: 'paid' };
      if ((await orders.countDocuments({ ...standing, orderStatus: 'delivered' })) > 0) return { purchased: true, delivered: true };
      const open = await orders.countDocuments({ ...standing, orderStatus: { $in: ['pending', 'confirmed', 'inProcess', 'inShipping'] } });
      return { purchased: open > 0, delivered: false };
    },
  };
}
export type OrderService = ReturnType<typeof createOrderService>;
