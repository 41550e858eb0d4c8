import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { ageOn, describeHealthChange, orderActorLabel, reviewStatusLabel, type AdminReviewBody, type StaffOrder, type ReviewStatus } from '@pharmacy/contracts';
import { Badge, Button, Spinner, th, type BadgeVariant } from '@pharmacy/ui';
import { calendarDateOrDash, dateTimeOrDash, textOrDash } from '../format';
import { IfCan } from '../ForRole';
import { HealthTerms } from '../safety/HealthTerms';
import { Restricted } from '../safety/Restricted';
import type { RecognitionState } from '../safety/slice';
import { Fact, Facts, H3, H4, Section } from './parts';
import { ReviewDecision } from './ReviewDecision';
import { inReviewQueue, type ReviewCustomer } from './slice';

const REVIEW_TONES: Record<ReviewStatus, BadgeVariant> = { notNeeded: 'neutral', awaiting: 'warning', approved: 'success', rejected: 'danger' };

export function ReviewBadge({ status }: { status: ReviewStatus }) {
  return <Badge variant={REVIEW_TONES[status]}>{reviewStatusLabel(status, 'staff')}</Badge>;
}

const Box = styled.div`
  display: grid;
  gap: ${th((t) => t.space(4))};
  padding: ${th((t) => t.space(4))};
  border: 1px solid ${th((t) => t.colors.border)};
  border-radius: ${th((t) => t.radii.md)};
  background: ${th((t) => t.colors.background)};
  h3:focus { outline: none; }
  h3:focus-visible { outline: 2px solid ${th((t) => t.colors.brandStrong)}; outline-offset: 2px; }
`;

const Bullets = styled.ul`
  margin: 0;
  padding-left: ${th((t) => t.space(5))};
  overflow-wrap: anywhere;
`;

/** Consultation answers: the question above its answer, so long questions stay readable on a phone. */
const Answers = styled.dl`
  margin: 0;
  dt { color: ${th((t) => t.colors.textMuted)}; }
  dd { margin: 0 0 ${th((t) => t.space(2))}; overflow-wrap: anywhere; white-space: pre-wrap; }
`;

/** Beside an answer that its own profile contradicts: the pharmacist checks it with the customer. */
const Contradiction = styled.p`
  margin: ${th((t) => t.space(1))} 0 0;
  padding: ${th((t) => t.space(2))} ${th((t) => t.space(3))};
  border-left: 4px solid ${th((t) => t.colors.warning)};
  background: ${th((t) => t.colors.warningSubtle)};
  color: ${th((t) => t.colors.text)};
  white-space: normal;
`;

const Muted = styled.p`
  margin: 0;
  color: ${th((t) => t.colors.textMuted)};
`;

const Marked = styled.mark`
  background: ${th((t) => t.colors.warningSubtle)};
  color: inherit;
  padding: 0 0.125rem;
`;

/** A date of birth with the age it makes today; "Restricted" when the role may not read it. */
export function dobWithAge(dob: string | null | undefined) {
  if (dob === undefined) return <Restricted />;
  if (!dob) return 'Not given';
  const age = ageOn(dob);
  return age === null ? calendarDateOrDash(dob) : `${calendarDateOrDash(dob)} (age ${age})`;
}

function Profile({ order, customer, recognition, onRetry }: Pick<ReviewSectionProps, 'order' | 'customer' | 'recognition'> & { onRetry: () => void }) {
  if (customer.status === 'idle' || customer.status === 'loading') return <Spinner size={24} label="Loading the customer's health profile" />;
  if (customer.status === 'erased')
    return <Muted>The customer deleted their account, so their health profile was erased. Decide from the answers and warnings the order recorded.</Muted>;
  if (customer.status === 'failed' || !customer.user)
    return (
      <>
        <Muted>The customer's health profile could not be loaded.</Muted>
        <Button size="sm" variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </>
    );
  const user = customer.user;
  return (
    <Facts>
      <Fact label="Name" value={textOrDash([user.firstName, user.lastName].join(' '))} />
      <Fact label="Date of birth" value={dobWithAge(user.DOB)} />
      <Fact label="Allergies" value={user.allergies ? <HealthTerms terms={user.allergies} recognition={recognition} flagged={order.unrecognisedTerms} /> : <Restricted />} />
      <Fact label="Health conditions" value={user.healthConditions ? <HealthTerms terms={user.healthConditions} recognition={recognition} flagged={order.unrecognisedTerms} /> : <Restricted />} />
    </Facts>
  );
}

export interface ReviewSectionProps {
  order: StaffOrder;
  customer: ReviewCustomer;
  recognition: RecognitionState;
  deciding: AdminReviewBody['decision'] | null;
  decisionError: string | null;
  onDecide: (decision: AdminReviewBody) => void;
  onRetryCustomer: () => void;
}

/**
 * What a pharmacist needs to decide on a held order: why it is held, the customer's health profile, the warnings
 * they acknowledged, their consultation answers and the health terms the shop could only match as text.
 */
export function ReviewSection({ order, customer, recognition, deciding, decisionError, onDecide, onRetryCustomer }: ReviewSectionProps) {
  const { review } = order;
  const heading = useRef<HTMLHeadingElement>(null);
  const previous = useRef(review.status);

  // The decision forms go once the order is decided: focus moves to the outcome rather than being lost.
  useEffect(() => {
    if (previous.current === 'awaiting' && review.status !== 'awaiting') heading.current?.focus();
    previous.current = review.status;
  }, [review.status]);

  const itemWarnings = order.items.filter((item) => item.warnings.length > 0);
  return (
    <Section $wide aria-labelledby="order-review-heading">
      <Box>
        <div>
          <H3 id="order-review-heading" ref={heading} tabIndex={-1}>
            Pharmacist review
          </H3>
          <ReviewBadge status={review.status} />
        </div>

        {review.decidedAt && (
          <Facts>
            <Fact
              label="Decided"
              value={`${dateTimeOrDash(review.decidedAt)} by ${review.decidedBy ? orderActorLabel({ by: review.decidedBy, byName: review.decidedByName }, order.userId) : textOrDash(null)}`}
            />
            {review.responsiblePharmacist && (
              <Fact label="Responsible pharmacist" value={`${review.responsiblePharmacist.name}, GPhC ${review.responsiblePharmacist.registrationNumber}`} />
            )}
            {review.note && <Fact label={review.status === 'rejected' ? 'Reason' : 'Note'} value={review.note} />}
          </Facts>
        )}

        <div>
          <H4>Why it needs a pharmacist</H4>
          {review.reasons.length > 0 ? (
            <Bullets aria-label="Reasons for review">
              {review.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </Bullets>
          ) : (
            <Muted>No reason was recorded.</Muted>
          )}
        </div>

        <div>
          <H4>Health profile</H4>
          <Profile order={order} customer={customer} recognition={recognition} onRetry={onRetryCustomer} />
        </div>

        {order.healthChanges && (
          <div>
            <H4>Changed since this order</H4>
            {order.healthChanges.length > 0 ? (
              <Bullets aria-label="Health profile changes since this order">
                {order.healthChanges.map((change) => (
                  <li key={`${change.at}-${change.field}`}>
                    <Marked>{describeHealthChange(change)}</Marked> ({dateTimeOrDash(change.at)})
                  </li>
                ))}
              </Bullets>
            ) : (
              <Muted>Nothing: the health profile is as it was when they ordered.</Muted>
            )}
          </div>
        )}

        {order.unrecognisedTerms && order.unrecognisedTerms.length > 0 && (
          <div>
            <H4>Health terms not recognised when they ordered</H4>
            <Bullets aria-label="Unrecognised health terms">
              {order.unrecognisedTerms.map((term) => (
                <li key={term}>
                  <Marked>{term}</Marked>: matched as plain text only; check with the customer what they meant.
                </li>
              ))}
            </Bullets>
          </div>
        )}

        <div>
          <H4>Warnings the shopper acknowledged</H4>
          {order.acknowledgedWarnings.length > 0 ? (
            <>
              <Bullets aria-label="Acknowledged warnings">
                {order.acknowledgedWarnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </Bullets>
              <Muted>Acknowledged {dateTimeOrDash(order.acknowledgedAt)}</Muted>
            </>
          ) : (
            <Muted>None: no safety warning applied when they ordered.</Muted>
          )}
          {itemWarnings.length > 0 && (
            <Bullets aria-label="Warnings by item">
              {itemWarnings.map((item) => (
                <li key={item.productId}>
                  <strong>{item.title}</strong>: {item.warnings.join(' ')}
                </li>
              ))}
            </Bullets>
          )}
        </div>

        <div>
          <H4>Consultation answers</H4>
          {!order.consultation ? (
            <Restricted />
          ) : order.consultation.length > 0 ? (
            <Answers>
              {order.consultation.map((answer) => (
                <div key={answer.questionId}>
                  <dt>{answer.question}</dt>
                  <dd>
                    {answer.answer}
                    {answer.contradiction && (
                      <Contradiction role="note" aria-label={`Does not match the health profile: ${answer.question}`}>
                        <strong>Does not match the health profile.</strong> {answer.contradiction} Check with the customer.
                      </Contradiction>
                    )}
                  </dd>
                </div>
              ))}
            </Answers>
          ) : (
            <Muted>None: the order holds no pharmacy medicine.</Muted>
          )}
        </div>

        {inReviewQueue(order) ? (
          <IfCan permission="clinical.review">
            <ReviewDecision order={order} deciding={deciding} error={decisionError} onDecide={onDecide} />
          </IfCan>
        ) : (
          review.status === 'awaiting' && <Muted>It reaches the pharmacist's queue once the shopper pays.</Muted>
        )}
      </Box>
    </Section>
  );
}
