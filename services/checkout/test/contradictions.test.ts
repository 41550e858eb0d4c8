/**
 * A consultation answer that contradicts the shopper's health profile (src/orders/contradictions.ts), flagged once
 * when the order is placed: an age against the date of birth at the edges of a birthday, "none" against listed
 * allergies or conditions, pregnancy against the conditions; never for an answer about someone else.
 */
import type { SafetyProfile } from '@pharmacy/contracts';
import { profileContradictions, statedAges } from '../src/orders/contradictions';

const BORN = '1986-06-15';
const profile = (over: Partial<SafetyProfile> = {}): SafetyProfile => ({ allergies: [], healthConditions: [], DOB: BORN, ...over });
const answers = (given: { patient?: string; age?: string; conditions?: string }) =>
  Object.entries({ patient: 'Me', age: '38', otherMedicines: 'None', conditions: 'None', ...given }).map(([questionId, answer]) => ({ questionId: questionId as 'age', answer }));
const flags = (given: Parameters<typeof answers>[0], p = profile(), at = new Date('2024-06-15T10:00:00Z')) => Object.fromEntries(profileContradictions(answers(given), p, at));

describe('an age against the date of birth', () => {
  test('the same age is not flagged', () => {
    expect(flags({ age: '38' })).toEqual({});
    expect(flags({ age: '38 years old' })).toEqual({});
  });

  test('another age is flagged, naming both', () => {
    expect(flags({ age: '52' })).toEqual({ age: 'The answer gives age 52, but the date of birth in their profile (15 Jun 1986) makes them 38.' });
  });

  test('around the birthday: the day before it they are still the younger age, on it the older', () => {
    const dayBefore = new Date('2024-06-14T23:59:00Z');
    expect(flags({ age: '37' }, profile(), dayBefore)).toEqual({});
    expect(flags({ age: '38' }, profile(), dayBefore)).toHaveProperty('age', expect.stringContaining('makes them 37'));
    const onTheDay = new Date('2024-06-15T00:00:00Z');
    expect(flags({ age: '38' }, profile(), onTheDay)).toEqual({});
    expect(flags({ age: '37' }, profile(), onTheDay)).toHaveProperty('age', expect.stringContaining('makes them 38'));
  });

  test('no date of birth in the profile, or no age in digits, is nothing to compare', () => {
    expect(flags({ age: '52' }, profile({ DOB: null }))).toEqual({});
    expect(flags({ age: 'fifty-two' })).toEqual({});
  });

  test('an answer about someone else is never compared with the shopper’s own profile', () => {
    expect(flags({ patient: 'My son', age: '9' })).toEqual({});
    expect(flags({ patient: 'For my mum', age: '71', conditions: 'None' }, profile({ allergies: ['Penicillin'] }))).toEqual({});
    // Both the shopper and someone else: one of the ages given is theirs.
    expect(flags({ patient: 'Me and my daughter', age: '38 and 6' })).toEqual({});
    expect(flags({ patient: 'Myself', age: '40' })).toHaveProperty('age');
  });

  test('ages are read in whole years from digits and units', () => {
    expect(statedAges('52')).toEqual([52]);
    expect(statedAges('52yo')).toEqual([52]);
    expect(statedAges('18 months')).toEqual([1]);
    expect(statedAges('3 weeks')).toEqual([0]);
    expect(statedAges('born 1986')).toEqual([]);
    expect(statedAges('38 and 6')).toEqual([38, 6]);
  });
});

describe('allergies, conditions and pregnancy against the profile', () => {
  test('"none" or "no allergies" beside listed allergies or conditions is flagged with what the profile lists', () => {
    const listed = profile({ allergies: ['Penicillin', 'NSAIDs'], healthConditions: ['Asthma'] });
    expect(flags({ conditions: 'None' }, listed)).toEqual({
      conditions: 'The answer says no allergies, but their profile lists: Penicillin, NSAIDs. The answer says no health conditions, but their profile lists: Asthma.',
    });
    expect(flags({ conditions: 'Asthma, no allergies' }, listed)).toEqual({ conditions: 'The answer says no allergies, but their profile lists: Penicillin, NSAIDs.' });
    expect(flags({ conditions: 'Asthma; allergic to penicillin and NSAIDs' }, listed)).toEqual({});
    expect(flags({ conditions: 'None' })).toEqual({});
  });

  test('pregnancy said in the answer but not in the profile, or denied while the profile lists it', () => {
    expect(flags({ conditions: 'I am pregnant' })).toEqual({ conditions: 'The answer says pregnant or breastfeeding, which their profile’s conditions do not list.' });
    expect(flags({ conditions: 'Pregnant (12 weeks)' }, profile({ healthConditions: ['Pregnancy'] }))).toEqual({});
    expect(flags({ conditions: 'Not pregnant or breastfeeding' }, profile({ healthConditions: ['Pregnancy'] }))).toEqual({
      conditions: 'The answer says not pregnant or breastfeeding, but their profile lists: Pregnancy.',
    });
    expect(flags({ conditions: 'Hay fever, not pregnant' })).toEqual({});
  });
});
