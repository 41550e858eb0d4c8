import { PRESCRIPTION_ROUTE, ageOn, safetyBlockMessage, termsMatch } from '../src';

describe('the shared safety rules', () => {
  it('matches names as text either way round, ignoring case and plurals (the fallback for terms the table does not know)', () => {
    expect(termsMatch('NSAID', 'NSAIDs')).toBe(true);
    expect(termsMatch('peanut oil', 'Peanut')).toBe(true);
    expect(termsMatch('ibuprofen', 'Ibuprofen 400mg')).toBe(true);
    expect(termsMatch('latex', 'lactose')).toBe(false);
    expect(termsMatch('ab', 'abc')).toBe(false);
  });

  it('counts age in whole years in UTC: a minimum age is reached on the birthday, not a day before', () => {
    const now = new Date('2026-11-21T10:00:00Z');
    expect(ageOn('2014-11-22', now)).toBe(11);
    expect(ageOn('2014-11-21', now)).toBe(12);
    expect(ageOn('not a date', now)).toBeNull();
  });

  it('says each block in one wording', () => {
    expect(safetyBlockMessage('UNDER_AGE', 16)).toBe('You must be at least 16 to buy this.');
    expect(safetyBlockMessage('NO_DOB', 12)).toBe('Add your date of birth to buy this: it is sold from age 12.');
    expect(safetyBlockMessage('PRESCRIPTION_REQUIRED')).toBe(PRESCRIPTION_ROUTE);
  });
});
