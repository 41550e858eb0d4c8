import type { ReactNode } from 'react';
import { EmptyState, PageTitle, Pagination } from '@pharmacy/ui';
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
  /** For a list the server pages; the screen asks for another page through `onPage`. */
  paging?: { page: number; limit: number; total: number; onPage: (page: number) => void };
  /** The screen's dialogs. */
  children?: ReactNode;
}

/** Every admin list screen: title, toolbar, the table (spinner, empty state, rows) and its pages. */
export function ListPage<T extends { _id: string }>({ title, label, toolbar, spreadToolbar, rows, columns, loading, emptyDescription, paging, children }: ListPageProps<T>) {
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
        empty={<EmptyState message={`No ${noun} found`} description={emptyDescription} />}
        roomy
      />
      {paging && <Pagination label={`${label} pages`} align="end" {...paging} />}
      {children}
    </section>
  );
}
