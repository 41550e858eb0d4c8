import { SITE_NAME, type DocumentHead } from '@pharmacy/ui';
import type { Product } from '@pharmacy/contracts';
import { onSale } from '../lib/format';

export const productPath = (id: string) => `/pharmacy/product/${encodeURIComponent(id)}`;

const absolute = (url: string, origin: string) => (url.startsWith('http') ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`);

/**
 * What a product page tells search engines: title, description, its canonical URL and schema.org Product data
 * (name, description, image, brand, price and availability), in the HTML the server sends.
 * `origin` makes the image URL absolute (schema.org wants one); the canonical link gets it from the page. `currency`
 * is the market's: prices are in it.
 */
export function productHead(product: Product, origin: string, currency: string): DocumentHead {
  const price = onSale(product) ? product.salePrice : product.price;
  return {
    title: `${product.title} | ${SITE_NAME}`,
    description: product.description.length > 160 ? `${product.description.slice(0, 157).trimEnd()}…` : product.description,
    canonicalPath: productPath(product._id),
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.title,
      description: product.description,
      image: absolute(product.image, origin),
      brand: { '@type': 'Brand', name: product.brand },
      sku: product._id,
      ...(product.reviewCount > 0
        ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: product.averageReview, reviewCount: product.reviewCount } }
        : {}),
      offers: {
        '@type': 'Offer',
        url: absolute(productPath(product._id), origin),
        priceCurrency: currency,
        price: price.toFixed(2),
        availability: product.totalStock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      },
    },
  };
}
