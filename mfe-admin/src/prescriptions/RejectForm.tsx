import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { PRESCRIPTION_LIMITS } from '@pharmacy/contracts';
import { Button, Field, Textarea } from '@pharmacy/ui';
import { DecisionForm, H4 } from '../orders/parts';
import { reasonProblem } from '../orders/ReviewDecision';

/** Beside the taller approve form: as tall as its own fields. */
const Form = styled(DecisionForm)`
  align-self: start;
`;

export interface RejectFormProps {
  reason: string;
  onChange: (reason: string) => void;
  busy: boolean;
  rejecting: boolean;
  onReject: (reason: string) => void;
}

/** Reject with a reason the shopper reads (3 to 500 characters); pressing Reject without one says so and goes to it. */
export function RejectForm({ reason, onChange, busy, rejecting, onReject }: RejectFormProps) {
  const [checked, setChecked] = useState(false);
  const error = checked ? reasonProblem(reason) : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (reasonProblem(reason)) {
      event.currentTarget.querySelector('textarea')?.focus();
      return;
    }
    if (!busy) onReject(reason.trim());
  };

  return (
    <Form aria-labelledby="rx-reject-heading" onSubmit={submit} noValidate>
      <H4 id="rx-reject-heading">Reject</H4>
      <Field label="Reason for rejecting" required error={error} hint="The shopper reads it in their email and in My prescriptions.">
        <Textarea value={reason} maxLength={PRESCRIPTION_LIMITS.reason} onChange={(event) => onChange(event.target.value)} onBlur={() => reason.trim() && setChecked(true)} disabled={busy} />
      </Field>
      <Button type="submit" variant="danger" loading={rejecting} loadingLabel="Rejecting" disabled={busy}>
        Reject prescription
      </Button>
    </Form>
  );
}
