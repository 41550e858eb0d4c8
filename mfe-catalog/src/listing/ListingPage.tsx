import { useId, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { PRODUCT_PAGE_SIZE, SORT_OPTIONS, categoryLabel, isSortBy, type Product } from '@pharmacy/contracts';
import type { Read } from '@pharmacy/session';
import { Button, EmptyState, PageTitle, Pagination, Options, Select, Spinner, VisuallyHidden, media, th, visuallyHiddenCss } from '@pharmacy/ui';
import { AddToCart } from '../cart/AddToCart';
import type { ProductList, SearchList } from '../lib/api';
import { catalogQueries, useCatalogQueries, usePageRead } from '../queries';
import { useProductSafety } from '../safety/useProductSafety';
import { FilterPanel } from './FilterPanel';
import { FilterSheet } from './FilterSheet';
import { readParams, toggle, writeParams, type ListingParams } from './params';
import { ProductCard, ProductGrid } from './ProductCard';

/** The title and the result count share a line, so a phone's first row of cards starts high on the screen. */
const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  column-gap: ${th((t) => t.space(3))};
  margin-bottom: ${th((t) => t.space(3))};
  ${media.md} {
    margin-bottom: ${th((t) => t.space(6))};
  }
`;

const Title = styled(PageTitle)`
  margin: 0;
  font-size: ${th((t) => t.fontSizes.xl)};
  ${media.md} {
    font-size: ${th((t) => t.fontSizes['3xl'])};
  }
`;

const Layout = styled.div<{ $withFilters: boolean }>`
  display: grid;
  gap: ${th((t) => t.space(6))};
  ${media.md} {
    grid-template-columns: ${(p) => (p.$withFilters ? '14rem minmax(0, 1fr)' : 'minmax(0, 1fr)')};
  }
`;

/** One row: Filters (a phone's) or Browse all products, and Sort. */
const Toolbar = styled.div`
  display: flex;
  align-items: center;
  gap: ${th((t) => t.space(3))};
  margin-bottom: ${th((t) => t.space(3))};
  ${media.md} {
    margin-bottom: ${th((t) => t.space(4))};
  }
`;

const Start = styled.div`
  flex: none;
`;

const TouchButton = styled(Button)`
  min-height: 2.75rem;
`;

/** The Filters button is the phone's way in; from md up the panel stands beside the grid instead. */
const FiltersButton = styled(TouchButton)`
  ${media.md} {
    display: none;
  }
`;

const Count = styled.p`
  margin: 0;
  /* its box is held before the figure arrives (a line, and the width of "9999 products"), so nothing moves */
  min-height: 1.5em;
  min-width: 8rem;
  margin-left: auto;
  text-align: right;
  color: ${th((t) => t.colors.textMuted)};
`;

const Sort = styled.div`
  min-width: 0;
  margin-left: auto;
  display: flex;
  align-items: center;
  gap: ${th((t) => t.space(2))};
  max-width: 100%;
  label {
    white-space: nowrap;
    font-weight: ${th((t) => t.fontWeights.medium)};
  }
  select {
    min-height: 2.75rem;
    width: auto;
    max-width: 100%;
  }
  @media (max-width: 767.98px) {
    label {
      ${visuallyHiddenCss}
    }
  }
`;

/** A page's worth of height while the first results load: whatever sits below (pagination, footer) is not on screen yet. */
const Loading = styled.div`
  display: flex;
  justify-content: center;
  align-items: flex-start;
  min-height: 100vh;
  padding-top: ${th((t) => t.space(10))};
`;

const Pages = styled.div`
  margin-top: ${th((t) => t.space(6))};
  /* a finger's size on a phone */
  button {
    min-height: 2.75rem;
    min-width: 2.75rem;
  }
`;

const FunnelIcon = () => (
  <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <path d="M3 5h18l-7 8v6l-4 2v-8z" />
  </svg>
);

const NO_PRODUCTS: Product[] = [];
/** Holds the count's line (and the title's baseline beside it) before the figure comes. */
const NBSP = '\u00a0';

function Results({ state, params, onPage }: { state: Read<ProductList | SearchList>; params: ListingParams; onPage: (p: number) => void }) {
  // one check for the whole page of cards, before any early return (hooks run in the same order every render)
  const safety = useProductSafety(state.data?.items ?? NO_PRODUCTS);
  if (state.loading && !state.data) {
    return (
      <Loading>
        <Spinner label="Loading products" />
      </Loading>
    );
  }
  if (state.error) {
    return (
      <EmptyState
        message="We could not load the products"
        description={state.error}
        action={<Button onClick={state.reload}>Try again</Button>}
      />
    );
  }
  const data = state.data!;
  if (data.items.length === 0) {
    return (
      <EmptyState
        message={params.q ? `No products match "${params.q}"` : 'No products found'}
        description={params.q ? 'Check the spelling or try a more general word.' : 'Try removing a filter.'}
      />
    );
  }
  const terms = 'terms' in data ? data.terms : undefined;
  return (
    <>
      <ProductGrid aria-busy={state.loading} aria-label="Products">
        {data.items.map((p, i) => (
          <ProductCard
            key={p._id}
            product={p}
            firstScreen={i < FIRST_SCREEN_CARDS}
            terms={terms}
            headingLevel="h2"
            safety={safety.of(p)}
            awaitSafety={safety.personal}
            action={<AddToCart product={p} variant="compact" safety={safety.of(p)} />}
          />
        ))}
      </ProductGrid>
      <Pages>
        <Pagination page={data.page} total={data.total} limit={data.limit} onPage={onPage} />
      </Pages>
    </>
  );
}

/** Cards on a phone's first screen (two columns, two rows): their images are the page's largest paint. */
const FIRST_SCREEN_CARDS = 4;

/** /pharmacy/products: filters, sort and page in the URL; with ?q= it shows search results instead. */
export function ListingPage() {
  const [search, setSearch] = useSearchParams();
  const [sheetOpen, setSheetOpen] = useState(false);
  const sortId = useId();
  const params = readParams(search);
  // Router navigations are transitions: a second tick can land before the first one's render, and
  // react-router's setter builds on the rendered params, which would drop the first tick. Each change
  // builds on the params this page last wrote until the URL it renders catches up.
  const written = useRef({ rendered: search, latest: params });
  if (written.current.rendered !== search) written.current = { rendered: search, latest: params };
  const update = (next: Partial<ListingParams> | ((current: ListingParams) => Partial<ListingParams>)) => {
    const current = written.current.latest;
    const change = typeof next === 'function' ? next(current) : next;
    // any change other than the page starts again at page 1
    const latest = { ...current, page: 1, ...change };
    written.current.latest = latest;
    setSearch(writeParams(latest));
    if (change.page) window.scrollTo?.({ top: 0 });
  };

  useCatalogQueries();
  const { categories, brands, sortBy, page, q } = params;
  const facets = usePageRead(catalogQueries.endpoints.facets, { categories, brands });
  const found = usePageRead(catalogQueries.endpoints.search, q ? { keyword: q, page, limit: PRODUCT_PAGE_SIZE } : skipToken);
  const listed = usePageRead(catalogQueries.endpoints.products, q ? skipToken : { categories, brands, sortBy, page, limit: PRODUCT_PAGE_SIZE });
  const results: Read<ProductList | SearchList> = q ? found : listed;

  const title = params.q
    ? `Results for "${params.q}"`
    : params.categories.length === 1
      ? categoryLabel(params.categories[0])
      : 'All products';
  const total = results.data?.total;
  const selected = params.categories.length + params.brands.length;

  return (
    <section>
      <Heading>
        <Title>{title}</Title>
        <Count aria-live="polite">{total === undefined ? NBSP : `${total} product${total === 1 ? '' : 's'}`}</Count>
      </Heading>
      <Layout $withFilters={!params.q}>
        {!params.q && (
          <FilterPanel
            facets={facets.data}
            categories={params.categories}
            brands={params.brands}
            onToggleCategory={(id) => update((current) => ({ categories: toggle(current.categories, id) }))}
            onToggleBrand={(name) => update((current) => ({ brands: toggle(current.brands, name) }))}
            onTickedBeforeReady={update}
            onClear={() => update({ categories: [], brands: [] })}
          />
        )}
        <div>
          <Toolbar>
            <Start>
              {params.q ? (
                <TouchButton variant="secondary" size="sm" onClick={() => setSearch(new URLSearchParams())}>
                  Browse all products
                </TouchButton>
              ) : (
                <FilterSheet
                  trigger={
                    <FiltersButton variant="secondary">
                      <FunnelIcon />
                      Filters
                      {selected > 0 && (
                        <>
                          <span aria-hidden="true">({selected})</span>
                          <VisuallyHidden>{` (${selected} selected)`}</VisuallyHidden>
                        </>
                      )}
                    </FiltersButton>
                  }
                  open={sheetOpen}
                  onOpenChange={setSheetOpen}
                  categories={params.categories}
                  brands={params.brands}
                  onApply={(choice) => update(choice)}
                />
              )}
            </Start>
            {!params.q && (
              <Sort>
                <label htmlFor={sortId}>Sort by</label>
                <Select id={sortId} value={params.sortBy} onChange={(e) => isSortBy(e.target.value) && update({ sortBy: e.target.value })}>
                  <Options items={SORT_OPTIONS} />
                </Select>
              </Sort>
            )}
          </Toolbar>
          <Results state={results} params={params} onPage={(page) => update({ page })} />
        </div>
      </Layout>
    </section>
  );
}
