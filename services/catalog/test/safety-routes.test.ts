/** The catalog's safety answers over HTTP: check (per caller), terms (typeahead), recognise, and the quote's profile. */
import { PRESCRIPTION_ROUTE } from '@pharmacy/contracts';
import { as, buildTestCatalog, internal, product, type TestCatalog } from './helpers';
import { TABLE_VERSION } from '../src/safety/table';

const NOW = new Date('2026-11-23T12:00:00Z');
let t: TestCatalog;
beforeAll(async () => {
  t = await buildTestCatalog({
    now: () => NOW,
    products: [
      product({ id: 'ibu', title: 'Ibuprofen 200mg Tablets', activeIngredients: ['Ibuprofen 200mg'], allergens: ['NSAIDs', 'lactose'], contraindications: ['asthma'], minAge: 12 }),
      product({ id: 'asp', title: 'Aspirin 300mg Dispersible Tablets', activeIngredients: ['Acetylsalicylic acid 300mg'], allergens: ['salicylates', 'NSAIDs'], minAge: 16 }),
      product({ id: 'rx', title: 'Co-codamol 30/500mg', activeIngredients: ['Codeine phosphate 30mg', 'Paracetamol 500mg'], requiresPrescription: true, minAge: 18 }),
      product({ id: 'vit', title: 'Vitamin C 1000mg', activeIngredients: ['Ascorbic acid 1000mg'], allergens: ['coconut oil'] }),
    ],
  });
  t.account.set('adult', { allergies: ['NSAIDs', 'coconut'], healthConditions: ['High blood pressure'], DOB: '1988-04-12' });
  t.account.set('child', { DOB: '2014-05-01' });
  t.account.set('nodob', { allergies: ['Nurofen'] });
});
afterAll(() => t.close());

const check = (productIds: string[], headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/shop/safety/check', headers: { 'x-pharmacy-csrf': '1', ...headers }, payload: { productIds } });
const byId = (res: { json(): { data: Array<{ productId: string }> } }) => Object.fromEntries(res.json().data.map((p) => [p.productId, p]));

describe('POST /api/shop/safety/check', () => {
  it('a visitor gets only the prescription block; unknown ids are left out; never cached', async () => {
    const res = await check(['ibu', 'rx', 'gone']);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      success: true,
      data: [
        { productId: 'ibu', warnings: [], blocked: null },
        { productId: 'rx', warnings: [], blocked: { code: 'PRESCRIPTION_REQUIRED', message: PRESCRIPTION_ROUTE } },
      ],
      unrecognisedTerms: [],
    });
  });

  it("a signed-in shopper gets warnings from their own stored profile, and the terms the table does not know", async () => {
    const res = await check(['ibu', 'asp', 'vit'], as('adult'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = byId(res);
    expect(answer.ibu).toEqual({
      productId: 'ibu',
      blocked: null,
      warnings: [
        { kind: 'allergy', productTerm: 'Ibuprofen', profileTerm: 'NSAIDs', via: 'an NSAID', message: 'Contains ibuprofen, an NSAID; you told us you are allergic to NSAIDs.' },
        {
          kind: 'condition',
          productTerm: 'high blood pressure',
          profileTerm: 'High blood pressure',
          via: 'contains ibuprofen',
          message: 'Not advised with high blood pressure (hypertension), which is in your health profile. It contains ibuprofen.',
        },
      ],
    });
    expect(answer.asp).toMatchObject({ warnings: [{ message: 'Contains acetylsalicylic acid (aspirin), an NSAID; you told us you are allergic to NSAIDs.' }] });
    expect(answer.vit).toMatchObject({ warnings: [{ productTerm: 'coconut oil', profileTerm: 'coconut', message: 'Contains coconut oil; you told us you are allergic to coconut.' }] });
    expect(res.json().unrecognisedTerms).toEqual(['coconut']);
  });

  it('blocks a shopper under minAge, and one without a date of birth on an age-limited product, in the contract\'s words', async () => {
    const child = byId(await check(['ibu', 'asp', 'vit'], as('child')));
    expect(child.ibu).toMatchObject({ blocked: null });
    expect(child.asp).toMatchObject({ blocked: { code: 'UNDER_AGE', message: 'You must be at least 16 to buy this.' } });
    expect(child.vit).toMatchObject({ blocked: null });
    const noDob = byId(await check(['ibu', 'vit'], as('nodob')));
    expect(noDob.ibu).toMatchObject({
      blocked: { code: 'NO_DOB', message: 'Add your date of birth to buy this: it is sold from age 12.' },
      warnings: [{ message: 'Contains ibuprofen; you told us you are allergic to Nurofen (a brand of ibuprofen).' }],
    });
    expect(noDob.vit).toMatchObject({ blocked: null });
  });

  it('answers 503 when the profile cannot be read, never "no warnings"', async () => {
    t.account.down = true;
    try {
      const res = await check(['ibu'], as('adult'));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ success: false, code: 'UNAVAILABLE', message: 'We cannot check this against your health profile right now. Please try again in a moment before you buy.' });
      // A visitor's answer needs no profile.
      expect((await check(['ibu'])).statusCode).toBe(200);
    } finally {
      t.account.down = false;
    }
  });

  it('a session cookie that no longer verifies is a 401, never a visitor\'s answer', async () => {
    const res = await check(['ibu'], { cookie: 'pharmacy_at=not-a-token' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  it('validates the body', async () => {
    expect((await check([])).statusCode).toBe(400);
    const extra = await t.app.inject({ method: 'POST', url: '/api/shop/safety/check', payload: { productIds: ['ibu'], profile: { allergies: [] } } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ success: false, code: 'VALIDATION' });
  });
});

describe('GET /api/shop/safety/terms', () => {
  const terms = (query: string) => t.app.inject({ url: `/api/shop/safety/terms?${query}` });

  it('suggests by prefix, brand and misspelling, with what matched and a hint; public and cacheable', async () => {
    const res = await terms('q=nuro&for=allergy');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ success: true, tableVersion: TABLE_VERSION });
    expect(res.json().data[0]).toEqual({ term: 'Ibuprofen', kind: 'ingredient', matched: 'Nurofen', hint: 'NSAID; brands Nurofen, Advil, Brufen' });
    expect((await terms('q=ibuprofin&for=allergy')).json().data[0]).toMatchObject({ term: 'Ibuprofen', matched: 'ibuprofin' });
    expect((await terms('q=parac&for=allergy')).json().data[0]).toMatchObject({ term: 'Paracetamol', kind: 'ingredient' });
    expect((await terms('q=nsaid&for=allergy')).json().data[0]).toMatchObject({ term: 'NSAIDs', kind: 'class' });
    expect((await terms('q=wool&for=allergy')).json().data[0]).toMatchObject({ term: 'Lanolin', kind: 'excipient', matched: 'wool fat' });
    expect((await terms('q=co-cod&for=allergy')).json().data[0]).toMatchObject({ term: 'Co-codamol', hint: 'contains codeine, paracetamol' });
  });

  it('offers conditions by their everyday and clinical names, and only conditions', async () => {
    expect((await terms('q=high%20blood&for=condition')).json().data[0]).toEqual({ term: 'High blood pressure', kind: 'condition', hint: 'hypertension' });
    expect((await terms('q=hypert&for=condition')).json().data[0]).toMatchObject({ term: 'High blood pressure', matched: 'hypertension' });
    expect((await terms('q=stomach&for=condition')).json().data.map((s: { term: string }) => s.term)).toContain('Stomach ulcer');
    expect((await terms('q=nurofen&for=condition')).json().data).toEqual([]);
    expect((await terms('q=asthma&for=allergy')).json().data).toEqual([]);
  });

  it('keeps to the limit and validates the query', async () => {
    expect((await terms('q=a&for=allergy&limit=3')).json().data).toHaveLength(3);
    expect((await terms('q=a&for=allergy')).json().data.length).toBeLessThanOrEqual(8);
    expect((await terms('q=&for=allergy')).statusCode).toBe(400);
    expect((await terms('q=ibu&for=medicine')).statusCode).toBe(400);
    expect((await terms('q=ibu&for=allergy&limit=50')).statusCode).toBe(400);
    expect((await terms('q=ibu&for=allergy&x=1')).statusCode).toBe(400);
  });
});

describe('POST /api/shop/safety/terms/recognise', () => {
  it("says which terms the table knows, with its name for them; a guess is not knowing", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shop/safety/terms/recognise',
      payload: { terms: ['Nurofen', 'High BP', 'co-codamol', 'coconut', 'ibuprofan'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { term: 'Nurofen', recognised: true, canonical: 'Ibuprofen' },
      { term: 'High BP', recognised: true, canonical: 'High blood pressure' },
      { term: 'co-codamol', recognised: true, canonical: 'Co-codamol' },
      { term: 'coconut', recognised: false },
      { term: 'ibuprofan', recognised: false },
    ]);
    expect((await t.app.inject({ method: 'POST', url: '/api/shop/safety/terms/recognise', payload: { terms: [''] } })).statusCode).toBe(400);
  });
});

describe('POST /internal/catalog/products/quote with a profile', () => {
  const quote = (payload: object) => t.app.inject({ method: 'POST', url: '/internal/catalog/products/quote', headers: internal(t.internalToken), payload });

  it('gives each line the same warnings, an age block as a reason beside availability, and the unrecognised terms', async () => {
    const profile = { allergies: ['NSAIDs', 'coconut'], healthConditions: [], DOB: '2012-01-01' };
    const res = await quote({ items: [{ productId: 'ibu', quantity: 1 }, { productId: 'asp', quantity: 1 }, { productId: 'rx', quantity: 1 }], profile });
    expect(res.statusCode).toBe(200);
    const [ibu, asp, rx] = res.json().data.items;
    expect(ibu).toMatchObject({ available: true, pharmacyOnly: false, warnings: [{ profileTerm: 'NSAIDs', message: 'Contains ibuprofen, an NSAID; you told us you are allergic to NSAIDs.' }] });
    expect(ibu).not.toHaveProperty('reasonCode');
    // 14 years old: aspirin is 16+. Still in stock, so available stays true and the reason says why not.
    expect(asp).toMatchObject({ available: true, reasonCode: 'UNDER_AGE', reason: 'You must be at least 16 to buy this.' });
    expect(asp.warnings).toHaveLength(1);
    // A prescription medicine is quoted like any other (checkout matches it to the shopper's prescriptions): only its age rule speaks here.
    expect(rx).toMatchObject({ available: true, requiresPrescription: true, reasonCode: 'UNDER_AGE', reason: 'You must be at least 18 to buy this.' });
    expect(res.json().data.unrecognisedTerms).toEqual(['coconut']);
  });

  it('without a profile: no warnings, no age blocks, no terms', async () => {
    for (const payload of [{ items: [{ productId: 'asp', quantity: 1 }] }, { items: [{ productId: 'asp', quantity: 1 }], profile: null }]) {
      const res = await quote(payload);
      expect(res.json().data).toMatchObject({ items: [{ available: true, warnings: [] }], unrecognisedTerms: [] });
      expect(res.json().data.items[0]).not.toHaveProperty('reasonCode');
    }
    const noDob = await quote({ items: [{ productId: 'asp', quantity: 1 }], profile: { allergies: [], healthConditions: [], DOB: null } });
    expect(noDob.json().data.items[0]).toMatchObject({ reasonCode: 'NO_DOB', reason: 'Add your date of birth to buy this: it is sold from age 16.' });
  });
});
