/** The knowledge table covers what the shop sells: every ingredient, allergen and contraindication it names. */
import seed from '../src/seed/products.json';
import { BENCH_ACTIVES, BENCH_STRENGTHS } from '../bench/actives';
import { resolve } from '../src/safety/match';
import { TABLE_VERSION } from '../src/safety/table';

interface SeedFacts {
  title: string;
  activeIngredients: string[];
  allergens?: string[];
  contraindications?: string[];
}
const products = seed as SeedFacts[];

// A guess (one letter off) is not knowing it: the table must hold each name the catalog uses.
const unresolved = (texts: string[], domain: 'allergy' | 'condition') =>
  [...new Set(texts)].filter((t) => resolve(t, domain).concepts.length === 0 || resolve(t, domain).reading === 'guess');

describe('the knowledge table', () => {
  it('is versioned as a date and a release number', () => {
    expect(TABLE_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}\.\d+$/);
  });

  it('resolves every active ingredient of the seeded catalog, strengths and salts stripped', () => {
    const all = products.flatMap((p) => p.activeIngredients);
    expect(all.length).toBeGreaterThan(80);
    expect(unresolved(all, 'allergy')).toEqual([]);
    // To the ingredient itself, not to a part of its name: "Codeine phosphate 30mg" is codeine.
    expect(resolve('Codeine phosphate 30mg', 'allergy').concepts).toEqual(['ingredient:codeine']);
    expect(resolve('Chlorphenamine maleate 4mg', 'allergy').concepts).toEqual(['ingredient:chlorphenamine']);
    expect(resolve('Paracetamol 1000mg/20ml', 'allergy').concepts).toEqual(['ingredient:paracetamol']);
    expect(resolve('Ibuprofen 5% w/w', 'allergy').concepts).toEqual(['ingredient:ibuprofen']);
    expect(resolve('Adrenaline (epinephrine) 300mcg', 'allergy').concepts).toEqual(['ingredient:adrenaline']);
    expect(resolve('Guaifenesin 100mg/5ml', 'allergy').concepts).toEqual(['ingredient:guaifenesin']);
    expect(resolve('Sodium fluoride 1450ppm', 'allergy').concepts).toEqual(['ingredient:sodiumFluoride']);
  });

  it('resolves every active ingredient the benchmark generates, at every strength', () => {
    const all = BENCH_ACTIVES.flatMap((a) => BENCH_STRENGTHS.map((s) => `${a} ${s}mg`));
    expect(unresolved(all, 'allergy')).toEqual([]);
  });

  it("resolves every seeded product's allergens and contraindications", () => {
    expect(unresolved(products.flatMap((p) => p.allergens ?? []), 'allergy')).toEqual([]);
    expect(unresolved(products.flatMap((p) => p.contraindications ?? []), 'condition')).toEqual([]);
  });
});
