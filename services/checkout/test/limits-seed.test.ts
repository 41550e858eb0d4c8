import { SEED_PRODUCTS, supplyFacts } from '@pharmacy/catalog-service';
import { firstBreach } from '../src/limits/engine';
import { limitRules } from '../src/limits/table';

// docs/domain.md#supply-limits: the demo must stay sellable. No seeded single pack breaks a law of its market.

describe('the seeded catalog against the GB laws', () => {
  const laws = limitRules('GB').filter((r) => r.kind === 'law');

  it.each(SEED_PRODUCTS.map((p) => [p.title, p] as const))('one pack of %s is lawful', (_title, p) => {
    const line = { productId: p.title, title: p.title, quantity: 1, supply: supplyFacts(p) };
    expect(firstBreach(laws, [line])).toBeNull();
  });

  it('the seeded painkillers and codeine are counted', () => {
    const facts = (title: string) => supplyFacts(SEED_PRODUCTS.find((p) => p.title === title) ?? SEED_PRODUCTS[0]);
    expect(facts('Co-codamol 30/500mg Tablets').ingredients.map((i) => i.id)).toEqual(['codeine', 'paracetamol']);
    expect(facts('Aspirin 300mg Dispersible Tablets').ingredients.map((i) => i.id)).toEqual(['aspirin']);
  });
});
