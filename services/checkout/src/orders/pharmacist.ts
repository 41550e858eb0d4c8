import { CheckoutErrorCodes, ErrorCodes, type AdminReviewBody, type Order, type ResponsiblePharmacist, type ReviewStatus } from '@pharmacy/contracts';
import type { Collection } from '@pharmacy/db';
import { HttpError, badRequest, conflict, unprocessable } from '@pharmacy/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { PaymentError, type PaymentProvider } from '../payments/port';
import type { OrderLedger } from './ledger';
import type { OrderMail } from './mail/notifier';
import { mailsFor, owe } from './mail/steps';
import type { OrderRecords } from './records';
import type { OrderRecord } from './api-form';
import { history, reviewOf, type Actor, type OrderDoc, type RefundIntent } from './store';

/** An order's state a review decision moves. */
export type ReviewState = Pick<Order, 'orderStatus' | 'paymentStatus'> & { review: ReviewStatus };

/** The answer to a decision: the order after it, and its state before when this request's decision took effect (null: nothing was written). */
export interface ReviewDecided {
  order: OrderRecord;
  before: ReviewState | null;
}

/** A rejection's refund younger than this is left to the request that started it; the sweep finishes older ones. */
const REFUND_LOCK_MS = 60_000;

export interface PharmacistReviewDeps {
  orders: Collection<OrderDoc>;
  payments: Pick<PaymentProvider, 'name' | 'refund'>;
  records: OrderRecords;
  ledger: Pick<OrderLedger, 'moveStock'>;
  mail: Pick<OrderMail, 'send'>;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** The pharmacist's decision on a paid order awaiting review (docs/domain.md#pharmacist-review), and the refund a rejection owes. */
export function createPharmacistReview(deps: PharmacistReviewDeps) {
  const { orders, payments, records } = deps;
  const nowMs = () => deps.now().getTime();

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
    const review = {
      ...reviewOf(order), status: 'rejected' as const, decidedBy: by.id, ...(by.name ? { decidedByName: by.name } : {}), decidedAt: at, note: intent.reason,
      ...(intent.responsible ? { responsiblePharmacist: intent.responsible } : {}),
    };
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
    if (!rejected) return records.reload(order._id);
    await deps.ledger.moveStock(order._id, 'restock');
    await deps.mail.send(rejected);
    return records.reload(order._id);
  }

  async function approve(order: OrderDoc, open: Record<string, unknown>, note: string | null, by: Actor, responsible: ResponsiblePharmacist): Promise<{ order: Order; wrote: boolean }> {
    const at = nowMs();
    const review = { ...reviewOf(order), status: 'approved', decidedBy: by.id, ...(by.name ? { decidedByName: by.name } : {}), decidedAt: at, note, responsiblePharmacist: responsible } as const;
    const after = { review, orderStatus: 'inProcess' } as const;
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
      await deps.mail.send(approved);
      return { order: records.toApi(await records.reload(order._id)), wrote: true };
    }
    const now = await records.reload(order._id);
    if (reviewOf(now).status === 'approved') return { order: records.toApi(now), wrote: false };
    throw conflict(now.refunding ? 'This order is being rejected and refunded, so it cannot be approved.' : 'This order changed meanwhile. Please reload it.');
  }

  /**
   * Repeating the decision already made returns the order; the other decision is refused. `responsible` is the
   * responsible pharmacist on duty (the route refuses a decision when there is none), recorded with the decision.
   */
  async function decide(orderId: string, body: AdminReviewBody, by: Actor, responsible: ResponsiblePharmacist): Promise<ReviewDecided> {
    const order = await records.reload(orderId);
    const review = reviewOf(order);
    const before: ReviewState = { review: review.status, orderStatus: order.orderStatus, paymentStatus: order.paymentStatus };
    const wanted = body.decision === 'approve' ? 'approved' : 'rejected';
    if (review.status === wanted) return { order: records.toApi(order), before: null };
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
    const open = { _id: orderId, 'review.status': 'awaiting', paymentStatus: 'paid', orderStatus: 'confirmed', refunding: null };
    if (body.decision === 'approve') {
      const approved = await approve(order, open, body.note?.trim() || null, by, responsible);
      return { order: approved.order, before: approved.wrote ? before : null };
    }

    // The rejection is on disk before the provider is asked to refund: a stop after the refund is finished by the sweep.
    const reason = body.reason.trim();
    if (reason.length < 3) throw badRequest('Please give the shopper a reason for the rejection.');
    const intent: RefundIntent = { by: by.id, ...(by.name ? { byName: by.name } : {}), reason, at: nowMs(), responsible };
    const claimed = await orders.findOneAndUpdate(open, { $set: { refunding: intent, updatedAt: intent.at } }, { returnDocument: 'after' });
    if (claimed) return { order: records.toApi(await finishRejection(claimed, intent)), before };
    const now = await records.reload(orderId);
    if (reviewOf(now).status === 'rejected') return { order: records.toApi(now), before: null };
    // A rejection already under way (a retry after a provider failure): finish it with the reason first given.
    if (now.refunding && reviewOf(now).status === 'awaiting') return { order: records.toApi(await finishRejection(now, now.refunding)), before };
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

  return { decide, reconcileRefunds };
}
export type PharmacistReview = ReturnType<typeof createPharmacistReview>;
