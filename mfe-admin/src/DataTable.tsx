import type { ReactNode } from 'react';
import {
  Button,
  Spinner,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  VisuallyHidden,
} from '@pharmacy/ui';
import { Center } from './styles';

export interface Column<T> {
  header: string;
  /** Read by screen readers only (an image or an actions column). */
  hideHeader?: boolean;
  cell: (row: T, index: number) => ReactNode;
}

/** The last column of a list whose rows open a details dialog. */
export function viewDetailsColumn<T extends { _id: string }>(open: (id: string) => void): Column<T> {
  return {
    header: 'Actions',
    hideHeader: true,
    cell: (row) => (
      <Button size="sm" variant="secondary" onClick={() => open(row._id)}>
        View Details
      </Button>
    ),
  };
}

export interface DataTableProps<T> {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  /** The table's accessible name: its own words, or the id of the heading above it. */
  label?: string;
  labelledBy?: string;
  caption?: ReactNode;
  /** While the first rows load a spinner stands in; later loads keep the rows and mark the table busy. */
  loading?: boolean;
  loadingLabel?: string;
  /** What the screen says when there is no row (an EmptyState or a sentence). */
  empty: ReactNode;
  /** A page-level table gets more room around its spinner than one inside a card or dialog. */
  roomy?: boolean;
}

/** Every staff table: spinner, then either the empty message or a header row and one row per item. */
export function DataTable<T>({ rows, columns, rowKey, label, labelledBy, caption, loading = false, loadingLabel = 'Loading', empty, roomy = false }: DataTableProps<T>) {
  if (loading && rows.length === 0) {
    return (
      <Center $roomy={roomy}>
        <Spinner size={40} label={loadingLabel} />
      </Center>
    );
  }
  if (rows.length === 0) return <>{empty}</>;
  return (
    <Table aria-label={label} aria-labelledby={labelledBy} aria-busy={loading || undefined}>
      {caption ? <TableCaption>{caption}</TableCaption> : null}
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableHeaderCell key={column.header} scope="col">
              {column.hideHeader ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
            </TableHeaderCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={rowKey(row)}>
            {columns.map((column) => (
              <TableCell key={column.header}>{column.cell(row, index)}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
