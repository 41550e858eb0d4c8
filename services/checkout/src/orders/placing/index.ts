import { randomUUID } from 'node:crypto';
import {
  COLLECT_ONLY_MESSAGE,
  CheckoutErrorCodes,
  UNPAID_ORDERS_LIMIT,
  centsToDecimal,
  deliveryAreaProblem,
  formatMoney,
  orderNumber,
  type Market,
  type OrderCreateBody,
  type OrderCreated,
} from '@pharmacy/contracts';
import type { Collection } from '@pharmacy/db';
import { notFound, unprocessable } from '@pharmacy/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountClient } from '../../clients/account';
import type { AddressStore } from '../../addresses/store';
import type { CartStore } from '../../cart/store';
import type { CatalogClient } from '../../clients/catalog';
import type { DeliveryPricing } from '../../delivery/pricing';
import { providerReturnUrls } from '../../payments/return-urls';
import type { PaymentProvider } from '../../payments/port';
import type { SupplyLimits } from '../../limits/service';
import type { PrescriptionSupply } from '../../prescriptions/supply';
import type { OrderBatches } from '../../recalls/order-batches';
import { coverageOf } from '../../prescriptions/supply';
import { collectOnly } from '../../safety';
import { paymentHttpError } from '../capture';
import type { HoldSlots } from '../holds';
import type { OrderLedger } from '../ledger';
import { initialReview, reviewReasons } from '../review';
import { SYSTEM, type OrderDoc } from '../store';
import { orderLines } from './lines';
import { runSteps, type Step } from './steps';

/** Placing an order, in the order its steps run (docs/architecture.md#placing-an-order). */
export const PLACING_STEPS = ['quote', 'order', 'limits', 'supply', 'prescriptions', 'stock', 'payment', 'started'] as const;
export type PlacingStep = (typeof PLACING_STEPS)[number];

export interface PlacingDeps {
  orders: Collection<OrderDoc>;
  carts: Pick<CartStore, 'items'>;
  addresses: Pick<AddressStore, 'get'>;
  catalog: Pick<CatalogClient, 'quote' | 'reserve'>;
  account: Pick<AccountClient, 'safetyProfile'>;
  payments: Pick<PaymentProvider, 'name' | 'createPayment' | 'cancelPayment'>;
  /** A shopper's unpaid orders (UNPAID_ORDERS_LIMIT at once). */
  holds: Pick<HoldSlots, 'claim' | 'release'>;
  ledger: Pick<OrderLedger, 'moveStock' | 'closeUnpaid'>;
  /** The shopper's prescriptions: what covers each prescription medicine, and holding its quantity. */
  prescriptions: Pick<PrescriptionSupply, 'of' | 'today' | 'reserve' | 'giveBack'>;
  /** Legal and policy supply limits: the sale checked on the quote, the order counted on its windows. */
  supplyLimits: Pick<SupplyLimits, 'checkSale' | 'waivedFor' | 'claim' | 'release'>;
  /** The batches the reservation took, kept on the unpaid order (a recall releases it). */
  batches: Pick<OrderBatches, 'record'>;
  /** The origin the provider sends the shopper back to, from the checkout request's Origin header. */
  returnOrigin: (requestOrigin: string | undefined) => string;
  market: Market;
  pricing: DeliveryPricing;
  orderTtlMs: number;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** One order being placed: what the shopper sent, and what each step found or made. */
interface Placing {
  userId: string;
  body: OrderCreateBody;
  requestOrigin?: string;
  orderId: string;
  draft?: OrderDoc;
  payment?: { paymentId: string; approvalURL: string };
  /** The catalog could not be told to give the stock back: the order stays, closed, for the sweeper to release. */
  releaseOwed?: boolean;
}

export function createPlacing(deps: PlacingDeps) {
  const { orders, payments } = deps;
  const nowMs = () => deps.now().getTime();

  /** Everything read before anything is written: address, cart, the catalog's quote and verdict, the price. */
  async function draft(p: Placing): Promise<OrderDoc> {
    const chosen = deps.pricing.chooseDelivery(p.body.delivery);
    const address = await deps.addresses.get(p.userId, p.body.addressId);
    if (!address) throw notFound('That address was not found. Please choose or add a delivery address.');
    // A collected order is recorded with the shopper's address, wherever it is; a delivered one must be inside the area.
    const outside = chosen.method === 'collect' ? null : deliveryAreaProblem(address, deps.market);
    if (outside) throw unprocessable(outside, CheckoutErrorCodes.OUTSIDE_DELIVERY_AREA);
    const entries = await deps.carts.items(p.userId);
    if (entries.length === 0) throw unprocessable('Your cart is empty.');
    // Prices, stock and the shopper's safety profile come from their owners, never from the browser; the catalog
    // answers safety for the stored profile, the one answer the shopper saw on the product page and in the cart.
    const profile = await deps.account.safetyProfile(p.userId);
    const quote = await deps.catalog.quote(entries.map((e) => ({ productId: e.productId, quantity: e.quantity })), profile);
    if (chosen.method !== 'collect' && quote.items.some(collectOnly)) throw unprocessable(COLLECT_ONLY_MESSAGE, CheckoutErrorCodes.COLLECT_ONLY);
    deps.supplyLimits.checkSale(quote.items, await deps.supplyLimits.waivedFor(p.userId));
    const at = deps.now();
    const held = quote.items.some((q) => q.requiresPrescription) ? await deps.prescriptions.of(p.userId) : [];
    const today = deps.prescriptions.today();
    const lines = orderLines(entries, quote, { ...p.body, profile, at }, (productId) => coverageOf(held, productId, today));
    // The fee and tax come from the server's one pricing; the provider is asked for subtotal + delivery.
    const { delivery, price } = deps.pricing.orderDelivery(chosen, lines.subtotalCents);
    const ms = at.getTime();
    return {
      _id: p.orderId, orderNumber: orderNumber(p.orderId), userId: p.userId, items: lines.items, productIds: lines.items.map((i) => i.productId),
      address: {
        addressId: address._id, fullName: address.fullName, line1: address.line1, line2: address.line2, city: address.city,
        region: address.region, postalCode: address.postalCode, country: address.country, phone: address.phone, notes: address.notes,
      },
      totalCents: price.totalCents, subtotalCents: lines.subtotalCents, delivery, taxIncludedCents: price.taxIncludedCents, taxRatePercent: price.taxRatePercent,
      currency: deps.market.currency, orderStatus: 'pending', paymentStatus: 'pending', paymentMethod: payments.name,
      paymentId: '', payerId: '', captureId: '', stock: 'reserving', captureLockUntil: 0, capturing: null,
      acknowledgedWarnings: lines.warnings, acknowledgedAt: lines.warnings.length > 0 ? ms : null,
      consultation: lines.consultation, unrecognisedTerms: lines.unrecognisedTerms,
      review: initialReview(reviewReasons(lines.items, lines.unrecognisedTerms, lines.consultation)),
      history: [], createdAt: ms, updatedAt: ms, expiresAt: ms + deps.orderTtlMs,
    };
  }

  const steps: readonly Step<Placing, PlacingStep>[] = [
    {
      name: 'quote',
      run: async (p) => void (p.draft = await draft(p)),
    },
    {
      // The order exists before its hold slot and its stock, so a stop between them leaves something the sweeper closes.
      name: 'order',
      run: async (p) => void (await orders.insertOne(p.draft as OrderDoc)),
      async undo(p, failedAt) {
        // Nothing was held, or the hold went back: the order never existed. A payment that could not start leaves
        // the order closed as "Payment failed" in My Orders, and so does stock the catalog was not told to release.
        const closes = p.releaseOwed || failedAt === 'payment' || failedAt === 'started';
        if (!closes) {
          await orders.deleteOne({ _id: p.orderId });
          return;
        }
        const note = failedAt === 'stock' ? 'Stock could not be reserved' : 'The payment could not be started';
        await deps.ledger.closeUnpaid(p.orderId, SYSTEM, note, failedAt === 'stock' ? 'outOfStock' : 'paymentFailed');
      },
    },
    {
      name: 'limits',
      async run(p) {
        if (await deps.holds.claim(p.userId, p.orderId)) return;
        throw unprocessable(
          `You already have ${UNPAID_ORDERS_LIMIT} unpaid orders. Please pay for or cancel one of them in My Orders before placing a new one.`,
          CheckoutErrorCodes.TOO_MANY_UNPAID_ORDERS,
        );
      },
      undo: (p) => deps.holds.release(p.orderId),
    },
    {
      // The person's and the address's windows (docs/domain.md#supply-limits): the order exists first, so the sweep
      // can tell an entry of an order that never got further from one that counts.
      name: 'supply',
      run: (p) => deps.supplyLimits.claim(p.draft as OrderDoc),
      undo: (p) => deps.supplyLimits.release(p.orderId),
    },
    {
      // Before the stock: an order refused for its prescription's quantity (another order took it) asks the catalog nothing.
      name: 'prescriptions',
      run: (p) => deps.prescriptions.reserve(p.orderId, (p.draft as OrderDoc).items),
      undo: (p) => deps.prescriptions.giveBack(p.orderId),
    },
    {
      // All-or-nothing at the catalog. From here the order reads `reserving`, which every path treats as held.
      name: 'stock',
      async run(p) {
        const reservation = await deps.catalog.reserve(p.orderId, (p.draft as OrderDoc).items.map((i) => ({ productId: i.productId, quantity: i.quantity })));
        // Not recorded, a recall could not find the units this order holds: the order is not placed.
        await deps.batches.record(p.orderId, reservation, false);
      },
      // Also when the reserve itself failed: a timeout may have reserved (a release of nothing is a no-op).
      undo: async (p) => void (p.releaseOwed = !(await deps.ledger.moveStock(p.orderId, 'release'))),
    },
    {
      name: 'payment',
      async run(p) {
        const { totalCents, orderNumber: number } = p.draft as OrderDoc;
        const returnOrigin = deps.returnOrigin(p.requestOrigin);
        try {
          p.payment = await payments.createPayment({
            orderId: p.orderId, amountCents: totalCents, currency: deps.market.currency,
            description: `Pharmacy & Care order ${number} (${formatMoney(centsToDecimal(totalCents), deps.market.currency)})`,
            // The order id rides in the return URL: the page may open on another tab or after a new sign-in,
            // where the browser's session storage no longer has it.
            ...providerReturnUrls(returnOrigin, p.orderId),
          });
        } catch (err) {
          deps.log.warn({ err, orderId: p.orderId, detail: (err as { detail?: string }).detail }, 'payment could not be started');
          throw paymentHttpError(err);
        }
      },
      // Keyed by our order id, so a payment whose creation answered with an error is found and cancelled too.
      undo: (p) => payments.cancelPayment(p.orderId),
    },
    {
      // The stock is held and the payment started, recorded in one write. `held` only over `reserving`: staff who
      // closed the order meanwhile set the stock's next move, kept as it is.
      name: 'started',
      async run(p) {
        const { paymentId, approvalURL } = p.payment as { paymentId: string; approvalURL: string };
        const started = { paymentId, paymentURL: approvalURL, updatedAt: nowMs() };
        const { matchedCount } = await orders.updateOne({ _id: p.orderId, stock: 'reserving' }, { $set: { ...started, stock: 'held' } });
        if (matchedCount === 0) await orders.updateOne({ _id: p.orderId }, { $set: started });
      },
    },
  ];

  return {
    steps,
    /** Places the shopper's cart as an order; a failure at any step leaves nothing behind (runSteps). */
    async place(userId: string, body: OrderCreateBody, requestOrigin?: string): Promise<OrderCreated> {
      const placing: Placing = { userId, body, requestOrigin, orderId: randomUUID() };
      await runSteps(steps, placing, deps.log);
      return { approvalURL: (placing.payment as { approvalURL: string }).approvalURL, orderId: placing.orderId };
    },
  };
}
