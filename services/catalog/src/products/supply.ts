/**
 * A product's supply facts (docs/domain.md#supply-limits): what a legal or policy limit counts in one pack, read
 * from what staff already write (active ingredients with strengths, pack size, dosage form) and never typed apart,
 * so a limit cannot drift from the label. Ingredient names go through the safety table's matcher, so "Acetylsalicylic
 * acid" counts as aspirin and "Codeine phosphate" as codeine.
 */
import type { SupplyFacts, SupplyForm } from '@pharmacy/contracts';
import { resolve } from '../safety/match';

export interface SupplySource {
  activeIngredients: readonly string[];
  packSize: string;
  dosageForm: string;
}

const MG_PER: Record<string, number> = { g: 1000, gram: 1000, grams: 1000, mg: 1, mcg: 0.001, µg: 0.001, ug: 0.001, microgram: 0.001, micrograms: 0.001 };

// Forms taken by mouth in ml: a limit counts their ml. Eye, ear and nose liquids are not swallowed, so they are `other`.
const ORAL_LIQUID = /\b(syrup|linctus|elixir|oral (solution|liquid|suspension|drops)|mixture)\b/i;

/** The form a limit counts: the dosage form first ("Effervescent tablets"), then the pack ("10 sachets"). */
export function supplyForm(dosageForm: string, packSize: string): SupplyForm {
  const text = `${dosageForm} ${packSize}`;
  if (/effervescent/i.test(text)) return 'effervescent-tablet';
  if (/\bsachets?\b/i.test(text)) return 'sachet';
  if (/\bcapsules?\b/i.test(dosageForm)) return 'capsule';
  // Caplets, dispersible, chewable and gastro-resistant tablets are all non-effervescent tablets in law.
  if (/\b(tablets?|caplets?)\b/i.test(dosageForm)) return 'tablet';
  if (ORAL_LIQUID.test(dosageForm) && /\d\s*ml\b/i.test(packSize)) return 'liquid';
  if (/\bcapsules?\b/i.test(packSize)) return 'capsule';
  if (/\b(tablets?|caplets?)\b/i.test(packSize)) return 'tablet';
  return 'other';
}

/** Units per pack: the count of tablets, capsules or sachets, the ml of a liquid ("160ml bottle" -> 160, "1l" -> 1000). */
export function supplyUnits(form: SupplyForm, packSize: string): number {
  if (form === 'liquid') {
    const ml = /(\d+(?:\.\d+)?)\s*(ml|l)\b/i.exec(packSize);
    if (ml) return Number(ml[1]) * (ml[2].toLowerCase() === 'l' ? 1000 : 1);
  }
  const count = /(\d+(?:\.\d+)?)/.exec(packSize);
  return count ? Number(count[1]) : 1;
}

/**
 * Milligrams per unit from a written strength: "500mg" -> 500, "300mcg" -> 0.3, "1000mg/20ml" -> 50 (per ml),
 * "3.335g/5ml" -> 667, "0.1%" in a liquid -> 1 (w/v: 1 g per 100 ml). Null when no strength is written.
 */
export function mgPerUnit(text: string, form: SupplyForm): number | null {
  const per = /(\d+(?:[.,]\d+)?)\s*(mg|mcg|µg|ug|micrograms?|g|grams?)\s*\/\s*(\d+(?:[.,]\d+)?)?\s*ml\b/i.exec(text);
  if (per) return round((num(per[1]) * MG_PER[per[2].toLowerCase()]) / (per[3] ? num(per[3]) : 1));
  const mass = /(\d+(?:[.,]\d+)?)\s*(mg|mcg|µg|ug|micrograms?|g|grams?)\b/i.exec(text);
  if (mass) return round(num(mass[1]) * MG_PER[mass[2].toLowerCase()]);
  const percent = /(\d+(?:[.,]\d+)?)\s*%/.exec(text);
  if (percent && form === 'liquid') return round(num(percent[1]) * 10);
  return null;
}

const num = (s: string) => Number(s.replace(',', '.'));
const round = (n: number) => Math.round(n * 1000) / 1000;
const INGREDIENT = 'ingredient:';

const cache = new WeakMap<object, SupplyFacts>();

/** The product's supply facts; cached per read-model object (a product edit replaces the object, so the cache follows). */
export function supplyFacts(product: SupplySource): SupplyFacts {
  const cached = cache.get(product);
  if (cached) return cached;
  const form = supplyForm(product.dosageForm, product.packSize);
  const ingredients: SupplyFacts['ingredients'] = [];
  for (const text of product.activeIngredients) {
    const r = resolve(text, 'allergy');
    // A one-letter guess is good enough to warn a shopper, not to name what the law counts.
    if (r.reading === 'guess') continue;
    const mg = mgPerUnit(text, form) ?? 0;
    for (const key of r.concepts) {
      if (!key.startsWith(INGREDIENT)) continue;
      const id = key.slice(INGREDIENT.length);
      if (!ingredients.some((i) => i.id === id)) ingredients.push({ id, mgPerUnit: mg });
    }
  }
  const facts: SupplyFacts = { form, units: supplyUnits(form, product.packSize), ingredients };
  cache.set(product, facts);
  return facts;
}
