import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { ABSENCE_LIMIT_MINUTES, ABSENCE_NOTE_MAX, formatDate, minutesInWords, type AbsenceToday, type DutyAbsence, type DutyPeriod } from '@pharmacy/contracts';
import { Button, Field, Input, MutedText, th } from '@pharmacy/ui';

/** The open absence of a period, if the pharmacist is away. */
export const openAbsence = (period: DutyPeriod): DutyAbsence | undefined => period.absences?.find((a) => a.to === null);

/** "10:05": the time alone, for an absence read beside its period's date. */
const timeOf = (iso: string) => formatDate(iso, { withTime: true }).replace(/^.*, /, '');

const StepOutForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${th((t) => t.space(3))};
  width: 100%;
  > div { flex: 1 1 16rem; margin-bottom: 0; }
`;

/** Today's share of the 2 hours, as the pharmacist deciding to step out needs it. */
export function timeLeftLine(today: AbsenceToday): string {
  if (today.usedMinutes >= ABSENCE_LIMIT_MINUTES) return `Today's absences total ${minutesInWords(today.usedMinutes)}: the 2 hours the law allows are used. Stay at the pharmacy, or sign out so that another pharmacist can sign in.`;
  return `${minutesInWords(today.leftMinutes)} left of today's 2 hours away from the pharmacy.`;
}

interface Props {
  away: DutyAbsence | undefined;
  today: AbsenceToday | undefined;
  busy: boolean;
  onStepOut: (note: string) => void;
  onBack: () => void;
}

/**
 * Step out and Back for the responsible pharmacist on duty (docs/domain.md#responsible-pharmacist): while away,
 * pharmacy medicines and prescriptions wait; the note says how to reach them or who covers.
 */
export function AbsenceControls({ away, today, busy, onStepOut, onBack }: Props) {
  const [note, setNote] = useState('');
  const limitReached = today !== undefined && today.usedMinutes >= ABSENCE_LIMIT_MINUTES;
  if (away) {
    return (
      <>
        <p>
          You are away from the pharmacy since {timeOf(away.from)}: pharmacy medicines and prescriptions wait until you are back.
          {away.overLimit ? " Today's absences are over the 2-hour limit." : ''}
        </p>
        <Button disabled={busy} onClick={onBack}>Back</Button>
      </>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onStepOut(note.trim());
  };
  return (
    <>
      {today && <MutedText>{timeLeftLine(today)}</MutedText>}
      {!limitReached && (
        <StepOutForm onSubmit={submit} aria-label="Step out of the pharmacy">
          <Field label="How to reach you, or who covers (optional)">
            <Input value={note} maxLength={ABSENCE_NOTE_MAX} onChange={(e) => setNote(e.target.value)} placeholder="e.g. on my mobile" />
          </Field>
          <Button type="submit" variant="secondary" disabled={busy}>Step out</Button>
        </StepOutForm>
      )}
    </>
  );
}

/** An absence in the record: "10:05–10:40 (on my mobile)", flagged when the day went over the 2 hours. */
export function absenceLabel(a: DutyAbsence): string {
  const span = `${timeOf(a.from)}–${a.to ? timeOf(a.to) : 'still away'}`;
  return `${span}${a.note ? ` (${a.note})` : ''}${a.overLimit ? ', over the 2-hour limit' : ''}`;
}

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  overflow-wrap: anywhere;
`;

/** A period's absences and their total, for the record's table. */
export function Absences({ period }: { period: DutyPeriod }) {
  const absences = period.absences ?? [];
  if (absences.length === 0) return <>None</>;
  return (
    <List>
      {absences.map((a) => (
        <li key={a.from}>{absenceLabel(a)}</li>
      ))}
      <li>Total {minutesInWords(period.absentMinutes ?? 0)}</li>
    </List>
  );
}
