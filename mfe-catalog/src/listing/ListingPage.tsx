import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { PRODUCT_PAGE_SIZE, SORT_OPTIONS, categoryLabel, isSortBy, type Product } from '@pharmacy/contracts';
import { Button, EmptyState, Field, PageTitle, Pagination, Options, Select, Spinner, media, th } from '@pharmacy/ui';
import { AddToCart } from '../cart/AddToCart';
import { catalogApi, type ProductList, type SearchList } from '../lib/api';
import { useFetch } from '../lib/useFetch';
import { useProductSafety } from '../safety/useProductSafety';
import { FilterPanel } from './FilterPanel';
import { readParams, toggle, writeParams, type ListingParams } from './params';
import { ProductCard, ProductGrid } from './ProductCard';

const Layout = styled.div`
  display: grid;
  gap: ${th((t) => t.space(6))};
  ${media.md} {
    grid-template-columns: 14rem 1fr;
  }
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  justify-content: space-between;
  gap: ${th((t) => t.space(3))};
  margin-bottom: ${th((t) => t.space(4))};
  p {
    margin: 0;
    color: ${th((t) => t.colors.textMuted)};
  }
`;

const Centre = styled.div`
  display: flex;
  justify-content: center;
  padding: ${th((t) => t.space(10))};
`;

const NO_PRODUCTS: Product[] = [];

function Results({ state, params, onPage }: { state: ReturnType<typeof useFetch<ProductList | SearchList>>; params: ListingParams; onPage: (p: number) => void }) {
  // one check for the whole page of cards, before any early return (hooks run in the same order every render)
  const safety = useProductSafety(state.data?.items ?? NO_PRODUCTS);
  if (state.loading && !state.data) {
    return (
      <Centre>
        <Spinner label="Loading products" />
      </Centre>
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
        {data.items.map((p) => (
          <ProductCard
            key={p._id}
            product={p}
            terms={terms}
            headingLevel="h2"
            safety={safety.of(p)}
            awaitSafety={safety.personal}
            action={<AddToCart product={p} variant="compact" safety={safety.of(p)} />}
          />
        ))}
      </ProductGrid>
      <Pagination page={data.page} total={data.total} limit={data.limit} onPage={onPage} />
    </>
  );
}

/** /pharmacy/products: filters, sort and page in the URL; with ?q= it shows search results instead. */
export function ListingPage() {
  const [search, setSearch] = useSearchParams();
  const params = readParams(search);
  const update = (next: Partial<ListingParams>) => {
    // any change other than the page starts again at page 1
    setSearch(writeParams({ ...params, page: 1, ...next }));
    if (next.page) window.scrollTo?.({ top: 0 });
  };

  const facets = useFetch((signal) => catalogApi.facets(signal), []);
  const key = writeParams(params).toString();
  const results = useFetch<ProductList | SearchList>(
    (signal) =>
      params.q
        ? catalogApi.search(params.q, { page: params.page, limit: PRODUCT_PAGE_SIZE }, signal)
        : catalogApi.products({ ...params, limit: PRODUCT_PAGE_SIZE }, signal),
    [key],
  );

  const title = params.q
    ? `Results for "${params.q}"`
    : params.categories.length === 1
      ? categoryLabel(params.categories[0])
      : 'All products';
  const total = results.data?.total;

  return (
    <section>
      <PageTitle>{title}</PageTitle>
      <Layout>
        {params.q ? (
          <div>
            <Button variant="secondary" size="sm" onClick={() => setSearch(new URLSearchParams())}>
              Browse all products
            </Button>
          </div>
        ) : (
          <FilterPanel
            facets={facets.data}
            categories={params.categories}
            brands={params.brands}
            onToggleCategory={(id) => update({ categories: toggle(params.categories, id) })}
            onToggleBrand={(name) => update({ brands: toggle(params.brands, name) })}
            onClear={() => update({ categories: [], brands: [] })}
          />
        )}
        <div>
          <Toolbar>
            <p aria-live="polite">{total === undefined ? '' : `${total} product${total === 1 ? '' : 's'}`}</p>
            {!params.q && (
              <Field label="Sort by">
                <Select value={params.sortBy} onChange={(e) => isSortBy(e.target.value) && update({ sortBy: e.target.value })}>
                  <Options items={SORT_OPTIONS} />
                </Select>
              </Field>
            )}
          </Toolbar>
          <Results state={results} params={params} onPage={(page) => update({ page })} />
        </div>
      </Layout>
    </section>
  );
}
