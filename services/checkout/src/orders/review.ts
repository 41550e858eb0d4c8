import {
  CONSULTATION_QUESTIONS,
  CheckoutErrorCodes,
  TEST_PAYMENT_NOTICE,
  formatMoney,
  orderNumber,
  type ConsultationAnswer,
  type ConsultationAnswerInput,
} from '@pharmacy/contracts';
import { badRequest, unprocessable } from '@pharmacy/service-kit';
import { toAmount } from '../money';
import type { OrderDoc, OrderItemDoc, ReviewDoc } from './store';

/**
 * The consultation a pharmacy medicine needs (docs/domain.md#pharmacist-review): every question answered, kept with
 * the question's words as they were asked so the record stays true if the wording changes later.
 */
export function consultationFor(pharmacyTitles: string[], given: ConsultationAnswerInput[] | undefined): ConsultationAnswer[] {
  const answers = new Map<string, string>();
  for (const a of given ?? []) {
    if (answers.has(a.questionId)) throw badRequest('Each consultation question can be answered once.');
    answers.set(a.questionId, a.answer.trim());
  }
  const missing = CONSULTATION_QUESTIONS.filter((q) => !answers.get(q.id));
  if (missing.length > 0) {
    const what = pharmacyTitles.length === 1 ? `${pharmacyTitles[0]} is a pharmacy medicine` : `${pharmacyTitles.join(', ')} are pharmacy medicines`;
    throw unprocessable(
      `${what}: please answer the pharmacist's questions before ordering. Not answered: ${missing.map((q) => q.question).join(' ')}`,
      CheckoutErrorCodes.CONSULTATION_REQUIRED,
    );
  }
  return CONSULTATION_QUESTIONS.map((q) => ({ questionId: q.id, question: q.question, answer: answers.get(q.id) as string }));
}

/** Why a pharmacist must see this order before it is prepared, in words; empty when nothing calls for it. */
export function reviewReasons(items: OrderItemDoc[], unrecognisedTerms: string[]): string[] {
  return [
    ...items.flatMap((i) => i.warnings.map((w) => `Acknowledged warning: ${w} (${i.title})`)),
    ...items.filter((i) => i.pharmacyOnly).map((i) => `Pharmacy medicine: ${i.title}`),
    ...unrecognisedTerms.map((t) => `Unrecognised health term: '${t}'`),
  ];
}

/** An order with a reason waits for the pharmacist once paid; one without needs no review. */
export const initialReview = (reasons: string[]): ReviewDoc => ({
  status: reasons.length > 0 ? 'awaiting' : 'notNeeded', reasons, decidedBy: null, decidedAt: null, note: null,
});

/** The mail telling a shopper their order was rejected and refunded (sent through the account service). */
export function rejectionMail(order: OrderDoc, opts: { reason: string; publicOrigin: string; testPayments: boolean }) {
  const ref = order.orderNumber ?? orderNumber(order._id);
  const amount = formatMoney(toAmount(order.totalCents), order.currency);
  const placed = new Date(order.createdAt).toISOString().slice(0, 10);
  const text = [
    'Hello,',
    '',
    `Our pharmacist reviewed your order ${ref} of ${placed} and could not approve it, so it will not be sent. The pharmacist's reason:`,
    '',
    opts.reason,
    '',
    order.captureId
      ? `We have refunded the full ${amount} to the payment method you used. It can take a few working days to appear.`
      : `We will refund the full ${amount} to you the way you paid.`,
    ...(opts.testPayments ? [`${TEST_PAYMENT_NOTICE}.`] : []),
    '',
    `You can see the order in My Orders: ${opts.publicOrigin.replace(/\/$/, '')}/my-orders`,
    'If you have questions, write to us through Need help in your account, or ask a pharmacist in the pharmacy.',
    '',
    'Pharmacy & Care',
  ].join('\n');
  return { subject: `Your order ${ref} was not approved by our pharmacist and has been refunded`, text, key: `order-rejected:${order._id}` };
}
