import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { MISSING_VALUE, formatDate, formatMoney, type OrderStats, type Product } from '@pharmacy/contracts';
import { useCan, useMarket } from '@pharmacy/session';
import { Card, CardTitle, EmptyState, PageTitle, Spinner, breakpoints, th } from '@pharmacy/ui';
import { DataTable, type Column } from '../DataTable';
import { IfCan } from '../ForRole';
import { useAdminSelector } from '../state/module';
import { selectDashboard } from '../state/selectors';
import { BarChart, type BarPoint } from './BarChart';
import { FeatureImages } from './FeatureImages';
import { OrdersByStatus } from './OrdersByStatus';
import { Pending } from './parts';
import { ReviewQueueCard } from './ReviewQueueCard';
import { dashboardActions } from './slice';
import { AUDIT_VIEW } from './audit/AuditTrail';
import { REMOTES_VIEW } from './remotes/RemoteBuilds';
import { ResponsiblePharmacist } from './responsible/ResponsiblePharmacist';

const Figures = styled.dl`
  display: grid;
  gap: ${th((t) => t.space(4))};
  /* Two figures a row on a phone, four on a wide screen. */
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 9rem), 1fr));
  margin: 0 0 ${th((t) => t.space(6))};
`;

const Figure = styled(Card)`
  display: flex;
  flex-direction: column-reverse;
  gap: ${th((t) => t.space(1))};
  padding: ${th((t) => t.space(5))};
  dt { color: ${th((t) => t.colors.textMuted)}; font-size: ${th((t) => t.fontSizes.sm)}; }
  dd { margin: 0; font-size: ${th((t) => t.fontSizes['2xl'])}; font-weight: ${th((t) => t.fontWeights.bold)}; }
`;

const Columns = styled.div`
  display: grid;
  gap: ${th((t) => t.space(6))};
  grid-template-columns: 1fr;
  margin-bottom: ${th((t) => t.space(6))};
  @media (min-width: ${breakpoints.lg}px) {
    grid-template-columns: 2fr 1fr;
  }
`;

const Low = styled.span`
  color: ${th((t) => t.colors.dangerStrong)};
  font-weight: ${th((t) => t.fontWeights.semibold)};
`;

/** The axis keeps the shop's date format without its year ("30 Jun"): the heading says which 30 days. */
const shortDay = (ymd: string) => formatDate(ymd).replace(/ \d{4}$/, '');

/** Whole amounts on the axis lose their cents ("£150"), which keeps the labels short enough for a phone. */
export const axisMoney = (value: number, currency: string) => formatMoney(value, currency).replace(/\.00$/, '');

/** The stats series (UTC days, oldest first) as chart bars. */
export function revenuePoints(stats: OrderStats): BarPoint[] {
  return stats.dailyRevenue.map((day) => {
    const ymd = day.date.slice(0, 10);
    const full = formatDate(ymd);
    return full === MISSING_VALUE ? { label: day.date, value: day.revenue } : { label: shortDay(ymd), fullLabel: full, value: day.revenue };
  });
}

const CHART_HEIGHT = 220;

/** The chart's box while the figures load: the chart's own height. */
const ChartSpace = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  height: ${CHART_HEIGHT}px;
`;

/** Revenue is in the market's currency (the one orders are charged in). */
const FIGURES: Array<[string, (stats: OrderStats, currency: string) => string | number]> = [
  ['Revenue today', (stats, currency) => formatMoney(stats.today.revenue, currency)],
  ['Orders today', (stats) => stats.today.orders],
  ['Revenue, last 30 days', (stats, currency) => formatMoney(stats.last30Days.revenue, currency)],
  ['Orders, last 30 days', (stats) => stats.last30Days.orders],
];

const LOW_STOCK_COLUMNS: Column<Product>[] = [
  { header: 'Product', card: 'title', cell: (product) => product.title },
  { header: 'Brand', cell: (product) => product.brand },
  { header: 'Stock', numeric: true, nowrap: true, width: '7.5rem', cell: (product) => <Low>{product.totalStock === 0 ? 'Out of stock' : product.totalStock}</Low> },
];

export function DashboardPage() {
  const dispatch = useDispatch();
  const { stats, statsLoading, lowStock, lowStockLoading } = useAdminSelector(selectDashboard);
  const { currency } = useMarket();
  const mayBeResponsible = useCan('clinical.review');

  useEffect(() => {
    dispatch(dashboardActions.fetchDashboard());
  }, [dispatch]);

  return (
    <section>
      <PageTitle>Dashboard</PageTitle>
      <IfCan permission="audit.view">
        <p>
          <Link to={`/admin/dashboard?view=${AUDIT_VIEW}`}>Audit trail</Link>: who changed what, and every read of health data
        </p>
      </IfCan>
      <IfCan permission="remotes.manage">
        <p>
          <Link to={`/admin/dashboard?view=${REMOTES_VIEW}`}>Remote builds</Link>: which build of each part of the shop is live, its canary, and their history
        </p>
      </IfCan>
      {stats || statsLoading ? (
        // The figures' cards, the chart's box and the status list stand in place while the figures load, so their
        // arrival fills them instead of pushing the low-stock list and the feature images down the screen.
        <div aria-busy={!stats}>
          <ReviewQueueCard stats={stats} />
          <Figures>
            {FIGURES.map(([term, value]) => (
              <Figure key={term}>
                <dt>{term}</dt>
                <dd>{stats ? value(stats, currency) : <Pending />}</dd>
              </Figure>
            ))}
          </Figures>
          <Columns>
            <Card as="section" aria-labelledby="revenue-chart-heading">
              <CardTitle id="revenue-chart-heading">Revenue per day, last 30 days</CardTitle>
              {stats ? (
                <BarChart points={revenuePoints(stats)} label="Revenue per day over the last 30 days" format={(v) => formatMoney(v, currency)}
                  formatAxis={(v) => axisMoney(v, currency)} height={CHART_HEIGHT} />
              ) : (
                <ChartSpace>
                  <Spinner size={40} label="Loading the order figures" />
                </ChartSpace>
              )}
            </Card>
            <OrdersByStatus stats={stats} />
          </Columns>
        </div>
      ) : (
        <EmptyState message="The order figures are not available right now" description="Reload the page to try again." />
      )}

      <Card as="section" aria-labelledby="low-stock-heading" style={{ marginBottom: '1.5rem' }}>
        <CardTitle id="low-stock-heading">Low in stock</CardTitle>
        <IfCan permission="catalogue.manage">
          <DataTable
            labelledBy="low-stock-heading"
            rows={lowStock}
            columns={LOW_STOCK_COLUMNS}
            rowKey={(product) => product._id}
            loading={lowStockLoading}
            loadingLabel="Loading low-stock products"
            empty={<p>No product is low in stock.</p>}
          />
          <p>
            <Link to="../products">Manage products</Link>
          </p>
        </IfCan>
      </Card>

      <FeatureImages />
      {/* Last, so its record's rows, which arrive after the figures, push nothing down the screen. */}
      {mayBeResponsible && <ResponsiblePharmacist />}
    </section>
  );
}
