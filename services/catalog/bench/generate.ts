/**
 * The benchmarks' generated catalog (pnpm bench:catalog, pnpm bench:gateway): the same products for the same count
 * on every run, with realistic titles, descriptions, brands and categories for filters, sorts and search.
 */
import { CATEGORY_IDS, type CategoryId } from '@pharmacy/contracts';
import type { ProductDoc } from '../src/products/model';
import { seedProductDoc } from '../src/seed/seed';
import { BENCH_ACTIVES as ACTIVES, BENCH_STRENGTHS } from './actives';

const BRANDS = ['CareWell', 'Relivo', 'Solpharm', 'Coldeze', 'Allerclear', 'VitaNova', 'NatureRoot', 'Gutwise', 'DermaCalm', 'PureSkin',
  'FreshDay', 'LittleSprout', 'MediPlast', 'OptiCare', 'HealthPlus', 'Medilab', 'Pharmaco', 'Wellbeing', 'Boots Style', 'ClearLife'];
const FORMS = ['Tablets', 'Capsules', 'Cream', 'Gel', 'Oral syrup', 'Nasal spray', 'Eye drops', 'Lozenges', 'Powder', 'Spray'];
const WORDS = ['relief', 'fast', 'gentle', 'daily', 'support', 'soothing', 'protection', 'family', 'sensitive', 'natural', 'strength',
  'symptoms', 'pain', 'skin', 'immune', 'sleep', 'travel', 'children', 'adults', 'fragrance-free'];

/** Deterministic pseudo-random numbers, so every run measures the same catalog. */
function rng(seed: number) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
}

export function generate(n: number): ProductDoc[] {
  const r = rng(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const base = Date.UTC(2024, 0, 1);
  return Array.from({ length: n }, (_, i) => {
    const active = pick(ACTIVES);
    const strength = BENCH_STRENGTHS[Math.floor(r() * BENCH_STRENGTHS.length)];
    const form = pick(FORMS);
    const price = Math.round((1 + r() * 40) * 100) / 100;
    return seedProductDoc(
      {
        title: `${active} ${strength}mg ${form} ${i}`,
        description: Array.from({ length: 18 }, () => pick(WORDS)).join(' '),
        category: pick(CATEGORY_IDS) as CategoryId,
        brand: pick(BRANDS),
        price,
        salePrice: r() < 0.2 ? Math.round(price * 80) / 100 : undefined,
        totalStock: Math.floor(r() * 200),
        activeIngredients: [`${active} ${strength}mg`],
        dosageForm: form,
        packSize: `${[12, 16, 24, 30, 60][Math.floor(r() * 5)]} units`,
      },
      '/api/media/00000000-0000-4000-8000-000000000000',
      new Date(base + i * 1000),
    );
  });
}

/** Filtered and sorted listing pages, as the catalog's filter panel asks for them. */
export const LISTING_PATHS = [
  '/api/shop/products/get?category=pain-relief,cold-and-flu&brand=CareWell,Relivo&sortBy=price-hightolow&page=1&limit=24',
  '/api/shop/products/get?category=vitamins-and-supplements&sortBy=title-atoz&page=2&limit=24',
  '/api/shop/products/get?brand=VitaNova,NatureRoot,Medilab&sortBy=price-lowtohigh&page=1&limit=24',
  '/api/shop/products/get?category=skin-care,personal-care&sortBy=title-ztoa&page=3&limit=24',
  '/api/shop/products/get?category=allergy&brand=Allerclear,Solpharm&sortBy=price-lowtohigh&page=1&limit=24',
  '/api/shop/products/get?category=first-aid,baby-and-mother,eye-and-ear-care&sortBy=price-hightolow&page=5&limit=24',
];
