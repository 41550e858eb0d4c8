import { Fragment, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
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
  breakpoints,
  th,
} from '@pharmacy/ui';
import { useMediaQuery } from './layout/useMediaQuery';
import { Center } from './styles';

/** Where a column goes on a phone's card: its heading, its picture, a labelled fact (the default), its buttons, or nowhere. */
export type CardPlace = 'title' | 'media' | 'fact' | 'actions' | 'none';

export interface Column<T> {
  header: string;
  /** Read by screen readers only (an image or an actions column). */
  hideHeader?: boolean;
  cell: (row: T, index: number) => ReactNode;
  /** A fixed width (a thumbnail, a short figure, the buttons); the other columns share what is left and wrap. */
  width?: string;
  /** Figures line up on the right, in the table and on the card. */
  numeric?: boolean;
  /** Kept on one line (an order number, a date, a badge): short values that read badly broken. */
  nowrap?: boolean;
  card?: CardPlace;
}

/** The last column of a list whose rows open a details dialog. */
export function viewDetailsColumn<T extends { _id: string }>(open: (id: string) => void): Column<T> {
  return {
    header: 'Actions',
    hideHeader: true,
    width: '9.5rem',
    card: 'actions',
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

const cellLayout = css<{ $numeric?: boolean; $nowrap?: boolean }>`
  text-align: ${(p) => (p.$numeric ? 'right' : 'left')};
  white-space: ${(p) => (p.$nowrap ? 'nowrap' : 'normal')};
  ${(p) => (p.$numeric ? 'font-variant-numeric: tabular-nums;' : '')}
  /* Lines break between words (and at an id's hyphens), never inside one: "Quantity", a brand, an email stay whole. */
  overflow-wrap: normal;
  word-break: normal;
`;

const HeaderCell = styled(TableHeaderCell)<{ $numeric?: boolean; $nowrap?: boolean }>`
  ${cellLayout}
  padding: ${th((t) => t.space(3))};
`;

const Cell = styled(TableCell)<{ $numeric?: boolean; $nowrap?: boolean }>`
  ${cellLayout}
  padding: ${th((t) => t.space(3))};
`;

const Cards = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space(3))};
`;

const CardCaption = styled.p`
  margin: 0 0 ${th((t) => t.space(2))};
  color: ${th((t) => t.colors.textMuted)};
  font-size: ${th((t) => t.fontSizes.sm)};
`;

const RowCard = styled.li`
  display: flex;
  gap: ${th((t) => t.space(3))};
  min-width: 0;
  padding: ${th((t) => t.space(3))};
  border: 1px solid ${th((t) => t.colors.border)};
  border-radius: ${th((t) => t.radii.lg)};
  background: ${th((t) => t.colors.surface)};
  font-size: ${th((t) => t.fontSizes.sm)};
`;

const CardMedia = styled.div`
  flex: none;
`;

const CardBody = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space(2))};
`;

/* On a card a word breaks only when it cannot fit the card's width at all (a very long email on a small phone). */
const CardHeading = styled.div`
  font-weight: ${th((t) => t.fontWeights.semibold)};
  font-size: ${th((t) => t.fontSizes.md)};
  overflow-wrap: break-word;
`;

const CardFacts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${th((t) => t.space(1))} ${th((t) => t.space(3))};
  margin: 0;
  dt { color: ${th((t) => t.colors.textMuted)}; }
  dd { margin: 0; min-width: 0; overflow-wrap: break-word; }
`;

const CardActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${th((t) => t.space(2))};
`;

/**
 * Every staff list: spinner, then either the empty message or the rows. From the lg breakpoint up they are a table
 * whose columns fit its box (fixed widths for pictures, figures and buttons, the rest wrapping); below it (a phone, or
 * a tablet where the sidebar takes a quarter of the width) each row is a card: heading, picture, labelled facts, buttons.
 */
export function DataTable<T>({ rows, columns, rowKey, label, labelledBy, caption, loading = false, loadingLabel = 'Loading', empty, roomy = false }: DataTableProps<T>) {
  const wide = useMediaQuery(`(min-width: ${breakpoints.lg}px)`);
  if (loading && rows.length === 0) {
    return (
      <Center $roomy={roomy}>
        <Spinner size={40} label={loadingLabel} />
      </Center>
    );
  }
  if (rows.length === 0) return <>{empty}</>;
  if (!wide) return <CardList rows={rows} columns={columns} rowKey={rowKey} label={label} labelledBy={labelledBy} caption={caption} loading={loading} />;
  return (
    // Automatic layout with whole words: a column is never narrower than its longest word (no "Quantit/y", no email
    // cut mid-word), the widths given are kept where they fit, and the text columns share the rest.
    <Table aria-label={label} aria-labelledby={labelledBy} aria-busy={loading || undefined}>
      {caption ? <TableCaption>{caption}</TableCaption> : null}
      <colgroup>
        {columns.map((column) => (
          <col key={column.header} style={column.width ? { width: column.width } : undefined} />
        ))}
      </colgroup>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <HeaderCell key={column.header} scope="col" $numeric={column.numeric} $nowrap={column.nowrap}>
              {column.hideHeader ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
            </HeaderCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={rowKey(row)}>
            {columns.map((column) => (
              <Cell key={column.header} $numeric={column.numeric} $nowrap={column.nowrap}>
                {column.cell(row, index)}
              </Cell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

type CardListProps<T> = Pick<DataTableProps<T>, 'rows' | 'columns' | 'rowKey' | 'label' | 'labelledBy' | 'caption' | 'loading'>;

/** The phone's rows: one card each, in a list named like the table it stands for. */
function CardList<T>({ rows, columns, rowKey, label, labelledBy, caption, loading }: CardListProps<T>) {
  const place = (column: Column<T>): CardPlace => column.card ?? 'fact';
  const media = columns.filter((c) => place(c) === 'media');
  const titles = columns.filter((c) => place(c) === 'title');
  const facts = columns.filter((c) => place(c) === 'fact');
  const actions = columns.filter((c) => place(c) === 'actions');
  return (
    <>
      {caption ? <CardCaption>{caption}</CardCaption> : null}
      {/* role="list": Safari drops the list role of a ul without bullets. */}
      <Cards role="list" aria-label={label} aria-labelledby={labelledBy} aria-busy={loading || undefined}>
        {rows.map((row, index) => (
          <RowCard key={rowKey(row)}>
            {media.length > 0 && <CardMedia>{media.map((c) => <div key={c.header}>{c.cell(row, index)}</div>)}</CardMedia>}
            <CardBody>
              {titles.map((c) => (
                <CardHeading key={c.header}>{c.cell(row, index)}</CardHeading>
              ))}
              {facts.length > 0 && (
                <CardFacts>
                  {facts.map((c) => (
                    <Fragment key={c.header}>
                      <dt>{c.header}</dt>
                      <dd>{c.cell(row, index)}</dd>
                    </Fragment>
                  ))}
                </CardFacts>
              )}
              {actions.length > 0 && <CardActions>{actions.map((c) => <div key={c.header}>{c.cell(row, index)}</div>)}</CardActions>}
            </CardBody>
          </RowCard>
        ))}
      </Cards>
    </>
  );
}
