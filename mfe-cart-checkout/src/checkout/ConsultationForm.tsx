import styled from 'styled-components';
import { CONSULTATION_ANSWER_MAX, CONSULTATION_QUESTIONS, type ConsultationAnswerInput, type ConsultationQuestionId } from '@pharmacy/contracts';
import { Card, Field, Textarea, th } from '@pharmacy/ui';

export type ConsultationAnswers = Record<ConsultationQuestionId, string>;
export type ConsultationErrors = Partial<Record<ConsultationQuestionId, string>>;

export const emptyAnswers = (): ConsultationAnswers =>
  Object.fromEntries(CONSULTATION_QUESTIONS.map((q) => [q.id, ''])) as ConsultationAnswers;

/** The control of a question (checkout focuses the first one that needs an answer). */
export const answerFieldId = (id: ConsultationQuestionId) => `consultation-${id}`;

/** Every question needs an answer within CONSULTATION_ANSWER_MAX (the server refuses the order otherwise). */
export function checkAnswers(answers: ConsultationAnswers): ConsultationErrors {
  const errors: ConsultationErrors = {};
  for (const q of CONSULTATION_QUESTIONS) {
    const answer = answers[q.id].trim();
    if (!answer) errors[q.id] = 'Please answer this question.';
    else if (answer.length > CONSULTATION_ANSWER_MAX) errors[q.id] = `Please keep your answer to ${CONSULTATION_ANSWER_MAX} characters.`;
  }
  return errors;
}

/** The answers as the order create body takes them, in the questions' order. */
export const answersBody = (answers: ConsultationAnswers): ConsultationAnswerInput[] =>
  CONSULTATION_QUESTIONS.map((q) => ({ questionId: q.id, answer: answers[q.id].trim() }));

const Lead = styled.p`
  margin: 0 0 ${th((t) => t.space(4))};
`;

const Refused = styled.p`
  margin: 0 0 ${th((t) => t.space(4))};
  color: ${th((t) => t.colors.dangerStrong)};
  font-weight: ${th((t) => t.fontWeights.semibold)};
`;

/**
 * The pharmacist's questions, asked when the cart holds a pharmacy medicine: one short text answer each, stacked
 * for a phone. `refusal` is the server's CONSULTATION_REQUIRED message, shown here where it can be fixed.
 */
export function ConsultationForm({
  answers,
  errors,
  refusal,
  onChange,
}: {
  answers: ConsultationAnswers;
  errors: ConsultationErrors;
  refusal: string | null;
  onChange: (id: ConsultationQuestionId, answer: string) => void;
}) {
  return (
    <Card as="section" aria-labelledby="consultation-title">
      <h2 id="consultation-title">Questions from our pharmacist</h2>
      <Lead>
        A pharmacist checks orders for pharmacy medicines before they are sent. Your answers help them make sure the medicine is right
        for the person who will take it.
      </Lead>
      {refusal && <Refused role="alert">{refusal}</Refused>}
      {CONSULTATION_QUESTIONS.map((q) => (
        <Field key={q.id} label={q.question} hint={q.hint} error={errors[q.id]} required>
          <Textarea
            id={answerFieldId(q.id)}
            rows={2}
            maxLength={CONSULTATION_ANSWER_MAX}
            value={answers[q.id]}
            onChange={(e) => onChange(q.id, e.target.value)}
          />
        </Field>
      ))}
    </Card>
  );
}
