import { ageOn, hasSafetyWarnings, safetyMatch, termsMatch } from '../src';

const ibuprofen = {
  allergens: ['NSAIDs'],
  activeIngredients: ['Ibuprofen 400mg'],
  contraindications: ['asthma', 'stomach ulcer'],
  minAge: 12,
};

describe('safety matching', () => {
  it('matches names either way round, ignoring case and plurals', () => {
    expect(termsMatch('NSAID', 'NSAIDs')).toBe(true);
    expect(termsMatch('peanut oil', 'Peanut')).toBe(true);
    expect(termsMatch('ibuprofen', 'Ibuprofen 400mg')).toBe(true);
    expect(termsMatch('latex', 'lactose')).toBe(false);
    expect(termsMatch('ab', 'abc')).toBe(false);
  });

  it('warns someone allergic to a medicine’s active ingredient, even when its allergens name the class', () => {
    const m = safetyMatch({ allergies: ['ibuprofen'] }, ibuprofen);
    expect(m.allergens).toEqual(['Ibuprofen 400mg']);
    expect(hasSafetyWarnings(m)).toBe(true);
  });

  it('reports contraindications found in the health conditions', () => {
    expect(safetyMatch({ healthConditions: ['Asthma'] }, ibuprofen).conditions).toEqual(['asthma']);
  });

  it('says nothing to a visitor or to someone with no matching profile', () => {
    expect(hasSafetyWarnings(safetyMatch(null, ibuprofen))).toBe(false);
    expect(hasSafetyWarnings(safetyMatch({ allergies: ['penicillin'], healthConditions: ['eczema'], DOB: '1990-01-01' }, ibuprofen))).toBe(false);
  });

  it('flags someone under the minimum age on the day, not a day before their birthday', () => {
    const now = new Date('2026-11-21T10:00:00Z');
    expect(ageOn('2014-11-22', now)).toBe(11);
    expect(ageOn('2014-11-21', now)).toBe(12);
    expect(safetyMatch({ DOB: '2014-11-22' }, ibuprofen, now).underAge).toBe(12);
    expect(safetyMatch({ DOB: '2014-11-21' }, ibuprofen, now).underAge).toBeNull();
    expect(ageOn('not a date', now)).toBeNull();
  });
});
