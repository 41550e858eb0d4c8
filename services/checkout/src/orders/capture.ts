import { CheckoutErrorCodes, ErrorCodes, type Order, type OrderCaptureBody } from '@pharmacy/contracts';
import type { Collection } from '@pharmacy/db';
import { HttpError, conflict, unprocessable } from '@pharmacy/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { PaymentError, type PaymentProvider, type PaymentState } from '../payments/port';
import type { SupplyLimits } from '../limits/service';
import type { OrderLedger } from './ledger';
import type { OrderRecords } from './records';
import type { OrderDoc } from './store';

/** How long a capture in flight holds the order against a concurrent replay, cancel or expiry. */
const CAPTURE_LOCK_MS = 60_000;
/** How long a replayed capture waits for the one in flight before asking the shopper to retry. */
const CAPTURE_WAIT_MS = 10_000;

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

export interface OrderCaptureDeps {
  orders: Collection<OrderDoc>;
  payments: Pick<PaymentProvider, 'name' | 'capture' | 'getPayment'>;
  records: OrderRecords;
  ledger: Pick<OrderLedger, 'markPaid' | 'closeUnpaid'>;
  supplyLimits: Pick<SupplyLimits, 'checkSale'>;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** The shopper's side of a placed order: capture on return from the provider, or cancel; and settling what a stop left unknown. */
export function createOrderCapture(deps: OrderCaptureDeps) {
  const { orders, payments, records, ledger } = deps;
  const nowMs = () => deps.now().getTime();

  /** The provider's word on an order's payment; null when it cannot be reached (the caller leaves the order as it is). */
  async function askProvider(order: OrderDoc, why: string): Promise<PaymentState | null> {
    try {
      return await payments.getPayment(order.paymentId);
    } catch (err) {
      deps.log.warn({ err, orderId: order._id, detail: (err as PaymentError).detail }, `could not ask the provider ${why}; retrying on the next sweep`);
      return null;
    }
  }

  /**
   * Settles an order whose capture outcome was never recorded (a stop or a provider timeout between our
   * marker and our update) by asking the provider. Captured: the order is paid. Not captured: the marker goes
   * and the order follows the ordinary flow (pay again, cancel, or expire). Provider unreachable: the order
   * stays as it is and the next sweep asks again; it never expires meanwhile.
   */
  async function settle(order: OrderDoc): Promise<'paid' | 'open' | 'unknown'> {
    const intent = order.capturing;
    if (!intent || order.paymentStatus !== 'pending') return order.paymentStatus === 'paid' ? 'paid' : 'open';
    const state = await askProvider(order, 'about an unfinished capture');
    if (!state) return 'unknown';
    if (state.status === 'captured') {
      deps.log.warn({ orderId: order._id, captureId: state.captureId }, 'an unfinished capture was taken at the provider: recording the order as paid');
      const paid = await ledger.markPaid(order, state.captureId, intent.payerId, `Captured by ${payments.name} (confirmed with the provider after an interruption)`);
      return paid.paymentStatus === 'paid' ? 'paid' : 'unknown';
    }
    // Not captured: forget the marker, unless a capture started since (it holds the lock and writes its own).
    await orders.updateOne(
      { _id: order._id, paymentStatus: 'pending', captureLockUntil: { $lt: nowMs() }, 'capturing.at': intent.at },
      { $set: { capturing: null } },
    );
    return 'open';
  }

  /** Idempotent: a repeated capture returns the same order and changes nothing. */
  async function capture(userId: string, body: OrderCaptureBody): Promise<Order> {
    let order = await records.owned(userId, body.orderId);
    if (!order.paymentId || order.paymentId !== body.paymentId) {
      throw unprocessable('This payment does not belong to this order.', CheckoutErrorCodes.PAYMENT_MISMATCH);
    }
    const closedMessage = 'This order was cancelled or expired, so no payment was taken. Your cart is kept: please place the order again.';
    const deadline = Date.now() + CAPTURE_WAIT_MS;
    for (;;) {
      if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') return records.toApi(order);
      if (order.paymentStatus !== 'pending' || order.orderStatus === 'rejected') {
        throw new HttpError(409, CheckoutErrorCodes.ORDER_CLOSED, closedMessage);
      }
      // Again before money moves, over the lines as ordered: the table may have changed since (docs/domain.md#supply-limits).
      // The overrides the order used at create still stand for it.
      deps.supplyLimits.checkSale(order.items, new Set((order.supplyOverrides ?? []).map((o) => o.ruleId)));
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
      order = await records.reload(order._id);
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
    return ledger.markPaid(order, captureId, body.payerId, `Captured by ${payments.name}`);
  }

  async function cancel(userId: string, orderId: string): Promise<Order> {
    let order = await records.owned(userId, orderId);
    // An unfinished capture is settled first: the shopper must not cancel an order the provider charged.
    if (order.capturing && order.paymentStatus === 'pending' && order.captureLockUntil < nowMs()) {
      await settle(order);
      order = await records.reload(orderId);
    }
    if (order.paymentStatus === 'failed' || order.orderStatus === 'rejected') return records.toApi(order);
    if (order.paymentStatus !== 'pending') throw conflict('This order is already paid and cannot be cancelled here. Please contact us for help.');
    const closed = await ledger.closeUnpaid(orderId, { id: userId }, 'Cancelled by the shopper', 'cancelled');
    if (closed) return records.toApi(closed);
    const now = await records.reload(orderId);
    if (now.orderStatus === 'rejected') return records.toApi(now);
    throw conflict('Your payment is being confirmed, so the order cannot be cancelled right now.');
  }

  return { capture, cancel, settle, askProvider };
}
export type OrderCapture = ReturnType<typeof createOrderCapture>;
