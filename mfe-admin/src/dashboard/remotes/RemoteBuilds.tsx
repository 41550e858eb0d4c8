import styled from 'styled-components';
import { formatDate, type RemoteDeployment, type RemoteHistoryEntry, type RemoteName, type RemoteVersionHealth } from '@pharmacy/contracts';
import { Button, Card, CardTitle, EmptyState, MutedText, PageTitle, Spinner, th } from '@pharmacy/ui';
import { DataTable, type Column } from '../../DataTable';
import { Refusal } from '../parts';
import { remoteQueries, useRemoteQueries } from './queries';

/** `?view=remotes` of the dashboard: the sidebar keeps its five entries. */
export const REMOTES_VIEW = 'remotes';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${th((t) => t.space(2))};
  margin-top: ${th((t) => t.space(2))};
`;

const Section = styled(Card)`
  margin-bottom: ${th((t) => t.space(6))};
  padding: ${th((t) => t.space(5))};
`;

const when = (iso: string) => formatDate(iso, { withTime: true });

/** What the history's action words mean to staff. */
const ACTION_LABEL: Record<RemoteHistoryEntry['action'], string> = {
  seed: 'First recorded',
  deploy: 'Deployed',
  rollback: 'Rolled back',
  canary: 'Canary started',
  promote: 'Canary promoted',
  abort: 'Canary aborted',
  'auto-abort': 'Canary aborted automatically',
  'auto-rollback': 'Rolled back automatically',
};

const HISTORY_COLUMNS: Column<RemoteHistoryEntry>[] = [
  { header: 'When', nowrap: true, card: 'title', cell: (h) => when(h.at) },
  { header: 'Remote', cell: (h) => h.name },
  { header: 'What', cell: (h) => ACTION_LABEL[h.action] },
  { header: 'By', cell: (h) => h.by },
  { header: 'From', cell: (h) => h.from ?? '—' },
  { header: 'To', cell: (h) => h.to },
  { header: 'Note', cell: (h) => h.note ?? '' },
];

/** What pages reported of one build over the watch's window: the figures the rollout watch compares. */
function HealthLine({ health, windowMinutes }: { health: RemoteVersionHealth | undefined; windowMinutes: number | undefined }) {
  if (!health || !windowMinutes) return <MutedText>Error counts unavailable</MutedText>;
  const { views, errors } = health;
  const share = views > 0 ? ` (${((errors / views) * 100).toFixed(1)} %)` : '';
  return (
    <MutedText>
      {errors} error{errors === 1 ? '' : 's'} in {views} page view{views === 1 ? '' : 's'}
      {share}, last {windowMinutes} min
    </MutedText>
  );
}

function CanaryCell({ remote, busy, onPromote, onAbort }: { remote: RemoteDeployment; busy: boolean; onPromote: (n: RemoteName) => void; onAbort: (n: RemoteName) => void }) {
  const { canary } = remote;
  if (!canary) return <MutedText>None</MutedText>;
  return (
    <div>
      <div>
        {canary.version ?? 'Unversioned build'} for {canary.percent} % of visitors since {when(canary.startedAt)}
      </div>
      <MutedText>{canary.manifestUrl}</MutedText>
      <HealthLine health={remote.health?.canary} windowMinutes={remote.health?.windowMinutes} />
      {canary.broken ? <Refusal>Not served: {canary.broken}</Refusal> : null}
      <Actions>
        <Button type="button" size="sm" disabled={busy} onClick={() => onPromote(remote.name)} aria-label={`Promote the ${remote.name} canary to everyone`}>
          Promote
        </Button>
        <Button type="button" size="sm" variant="secondary" disabled={busy} onClick={() => onAbort(remote.name)} aria-label={`Abort the ${remote.name} canary`}>
          Abort
        </Button>
      </Actions>
    </div>
  );
}

/**
 * The remote builds view (docs/operations.md#canary-releases): which build of each remote is live, a running
 * canary with Promote and Abort, each build's errors and page views as pages reported them, and the history of
 * changes (automatic ones with their error counts).
 */
export function RemoteBuilds() {
  useRemoteQueries();
  const { data, error, isLoading, isFetching, refetch } = remoteQueries.useRegistryQuery();
  const [promote, promoting] = remoteQueries.usePromoteMutation();
  const [abort, aborting] = remoteQueries.useAbortMutation();
  const busy = promoting.isLoading || aborting.isLoading || isFetching;
  const refusal = (promoting.error ?? aborting.error) as { message?: string } | undefined;

  const columns: Column<RemoteDeployment>[] = [
    { header: 'Remote', card: 'title', cell: (r) => r.name },
    {
      header: 'Live build',
      cell: (r) => (
        <div>
          <div>{r.version ?? 'Unversioned build'}</div>
          <MutedText>{r.manifestUrl}</MutedText>
          <HealthLine health={r.health?.live} windowMinutes={r.health?.windowMinutes} />
          {r.broken ? <Refusal>Not served: {r.broken}</Refusal> : null}
        </div>
      ),
    },
    { header: 'Since', nowrap: true, cell: (r) => `${when(r.deployedAt)} by ${r.deployedBy}` },
    { header: 'Canary', cell: (r) => <CanaryCell remote={r} busy={busy} onPromote={(n) => void promote(n)} onAbort={(n) => void abort(n)} /> },
  ];

  return (
    <section>
      <PageTitle>Remote builds</PageTitle>
      {refusal?.message ? <Refusal role="alert">{refusal.message}</Refusal> : null}
      {isLoading ? (
        <Spinner label="Loading the remote builds" />
      ) : error || !data ? (
        <EmptyState message="The remote builds could not be loaded." action={<Button onClick={() => void refetch()}>Try again</Button>} />
      ) : (
        <>
          <Section as="section" aria-labelledby="remote-builds-live">
            <CardTitle id="remote-builds-live">Live now</CardTitle>
            <DataTable labelledBy="remote-builds-live" columns={columns} rows={data.items} rowKey={(r) => r.name} empty={<EmptyState message="No remote is recorded yet." />} />
          </Section>
          <Section as="section" aria-labelledby="remote-builds-history">
            <CardTitle id="remote-builds-history">History, newest first</CardTitle>
            <DataTable
              labelledBy="remote-builds-history"
              columns={HISTORY_COLUMNS}
              rows={data.history}
              rowKey={(h) => `${h.name}-${h.at}-${h.action}`}
              empty={<EmptyState message="No change recorded yet." />}
            />
          </Section>
        </>
      )}
    </section>
  );
}
