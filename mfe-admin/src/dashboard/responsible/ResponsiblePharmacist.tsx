import { useState } from 'react';
import styled from 'styled-components';
import { formatDate, type DutyPeriod } from '@pharmacy/contracts';
import { selectCurrentUser, useAppSelector, useCan } from '@pharmacy/session';
import { Button, Card, CardTitle, EmptyState, MutedText, Pagination, th } from '@pharmacy/ui';
import { DataTable, type Column } from '../../DataTable';
import { Refusal } from '../parts';
import { AbsenceControls, Absences, openAbsence } from './Absence';
import { recordExportHref, responsibleQueries, useResponsibleQueries } from './queries';

const Duty = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${th((t) => t.space(3))};
  margin-bottom: ${th((t) => t.space(4))};
  p { margin: 0; }
`;

/** "09:02" for today, the date too for an earlier day: a pharmacist at the desk reads it at a glance. */
export function sinceLabel(iso: string, now = new Date()): string {
  const full = formatDate(iso, { withTime: true });
  return formatDate(iso) === formatDate(now) ? full.replace(/^.*, /, '') : full;
}

const RECORD_COLUMNS: Column<DutyPeriod>[] = [
  { header: 'Pharmacist', card: 'title', cell: (p) => p.name },
  { header: 'GPhC number', nowrap: true, cell: (p) => p.registrationNumber },
  { header: 'From', nowrap: true, cell: (p) => formatDate(p.from, { withTime: true }) },
  {
    header: 'To',
    nowrap: true,
    cell: (p) => (p.to ? `${formatDate(p.to, { withTime: true })}${p.endedByName ? ` (ended by ${p.endedByName})` : ''}` : 'On duty'),
  },
  { header: 'Absences', cell: (p) => <Absences period={p} /> },
];

/**
 * The responsible pharmacist panel (docs/product.md#admin-panel, docs/domain.md#responsible-pharmacist): a pharmacist
 * signs in and out; who else is on duty is named, and an administrator may end their period; the record below.
 */
export function ResponsiblePharmacist() {
  useResponsibleQueries();
  const me = useAppSelector(selectCurrentUser);
  const mayEndOthers = useCan('staff.manage');
  // The record is kept for years: a page at a time here, the whole of it in the CSV.
  const [page, setPage] = useState(1);
  const { data, error: readError, isLoading, isFetching, refetch } = responsibleQueries.useRecordQuery(page);
  const [signIn, signingIn] = responsibleQueries.useSignInMutation();
  const [signOut, signingOut] = responsibleQueries.useSignOutMutation();
  const [stepOut, steppingOut] = responsibleQueries.useStepOutMutation();
  const [back, comingBack] = responsibleQueries.useBackMutation();
  const writes = [signingIn, signingOut, steppingOut, comingBack];
  const busy = writes.some((w) => w.isLoading) || isFetching;
  const refusal = writes.map((w) => w.error).find(Boolean) as { message?: string } | undefined;
  // A new action's answer replaces the last one's refusal.
  const fresh = () => writes.forEach((w) => w.reset());
  const onDuty = data?.onDuty ?? null;
  const mine = onDuty !== null && onDuty.pharmacistId === me?._id;

  let duty = null;
  if (data && !onDuty) {
    duty = (
      <>
        <p>Nobody is signed in as responsible pharmacist: clinical decisions wait until someone is.</p>
        <Button disabled={busy} onClick={() => { fresh(); void signIn(); }}>Sign in as responsible pharmacist</Button>
      </>
    );
  } else if (onDuty) {
    const endLabel = mine ? 'Sign out as responsible pharmacist' : `End ${onDuty.name}'s period as responsible pharmacist`;
    const away = openAbsence(onDuty);
    duty = (
      <>
        <p>
          {mine
            ? `You are the responsible pharmacist since ${sinceLabel(onDuty.from)}.`
            : `${onDuty.name} (GPhC ${onDuty.registrationNumber}) is the responsible pharmacist since ${sinceLabel(onDuty.from)}.`}
          {!mine && away ? ` Away from the pharmacy since ${sinceLabel(away.from)}: pharmacy medicines and prescriptions wait until they are back.` : ''}
        </p>
        {(mine || mayEndOthers) && (
          <Button variant="secondary" disabled={busy} aria-label={endLabel} onClick={() => { fresh(); void signOut(); }}>
            {mine ? 'Sign out' : `End ${onDuty.name}'s period`}
          </Button>
        )}
        {mine && (
          <AbsenceControls
            away={away}
            today={data?.absenceToday}
            busy={busy}
            onStepOut={(note) => { fresh(); void stepOut(note ? { note } : {}); }}
            onBack={() => { fresh(); void back(); }}
          />
        )}
      </>
    );
  }

  return (
    <Card as="section" aria-labelledby="responsible-heading" style={{ marginTop: '1.5rem' }}>
      <CardTitle id="responsible-heading">Responsible pharmacist</CardTitle>
      {readError ? (
        <EmptyState
          message="Who is on duty could not be loaded"
          description={'message' in readError ? readError.message : undefined}
          action={<Button onClick={() => void refetch()}>Try again</Button>}
        />
      ) : (
        <>
          <Duty aria-busy={busy}>{duty}</Duty>
          {refusal?.message && <Refusal role="alert">{refusal.message}</Refusal>}
          <DataTable
            label="Responsible pharmacist record, newest first"
            rows={data?.items ?? []}
            columns={RECORD_COLUMNS}
            rowKey={(p) => p._id}
            loading={isLoading}
            loadingLabel="Loading the responsible pharmacist record"
            empty={<MutedText>Nobody has signed in as responsible pharmacist yet.</MutedText>}
          />
          {data && data.total > data.limit && <Pagination label="Responsible pharmacist record pages" align="end" page={page} limit={data.limit} total={data.total} onPage={setPage} />}
          <p>
            <a href={recordExportHref()} download>
              Export CSV
            </a>
          </p>
        </>
      )}
    </Card>
  );
}
