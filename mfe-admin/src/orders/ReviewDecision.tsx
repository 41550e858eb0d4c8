import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { REVIEW_REASON_MAX, formatMoney, type AdminReviewBody, type StaffOrder } from '@pharmacy/contracts';
import { Button, Field, Textarea, breakpoints, th } from '@pharmacy/ui';
import { ConfirmDialog } from '../ConfirmDialog';
import { DecisionForm, H4 } from './parts';

const REASON_MIN = 3;

const Forms = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${th((t) => t.space(4))};
  margin-top: ${th((t) => t.space(4))};
  @media (min-width: ${breakpoints.md}px) {
    grid-template-columns: 1fr 1fr;
  }
`;

const Failure = styled.p`
  margin: ${th((t) => t.space(4))} 0 0;
  padding: ${th((t) => t.space(3))};
  border: 1px solid ${th((t) => t.colors.dangerStrong)};
  border-radius: ${th((t) => t.radii.md)};
  color: ${th((t) => t.colors.dangerStrong)};
  font-weight: ${th((t) => t.fontWeights.medium)};
`;

/** What the shopper will read, so it must say something: the same bounds as the server's AdminReviewBody. */
export function reasonProblem(reason: string): string | null {
  const text = reason.trim();
  if (text.length < REASON_MIN) return `Give the reason for rejecting, at least ${REASON_MIN} characters: the shopper reads it.`;
  if (text.length > REVIEW_REASON_MAX) return `The reason can be at most ${REVIEW_REASON_MAX} characters.`;
  return null;
}

export interface ReviewDecisionProps {
  order: StaffOrder;
  deciding: AdminReviewBody['decision'] | null;
  /** Why the last decision failed, in the server's words (a refund the provider refused). */
  error: string | null;
  onDecide: (decision: AdminReviewBody) => void;
}

/**
 * Approve (with an optional note) or reject (with a reason, after a confirmation saying it refunds the payment and
 * tells the shopper). A failed decision leaves the order awaiting, the typed words in place and the reason on screen.
 */
export function ReviewDecision({ order, deciding, error, onDecide }: ReviewDecisionProps) {
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const [reasonChecked, setReasonChecked] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const sent = useRef(false);
  const reasonError = reasonChecked ? reasonProblem(reason) : null;

  // The confirmation stays open (busy) until the rejection is done either way; then the outcome shows here.
  useEffect(() => {
    if (deciding === null && sent.current) {
      sent.current = false;
      setConfirming(false);
    }
  }, [deciding]);

  const approve = (event: FormEvent) => {
    event.preventDefault();
    const text = note.trim();
    onDecide(text ? { decision: 'approve', note: text } : { decision: 'approve' });
  };

  const askToReject = (event: FormEvent) => {
    event.preventDefault();
    setReasonChecked(true);
    if (reasonProblem(reason)) {
      (event.currentTarget as HTMLFormElement).querySelector('textarea')?.focus();
      return;
    }
    setConfirming(true);
  };

  return (
    <>
      {error && <Failure role="alert">{error}</Failure>}
      <Forms>
        <DecisionForm aria-labelledby="review-approve-heading" onSubmit={approve} noValidate>
          <H4 id="review-approve-heading">Approve</H4>
          <Field label="Note (optional)" hint="Kept with the order for the team, e.g. what you checked with the customer.">
            <Textarea value={note} maxLength={REVIEW_REASON_MAX} onChange={(event) => setNote(event.target.value)} disabled={deciding !== null} />
          </Field>
          <Button type="submit" loading={deciding === 'approve'} loadingLabel="Approving" disabled={deciding !== null}>
            Approve order
          </Button>
        </DecisionForm>
        <DecisionForm aria-labelledby="review-reject-heading" onSubmit={askToReject} noValidate>
          <H4 id="review-reject-heading">Reject</H4>
          <Field label="Reason for rejecting" required error={reasonError} hint="The shopper reads it in their email and in My Orders.">
            <Textarea
              value={reason}
              maxLength={REVIEW_REASON_MAX}
              onChange={(event) => setReason(event.target.value)}
              onBlur={() => reason.trim() && setReasonChecked(true)}
              disabled={deciding !== null}
            />
          </Field>
          <Button type="submit" variant="danger" loading={deciding === 'reject'} loadingLabel="Rejecting" disabled={deciding !== null}>
            Reject order
          </Button>
        </DecisionForm>
      </Forms>
      <ConfirmDialog
        open={confirming}
        title="Reject this order?"
        description={`The payment of ${formatMoney(order.totalAmount, order.currency)} is refunded through the payment provider, the stock goes back on sale, and the shopper is told by email and in My Orders, with your reason. This cannot be undone.`}
        confirmLabel="Reject and refund"
        busy={deciding === 'reject'}
        busyLabel="Rejecting"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          sent.current = true;
          onDecide({ decision: 'reject', reason: reason.trim() });
        }}
      />
    </>
  );
}
