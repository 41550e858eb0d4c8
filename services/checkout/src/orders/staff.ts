import {
  CheckoutErrorCodes,
  ORDER_STATUS_TRANSITIONS,
  PAYMENT_STATUS_TRANSITIONS,
  type Order,
  type OrderStatus,
  type PaymentStatus,
} from '@pharmacy/contracts';
import type { Collection } from '@pharmacy/db';
import { conflict, unprocessable } from '@pharmacy/service-kit';
import type { HoldSlots } from './holds';
import type { OrderLedger } from './ledger';
import type { OrderMail } from './mail/notifier';
import { mailsFor, owe } from './mail/steps';
import type { OrderRecords } from './records';
import type { OrderRecord } from './api-form';
import { history, reviewOf, type Actor, type OrderDoc } from './store';

export interface StaffChangesDeps {
  orders: Collection<OrderDoc>;
  records: OrderRecords;
  ledger: Pick<OrderLedger, 'moveStock' | 'recordPayment'>;
  holds: Pick<HoldSlots, 'release'>;
  mail: Pick<OrderMail, 'send'>;
  now: () => Date;
}

const CHANGED = 'This order changed while you were editing it (or a payment is being confirmed). Please reload it.';

/** The statuses a staff change may move (one change can move both: rejecting an unpaid order fails its payment). */
export type OrderStatuses = Pick<Order, 'orderStatus' | 'paymentStatus'>;

/** A staff change that took effect: the order after it, and its statuses before (for the audit trail). */
export interface StaffChange {
  order: OrderRecord;
  before: OrderStatuses;
}

/** Staff change one status; only the transitions of docs/domain.md#orders are allowed. */
export function createStaffChanges(deps: StaffChangesDeps) {
  const { orders, records, ledger } = deps;
  const nowMs = () => deps.now().getTime();

  return async function set(orderId: string, field: 'orderStatus' | 'paymentStatus', to: OrderStatus | PaymentStatus, by: Actor): Promise<StaffChange> {
    const order = await records.reload(orderId);
    const before: OrderStatuses = { orderStatus: order.orderStatus, paymentStatus: order.paymentStatus };
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
    if (field === 'paymentStatus' && to === 'paid') {
      // Taken outside the provider: the order moves on as a capture moves it, unless a capture is under way.
      const paid = await ledger.recordPayment(order, by, 'Paid outside the payment provider, recorded by staff', {}, { captureLockUntil: { $lt: nowMs() }, capturing: null });
      if (!paid) throw conflict(CHANGED);
      return { order: records.toApi(paid), before };
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
    if (!updated) throw conflict(CHANGED);
    if (closesUnpaid) await ledger.moveStock(orderId, 'release');
    if (refunds) await ledger.moveStock(orderId, 'refund');
    if (closesUnpaid) await deps.holds.release(orderId);
    await deps.mail.send(updated);
    return { order: records.toApi(await records.reload(orderId)), before };
  };
}
