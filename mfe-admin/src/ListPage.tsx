import type { ReactNode } from 'react';
import styled from 'styled-components';
import { EmptyState, PageTitle, Pagination, th } from '@pharmacy/ui';
import { DataTable, type Column } from './DataTable';
import { Toolbar } from './styles';

export interface ListPageProps<T extends { _id: string }> {
  title: string;
  /** What the rows are, as a plural noun ("Orders"): names the table, its spinner, its empty state and its pages. */
  label: string;
  /** Search, filter and main action above the table. */
  toolbar: ReactNode;
  /** Spread the toolbar to both ends (a search on the left, an action on the right). */
  spreadToolbar?: boolean;
  rows: readonly T[];
  columns: readonly Column<T>[];
  loading: boolean;
  /** Why the table is empty, when the screen can say (a filter, an empty catalog). */
  emptyDescription?: ReactNode;
  /** What stands for the rows when there are none, when the screen says it all itself (a failure with "Try again"). */
  empty?: ReactNode;
  /** For a list the server pages; the screen asks for another page through `onPage`. */
  paging?: { page: number; limit: number; total: number; onPage: (page: number) => void };
  /** The screen's dialogs. */
  children?: ReactNode;
}

const PageSummary = styled.p`
  margin: ${th((t) => t.space(3))} 0 0;
  text-align: end;
  color: ${th((t) => t.colors.textMuted)};
  font-variant-numeric: tabular-nums;
`;

const count = new Intl.NumberFormat('en-US');

/** "21–40 of 20,000 orders": where this page sits in everything that matches. */
export function pageSummary(page: number, limit: number, shown: number, total: number, noun: string): string {
  const first = (page - 1) * limit + 1;
  return `${count.format(first)}–${count.format(first + shown - 1)} of ${count.format(total)} ${noun}`;
}

/** Every admin list screen: title, toolbar, the table (spinner, empty state, rows) and its pages. */
export function ListPage<T extends { _id: string }>({ title, label, toolbar, spreadToolbar, rows, columns, loading, emptyDescription, empty, paging, children }: ListPageProps<T>) {
  const noun = label.toLowerCase();
  return (
    <section>
      <PageTitle>{title}</PageTitle>
      <Toolbar $spread={spreadToolbar}>{toolbar}</Toolbar>
      <DataTable
        label={label}
        rows={rows}
        columns={columns}
        rowKey={(row) => row._id}
        loading={loading}
        loadingLabel={`Loading ${noun}`}
        empty={empty ?? <EmptyState message={`No ${noun} found`} description={emptyDescription} />}
        roomy
      />
      {paging && rows.length > 0 && <PageSummary>{pageSummary(paging.page, paging.limit, rows.length, paging.total, noun)}</PageSummary>}
      {paging && <Pagination label={`${label} pages`} align="end" {...paging} />}
      {children}
    </section>
  );
}
