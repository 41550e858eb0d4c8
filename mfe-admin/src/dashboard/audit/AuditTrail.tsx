import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatDate, type AuditEntry, type AuditExportQuery } from '@pharmacy/contracts';
import { Button, Card, EmptyState, Field, Input, MutedText, Options, PageTitle, Select, th } from '@pharmacy/ui';
import { DataTable, type Column } from '../../DataTable';
import { AUDIT_PAGE_SIZE, auditQueries, exportHref, useAuditQueries } from './queries';
import { changeSummary, roleLabel } from './summary';

/** `/admin/dashboard?view=audit`: the Audit screen lives under Dashboard, so the sidebar keeps its five entries (docs/product.md#admin-panel). */
export const AUDIT_VIEW = 'audit';

/** What the entity filter offers: the kinds of things staff change (docs/architecture.md#audit-trail). */
const ENTITY_TYPES = [
  { id: '', label: 'Everything' },
  { id: 'product', label: 'Products' },
  { id: 'order', label: 'Orders' },
  { id: 'prescription', label: 'Prescriptions' },
  { id: 'recall', label: 'Recalls' },
  { id: 'banner', label: 'Banners' },
  { id: 'image', label: 'Images' },
  { id: 'user', label: 'Users and roles' },
  { id: 'responsiblePharmacist', label: 'Responsible pharmacist' },
  { id: 'remote', label: 'Remotes' },
  { id: 'audit', label: 'Audit exports' },
];

const Filters = styled.form`
  display: grid;
  gap: ${th((t) => t.space(3))};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 11rem), 1fr));
  align-items: end;
  margin-bottom: ${th((t) => t.space(4))};
`;

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${th((t) => t.space(2))};
  margin-bottom: ${th((t) => t.space(3))};
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${th((t) => t.space(3))};
  margin-top: ${th((t) => t.space(4))};
`;

const LinkButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: ${th((t) => t.colors.brandStrong)};
  font: inherit;
  text-align: left;
  text-decoration: underline;
  cursor: pointer;
`;

const Change = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  overflow-wrap: anywhere;
`;

interface Picked {
  actor?: { id: string; name: string };
  entity?: { type: string; id: string; name: string };
  entityType: string;
  from: string;
  to: string;
}

const NO_FILTERS: Picked = { entityType: '', from: '', to: '' };

/** The filters as the list and the export take them. */
export function queryOf(p: Picked): AuditExportQuery {
  const q: AuditExportQuery = {};
  if (p.actor) q.actorId = p.actor.id;
  if (p.entity) {
    q.entityType = p.entity.type;
    q.entityId = p.entity.id;
  } else if (p.entityType) q.entityType = p.entityType;
  if (p.from) q.from = p.from;
  if (p.to) q.to = p.to;
  return q;
}

/**
 * The Audit screen (docs/product.md#admin-panel): who did what to which entity, newest first, a page at a time; a
 * staff member's name or an entity filters the list to them. Reading is for roles with audit.view; the server says so
 * to others, and the screen shows its words.
 */
export function AuditTrail() {
  useAuditQueries();
  const [picked, setPicked] = useState<Picked>(NO_FILTERS);
  const [cursor, setCursor] = useState<{ before?: number; after?: number }>({});
  const filters = queryOf(picked);
  const { data, error, isFetching, isLoading, refetch } = auditQueries.usePageQuery({ ...filters, ...cursor, limit: AUDIT_PAGE_SIZE });
  const choose = (next: Partial<Picked>) => {
    setPicked((p) => ({ ...p, ...next }));
    setCursor({});
  };

  const columns: Column<AuditEntry>[] = [
    { header: 'When', nowrap: true, card: 'title', cell: (e) => formatDate(e.at, { withTime: true }) },
    {
      header: 'Who',
      cell: (e) => (
        <>
          <LinkButton type="button" onClick={() => choose({ actor: { id: e.actor.id, name: e.actor.name } })} title={`Only ${e.actor.name}'s entries`}>
            {e.actor.name}
          </LinkButton>
          <MutedText as="div">{roleLabel(e.actor.role)}</MutedText>
        </>
      ),
    },
    { header: 'What', cell: (e) => e.action },
    {
      header: 'Entity',
      cell: (e) => (
        <LinkButton type="button" onClick={() => choose({ entity: { type: e.entity.type, id: e.entity.id, name: e.entity.name ?? e.entity.id } })}>
          {e.entity.name ?? e.entity.id}
        </LinkButton>
      ),
    },
    {
      header: 'Change',
      cell: (e) => {
        const lines = changeSummary(e.before, e.after);
        return lines.length ? (
          <Change>
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </Change>
        ) : (
          '—'
        );
      },
    },
    { header: 'Request id', cell: (e) => <MutedText as="span">{e.requestId}</MutedText> },
  ];

  const entries = data?.items ?? [];
  return (
    <section>
      <PageTitle>Audit trail</PageTitle>
      <p>
        <Link to="/admin/dashboard">Back to the dashboard</Link>
      </p>
      <Card>
        <Filters onSubmit={(e) => e.preventDefault()} aria-label="Filter the audit trail">
          <Field label="Entity">
            <Select value={picked.entity ? '' : picked.entityType} onChange={(e) => choose({ entityType: e.target.value, entity: undefined })}>
              <Options items={ENTITY_TYPES} />
            </Select>
          </Field>
          <Field label="From">
            <Input type="date" value={picked.from} max={picked.to || undefined} onChange={(e) => choose({ from: e.target.value })} />
          </Field>
          <Field label="To">
            <Input type="date" value={picked.to} min={picked.from || undefined} onChange={(e) => choose({ to: e.target.value })} />
          </Field>
        </Filters>
        {(picked.actor || picked.entity) && (
          <Chips>
            {picked.actor && (
              <Button size="sm" variant="secondary" onClick={() => choose({ actor: undefined })} aria-label={`Remove the filter: staff member ${picked.actor.name}`}>
                Staff: {picked.actor.name} ×
              </Button>
            )}
            {picked.entity && (
              <Button size="sm" variant="secondary" onClick={() => choose({ entity: undefined })} aria-label={`Remove the filter: ${picked.entity.name}`}>
                {picked.entity.type}: {picked.entity.name} ×
              </Button>
            )}
          </Chips>
        )}
        {error ? (
          <EmptyState
            message="The audit trail could not be loaded"
            description={'message' in error ? error.message : undefined}
            action={<Button onClick={() => void refetch()}>Try again</Button>}
          />
        ) : (
          <DataTable
            label="Audit trail entries, newest first"
            rows={entries}
            columns={columns}
            rowKey={(e) => String(e.seq)}
            loading={isLoading || isFetching}
            loadingLabel="Loading the audit trail"
            empty={<EmptyState message="No entries match" description="Nothing was recorded for these filters. Clear a filter or pick other dates." />}
          />
        )}
        <Bar>
          <div>
            <Button variant="secondary" disabled={!data?.newer || isFetching} onClick={() => setCursor({ after: data?.newer ?? undefined })}>
              Newer
            </Button>{' '}
            <Button variant="secondary" disabled={!data?.older || isFetching} onClick={() => setCursor({ before: data?.older ?? undefined })}>
              Older
            </Button>
          </div>
          <a href={exportHref(filters)} download>
            Export CSV
          </a>
        </Bar>
      </Card>
    </section>
  );
}
