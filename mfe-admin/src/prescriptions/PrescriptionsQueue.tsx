import { useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PRESCRIPTION_SOURCE_LABELS, PRESCRIPTION_STATUSES, type PrescriptionStatus, type StaffPrescriptionRow } from '@pharmacy/contracts';
import { readOf, useCan } from '@pharmacy/session';
import { Button, EmptyState, PageTitle, Select } from '@pharmacy/ui';
import type { Column } from '../DataTable';
import { calendarDateOrDash, dateTimeOrDash, textOrDash } from '../format';
import { RoleNote } from '../ForRole';
import { ListPage } from '../ListPage';
import { Toolbar } from '../styles';
import { PrescriptionDialog } from './PrescriptionDialog';
import { prescriptionQueries, usePrescriptionQueries } from './queries';
import { STATUS_WORDS, StandingBadge } from './StandingBadge';

/** `?view=prescriptions` in Orders; `&prescription=<id>` opens one (a link can name it, and Back closes it). */
export const PRESCRIPTIONS_VIEW = 'prescriptions';
const OPEN_PARAM = 'prescription';

const EMPTY: Record<PrescriptionStatus, string> = {
  awaiting_check: 'No prescriptions waiting to be checked.',
  verified: 'No verified prescriptions yet.',
  rejected: 'No rejected prescriptions.',
};

function columnsFor(status: PrescriptionStatus, open: (id: string) => void): Column<StaffPrescriptionRow>[] {
  const shopper: Column<StaffPrescriptionRow> = { header: 'Shopper', card: 'title', cell: (r) => textOrDash(r.shopperName) };
  // A shopper the account service no longer knows comes without a name: the button says so rather than "Check 's".
  const whose = (r: StaffPrescriptionRow) => (r.shopperName ? `${r.shopperName}'s prescription` : 'the prescription of an unknown shopper');
  const source: Column<StaffPrescriptionRow> = { header: 'Source', width: '7.5rem', cell: (r) => PRESCRIPTION_SOURCE_LABELS[r.source] };
  const product: Column<StaffPrescriptionRow> = { header: 'For product', cell: (r) => textOrDash(r.forProduct?.title) };
  const action: Column<StaffPrescriptionRow> = {
    header: 'Actions',
    hideHeader: true,
    width: '9.5rem',
    card: 'actions',
    cell: (r) =>
      status === 'awaiting_check' ? (
        <Button size="sm" onClick={() => open(r._id)} aria-label={`Check ${whose(r)}`}>
          Check
        </Button>
      ) : (
        <Button size="sm" variant="secondary" onClick={() => open(r._id)} aria-label={`View Details of ${whose(r)}`}>
          View Details
        </Button>
      ),
  };
  if (status === 'awaiting_check') return [shopper, source, product, { header: 'Waiting since', nowrap: true, width: '10.5rem', cell: (r) => dateTimeOrDash(r.createdAt) }, action];
  const decided: Column<StaffPrescriptionRow> = {
    header: 'Decided',
    cell: (r) => (r.decidedAt ? `${dateTimeOrDash(r.decidedAt)} by ${textOrDash(r.decidedByName)}` : textOrDash(r.decidedByName)),
  };
  const expires: Column<StaffPrescriptionRow> = {
    header: 'Expires',
    nowrap: true,
    width: '9rem',
    cell: (r) => (
      <>
        {calendarDateOrDash(r.expiresOn)} {r.standing !== 'verified' && <StandingBadge standing={r.standing} />}
      </>
    ),
  };
  return status === 'verified' ? [shopper, source, product, decided, expires, action] : [shopper, source, product, decided, action];
}

/**
 * "Prescriptions to check" inside Orders (docs/product.md#admin-panel): the queue oldest first, a page at a time,
 * or the decided ones by status; a row opens the check screen.
 */
function PrescriptionsQueue({ views }: { views: ReactNode }) {
  usePrescriptionQueries();
  const filterId = useId();
  const [status, setStatus] = useState<PrescriptionStatus>('awaiting_check');
  const [page, setPage] = useState(1);
  const [params, setParams] = useSearchParams();
  const list = readOf(prescriptionQueries.usePageQuery({ status, page }));
  const openId = params.get(OPEN_PARAM);

  const setOpen = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set(OPEN_PARAM, id);
    else next.delete(OPEN_PARAM);
    setParams(next, { replace: true });
  };

  const rows = list.data?.items ?? [];
  return (
    <ListPage
      title="Orders"
      label="Prescriptions"
      toolbar={
        <>
          {views}
          <label htmlFor={filterId}>Prescription status</label>
          <Select
            id={filterId}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as PrescriptionStatus);
              setPage(1);
            }}
          >
            {PRESCRIPTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_WORDS[s]}
              </option>
            ))}
          </Select>
        </>
      }
      rows={rows}
      columns={columnsFor(status, setOpen)}
      loading={list.loading}
      empty={
        list.error ? (
          <EmptyState message="Prescriptions could not be loaded" description={list.error} action={<Button onClick={list.reload}>Try again</Button>} />
        ) : (
          <EmptyState message={EMPTY[status]} />
        )
      }
      paging={list.data ? { page: list.data.page, limit: list.data.limit, total: list.data.total, onPage: setPage } : undefined}
    >
      <PrescriptionDialog id={openId} onOpen={setOpen} onClose={() => setOpen(null)} />
    </ListPage>
  );
}

/** The queue for staff who check prescriptions; for others, the views and why it is not theirs, asking nothing of the server. */
export function PrescriptionsView({ views }: { views: ReactNode }) {
  if (useCan('clinical.review')) return <PrescriptionsQueue views={views} />;
  return (
    <section>
      <PageTitle>Orders</PageTitle>
      <Toolbar>{views}</Toolbar>
      <RoleNote permission="clinical.review" />
    </section>
  );
}
