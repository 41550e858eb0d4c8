import { randomUUID } from 'node:crypto';
import {
  CheckoutErrorCodes,
  ErrorCodes,
  ORDER_STATUS_TRANSITIONS,
  PAYMENT_STATUS_TRANSITIONS,
  UNPAID_ORDERS_LIMIT,
  orderNumber,
  type OrderClosedReason,
  type AdminReviewBody,
  type Order,
  type OrderCaptureBody,
  type OrderCreateBody,
  type OrderCreated,
  type OrderStatus,
  type PaymentStatus,
  type PurchaseCheck,
} from '@pharmacy/contracts';
import type { Collection } from '@pharmacy/db';
import { HttpError, badRequest, conflict, forbidden, notFound, unprocessable } from '@pharmacy/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountClient } from '../account-client';
import type { AddressStore } from '../addresses/store';
import type { CartStore } from '../cart/store';
import type { CatalogClient } from '../catalog-client';
import type { DeliveryPricing } from '../delivery/pricing';
import { toDecimalString } from '../money';
import { PaymentError, type PaymentProvider } from '../payments/port';
import { isGone, lineProblem, warningMessages } from '../safety';
import type { HoldSlots } from './holds';
import { createOrderMail } from './mail/notifier';
import { mailsFor, owe } from './mail/steps';
import { consultationFor, initialReview, reviewReasons } from './review';
import { SYSTEM, history, reviewOf, toApiOrder, type Actor, type OrderDoc, type OrderItemDoc, type RefundIntent } from './store';

/** How long a capture in flight holds the order against a concurrent replay, cancel or expiry. */
const CAPTURE_LOCK_MS = 60_000;
/** How long a replayed capture waits for the one in flight before asking the shopper to retry. */
const CAPTURE_WAIT_MS = 10_000;
/** A rejection's refund younger than this is left to the request that started it; the sweep finishes older ones. */
const REFUND_LOCK_MS = 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A provider failure as the shopper sees it; the order stays pending for the retryable ones. */
export function paymentHttpError(err: unknown): unknown {
  if (!(err instanceof PaymentError)) return err;
  switch (err.kind) {
    case 'timeout':
      return new HttpError(503, ErrorCodes.UNAVAILABLE, err.message);
    case 'unavailable':
      return new HttpError(502, CheckoutErrorCodes.PAYMENT_PROVIDER_ERROR, err.message);
    default:
      return new HttpError(422, CheckoutErrorCodes.PAYMENT_DECLINED, err.message);
  }
}

export interface OrderServiceDeps {
  orders: Collection<OrderDoc>;
  carts: CartStore;
  addresses: AddressStore;
  catalog: CatalogClient;
  account: AccountClient;
  payments: PaymentProvider;
  /** A shopper's unpaid orders (UNPAID_ORDERS_LIMIT at once). */
  holds: HoldSlots;
  /** The origin the provider sends the shopper back to, from the checkout request's Origin header. */
  returnOrigin: (requestOrigin: string | undefined) => string;
  currency: string;
  /** The delivery fees and tax rate (the same object prices the carts). */
  pricing: DeliveryPricing;
  orderTtlMs: number;
  /** The shop's origin, for the link in mail to shoppers. */
  publicOrigin: string;
  now: () => Date;
  log: FastifyBaseLogger;
}

export function createOrderService(deps: OrderServiceDeps) {
  const { orders, catalog, payments } = deps;
  const nowMs = () => deps.now().getTime();
  /** An order as the API shows it (an older one without stored tax shows it at today's rate). */
  const toApi = (d: OrderDoc): Order => toApiOrder(d, deps.pricing.settings.taxRatePercent);
  const mail = createOrderMail({ orders, account: deps.account, toApi, publicOrigin: deps.publicOrigin, log: deps.log });

  async function owned(userId: string, orderId: string): Promise<OrderDoc> {
    const order = await orders.findOne({ _id: orderId });
    if (!order) throw notFound('That order was not found.');
    if (order.userId !== userId) throw forbidden('That order belongs to another account.');
    return order;
  }

  async function reload(orderId: string): Promise<OrderDoc> {
    const order = await orders.findOne({ _id: orderId });
    if (!order) throw notFound('That order was not found.');
    return order;
  }

  const MOVED = { commit: 'committed', release: 'released', refund: 'refunded', restock: 'restocked' } as const;

  /**
   * Moves an order's reservation on at the catalog and records it: `commit` (paid), `release` (gives the held
   * stock back) or `refund` (a refunded order's units stop counting as sold). When the catalog is down the order
   * keeps its `<move>-pending` mark and the sweeper retries; every move is idempotent. `restock` puts a rejected
   * paid order's units back on the shelf, also when its commit has not reached the catalog yet.
   */
  async function moveStock(orderId: string, move: keyof typeof MOVED): Promise<void> {
    try {
      await catalog[move](orderId).catch((err: unknown) => {
        // No reservation was ever made (the reserve itself failed): there is nothing to give back.
        if (!(move === 'release' && err instanceof HttpError && err.statusCode === 404)) throw err;
      });
      await orders.updateOne({ _id: orderId, stock: `${move}-pending` }, { $set: { stock: MOVED[move] } });
    } catch (err) {
      deps.log.warn({ err, orderId }, `stock ${move} failed; the sweeper will retry`);
    }
  }

  /**
   * Closes an unpaid order (cancelled, expired, or its payment could not be started): rejected + failed,
   * recorded in its history with why (`closedReason`), stock released. Atomic on the pending state, so it never
   * races a capture.
   */
  async function closeUnpaid(orderId: string, by: Actor, note: string, reason: OrderClosedReason): Promise<OrderDoc | null> {
    const at = nowMs();
    const closed = await orders.findOneAndUpdate(
      // capturing: null — a capture whose outcome was never recorded may have taken the money: the provider is
      // asked first (settleCapture), and only an order it did not charge may close.
      { _id: orderId, orderStatus: 'pending', paymentStatus: 'pending', captureLockUntil: { $lt: at }, capturing: null },
      {
        $set: { orderStatus: 'rejected', paymentStatus: 'failed', closedReason: reason, stock: 'release-pending', updatedAt: at },
        $push: { history: { $each: [history('orderStatus', 'pending', 'rejected', at, by, note), history('paymentStatus', 'pending', 'failed', at, by, note)] } },
      },
      { returnDocument: 'after' },
    );
    if (!closed) return null;
    await moveStock(orderId, 'release');
    await deps.holds.release(orderId);
    return reload(orderId);
  }

  /**
   * Records a payment: paid (+ confirmed), stock committed, the bought items leave the cart, the shopper is mailed.
   * Conditional on the payment still pending (and on `guard`), so a capture and a reconciliation can both try and
   * apply once; null when it no longer was. Staff recording a payment taken outside the provider come here too.
   */
  async function recordPayment(order: OrderDoc, by: Actor, note: string, set: Partial<OrderDoc>, guard: Record<string, unknown> = {}): Promise<OrderDoc | null> {
    const at = nowMs();
    const after: Partial<Pick<OrderDoc, 'paymentStatus' | 'orderStatus'>> =
      order.orderStatus === 'pending' ? { paymentStatus: 'paid', orderStatus: 'confirmed' } : { paymentStatus: 'paid' };
    const paid = await orders.findOneAndUpdate(
      { _id: order._id, paymentStatus: 'pending', ...guard },
      {
        $set: { ...after, ...set, stock: 'commit-pending', captureLockUntil: 0, capturing: null, updatedAt: at },
        $push: {
          history: { $each: [history('paymentStatus', 'pending', 'paid', at, by, note), ...(after.orderStatus ? [history('orderStatus', 'pending', 'confirmed', at, by, 'Paid')] : [])] },
        },
        ...owe(mailsFor(order, after)),
      },
      { returnDocument: 'after' },
    );
    if (!paid) return null;
    await moveStock(order._id, 'commit');
    await deps.holds.release(order._id);
    const bought = new Set(paid.productIds);
    await deps.carts.mutate(order.userId, (items) => items.filter((i) => !bought.has(i.productId)));
    await mail.send(paid);
    return reload(order._id);
  }

  /** A payment the provider took; applied once however many captures and reconciliations record it. */
  async function markPaid(order: OrderDoc, captureId: string, payerId: string, note: string): Promise<Order> {
    const paid = await recordPayment(order, SYSTEM, note, { payerId, captureId });
    if (paid) return toApi(paid);
    const current = await reload(order._id);
    // Someone else recorded this payment first: the same outcome.
    if (current.paymentStatus === 'paid') return toApi(current);
    // Money was taken for an order that closed meanwhile (only staff can do that): this needs a person.
    deps.log.error({ orderId: order._id, captureId, orderStatus: current.orderStatus, paymentStatus: current.paymentStatus }, 'payment captured but the order changed meanwhile');
    return toApi(current);
  }

  /**
   * Settles an order whose capture outcome was never recorded (a stop or a provider timeout between our
   * marker and our update) by asking the provider. Captured: the order is paid. Not captured: the marker goes
   * and the order follows the ordinary flow (pay again, cancel, or expire). Provider unreachable: the order
   * stays as it is and the next sweep asks again; it never expires meanwhile.
   */
  async function settleCapture(order: OrderDoc): Promise<'paid' | 'open' | 'unknown'> {
    const intent = order.capturing;
    if (!intent || order.paymentStatus !== 'pending') return order.paymentStatus === 'paid' ? 'paid' : 'open';
    let state: Awaited<ReturnType<PaymentProvider['getPayment']>>;
    try {
      state = await payments.getPayment(order.paymentId);
    } catch (err) {
      deps.log.warn({ err, orderId: order._id, detail: (err as PaymentError).detail }, 'could not ask the provider about an unfinished capture; retrying on the next sweep');
      return 'unknown';
    }
    if (state.status === 'captured') {
      deps.log.warn({ orderId: order._id, captureId: state.captureId }, 'an unfinished capture was taken at the provider: recording the order as paid');
      const paid = await markPaid(order, state.captureId, intent.payerId, `Captured by ${payments.name} (confirmed with the provider after an interruption)`);
      return paid.paymentStatus === 'paid' ? 'paid' : 'unknown';
    }
    // Not captured: forget the marker, unless a capture started since (it holds the lock and writes its own).
    await orders.updateOne(
      { _id: order._id, paymentStatus: 'pending', captureLockUntil: { $lt: nowMs() }, 'capturing.at': intent.at },
      { $set: { capturing: null } },
    );
    return 'open';
  }

  async function create(userId: string, body: OrderCreateBody, requestOrigin?: string): Promise<OrderCreated> {
    const chosen = deps.pricing.chooseDelivery(body.delivery);
    const address = await deps.addresses.get(userId, body.addressId);
    if (!address) throw notFound('That address was not found. Please choose or add a delivery address.');
    const entries = await deps.carts.items(userId);
    if (entries.length === 0) throw unprocessable('Your cart is empty.');

    // Prices, stock and the shopper's safety profile come from their owners, never from the browser; the catalog
    // answers safety for the stored profile, the one answer the shopper saw on the product page and in the cart.
    const profile = await deps.account.safetyProfile(userId);
    const quote = await catalog.quote(entries.map((e) => ({ productId: e.productId, quantity: e.quantity })), profile);
    const byId = new Map(quote.items.map((l) => [l.productId, l]));
    const items: OrderItemDoc[] = [];
    for (const entry of entries) {
      const q = byId.get(entry.productId);
      if (!q || isGone(q) || q.totalStock <= 0) {
        const title = q?.title ?? 'A product in your cart';
        throw new HttpError(409, CheckoutErrorCodes.OUT_OF_STOCK, `${title} is no longer available. Please remove it from your cart.`);
      }
      const problem = lineProblem(q);
      if (problem) throw unprocessable(`${q.title}: ${problem.message}`, problem.code);
      if (q.maxPerOrder !== null && entry.quantity > q.maxPerOrder) throw unprocessable(`You can order at most ${q.maxPerOrder} of ${q.title}.`);
      if (entry.quantity > q.totalStock) {
        throw new HttpError(409, CheckoutErrorCodes.OUT_OF_STOCK, `Only ${q.totalStock} of ${q.title} left in stock. Please lower the quantity.`);
      }
      items.push({
        productId: q.productId, title: q.title, image: q.image ?? '', brand: q.brand ?? '', unitPriceCents: q.unitPriceCents,
        quantity: entry.quantity, warnings: warningMessages(q), ...(q.pharmacyOnly ? { pharmacyOnly: true } : {}),
      });
    }
    const warnings = items.flatMap((i) => i.warnings.map((w) => `${i.title}: ${w}`));
    if (warnings.length > 0 && body.acknowledgeSafetyWarnings !== true) {
      throw unprocessable(`Please read and acknowledge the safety warnings before ordering. ${warnings.join(' ')}`, CheckoutErrorCodes.SAFETY_ACK_REQUIRED);
    }
    // Answers sent for a cart without a pharmacy medicine (it left the cart in another tab) are not kept: health
    // details are stored only where a pharmacist needs them.
    const pharmacyTitles = items.filter((i) => i.pharmacyOnly).map((i) => i.title);
    const consultation = pharmacyTitles.length > 0 ? consultationFor(pharmacyTitles, body.consultation, profile, deps.now()) : [];
    const unrecognisedTerms = quote.unrecognisedTerms ?? [];

    // The fee and tax come from the server's one pricing; the provider is asked for subtotal + delivery.
    const subtotalCents = items.reduce((sum, i) => sum + i.unitPriceCents * i.quantity, 0);
    const { delivery, price } = deps.pricing.orderDelivery(chosen, subtotalCents);
    const totalCents = price.totalCents;

    const orderId = randomUUID();
    const number = orderNumber(orderId);
    const at = nowMs();
    const doc: OrderDoc = {
      _id: orderId, orderNumber: number, userId, items, productIds: items.map((i) => i.productId),
      address: {
        addressId: address._id, fullName: address.fullName, addressLine: address.addressLine, city: address.city,
        postalCode: address.postalCode, phone: address.phone, notes: address.notes,
      },
      totalCents, subtotalCents, delivery, taxIncludedCents: price.taxIncludedCents, taxRatePercent: price.taxRatePercent,
      currency: deps.currency, orderStatus: 'pending', paymentStatus: 'pending', paymentMethod: payments.name,
      paymentId: '', payerId: '', captureId: '', stock: 'reserving', captureLockUntil: 0, capturing: null,
      acknowledgedWarnings: warnings, acknowledgedAt: warnings.length > 0 ? at : null,
      consultation, unrecognisedTerms, review: initialReview(reviewReasons(items, unrecognisedTerms, consultation)),
      history: [], createdAt: at, updatedAt: at, expiresAt: at + deps.orderTtlMs,
    };
    // The order exists before the reservation so a crash in between leaves something the sweeper can release.
    await orders.insertOne(doc);
    if (!(await deps.holds.claim(userId, orderId))) {
      await orders.deleteOne({ _id: orderId });
      throw unprocessable(
        `You already have ${UNPAID_ORDERS_LIMIT} unpaid orders. Please pay for or cancel one of them in My Orders before placing a new one.`,
        CheckoutErrorCodes.TOO_MANY_UNPAID_ORDERS,
      );
    }
    try {
      await catalog.reserve(orderId, items.map((i) => ({ productId: i.productId, quantity: i.quantity })));
    } catch (err) {
      if (err instanceof HttpError && err.statusCode < 500) {
        // All-or-nothing: nothing was reserved, so the order never existed.
        await orders.deleteOne({ _id: orderId });
        await deps.holds.release(orderId);
      } else {
        await closeUnpaid(orderId, SYSTEM, 'Stock could not be reserved', 'outOfStock');
      }
      throw err;
    }
    // The stock is held from here; the order says so with its payment below, in one write instead of two. Until
    // then it reads `reserving`, which every path treats as held (expiry and staff release it, a payment commits it).

    const returnOrigin = deps.returnOrigin(requestOrigin);
    let payment: { paymentId: string; approvalURL: string };
    try {
      payment = await payments.createPayment({
        orderId, amountCents: totalCents, currency: deps.currency,
        description: `Pharmacy & Care order ${number} (${toDecimalString(totalCents)} ${deps.currency})`,
        // The order id rides in the return URL: the page may open on another tab or after a new sign-in,
        // where the browser's session storage no longer has it.
        returnUrl: `${returnOrigin}/secure/checkout/return?orderId=${encodeURIComponent(orderId)}`,
        cancelUrl: `${returnOrigin}/secure/checkout/cancel`,
      });
    } catch (err) {
      deps.log.warn({ err, orderId, detail: (err as PaymentError).detail }, 'payment could not be started');
      await closeUnpaid(orderId, SYSTEM, 'The payment could not be started', 'paymentFailed');
      throw paymentHttpError(err);
    }
    const started = { paymentId: payment.paymentId, paymentURL: payment.approvalURL, updatedAt: nowMs() };
    // `held` only over `reserving`: staff who closed the order meanwhile set the stock's next move, kept as it is.
    const { matchedCount } = await orders.updateOne({ _id: orderId, stock: 'reserving' }, { $set: { ...started, stock: 'held' } });
    if (matchedCount === 0) await orders.updateOne({ _id: orderId }, { $set: started });
    return { approvalURL: payment.approvalURL, orderId };
  }

  /** Idempotent: a repeated capture returns the same order and changes nothing. */
  async function capture(userId: string, body: OrderCaptureBody): Promise<Order> {
    let order = await owned(userId, body.orderId);
    if (!order.paymentId || order.paymentId !== body.paymentId) {
      throw unprocessable('This payment does not belong to this order.', CheckoutErrorCodes.PAYMENT_MISMATCH);
    }
    const closedMessage = 'This order was cancelled or expired, so no payment was taken. Your cart is kept: please place the order again.';
    const deadline = Date.now() + CAPTURE_WAIT_MS;
    for (;;) {
      if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') return toApi(order);
      if (order.paymentStatus !== 'pending' || order.orderStatus === 'rejected') {
        throw new HttpError(409, CheckoutErrorCodes.ORDER_CLOSED, closedMessage);
      }
      const at = nowMs();
      // The capture intent is on disk before the provider is called: if we stop before recording the outcome,
      // reconciliation asks the provider instead of letting the order expire as unpaid.
      const claimed = await orders.findOneAndUpdate(
        { _id: order._id, paymentStatus: 'pending', orderStatus: { $ne: 'rejected' }, captureLockUntil: { $lt: at } },
        { $set: { captureLockUntil: at + CAPTURE_LOCK_MS, capturing: { payerId: body.payerId, at } } },
        { returnDocument: 'after' },
      );
      if (claimed) {
        order = claimed;
        break;
      }
      // Another capture of this order is in flight: its result is ours too.
      if (Date.now() > deadline) throw conflict('Your payment is still being confirmed. Please try again in a moment.');
      await sleep(50);
      order = await reload(order._id);
    }

    let captureId: string;
    try {
      ({ captureId } = await payments.capture(body.paymentId, body.payerId));
    } catch (err) {
      // A refusal means no money moved: the marker goes. A timeout or an outage leaves the outcome unknown,
      // so the marker stays until the provider is asked (the shopper may retry meanwhile).
      const refused = err instanceof PaymentError && (err.kind === 'declined' || err.kind === 'not_approved' || err.kind === 'rejected');
      await orders.updateOne({ _id: order._id }, { $set: { captureLockUntil: 0, ...(refused ? { capturing: null } : {}) } });
      deps.log.warn({ err, orderId: order._id, detail: (err as PaymentError).detail }, 'capture failed; the order stays pending');
      throw paymentHttpError(err);
    }
    return markPaid(order, captureId, body.payerId, `Captured by ${payments.name}`);
  }

  async function cancel(userId: string, orderId: string): Promise<Order> {
    let order = await owned(userId, orderId);
    // An unfinished capture is settled first: the shopper must not cancel an order the provider charged.
    if (order.capturing && order.paymentStatus === 'pending' && order.captureLockUntil < nowMs()) {
      await settleCapture(order);
      order = await reload(orderId);
    }
    if (order.paymentStatus === 'failed' || order.orderStatus === 'rejected') return toApi(order);
    if (order.paymentStatus !== 'pending') throw conflict('This order is already paid and cannot be cancelled here. Please contact us for help.');
    const closed = await closeUnpaid(orderId, { id: userId }, 'Cancelled by the shopper', 'cancelled');
    if (closed) return toApi(closed);
    const now = await reload(orderId);
    if (now.orderStatus === 'rejected') return toApi(now);
    throw conflict('Your payment is being confirmed, so the order cannot be cancelled right now.');
  }

  /** Orders not captured in time: rejected, payment failed, stock released. Returns how many expired. */
  async function expireDue(): Promise<number> {
    const due = await orders.find(
      { orderStatus: 'pending', paymentStatus: 'pending', capturing: null, expiresAt: { $lte: nowMs() } },
      { sort: { expiresAt: 1 }, limit: 200 },
    );
    let expired = 0;
    for (const o of due) {
      if (await closeUnpaid(o._id, SYSTEM, 'Not paid within 30 minutes', 'expired')) expired++;
    }
    return expired;
  }

  /** Asks the provider about every order with an unfinished capture; returns how many turned out paid. */
  async function reconcileCaptures(): Promise<number> {
    const unfinished = await orders.find({ paymentStatus: 'pending', capturing: { $ne: null } }, { sort: { updatedAt: 1 }, limit: 200 });
    let paid = 0;
    for (const o of unfinished) {
      if ((await settleCapture(o)) === 'paid') paid++;
    }
    return paid;
  }

  /** Stock changes the catalog missed while it was down. */
  async function retryStock(): Promise<void> {
    for (const move of ['release', 'commit', 'refund', 'restock'] as const) {
      for (const o of await orders.find({ stock: `${move}-pending` }, { limit: 200 })) await moveStock(o._id, move);
    }
  }

  /** Staff change one status; only the transitions of docs/domain.md#orders are allowed. */
  async function adminSet(orderId: string, field: 'orderStatus' | 'paymentStatus', to: OrderStatus | PaymentStatus, by: Actor): Promise<Order> {
    const order = await reload(orderId);
    // A paid order awaiting the pharmacist is not released for processing, and is not closed or refunded past the
    // review either: a rejection goes through the review, which refunds with the provider and tells the shopper.
    if (reviewOf(order).status === 'awaiting' && order.paymentStatus === 'paid' && !(field === 'orderStatus' && to === 'confirmed')) {
      throw unprocessable(
        "This order waits for a pharmacist's review. A pharmacist approves it to send it on to processing, or rejects it, which refunds the shopper.",
        CheckoutErrorCodes.REVIEW_PENDING,
      );
    }
    const from = order[field];
    const allowed = (field === 'orderStatus' ? ORDER_STATUS_TRANSITIONS : PAYMENT_STATUS_TRANSITIONS) as Record<string, readonly string[]>;
    if (!allowed[from]?.includes(to)) {
      const options = allowed[from]?.length ? `It can go to: ${allowed[from].join(', ')}.` : 'It cannot change any more.';
      throw unprocessable(`${field} cannot change from ${from} to ${to}. ${options}`, CheckoutErrorCodes.INVALID_TRANSITION);
    }
    const changed = 'This order changed while you were editing it (or a payment is being confirmed). Please reload it.';
    if (field === 'paymentStatus' && to === 'paid') {
      // Taken outside the provider: the order moves on as a capture moves it, unless a capture is under way.
      const paid = await recordPayment(order, by, 'Paid outside the payment provider, recorded by staff', {}, { captureLockUntil: { $lt: nowMs() }, capturing: null });
      if (!paid) throw conflict(changed);
      return toApi(paid);
    }
    const at = nowMs();
    const set: Record<string, unknown> = { [field]: to, updatedAt: at };
    const entries = [history(field, from, to, at, by)];
    // An unpaid order that staff reject (or whose payment staff mark failed) gives its stock back; both
    // statuses move together so it can neither be captured nor linger as pending.
    const closesUnpaid =
      order.paymentStatus === 'pending' && ((field === 'orderStatus' && to === 'rejected') || (field === 'paymentStatus' && to === 'failed'));
    // Why it closed, in the order's one field: staff rejecting it, or staff marking its payment failed.
    if (closesUnpaid) set.closedReason = field === 'orderStatus' ? 'rejectedByStaff' : 'paymentFailed';
    else if (field === 'orderStatus' && to === 'rejected') set.closedReason = 'rejectedByStaff';
    if (closesUnpaid) {
      if (field === 'orderStatus') {
        set.paymentStatus = 'failed';
        entries.push(history('paymentStatus', 'pending', 'failed', at, by, 'Order rejected'));
      } else if (ORDER_STATUS_TRANSITIONS[order.orderStatus].includes('rejected')) {
        set.orderStatus = 'rejected';
        entries.push(history('orderStatus', order.orderStatus, 'rejected', at, by, 'Payment failed'));
      }
      set.stock = 'release-pending';
    }
    // A refund: the catalog stops counting the order's units as sold (they are not put back on the shelf). A commit
    // still pending is overtaken: the catalog refunds a reservation it never heard was committed.
    const refunds = field === 'paymentStatus' && to === 'refunded' && (order.stock === 'committed' || order.stock === 'commit-pending');
    if (refunds) set.stock = 'refund-pending';
    const filter: Record<string, unknown> = { _id: orderId, [field]: from, captureLockUntil: { $lt: at }, ...(closesUnpaid ? { capturing: null } : {}) };
    const update = { $set: set, $push: { history: { $each: entries } }, ...owe(mailsFor(order, set as Partial<OrderDoc>)) };
    const updated = await orders.findOneAndUpdate(filter, update, { returnDocument: 'after' });
    if (!updated) throw conflict(changed);
    if (closesUnpaid) await moveStock(orderId, 'release');
    if (refunds) await moveStock(orderId, 'refund');
    if (closesUnpaid) await deps.holds.release(orderId);
    await mail.send(updated);
    return toApi(await reload(orderId));
  }

  /**
   * Finishes a rejection whose intent is recorded: the provider refunds (idempotent per order, so a retry after a
   * lost answer moves no more money), then the order is rejected + refunded in one conditional write, the stock
   * goes back on the shelf and the shopper is told. A provider failure leaves the order awaiting with its intent.
   */
  async function finishRejection(order: OrderDoc, intent: RefundIntent): Promise<OrderDoc> {
    // Staff may have recorded a payment taken outside the provider (no capture): it is refunded the same way, by staff.
    const outside = !order.captureId;
    let refundId = '';
    try {
      if (!outside) ({ refundId } = await payments.refund(order.captureId, { amountCents: order.totalCents, currency: order.currency, orderId: order._id }));
    } catch (err) {
      const unknown = !(err instanceof PaymentError) || err.kind === 'unavailable' || err.kind === 'timeout';
      deps.log.warn({ err, orderId: order._id, detail: (err as PaymentError).detail }, 'refund of a rejected order failed');
      if (!unknown) {
        // The provider refused outright, so no money moved: the intent goes and the pharmacist decides again.
        await orders.updateOne({ _id: order._id, 'refunding.at': intent.at }, { $set: { refunding: null } });
        throw new HttpError(502, CheckoutErrorCodes.PAYMENT_PROVIDER_ERROR,
          `The payment provider refused to refund this order (${(err as PaymentError).message}). It is still awaiting review; nothing was refunded.`);
      }
      throw err instanceof PaymentError
        ? new HttpError(err.kind === 'timeout' ? 503 : 502, err.kind === 'timeout' ? ErrorCodes.UNAVAILABLE : CheckoutErrorCodes.PAYMENT_PROVIDER_ERROR,
          'The payment provider could not confirm the refund right now. The order is still awaiting review: please try again in a moment.')
        : err;
    }
    const at = nowMs();
    const by: Actor = { id: intent.by, name: intent.byName };
    const review = { ...reviewOf(order), status: 'rejected' as const, decidedBy: by.id, ...(by.name ? { decidedByName: by.name } : {}), decidedAt: at, note: intent.reason };
    const after = { review, paymentStatus: 'refunded', orderStatus: 'rejected' } as const;
    const rejected = await orders.findOneAndUpdate(
      { _id: order._id, 'review.status': 'awaiting', paymentStatus: 'paid' },
      {
        $set: { ...after, closedReason: 'rejectedByPharmacist', refundId, refunding: null, stock: 'restock-pending', updatedAt: at },
        $push: {
          history: {
            $each: [
              history('review', 'awaiting', 'rejected', at, by, intent.reason),
              history('paymentStatus', 'paid', 'refunded', at, by,
                outside ? 'Paid outside the payment provider: refund the shopper the way they paid' : `Refunded by ${payments.name} (${refundId})`),
              history('orderStatus', order.orderStatus, 'rejected', at, by, 'Rejected by a pharmacist'),
            ],
          },
        },
        ...owe(mailsFor(order, after)),
      },
      { returnDocument: 'after' },
    );
    // Someone else (the sweep, a retry) recorded it first: the same outcome.
    if (!rejected) return reload(order._id);
    await moveStock(order._id, 'restock');
    await mail.send(rejected);
    return reload(order._id);
  }

  /**
   * The pharmacist's decision on a paid order awaiting review (docs/domain.md#pharmacist-review). Repeating the
   * decision already made returns the order; the other decision is refused.
   */
  async function decideReview(orderId: string, body: AdminReviewBody, by: Actor): Promise<Order> {
    const order = await reload(orderId);
    const review = reviewOf(order);
    const wanted = body.decision === 'approve' ? 'approved' : 'rejected';
    if (review.status === wanted) return toApi(order);
    if (review.status === 'approved' || review.status === 'rejected') {
      const when = review.decidedAt ? ` on ${new Date(review.decidedAt).toISOString().slice(0, 16).replace('T', ' ')} UTC` : '';
      throw new HttpError(409, CheckoutErrorCodes.REVIEW_PENDING, `A pharmacist already ${review.status} this order${when}; the decision cannot change.`);
    }
    if (review.status !== 'awaiting') throw unprocessable('This order does not need a pharmacist’s review.', CheckoutErrorCodes.INVALID_TRANSITION);
    if (order.paymentStatus === 'pending') {
      throw unprocessable('This order is not paid yet: it reaches the pharmacist once the shopper pays.', CheckoutErrorCodes.REVIEW_PENDING);
    }
    if (order.paymentStatus !== 'paid' || order.orderStatus !== 'confirmed') {
      throw unprocessable(`This order is ${order.orderStatus} with payment ${order.paymentStatus}, so there is nothing to review.`, CheckoutErrorCodes.INVALID_TRANSITION);
    }
    const at = nowMs();
    const open = { _id: orderId, 'review.status': 'awaiting', paymentStatus: 'paid', orderStatus: 'confirmed', refunding: null };

    if (body.decision === 'approve') {
      const note = body.note?.trim() || null;
      const after = { review: { ...review, status: 'approved', decidedBy: by.id, ...(by.name ? { decidedByName: by.name } : {}), decidedAt: at, note }, orderStatus: 'inProcess' } as const;
      const approved = await orders.findOneAndUpdate(
        open,
        {
          $set: { ...after, updatedAt: at },
          ...owe(mailsFor(order, after)),
          $push: {
            history: {
              $each: [
                history('review', 'awaiting', 'approved', at, by, note ?? undefined),
                history('orderStatus', 'confirmed', 'inProcess', at, by, 'Approved by a pharmacist'),
              ],
            },
          },
        },
        { returnDocument: 'after' },
      );
      if (approved) {
        await mail.send(approved);
        return toApi(await reload(orderId));
      }
      const now = await reload(orderId);
      if (reviewOf(now).status === 'approved') return toApi(now);
      throw conflict(now.refunding ? 'This order is being rejected and refunded, so it cannot be approved.' : 'This order changed meanwhile. Please reload it.');
    }

    // The rejection is on disk before the provider is asked to refund: a stop after the refund is finished by the sweep.
    const reason = body.reason.trim();
    if (reason.length < 3) throw badRequest('Please give the shopper a reason for the rejection.');
    const intent: RefundIntent = { by: by.id, ...(by.name ? { byName: by.name } : {}), reason, at };
    const claimed = await orders.findOneAndUpdate(open, { $set: { refunding: intent, updatedAt: at } }, { returnDocument: 'after' });
    if (claimed) return toApi(await finishRejection(claimed, intent));
    const now = await reload(orderId);
    if (reviewOf(now).status === 'rejected') return toApi(now);
    // A rejection already under way (a retry after a provider failure): finish it with the reason first given.
    if (now.refunding && reviewOf(now).status === 'awaiting') return toApi(await finishRejection(now, now.refunding));
    throw conflict('This order changed meanwhile. Please reload it.');
  }

  /** Rejections a stop or a provider outage left half done; returns how many were finished. */
  async function reconcileRefunds(): Promise<number> {
    const stale = await orders.find(
      { 'review.status': 'awaiting', paymentStatus: 'paid', refunding: { $ne: null }, 'refunding.at': { $lt: nowMs() - REFUND_LOCK_MS } },
      { limit: 200 },
    );
    let finished = 0;
    for (const o of stale) {
      try {
        if (reviewOf(await finishRejection(o, o.refunding as RefundIntent)).status === 'rejected') finished++;
      } catch (err) {
        deps.log.warn({ err, orderId: o._id }, 'could not finish a rejected order’s refund; the next sweep tries again');
      }
    }
    return finished;
  }


  return {
    create,
    capture,
    cancel,
    expireDue,
    reconcileCaptures,
    retryStock,
    adminSet,
    decideReview,
    reconcileRefunds,
    /** Mail to shoppers that the account service did not take yet. */
    retryNotices: mail.retry,
    async list(userId: string): Promise<Order[]> {
      return (await orders.find({ userId }, { sort: { createdAt: -1 } })).map(toApi);
    },
    async details(userId: string, orderId: string): Promise<Order> {
      return toApi(await owned(userId, orderId));
    },
    toApi,
    async adminDetails(orderId: string): Promise<Order> {
      return toApi(await reload(orderId));
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
