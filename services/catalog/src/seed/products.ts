import { CATEGORY_IDS, centsToDecimal, formatMoney, type CategoryId, type Market } from '@pharmacy/contracts';
import seedData from './products.json';

const isCategoryId = (id: string): id is CategoryId => (CATEGORY_IDS as string[]).includes(id);

/**
 * The demo catalog: realistic over-the-counter pharmacy and care products. Brands are fictional but of the
 * real-world kinds (a pharmacy own label, generic manufacturers, branded medicines, specialist ranges).
 * Prices are decimals in the data for readability; the seeder stores cents.
 */
export interface SeedProduct {
  title: string;
  description: string;
  category: CategoryId;
  brand: string;
  price: number;
  salePrice?: number;
  totalStock: number;
  activeIngredients: string[];
  allergens?: string[];
  contraindications?: string[];
  dosageForm: string;
  packSize: string;
  maxPerOrder?: number;
  minAge?: number;
  requiresPrescription?: boolean;
  pharmacyOnly?: boolean;
  controlled?: boolean;
  refrigerated?: boolean;
}

/**
 * The 72 demo products, kept as data (products.json, one product a line). A category that is not one of the
 * catalog's stops the seed naming the product, as the type system would for code.
 */
export const SEED_PRODUCTS: SeedProduct[] = (seedData as Array<Omit<SeedProduct, 'category'> & { category: string }>).map((p) => {
  if (!isCategoryId(p.category)) throw new Error(`Seed product "${p.title}" has an unknown category "${p.category}".`);
  return { ...p, category: p.category };
});

export interface SeedFeature {
  headline: string;
  subline: string;
  colour: string;
  /** The category whose mark the banner shows. */
  category: CategoryId;
}

/**
 * The home page's demo banners: each says only what the shop does (the sale prices are in the products above,
 * the delivery offer is the checkout's own, in the market's currency and from its threshold at seed time).
 */
export function seedFeatures(market: Pick<Market, 'currency' | 'delivery'>): SeedFeature[] {
  const threshold = formatMoney(centsToDecimal(market.delivery.freeDeliveryOverCents), market.currency).replace(/\.00$/, '');
  return [
    { headline: 'Winter wellness', subline: 'Cold and flu essentials for the whole family', colour: '#0f766e', category: 'cold-and-flu' },
    { headline: 'Up to 25% off vitamins', subline: 'Selected vitamins and supplements this month', colour: '#c2410c', category: 'vitamins-and-supplements' },
    { headline: 'Hay fever season', subline: 'Non-drowsy allergy relief, ask our pharmacists', colour: '#6d28d9', category: 'allergy' },
    { headline: `Free delivery over ${threshold}`, subline: 'Standard delivery, or click and collect free', colour: '#1d4ed8', category: 'first-aid' },
  ];
}
