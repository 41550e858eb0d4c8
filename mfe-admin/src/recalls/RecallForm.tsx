import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { RECALL_CLASSES, RECALL_TEXT_MAX, type RecallClass, type RecallCreateBody } from '@pharmacy/contracts';
import { Button, Field, Input, Select, Textarea, th } from '@pharmacy/ui';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space(3))};
`;

/** What each class means to the pharmacist choosing it (and when its shoppers are mailed). */
export const RECALL_CLASS_WORDS: Record<RecallClass, string> = {
  1: 'Class 1: risk to life, act at once (shoppers mailed at once)',
  2: 'Class 2: act within 48 hours (shoppers mailed at once)',
  3: 'Class 3: act within 5 days (shoppers mailed at the next daily pass)',
  4: 'Class 4: caution in use (shoppers mailed at the next daily pass)',
};

const BATCH_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The batch ids typed in the field: separated by commas, spaces or new lines, each once. */
export const batchIdsOf = (text: string): string[] => [...new Set(text.split(/[\s,]+/).filter(Boolean))];

function problems(values: { batches: string; reason: string; action: string }) {
  const ids = batchIdsOf(values.batches);
  return {
    batches:
      ids.length === 0
        ? 'Enter the id of at least one batch (it is on the product’s stock panel).'
        : ids.find((id) => !BATCH_ID.test(id))
          ? `"${ids.find((id) => !BATCH_ID.test(id))}" is not a batch id: letters, digits, - and _ only.`
          : ids.length > 50
            ? 'At most 50 batches in one recall.'
            : null,
    reason: values.reason.trim().length < 3 ? 'Say why the batch is recalled (at least 3 characters).' : null,
    action: values.action.trim().length < 3 ? 'Say what shoppers must do (at least 3 characters).' : null,
  };
}

export interface RecallFormProps {
  saving: boolean;
  error: string | null;
  onSubmit: (body: RecallCreateBody) => void;
  onCancel: () => void;
}

/** Record a recall: the batches, the class, the reason and what shoppers must do. Nothing typed is lost on an error. */
export function RecallForm({ saving, error, onSubmit, onCancel }: RecallFormProps) {
  const [values, setValues] = useState({ batches: '', recallClass: '2', reason: '', action: '' });
  const [checked, setChecked] = useState(false);
  const found = problems(values);
  const shown = checked ? found : { batches: null, reason: null, action: null };
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    const first = (['batches', 'reason', 'action'] as const).find((f) => found[f]);
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    if (saving) return;
    onSubmit({ batchIds: batchIdsOf(values.batches), recallClass: Number(values.recallClass) as RecallClass, reason: values.reason.trim(), action: values.action.trim() });
  };

  return (
    <Form onSubmit={submit} noValidate aria-label="Record a recall">
      <Field label="Batch ids" required error={shown.batches} hint="One or more, separated by commas. The recalled units leave sale at once.">
        <Input name="batches" value={values.batches} onChange={set('batches')} autoComplete="off" spellCheck={false} disabled={saving} />
      </Field>
      <Field label="Class" required>
        <Select name="recallClass" value={values.recallClass} onChange={set('recallClass')} disabled={saving}>
          {RECALL_CLASSES.map((c) => (
            <option key={c} value={String(c)}>
              {RECALL_CLASS_WORDS[c]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Reason" required error={shown.reason} hint="Shoppers read it in their notice.">
        <Textarea name="reason" value={values.reason} maxLength={RECALL_TEXT_MAX} onChange={set('reason')} disabled={saving} />
      </Field>
      <Field label="What shoppers must do" required error={shown.action} hint="For example: stop taking it and bring it back to the pharmacy for a refund.">
        <Textarea name="action" value={values.action} maxLength={RECALL_TEXT_MAX} onChange={set('action')} disabled={saving} />
      </Field>
      {error && <p role="alert">{error}</p>}
      <div>
        <Button type="submit" variant="danger" loading={saving} loadingLabel="Recording">
          Record recall
        </Button>{' '}
        <Button type="button" variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
