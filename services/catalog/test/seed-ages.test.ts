import { SEED_PRODUCTS, type SeedProduct } from '../src/seed/products';

// docs/domain.md#safety: a product's minAge is the age its pack and the law set for buying it, not an age on a
// toiletry. An age on the wrong product turns into a wall: a shopper with no date of birth cannot buy it.

const ageOf = (title: RegExp): Array<[string, number | undefined]> =>
  SEED_PRODUCTS.filter((p) => title.test(p.title)).map((p: SeedProduct) => [p.title, p.minAge]);

describe('the demo catalog’s minimum ages', () => {
  it.each([
    /antiperspirant|deodorant/i,
    /mouthwash/i,
    /shampoo/i,
    /plaster/i,
    /toothpaste/i,
    /sanitiser/i,
    /sun lotion|after sun/i,
    /ear plugs|thermometer|bandage|first aid kit/i,
    /pregnancy test/i,
    /vitamin|omega|magnesium|probiotic/i,
  ])('no toiletry, device or supplement carries one: %s', (title) => {
    const found = ageOf(title);
    expect(found.length).toBeGreaterThan(0);
    for (const [name, minAge] of found) expect({ name, minAge }).toEqual({ name, minAge: undefined });
  });

  it('children’s medicines carry none: a parent buys them', () => {
    const found = SEED_PRODUCTS.filter((p) => p.category === 'baby-and-mother' && p.activeIngredients.length > 0);
    expect(found.length).toBeGreaterThan(0);
    for (const p of found) expect({ name: p.title, minAge: p.minAge }).toEqual({ name: p.title, minAge: undefined });
  });

  it.each([
    [/^Paracetamol 500mg/, 16], // adult packs: 16 and over
    [/^Aspirin/, 16], // never under 16 (Reye's syndrome)
    [/^Migraine Relief/, 18], // aspirin, paracetamol and caffeine: adults
    [/^Ibuprofen (200mg|400mg|Liquid)/, 12], // adults and children over 12
    [/^Ibuprofen 5% .*Gel/, 14], // not for children under 14
    [/Co-codamol/, 18], // codeine: the 30/500 strength is for adults
    [/^Chlorphenamine/, 12], // a sedating antihistamine: the tablet dose from 12
    [/^Night Time Cold & Flu/, 16], // promethazine, a sedating antihistamine: 16 and over
    [/^Nicotine Replacement/, 12], // nicotine replacement: 12 and over
    [/^Omeprazole/, 18], // sold over the counter to adults only
  ] as const)('the medicines whose pack sets an age carry it: %s from %i', (title, age) => {
    const found = ageOf(title);
    expect(found.length).toBeGreaterThan(0);
    for (const [name, minAge] of found) expect({ name, minAge }).toEqual({ name, minAge: age });
  });
});
