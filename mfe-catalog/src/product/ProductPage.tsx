import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { PRODUCT_IMAGE_SIZE, categoryLabel, type Product } from '@pharmacy/contracts';
import { selectCurrentUser, useAppSelector, useMarket } from '@pharmacy/session';
import { Badge, Button, EmptyState, PageTitle, Spinner, SITE_NAME, media, th, useDocumentHead, usePageOrigin } from '@pharmacy/ui';
import { AddToCart } from '../cart/AddToCart';
import { catalogApi } from '../lib/api';
import { useFetch } from '../lib/useFetch';
import { PriceTag, Stars } from '../listing/ProductCard';
import { productHead, productPath } from './productHead';
import { Reviews } from './Reviews';
import { SafetyAlert, SafetyUnchecked } from '../safety/SafetyAlert';
import { useProductSafety } from '../safety/useProductSafety';

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
  const product = useFetch((signal) => catalogApi.product(productId, signal), [productId], { serverKey: `catalog:product:${productId}` });
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

  if (product.loading && !product.data) return <Spinner label="Loading product" />;
  if (product.error || !product.data) {
    return (
      <EmptyState
        message={missing ? 'This product is not available' : 'We could not load this product'}
        description={missing ? 'It may have been removed from our catalog.' : product.error}
        action={missing ? <Link to="/pharmacy/products">Browse all products</Link> : <Button onClick={product.reload}>Try again</Button>}
      />
    );
  }

  const p = product.data;
  const answer = safety.of(p);
  return (
    <article>
      <Layout>
        <div>
          {/* the main image is the page's largest element: loaded at once, not lazily */}
          <Img src={p.image} alt={p.title} width={PRODUCT_IMAGE_SIZE.width} height={PRODUCT_IMAGE_SIZE.height} fetchPriority="high" decoding="async" />
        </div>
        <Info>
          <div>
            <Muted>
              <Link to={`/pharmacy/products?category=${p.category}`}>{categoryLabel(p.category)}</Link> · {p.brand}
            </Muted>
            <PageTitle>{p.title}</PageTitle>
            <Stars value={p.averageReview} count={p.reviewCount} />
          </div>
          <PriceTag product={p} />
          <div>
            <Badge variant={p.totalStock <= 0 ? 'danger' : p.totalStock <= 5 ? 'warning' : 'success'}>{stockText(p)}</Badge>{' '}
            {p.requiresPrescription && <Badge>Prescription only</Badge>}
            {p.pharmacyOnly && <Badge variant="brand">Pharmacy medicine</Badge>}
          </div>
          {answer && answer.warnings.length > 0 && <SafetyAlert warnings={answer.warnings} />}
          {safety.unchecked(p) && <SafetyUnchecked />}
          {p.pharmacyOnly && (
            <Muted>
              A pharmacy medicine: at checkout you answer a few short questions about who it is for, and a pharmacist checks the order
              before it is sent.
            </Muted>
          )}
          <AddToCart key={p._id} product={p} safety={answer} />
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
        </Info>
      </Layout>
      <Reviews productId={p._id} signedIn={!!user} onChanged={product.reload} />
    </article>
  );
}
