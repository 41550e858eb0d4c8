import type { Update } from '@pharmacy/db';
import type { OrderDoc } from '../store';

/*
 * Which change of an order mails its shopper what (docs/domain.md#mail). One mail per step and order, whatever asks
 * for it how often: the step joins the order's `mailsDue` in the same write as the change that earns it, and leaves
 * it once the account service took the mail (which sends one mail per key). An unpaid order is never mailed: it is
 * either paid (then "placed and paid" goes out) or closed while the shopper watches (cancelled, expired).
 */

/** In the order a shopper would read them, which is also the order the sweep sends mails that waited. */
export const MAIL_STEPS = ['paid', 'approved', 'dispatched', 'delivered', 'cancelled', 'rejected', 'refunded'] as const;
export type MailStep = (typeof MAIL_STEPS)[number];

type State = Pick<OrderDoc, 'orderStatus' | 'paymentStatus'> & { review?: { status: string } | null };

/**
 * The mails one change owes: `before` the order as it was, `after` the fields the change sets.
 * - paid: the payment is recorded (a capture, a reconciliation or staff). Placed and paid are one mail: an order is
 *   only worth a mail once it is paid, and it says when a pharmacist checks it first (awaiting review).
 * - approved: a pharmacist approved it; dispatched: in shipping (or ready to collect); delivered: delivered (or
 *   collected); refunded: staff recorded a refund.
 * - rejected: a pharmacist rejected it, which refunds it in the same change: one mail says both.
 * - cancelled: staff rejected an order that was paid (its refund is a step of its own).
 */
export function mailsFor(before: State & Pick<OrderDoc, 'anonymisedAt'>, after: Partial<State>): MailStep[] {
  // An erased account has nobody to write to.
  if (typeof before.anonymisedAt === 'number') return [];
  const next = { ...before, ...after };
  const reached = <K extends 'orderStatus' | 'paymentStatus'>(field: K, status: OrderDoc[K]) => before[field] !== status && next[field] === status;
  if (before.review?.status !== 'rejected' && next.review?.status === 'rejected') return ['rejected'];
  const steps: MailStep[] = [];
  if (reached('paymentStatus', 'paid')) steps.push('paid');
  if (before.review?.status !== 'approved' && next.review?.status === 'approved') steps.push('approved');
  if (reached('orderStatus', 'inShipping')) steps.push('dispatched');
  if (reached('orderStatus', 'delivered')) steps.push('delivered');
  if (reached('orderStatus', 'rejected') && (next.paymentStatus === 'paid' || next.paymentStatus === 'refunded')) steps.push('cancelled');
  if (reached('paymentStatus', 'refunded')) steps.push('refunded');
  return steps;
}

/** The part of an order's update that records the mails it owes (nothing when it owes none). */
export const owe = (steps: MailStep[]): Update => (steps.length > 0 ? { $addToSet: { mailsDue: { $each: steps } } } : {});

/** One key per step and order: the account service mails a key once. A rejection keeps the key it always had. */
export const mailKey = (step: MailStep, orderId: string): string => `order-${step}:${orderId}`;
