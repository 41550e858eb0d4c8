import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PRODUCT_IMAGE_SIZE, formatMoney, type Product, type ProductSafety } from '@pharmacy/contracts';
import { Badge, MutedText, VisuallyHidden, th } from '@pharmacy/ui';
import { onSale } from '../lib/format';
import { CardSafety } from '../safety/CardSafety';
import { Highlight } from '../search/Highlight';

const Card = styled.li`
  position: relative;
  display: flex;
  flex-direction: column;
  background: ${th((t) => t.colors.surface)};
  border: 1px solid ${th((t) => t.colors.border)};
  border-radius: ${th((t) => t.radii.lg)};
  overflow: hidden;
  &:focus-within,
  &:hover {
    box-shadow: ${th((t) => t.shadows.md)};
  }
`;

const Img = styled.img`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 1;
  background: ${th((t) => t.colors.surfaceMuted)};
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space(1))};
  padding: ${th((t) => t.space(3))};
`;

const Title = styled.h3`
  margin: 0;
  font-size: ${th((t) => t.fontSizes.md)};
  line-height: 1.3;
  a {
    color: ${th((t) => t.colors.text)};
    text-decoration: none;
  }
  /* the whole card is the link's click target */
  a::after {
    content: '';
    position: absolute;
    inset: 0;
  }
  a:focus-visible {
    outline: none;
  }
  a:focus-visible::after {
    outline: 3px solid ${th((t) => t.colors.focus)};
    outline-offset: -3px;
    border-radius: inherit;
  }
`;


const Price = styled.p`
  margin: 0;
  display: flex;
  gap: ${th((t) => t.space(2))};
  align-items: baseline;
  font-weight: ${th((t) => t.fontWeights.semibold)};
  s {
    font-weight: ${th((t) => t.fontWeights.normal)};
    color: ${th((t) => t.colors.textMuted)};
  }
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${th((t) => t.space(1))};
  min-height: 1.5rem;
`;

/** Below the card's details, and above the link that makes the whole card clickable, so it can be pressed on its own. */
const Action = styled.div`
  position: relative;
  z-index: 1;
  margin-top: auto;
  padding: 0 ${th((t) => t.space(3))} ${th((t) => t.space(3))};
`;

export function Stars({ value, count }: { value: number; count: number }) {
  if (count === 0) return <MutedText>No reviews yet</MutedText>;
  return (
    <MutedText>
      <span aria-hidden="true">{'★'.repeat(Math.round(value)) + '☆'.repeat(5 - Math.round(value))}</span>{' '}
      <span>
        {value.toFixed(1)} out of 5 ({count} review{count === 1 ? '' : 's'})
      </span>
    </MutedText>
  );
}

export function PriceTag({ product }: { product: Pick<Product, 'price' | 'salePrice'> }) {
  return onSale(product) ? (
    <Price>
      <span>
        <VisuallyHidden>Sale price </VisuallyHidden>
        {formatMoney(product.salePrice)}
      </span>
      <s aria-label={`was ${formatMoney(product.price)}`}>{formatMoney(product.price)}</s>
    </Price>
  ) : (
    <Price>{formatMoney(product.price)}</Price>
  );
}

/**
 * One product in a grid: image, title, brand, price (sale struck through), rating and stock state, its safety line
 * and an optional `action` (the listing's Add to cart). The title is an h3 under a section's h2 (home) or an h2 right
 * under the page's h1 (listing): heading levels never skip.
 */
export function ProductCard({
  product,
  terms,
  headingLevel = 'h3',
  action,
  safety,
  awaitSafety = false,
}: {
  product: Product;
  terms?: string[];
  headingLevel?: 'h2' | 'h3';
  action?: ReactNode;
  /** The catalog's safety answer for the shopper (from the page's one check call). */
  safety?: ProductSafety;
  /** A signed-in shopper's answer may still come: its line is reserved so the card does not grow. */
  awaitSafety?: boolean;
}) {
  const outOfStock = product.totalStock <= 0;
  return (
    <Card>
      <Img src={product.image} alt="" width={PRODUCT_IMAGE_SIZE.width} height={PRODUCT_IMAGE_SIZE.height} loading="lazy" decoding="async" />
      <Body>
        <Title as={headingLevel}>
          <Link to={`/pharmacy/product/${product._id}`}>{terms ? <Highlight text={product.title} terms={terms} /> : product.title}</Link>
        </Title>
        <MutedText>{product.brand}</MutedText>
        <PriceTag product={product} />
        <Stars value={product.averageReview} count={product.reviewCount} />
        <Badges>
          {outOfStock && <Badge variant="danger">Out of stock</Badge>}
          {!outOfStock && product.totalStock <= 5 && <Badge variant="warning">Only {product.totalStock} left</Badge>}
          {onSale(product) && <Badge variant="brand">Sale</Badge>}
          {product.pharmacyOnly && <Badge variant="neutral">Pharmacy medicine</Badge>}
        </Badges>
        <CardSafety safety={safety} prescriptionOnly={product.requiresPrescription} reserve={awaitSafety} title={product.title} />
      </Body>
      {action && <Action>{action}</Action>}
    </Card>
  );
}

export const ProductGrid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${th((t) => t.space(4))};
  grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr));
`;
