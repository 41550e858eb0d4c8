import { useId, useState } from 'react';
import styled from 'styled-components';
import { PRESCRIPTION_LIMITS, formatDate, type PrescriptionItem } from '@pharmacy/contracts';
import { getErrorMessage } from '@pharmacy/session';
import { Button, Input, MutedText, th } from '@pharmacy/ui';
import { accountQueries } from '../queries';

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${th((t) => t.space(2))} ${th((t) => t.space(3))};
  margin-top: ${th((t) => t.space(2))};
  label {
    display: flex;
    align-items: center;
    gap: ${th((t) => t.space(2))};
    min-height: 2.75rem;
  }
  input[type='checkbox'] {
    width: 1.25rem;
    height: 1.25rem;
  }
`;
const Days = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space(1))};
  input {
    width: 7rem;
  }
`;
const Problem = styled.p`
  flex-basis: 100%;
  margin: 0;
  color: ${th((t) => t.colors.dangerStrong)};
`;

const { reminderMinDays: MIN, reminderMaxDays: MAX } = PRESCRIPTION_LIMITS;

/**
 * "Remind me to reorder" for one item (docs/product.md#my-prescriptions): a mail with a link back to a filled cart,
 * every `intervalDays`, or as the server works it out from the quantity and the directions when left empty.
 */
export function ItemReminder({ prescriptionId, item }: { prescriptionId: string; item: PrescriptionItem }) {
  const [setReminder, { isLoading }] = accountQueries.useSetReminderMutation();
  const [enabled, setEnabled] = useState(item.reminder?.enabled ?? false);
  const [days, setDays] = useState(item.reminder?.enabled ? String(item.reminder.intervalDays) : '');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const saved = item.reminder?.enabled ? item.reminder : null;

  async function save(wanted: boolean) {
    const interval = days.trim() === '' ? undefined : Number(days);
    if (wanted && interval !== undefined && (!Number.isInteger(interval) || interval < MIN || interval > MAX)) {
      setProblem(`Choose a whole number of days from ${MIN} to ${MAX}, or leave it empty and we work it out from your directions.`);
      return;
    }
    setProblem(null);
    try {
      await setReminder({ id: prescriptionId, itemId: item.id, body: { enabled: wanted, ...(wanted && interval ? { intervalDays: interval } : {}) } }).unwrap();
    } catch (error) {
      setEnabled(Boolean(saved));
      setProblem(getErrorMessage(error));
    }
  }

  return (
    <Form
      aria-label={`Reorder reminder for ${item.title}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save(enabled);
      }}
    >
      <label>
        <input
          type="checkbox"
          checked={enabled}
          disabled={isLoading}
          onChange={(e) => {
            setEnabled(e.target.checked);
            // turning it off needs nothing more; turning it on may take an interval first
            if (!e.target.checked && saved) void save(false);
          }}
        />
        Remind me to reorder
      </label>
      {enabled && (
        <>
          <Days>
            <label htmlFor={`${id}-days`}>Every (days, optional)</label>
            <Input id={`${id}-days`} type="number" inputMode="numeric" min={MIN} max={MAX} value={days} onChange={(e) => setDays(e.target.value)} aria-describedby={`${id}-hint`} />
          </Days>
          <Button type="submit" variant="secondary" loading={isLoading} loadingLabel="Saving the reminder">
            {saved ? 'Update reminder' : 'Save reminder'}
          </Button>
          <MutedText id={`${id}-hint`} style={{ flexBasis: '100%' }}>
            {saved ? `We will email you on ${formatDate(saved.nextOn)}, then every ${saved.intervalDays} days.` : 'Leave the days empty and we work them out from your directions.'}
          </MutedText>
        </>
      )}
      {problem && <Problem role="alert">{problem}</Problem>}
    </Form>
  );
}
