import { Link, useLocation, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { PRODUCT_IMAGE_SIZE, categoryLabel, type Product, type ProductSafety } from '@pharmacy/contracts';
import { selectCurrentUser, useAppSelector, useMarket } from '@pharmacy/session';
import { Badge, Button, EmptyState, PageTitle, Spinner, SITE_NAME, media, th, useDocumentHead, usePageOrigin } from '@pharmacy/ui';
import { AddToCart } from '../cart/AddToCart';
import { PriceTag, Stars } from '../listing/ProductCard';
import { readCardPreview, type CardPreview } from './cardPreview';
import { productHead, productPath } from './productHead';
import { Reviews } from './Reviews';
import { SafetyAlert, SafetyUnchecked } from '../safety/SafetyAlert';
import { useProductSafety } from '../safety/useProductSafety';
import { catalogQueries, useCatalogQueries, usePageRead } from '../queries';

const Layout = styled.div`
  display: grid;
  gap: ${th((t) => t.space(8))};
  ${media.md} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
`;

const Img = styled.img`
  width: 100%;
  height: auto;
  aspect-ratio: 1;
  border-radius: ${th((t) => t.radii.lg)};
  border: 1px solid ${th((t) => t.colors.border)};
`;

const Info = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space(4))};
  h1 {
    margin: 0;
  }
`;

const Muted = styled.p`
  margin: 0;
  color: ${th((t) => t.colors.textMuted)};
`;

/** The card's price, shown while the server's is on its way: muted until it is confirmed (the server's answer wins). */
const Price = styled.div<{ $provisional: boolean }>`
  opacity: ${(p) => (p.$provisional ? 0.6 : 1)};
  transition: opacity 150ms ease-out;
`;

/** The stock line's height is held while the product loads, so nothing below it moves when it arrives. */
const StockLine = styled.div`
  min-height: 1.5rem;
`;

/** Add to cart's place (its widget's placeholder height), which says what is being checked while the product loads. */
const Buy = styled.div`
  min-height: 4rem;
`;

const Checking = styled(Buy)`
  margin: 0;
  color: ${th((t) => t.colors.textMuted)};
`;

const Details = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${th((t) => t.space(2))} ${th((t) => t.space(4))};
  margin: 0;
  dt {
    font-weight: ${th((t) => t.fontWeights.semibold)};
  }
  dd {
    margin: 0;
  }
`;

function stockText(p: Product): string {
  if (p.totalStock <= 0) return 'Out of stock';
  if (p.totalStock <= 5) return `Only ${p.totalStock} left in stock`;
  return 'In stock';
}

const NO_PRODUCTS: Product[] = [];

/** /pharmacy/product/:productId */
export function ProductPage() {
  const { productId = '' } = useParams();
  const { state } = useLocation();
  useCatalogQueries();
  const product = usePageRead(catalogQueries.endpoints.product, productId);
  const user = useAppSelector(selectCurrentUser);
  const safety = useProductSafety(product.data ? [product.data] : NO_PRODUCTS);
  const origin = usePageOrigin();
  const { currency } = useMarket();
  const missing = product.status === 404 || product.status === 400;
  useDocumentHead(
    product.data
      ? productHead(product.data, origin, currency)
      : missing
        ? { title: `Product not available | ${SITE_NAME}`, canonicalPath: productPath(productId), status: 404 }
        : {},
  );

  // Opened from a card: the card's picture, title and price paint at once; the rest comes with the product.
  const shown: CardPreview | null = product.data ?? (product.loading ? readCardPreview(state, productId) : null);
  if (product.loading && !shown) return <Spinner label="Loading product" />;
  if (!shown) {
    return (
      <EmptyState
        message={missing ? 'This product is not available' : 'We could not load this product'}
        description={missing ? 'It may have been removed from our catalog.' : product.error}
        action={missing ? <Link to="/pharmacy/products">Browse all products</Link> : <Button onClick={product.reload}>Try again</Button>}
      />
    );
  }

  const p = product.data;
  const answer = p ? safety.of(p) : undefined;
  return (
    <article aria-busy={!p || undefined}>
      <Layout>
        <div>
          {/* the main image is the page's largest element: loaded at once, not lazily */}
          <Img src={shown.image} alt={shown.title} width={PRODUCT_IMAGE_SIZE.width} height={PRODUCT_IMAGE_SIZE.height} fetchPriority="high" decoding="async" />
        </div>
        <Info>
          <div>
            <Muted>
              <Link to={`/pharmacy/products?category=${shown.category}`}>{categoryLabel(shown.category)}</Link> · {shown.brand}
            </Muted>
            <PageTitle>{shown.title}</PageTitle>
            <Stars value={shown.averageReview} count={shown.reviewCount} />
          </div>
          <Price $provisional={!p}>
            <PriceTag product={shown} />
          </Price>
          <StockLine>
            {p && (
              <>
                <Badge variant={p.totalStock <= 0 ? 'danger' : p.totalStock <= 5 ? 'warning' : 'success'}>{stockText(p)}</Badge>{' '}
                {p.requiresPrescription && <Badge>Prescription only</Badge>}
                {p.pharmacyOnly && <Badge variant="brand">Pharmacy medicine</Badge>}
              </>
            )}
          </StockLine>
          {!p && <Checking role="status">Checking the price and stock…</Checking>}
          {p && <ProductBody product={p} answer={answer} uncheckedSafety={safety.unchecked(p)} />}
        </Info>
      </Layout>
      {p && <Reviews productId={p._id} signedIn={!!user} />}
    </article>
  );
}

/** The rest of the page, from the server's answer: safety, Add to cart, description and details. */
function ProductBody({ product: p, answer, uncheckedSafety }: { product: Product; answer: ProductSafety | undefined; uncheckedSafety: boolean }) {
  return (
    <>
      {answer && answer.warnings.length > 0 && <SafetyAlert warnings={answer.warnings} />}
      {uncheckedSafety && <SafetyUnchecked />}
      {p.pharmacyOnly && (
        <Muted>
          A pharmacy medicine: at checkout you answer a few short questions about who it is for, and a pharmacist checks the order
          before it is sent.
        </Muted>
      )}
      <Buy>
        <AddToCart key={p._id} product={p} safety={answer} />
      </Buy>
      <p>{p.description}</p>
      <Details>
        {p.activeIngredients.length > 0 && (
          <>
            <dt>Active ingredients</dt>
            <dd>{p.activeIngredients.join(', ')}</dd>
          </>
        )}
        {p.dosageForm && (
          <>
            <dt>Dosage form</dt>
            <dd>{p.dosageForm}</dd>
          </>
        )}
        {p.packSize && (
          <>
            <dt>Pack size</dt>
            <dd>{p.packSize}</dd>
          </>
        )}
        {p.allergens.length > 0 && (
          <>
            <dt>Contains</dt>
            <dd>{p.allergens.join(', ')}</dd>
          </>
        )}
        {p.contraindications.length > 0 && (
          <>
            <dt>Not advised with</dt>
            <dd>{p.contraindications.join(', ')}</dd>
          </>
        )}
        {p.minAge > 0 && (
          <>
            <dt>Age</dt>
            <dd>Only for people aged {p.minAge} and over</dd>
          </>
        )}
        {p.maxPerOrder !== null && (
          <>
            <dt>Limit</dt>
            <dd>{p.maxPerOrder} per order</dd>
          </>
        )}
      </Details>
      <Muted>Always read the label. If symptoms persist, talk to your pharmacist or doctor.</Muted>
    </>
  );
}
