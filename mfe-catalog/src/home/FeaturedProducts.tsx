import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, EmptyState, th } from '@pharmacy/ui';
import { AddToCart } from '../cart/AddToCart';
import { ProductCard, ProductGrid } from '../listing/ProductCard';
import { catalogQueries, useCatalogQueries, usePageRead, type Filters, type ProductsArgs } from '../queries';
import { useProductSafety } from '../safety/useProductSafety';

export const FEATURED_COUNT = 8;
const NO_FILTERS: Filters = { categories: [], brands: [] };
/** Everyday essentials: the cheapest first. */
const FEATURED: ProductsArgs = {
  categories: ['pain-relief', 'cold-and-flu', 'vitamins-and-supplements', 'first-aid'],
  brands: [],
  sortBy: 'price-lowtohigh',
  page: 1,
  limit: FEATURED_COUNT,
};

const Section = styled.section`
  margin: ${th((t) => t.space(8))} 0;
  h2 {
    margin: 0 0 ${th((t) => t.space(4))};
  }
`;

const Chips = styled.ul`
  list-style: none;
  margin: 0 0 ${th((t) => t.space(6))};
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${th((t) => t.space(2))};
  a {
    display: inline-block;
    padding: ${th((t) => t.space(2))} ${th((t) => t.space(4))};
    border-radius: ${th((t) => t.radii.full)};
    background: ${th((t) => t.colors.brandSubtle)};
    color: ${th((t) => t.colors.brandStronger)};
    text-decoration: none;
    font-weight: ${th((t) => t.fontWeights.medium)};
  }
`;

/** Home page: the categories with products in them, and a row of everyday essentials, each with Add to cart as on the listing. */
export function FeaturedProducts() {
  useCatalogQueries();
  const facets = usePageRead(catalogQueries.endpoints.facets, NO_FILTERS);
  const products = usePageRead(catalogQueries.endpoints.products, FEATURED);
  const categories = (facets.data?.categories ?? []).filter((c) => c.count > 0);
  const items = (products.data?.items ?? []).filter((p) => p.totalStock > 0 && !p.requiresPrescription);
  const safety = useProductSafety(items);

  return (
    <Section aria-labelledby="featured-title">
      <h2 id="featured-title">Featured products</h2>
      {categories.length > 0 && (
        <Chips aria-label="Shop by category">
          {categories.map((c) => (
            <li key={c.id}>
              <Link to={`/pharmacy/products?category=${c.id}`}>{c.label}</Link>
            </li>
          ))}
        </Chips>
      )}
      {items.length > 0 ? (
        <ProductGrid aria-label="Featured products">
          {items.map((p) => (
            <ProductCard
              key={p._id}
              product={p}
              safety={safety.of(p)}
              awaitSafety={safety.personal}
              action={<AddToCart product={p} variant="compact" safety={safety.of(p)} />}
            />
          ))}
        </ProductGrid>
      ) : products.error ? (
        // said, not hidden: during an outage the home page is the first thing a shopper meets
        <EmptyState
          message="We could not load our products just now"
          description={products.error}
          action={<Button onClick={products.reload}>Try again</Button>}
        />
      ) : (
        !products.loading && (
          <p>
            <Link to="/pharmacy/products">Browse all products</Link>
          </p>
        )
      )}
    </Section>
  );
}
