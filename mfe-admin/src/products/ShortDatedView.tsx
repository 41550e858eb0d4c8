import { useEffect, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { SHORT_DATED_DAYS, type ShortDatedBatch } from '@pharmacy/contracts';
import { Badge, Button, EmptyState } from '@pharmacy/ui';
import type { Column } from '../DataTable';
import { calendarDateOrDash } from '../format';
import { ListPage } from '../ListPage';
import { useAdminSelector } from '../state/module';
import { selectProducts } from '../state/selectors';
import { productsActions } from './slice';

/** `?view=short-dated` in Products (the sidebar keeps its five entries). */
export const SHORT_DATED_VIEW = 'short-dated';


/** A week or less left reads as urgent. */
const URGENT_DAYS = 7;

const daysLeftWords = (n: number) => (n === 0 ? 'Last day today' : n === 1 ? '1 day' : `${n} days`);

type Row = ShortDatedBatch & { _id: string };

const COLUMNS: Column<Row>[] = [
  { header: 'Product', card: 'title', cell: (b) => b.productTitle },
  { header: 'Lot', width: '8rem', cell: (b) => b.lot },
  { header: 'Expiry', nowrap: true, width: '8.5rem', cell: (b) => calendarDateOrDash(b.expiresOn) },
  {
    header: 'Days left',
    nowrap: true,
    width: '8rem',
    cell: (b) => (b.daysLeft <= URGENT_DAYS ? <Badge variant="danger">{daysLeftWords(b.daysLeft)}</Badge> : daysLeftWords(b.daysLeft)),
  },
  { header: 'Units', numeric: true, width: '5rem', cell: (b) => b.units },
];

/**
 * Batches on sale that expire within SHORT_DATED_DAYS, soonest first (docs/domain.md#batches): what to sell first,
 * mark down or take off the shelf before it expires.
 */
export function ShortDatedView({ views }: { views: ReactNode }) {
  const dispatch = useDispatch();
  const { shortDated } = useAdminSelector(selectProducts);

  useEffect(() => {
    dispatch(productsActions.fetchShortDated());
  }, [dispatch]);

  const rows: Row[] = (shortDated.data ?? []).map((b) => ({ ...b, _id: b.batchId }));
  const failed = shortDated.error && !shortDated.data;
  return (
    <ListPage
      title="Short-dated batches"
      label="Short-dated batches"
      toolbar={views}
      rows={rows}
      columns={COLUMNS}
      loading={shortDated.loading && !shortDated.data}
      empty={
        failed ? (
          <EmptyState
            message="Short-dated batches could not be loaded"
            description={shortDated.error}
            action={
              <Button variant="secondary" onClick={() => dispatch(productsActions.fetchShortDated())}>
                Try again
              </Button>
            }
          />
        ) : (
          <EmptyState message="No short-dated batches" description={`No batch on sale expires within ${SHORT_DATED_DAYS} days.`} />
        )
      }
    />
  );
}
