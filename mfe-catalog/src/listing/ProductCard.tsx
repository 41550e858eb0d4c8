import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PRODUCT_IMAGE_SIZE, formatMoney, type Product, type ProductSafety } from '@pharmacy/contracts';
import { useMarket } from '@pharmacy/session';
import { Badge, MutedText, VisuallyHidden, media, th } from '@pharmacy/ui';
import { onSale } from '../lib/format';
import { cardPreviewState } from '../product/cardPreview';
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

/**
 * Its box is drawn before the picture arrives (width/height and a fixed ratio): a wide 4:3 box on a phone's
 * two-column grid keeps two rows of cards on the first screen; the pack is fitted inside, never cropped.
 */
const Img = styled.img`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 4 / 3;
  object-fit: contain;
  background: ${th((t) => t.colors.surfaceMuted)};
  ${media.sm} {
    aspect-ratio: 1;
  }
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space(1))};
  padding: ${th((t) => t.space(2))};
  ${media.sm} {
    padding: ${th((t) => t.space(3))};
  }
`;

const Title = styled.h3`
  margin: 0;
  font-size: ${th((t) => t.fontSizes.sm)};
  line-height: 1.3;
  /* two lines at most on a card (the full name is on the product page); the link keeps the whole title */
  display: -webkit-box;
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
  overflow: hidden;
  overflow-wrap: anywhere;
  ${media.sm} {
    font-size: ${th((t) => t.fontSizes.md)};
  }
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

/** Brand and rating share one line on a card: a narrow phone column has no room for two. */
const Meta = styled.p`
  margin: 0;
  font-size: ${th((t) => t.fontSizes.sm)};
  color: ${th((t) => t.colors.textMuted)};
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const Price = styled.p`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  column-gap: ${th((t) => t.space(2))};
  align-items: baseline;
  font-weight: ${th((t) => t.fontWeights.semibold)};
  s {
    font-weight: ${th((t) => t.fontWeights.normal)};
    font-size: ${th((t) => t.fontSizes.sm)};
    color: ${th((t) => t.colors.textMuted)};
  }
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${th((t) => t.space(1))};
  min-height: 1.5rem;
`;

/**
 * Below the card's details, and above the link that makes the whole card clickable, so it can be pressed on its own.
 * Its button's height is held while the cart's widget loads, and kept when a card has nothing to press.
 */
const Action = styled.div`
  position: relative;
  z-index: 1;
  margin-top: auto;
  min-height: calc(2.75rem + ${th((t) => t.space(2))});
  padding: 0 ${th((t) => t.space(2))} ${th((t) => t.space(2))};
  ${media.sm} {
    min-height: calc(2.75rem + ${th((t) => t.space(3))});
    padding: 0 ${th((t) => t.space(3))} ${th((t) => t.space(3))};
  }
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

/** A product's price in the market's currency, the sale price first when there is one. */
export function PriceTag({ product }: { product: Pick<Product, 'price' | 'salePrice'> }) {
  const { currency } = useMarket();
  const money = (amount: number) => formatMoney(amount, currency);
  return onSale(product) ? (
    <Price>
      <span>
        <VisuallyHidden>Sale price </VisuallyHidden>
        {money(product.salePrice)}
      </span>
      <s aria-label={`was ${money(product.price)}`}>{money(product.price)}</s>
    </Price>
  ) : (
    <Price>{money(product.price)}</Price>
  );
}

/** At or below this many units a card says how many are left (staff's restock list starts higher, at LOW_STOCK_THRESHOLD). */
const CARD_LOW_STOCK = 5;

/** The stock state in words a shopper reads at a glance (the exact count only when it is about to run out). */
export function StockBadge({ stock }: { stock: number }) {
  if (stock <= 0) return <Badge variant="danger">Out of stock</Badge>;
  if (stock <= CARD_LOW_STOCK) return <Badge variant="warning">Only {stock} left</Badge>;
  return <Badge variant="success">In stock</Badge>;
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
  firstScreen = false,
}: {
  product: Product;
  terms?: string[];
  headingLevel?: 'h2' | 'h3';
  action?: ReactNode;
  /** The catalog's safety answer for the shopper (from the page's one check call). */
  safety?: ProductSafety;
  /** A signed-in shopper's answer may still come: its line is reserved so the card does not grow. */
  awaitSafety?: boolean;
  /** One of the cards on the first screen: its image is fetched at once and first (the page's largest paint). */
  firstScreen?: boolean;
}) {
  return (
    <Card>
      <Img
        src={product.image}
        alt=""
        width={PRODUCT_IMAGE_SIZE.width}
        height={PRODUCT_IMAGE_SIZE.height}
        loading={firstScreen ? 'eager' : 'lazy'}
        fetchPriority={firstScreen ? 'high' : 'auto'}
        decoding="async"
      />
      <Body>
        <Title as={headingLevel}>
          <Link to={`/pharmacy/product/${product._id}`} state={cardPreviewState(product)}>
            {terms ? <Highlight text={product.title} terms={terms} /> : product.title}</Link>
        </Title>
        <Meta>
          {product.brand}
          {product.reviewCount > 0 && (
            <>
              {' · '}
              <span aria-hidden="true">★ {product.averageReview.toFixed(1)} ({product.reviewCount})</span>
              <VisuallyHidden>
                {`, rated ${product.averageReview.toFixed(1)} out of 5 (${product.reviewCount} review${product.reviewCount === 1 ? '' : 's'})`}
              </VisuallyHidden>
            </>
          )}
        </Meta>
        <PriceTag product={product} />
        <Badges>
          <StockBadge stock={product.totalStock} />
          {onSale(product) && <Badge variant="brand">Sale</Badge>}
          {product.pharmacyOnly && <Badge variant="neutral">Pharmacy medicine</Badge>}
        </Badges>
        <CardSafety safety={safety} prescriptionOnly={product.requiresPrescription} reserve={awaitSafety} title={product.title} />
      </Body>
      {action && <Action>{action}</Action>}
    </Card>
  );
}

/** Two columns on a phone (four cards on its first screen), as many 11rem columns as fit from sm up. */
export const ProductGrid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${th((t) => t.space(2))};
  grid-template-columns: repeat(2, minmax(0, 1fr));
  ${media.sm} {
    gap: ${th((t) => t.space(4))};
    grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr));
  }
`;
