import { CATEGORY_IDS, type CategoryId } from '@pharmacy/contracts';
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
}

/**
 * The 72 demo products, kept as data (products.json, one product a line). A category that is not one of the
 * catalog's stops the seed naming the product, as the type system would for code.
 */
export const SEED_PRODUCTS: SeedProduct[] = (seedData as Array<Omit<SeedProduct, 'category'> & { category: string }>).map((p) => {
  if (!isCategoryId(p.category)) throw new Error(`Seed product "${p.title}" has an unknown category "${p.category}".`);
  return { ...p, category: p.category };
});

export const SEED_FEATURES = [
  { headline: 'WINTER WELLNESS', subline: 'COLD & FLU ESSENTIALS FOR THE WHOLE FAMILY', colour: '#0f766e' },
  { headline: 'UP TO 25% OFF', subline: 'VITAMINS & SUPPLEMENTS THIS MONTH', colour: '#c2410c' },
  { headline: 'HAYFEVER SEASON', subline: 'NON-DROWSY ALLERGY RELIEF', colour: '#6d28d9' },
  { headline: 'FREE DELIVERY', subline: 'ON ORDERS OVER 30 - ASK OUR PHARMACISTS', colour: '#1d4ed8' },
];
