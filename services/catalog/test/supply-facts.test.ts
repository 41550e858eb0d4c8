import { SEED_PRODUCTS } from '../src/seed/products';
import { mgPerUnit, supplyFacts, supplyForm, supplyUnits } from '../src/products/supply';

// docs/domain.md#supply-limits: a limit counts what the label says, derived from the ingredients, pack and form.

const seeded = (title: string) => {
  const p = SEED_PRODUCTS.find((s) => s.title === title);
  if (!p) throw new Error(`no seeded ${title}`);
  return supplyFacts(p);
};

describe('supply facts of the seeded medicines', () => {
  it.each([
    ['Paracetamol 500mg Tablets', { form: 'tablet', units: 16, ingredients: [{ id: 'paracetamol', mgPerUnit: 500 }] }],
    ['Paracetamol 500mg Caplets', { form: 'tablet', units: 32, ingredients: [{ id: 'paracetamol', mgPerUnit: 500 }] }],
    ['Aspirin 300mg Dispersible Tablets', { form: 'tablet', units: 32, ingredients: [{ id: 'aspirin', mgPerUnit: 300 }] }],
    [
      'Co-codamol 30/500mg Tablets',
      { form: 'tablet', units: 30, ingredients: [{ id: 'codeine', mgPerUnit: 30 }, { id: 'paracetamol', mgPerUnit: 500 }] },
    ],
    ['Ibuprofen Liquid Capsules 200mg', { form: 'capsule', units: 20, ingredients: [{ id: 'ibuprofen', mgPerUnit: 200 }] }],
    ['Vitamin C 1000mg Effervescent Tablets', { form: 'effervescent-tablet', units: 20 }],
    ['Hot Lemon Cold & Flu Sachets', { form: 'sachet', units: 10, ingredients: expect.arrayContaining([{ id: 'paracetamol', mgPerUnit: 1000 }]) }],
    [
      'Night Time Cold & Flu Liquid',
      { form: 'liquid', units: 160, ingredients: expect.arrayContaining([{ id: 'paracetamol', mgPerUnit: 50 }, { id: 'promethazine', mgPerUnit: 1 }]) },
    ],
    ['Chlorphenamine 4mg Allergy Tablets', { form: 'tablet', units: 28, ingredients: [{ id: 'chlorphenamine', mgPerUnit: 4 }] }],
    ['Infant Paracetamol Suspension 2 Months+', { form: 'liquid', units: 100, ingredients: [{ id: 'paracetamol', mgPerUnit: 24 }] }],
    ['Decongestant Nasal Spray', { form: 'other', units: 10 }],
  ])('%s', (title, facts) => {
    expect(seeded(title)).toMatchObject(facts);
  });

  it('every seeded medicine with a strength gets a form, a positive pack count and its known ingredients', () => {
    const medicines = SEED_PRODUCTS.filter((p) => p.activeIngredients.some((i) => /\d\s*(mg|mcg|g)\b/i.test(i)));
    expect(medicines.length).toBeGreaterThan(20);
    for (const p of medicines) {
      const facts = supplyFacts(p);
      expect({ title: p.title, units: facts.units > 0 }).toEqual({ title: p.title, units: true });
      for (const i of facts.ingredients) expect({ title: p.title, mg: Number.isFinite(i.mgPerUnit) }).toEqual({ title: p.title, mg: true });
    }
  });
});

describe('odd shapes', () => {
  it('reads salts and synonyms through the safety table', () => {
    expect(supplyFacts({ activeIngredients: ['Pseudoephedrine hydrochloride 60mg'], packSize: '12 tablets', dosageForm: 'Tablets' })).toEqual({
      form: 'tablet',
      units: 12,
      ingredients: [{ id: 'pseudoephedrine', mgPerUnit: 60 }],
    });
    expect(supplyFacts({ activeIngredients: ['Ephedrine hydrochloride 15mg'], packSize: '10 tablets', dosageForm: 'Tablets' }).ingredients).toEqual([
      { id: 'ephedrine', mgPerUnit: 15 },
    ]);
  });

  it('leaves out what the table does not know, and a one-letter guess', () => {
    expect(supplyFacts({ activeIngredients: ['Unobtainium 5mg'], packSize: '10 tablets', dosageForm: 'Tablets' }).ingredients).toEqual([]);
  });

  it('reads strengths in mg, mcg, g and per ml', () => {
    expect(mgPerUnit('Paracetamol 1000mg/20ml', 'liquid')).toBe(50);
    expect(mgPerUnit('Pholcodine 5mg/5ml', 'liquid')).toBe(1);
    expect(mgPerUnit('Lactulose 3.335g/5ml', 'liquid')).toBe(667);
    expect(mgPerUnit('Adrenaline 300mcg', 'other')).toBe(0.3);
    expect(mgPerUnit('Simeticone 40mg/ml', 'liquid')).toBe(40);
    expect(mgPerUnit('Xylometazoline 0.1%', 'liquid')).toBe(1);
    expect(mgPerUnit('Vitamin A', 'tablet')).toBeNull();
  });

  it('tells forms and pack counts apart', () => {
    expect(supplyForm('Powder for oral solution', '10 sachets')).toBe('sachet');
    expect(supplyForm('Softgel capsules', '90 capsules')).toBe('capsule');
    expect(supplyForm('Eye drops', '10ml bottle')).toBe('other');
    expect(supplyForm('Oral syrup', '150ml bottle')).toBe('liquid');
    expect(supplyUnits('liquid', '1l bottle')).toBe(1000);
    expect(supplyUnits('other', 'single pack')).toBe(1);
  });
});
