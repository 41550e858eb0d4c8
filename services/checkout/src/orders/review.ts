import {
  CONSULTATION_QUESTIONS,
  CheckoutErrorCodes,
  type ConsultationAnswer,
  type ConsultationAnswerInput,
  type SafetyProfile,
} from '@pharmacy/contracts';
import { badRequest, unprocessable } from '@pharmacy/service-kit';
import { profileContradictions } from './contradictions';
import type { OrderItemDoc, ReviewDoc } from './store';

/**
 * The consultation a pharmacy medicine needs (docs/domain.md#pharmacist-review): every question answered, kept with
 * the question's words as they were asked so the record stays true if the wording changes later, and with what
 * contradicts the shopper's stored profile at the time of ordering (`at`).
 */
export function consultationFor(pharmacyTitles: string[], given: ConsultationAnswerInput[] | undefined, profile: SafetyProfile, at: Date): ConsultationAnswer[] {
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
  const asked = CONSULTATION_QUESTIONS.map((q) => ({ questionId: q.id, question: q.question, answer: answers.get(q.id) as string }));
  const contradictions = profileContradictions(asked, profile, at);
  return asked.map((a) => {
    const contradiction = contradictions.get(a.questionId);
    return contradiction ? { ...a, contradiction } : a;
  });
}

/** How each reason that quotes the shopper's health data starts: a view without 'health.read' keeps only this (admin/health.ts). */
export const HEALTH_REASONS = {
  contradiction: 'Answer contradicts the health profile',
  warning: 'Acknowledged warning',
  unrecognised: 'Unrecognised health term',
} as const;

/** Why a pharmacist must see this order before it is prepared, in words; empty when nothing calls for it. */
export function reviewReasons(items: OrderItemDoc[], unrecognisedTerms: string[], consultation: ConsultationAnswer[]): string[] {
  return [
    ...consultation.flatMap((a) => (a.contradiction ? [`${HEALTH_REASONS.contradiction} (${a.question}): ${a.contradiction}`] : [])),
    ...items.flatMap((i) => i.warnings.map((w) => `${HEALTH_REASONS.warning}: ${w} (${i.title})`)),
    ...items.filter((i) => i.pharmacyOnly).map((i) => `Pharmacy medicine: ${i.title}`),
    ...unrecognisedTerms.map((t) => `${HEALTH_REASONS.unrecognised}: '${t}'`),
  ];
}

/** An order with a reason waits for the pharmacist once paid; one without needs no review. */
export const initialReview = (reasons: string[]): ReviewDoc => ({
  status: reasons.length > 0 ? 'awaiting' : 'notNeeded', reasons, decidedBy: null, decidedAt: null, note: null,
});
