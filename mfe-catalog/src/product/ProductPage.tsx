import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { Dispatch } from 'redux';
import { PRODUCT_IMAGE_SIZE, addToCart, categoryLabel, effectiveMaxPerOrder, type AddToCartCommand, type Product } from '@pharmacy/contracts';
import { selectCurrentUser, type SessionRootState } from '@pharmacy/session';
import { Badge, Button, EmptyState, PageTitle, Spinner, media, th } from '@pharmacy/ui';
import { catalogApi } from '../lib/api';
import { hasWarnings, safetyWarnings } from '../lib/safety';
import { useFetch } from '../lib/useFetch';
import { PriceTag, Stars } from '../listing/ProductCard';
import { QuantityPicker } from './QuantityPicker';
import { Reviews } from './Reviews';
import { SafetyWarning } from './SafetyWarning';

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

const Notice = styled.div`
  padding: ${th((t) => t.space(4))};
  border-radius: ${th((t) => t.radii.md)};
  background: ${th((t) => t.colors.warningSubtle)};
  h2 {
    margin: 0 0 ${th((t) => t.space(1))};
    font-size: ${th((t) => t.fontSizes.lg)};
  }
  p {
    margin: 0;
  }
`;

const Buy = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${th((t) => t.space(3))};
`;

function stockText(p: Product): string {
  if (p.totalStock <= 0) return 'Out of stock';
  if (p.totalStock <= 5) return `Only ${p.totalStock} left in stock`;
  return 'In stock';
}

/** The most a shopper may put in the cart here, and why (the server enforces the same limits). */
function quantityLimit(p: Product): { max: number; why: string | null } {
  const perOrder = effectiveMaxPerOrder(p.maxPerOrder);
  const max = Math.max(0, Math.min(p.totalStock, perOrder, 99));
  if (p.maxPerOrder !== null && p.maxPerOrder <= p.totalStock) {
    return { max, why: `Limited to ${p.maxPerOrder} per order, as advised for this medicine.` };
  }
  if (perOrder <= p.totalStock) return { max, why: `Limited to ${perOrder} per order.` };
  if (p.totalStock > 0 && p.totalStock <= 5) return { max, why: `Only ${p.totalStock} left in stock.` };
  return { max, why: null };
}

function BuyBox({ product }: { product: Product }) {
  // The cart-checkout remote's saga handles this command (and confirms it with a toast).
  const dispatch = useDispatch<Dispatch<AddToCartCommand>>();
  const [quantity, setQuantity] = useState(1);
  const { max, why } = quantityLimit(product);

  if (product.requiresPrescription) {
    return (
      <Notice>
        <h2>Prescription-only medicine</h2>
        <p>
          This medicine can only be supplied against a valid prescription from your doctor, so it cannot be bought online. Bring your
          prescription to our pharmacy, or ask our pharmacists about a suitable alternative.
        </p>
      </Notice>
    );
  }
  if (product.totalStock <= 0) {
    return (
      <Buy>
        <Button disabled>Out of stock</Button>
      </Buy>
    );
  }
  return (
    <div>
      <Buy>
        <QuantityPicker value={Math.min(quantity, max)} max={max} onChange={setQuantity} describedBy={why ? 'quantity-limit' : undefined} />
        <Button onClick={() => dispatch(addToCart(product._id, Math.min(quantity, max)))}>Add to cart</Button>
      </Buy>
      {why && <Muted id="quantity-limit">{why}</Muted>}
    </div>
  );
}

/** /pharmacy/product/:productId */
export function ProductPage() {
  const { productId = '' } = useParams();
  const product = useFetch((signal) => catalogApi.product(productId, signal), [productId]);
  const user = useSelector((state: SessionRootState) => selectCurrentUser(state));

  if (product.loading && !product.data) return <Spinner label="Loading product" />;
  if (product.error || !product.data) {
    const missing = product.status === 404 || product.status === 400;
    return (
      <EmptyState
        message={missing ? 'This product is not available' : 'We could not load this product'}
        description={missing ? 'It may have been removed from our catalog.' : product.error}
        action={missing ? <Link to="/pharmacy/products">Browse all products</Link> : <Button onClick={product.reload}>Try again</Button>}
      />
    );
  }

  const p = product.data;
  const warnings = safetyWarnings(user, p);
  return (
    <article>
      <Layout>
        <div>
          {/* the main image is the page's largest element: loaded at once, not lazily */}
          <Img src={p.image} alt={p.title} width={PRODUCT_IMAGE_SIZE.width} height={PRODUCT_IMAGE_SIZE.height} decoding="async" />
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
          </div>
          {hasWarnings(warnings) && <SafetyWarning warnings={warnings} />}
          <BuyBox key={p._id} product={p} />
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
