import { useState } from 'react';
import { orderNumber, type AffectedOrder, type Recall } from '@pharmacy/contracts';
import { useCan } from '@pharmacy/session';
import { Dialog } from '@pharmacy/ui/dialog';
import { Badge, Button, Card, CardTitle, EmptyState, MutedText, Spinner } from '@pharmacy/ui';
import { DataTable, type Column } from '../DataTable';
import { RoleNote } from '../ForRole';
import { dateTimeOrDash } from '../format';
import { Center } from '../styles';
import { RecallForm } from './RecallForm';
import { recallExportHref, recallQueries, useRecallQueries } from './queries';

const lotsOf = (r: Recall) => (r.batches.length ? r.batches.map((b) => `${b.productTitle}, lot ${b.lot}`).join('; ') : r.batchIds.join(', '));

const StateBadge = ({ recall }: { recall: Recall }) =>
  recall.state === 'quarantined' ? <Badge variant="success">Off sale</Badge> : <Badge variant="warning">Taking off sale…</Badge>;

const noticeWords = (a: AffectedOrder) =>
  a.notice.openedAt ? `Opened ${dateTimeOrDash(a.notice.openedAt)}` : a.notice.mail === 'sent' ? `Mailed ${dateTimeOrDash(a.notice.sentAt)}, not opened` : a.notice.mail === 'undeliverable' ? 'Account deleted: not mailed' : `To be mailed ${dateTimeOrDash(a.notice.mailDueAt)}`;

const affectedColumns: Column<AffectedOrder>[] = [
  { header: 'Order', nowrap: true, card: 'title', width: '7.5rem', cell: (a) => a.orderNumber },
  {
    header: 'Shopper',
    cell: (a) => (
      <>
        {a.shopperName || 'Name not kept'}
        <MutedText>{a.userId}</MutedText>
      </>
    ),
  },
  { header: 'Lot', nowrap: true, width: '7rem', cell: (a) => a.lot },
  { header: 'Qty', numeric: true, width: '3.5rem', cell: (a) => a.quantity },
  { header: 'Order outcome', width: '9rem', cell: (a) => (a.outcome === 'paid' ? 'Received' : 'Unpaid: cancelled') },
  { header: 'Notice', width: '12rem', cell: noticeWords },
];

/** One recall: its batches and every affected order and shopper, with the notice's state; the list as CSV. */
function RecallDetails({ id }: { id: string }) {
  const { data, isLoading, error } = recallQueries.useDetailsQuery(id);
  if (isLoading) return <Center><Spinner size={32} label="Loading the recall" /></Center>;
  if (!data) return <p role="alert">The recall could not be loaded: {(error as { message?: string } | undefined)?.message ?? 'try again.'}</p>;
  const { recall, affected } = data;
  return (
    <>
      <p>
        <StateBadge recall={recall} /> Class {recall.recallClass}, recorded {dateTimeOrDash(recall.createdAt)} by {recall.createdBy.name}. {lotsOf(recall)}.
      </p>
      <p><strong>Reason:</strong> {recall.reason}</p>
      <p><strong>Shoppers must:</strong> {recall.action}</p>
      {recall.state === 'quarantining' && <MutedText>The catalogue has not confirmed the batches are off sale yet; this is retried every minute.</MutedText>}
      <DataTable
        label="Affected orders"
        rows={affected}
        columns={affectedColumns}
        rowKey={(a) => `${a.orderId}:${a.batchId}`}
        empty={<EmptyState message="No affected orders" description={recall.state === 'quarantined' ? 'No order received these batches.' : 'The list is made once the batches are off sale.'} />}
      />
      <p>
        <a href={recallExportHref(recall._id)} download>
          Export CSV
        </a>
      </p>
    </>
  );
}

/** Products' recalls (docs/domain.md#recalls): the pharmacist records one and follows who was reached. */
export function RecallsPanel() {
  useRecallQueries();
  const canRecall = useCan('clinical.review');
  const { data: recalls = [], isLoading } = recallQueries.useListQuery(undefined, { skip: !canRecall });
  const [record, recording] = recallQueries.useRecordMutation();
  const [formOpen, setFormOpen] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const columns: Column<Recall>[] = [
    { header: 'Recorded', nowrap: true, width: '10rem', cell: (r) => dateTimeOrDash(r.createdAt) },
    { header: 'Class', numeric: true, width: '4rem', cell: (r) => r.recallClass },
    { header: 'Batches', card: 'title', cell: lotsOf },
    { header: 'State', width: '9rem', cell: (r) => <StateBadge recall={r} /> },
    { header: 'Orders', numeric: true, width: '4.5rem', cell: (r) => r.orders },
    {
      header: 'Actions',
      hideHeader: true,
      width: '9.5rem',
      card: 'actions',
      cell: (r) => (
        <Button size="sm" variant="secondary" onClick={() => setOpen(r._id)} aria-label={`Affected orders of the recall recorded ${dateTimeOrDash(r.createdAt)}`}>
          Affected orders
        </Button>
      ),
    },
  ];

  if (!canRecall) return <RoleNote permission="clinical.review" />;
  return (
    <Card as="section" aria-labelledby="recalls-heading">
      <CardTitle id="recalls-heading">Recalls</CardTitle>
      {notice && <p role="status">{notice}</p>}
      <p>
        <Button variant="danger" onClick={() => setFormOpen(true)}>
          Record a recall
        </Button>
      </p>
      <DataTable
        labelledBy="recalls-heading"
        rows={recalls}
        columns={columns}
        loading={isLoading}
        rowKey={(r) => r._id}
        empty={<EmptyState message="No recalls recorded" description="A recall you record takes its batches off sale at once and tells every shopper who received them." />}
      />
      <Dialog open={formOpen} size="lg" title="Record a recall" description="The batches leave sale at once; unpaid orders holding them are cancelled." onOpenChange={(next) => !next && setFormOpen(false)}>
        <RecallForm
          saving={recording.isLoading}
          error={(recording.error as { message?: string } | undefined)?.message ?? null}
          onCancel={() => setFormOpen(false)}
          onSubmit={(body) =>
            void record(body)
              .unwrap()
              .then((made) => {
                setFormOpen(false);
                recording.reset();
                setNotice(
                  made.state === 'quarantined'
                    ? `Recall recorded: the batches are off sale; ${made.orders} order${made.orders === 1 ? '' : 's'} affected, ${made.shoppers} shopper${made.shoppers === 1 ? '' : 's'} to tell.`
                    : 'Recall recorded. The catalogue could not be reached yet; the batches are taken off sale as soon as it answers.',
                );
                setOpen(made._id);
              })
              .catch(() => undefined)
          }
        />
      </Dialog>
      <Dialog open={open !== null} size="lg" title="Recall" description={open ? `Recall ${orderNumber(open)}` : ''} onOpenChange={(next) => !next && setOpen(null)}>
        {open && <RecallDetails id={open} />}
      </Dialog>
    </Card>
  );
}
