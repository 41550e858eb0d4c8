import { ACCOUNT_LIMITS, ADDRESS_RULES, PHONE_RULE, phoneProblem } from '../src/browser';
import { AddressInput } from '../src/index';
import { TypeCompiler } from '@sinclair/typebox/compiler';

const VALID = ['+44 20 7946 0958', '+44 (20) 7946-0958', '(020) 7946 0958', '555.123.4567', '1234567', '+123456789012345'];
const INVALID = ['12ab', '123456', '+1234567890123456', ' 1234567', '1234567 ', '+44 20 7946 0958 (', '44+207946095', '++44 20 7946 0958', '0800 123 456 789 0123 4'];

describe('PHONE_RULE: one phone rule for the profile and every address', () => {
  it('is the rule the address fields use and the profile’s limit', () => {
    expect(ADDRESS_RULES.phone).toBe(PHONE_RULE);
    expect(ACCOUNT_LIMITS.phoneMax).toBe(PHONE_RULE.maxLength);
  });

  it('takes 7 to 15 digits with spaces, dots, dashes, brackets and one leading +', () => {
    const re = new RegExp(PHONE_RULE.pattern);
    for (const phone of VALID) expect([phone, re.test(phone)]).toEqual([phone, true]);
    for (const phone of INVALID) expect([phone, re.test(phone)]).toEqual([phone, false]);
  });

  it('compiles alike in the u mode (the schemas) and the v mode (an input’s pattern attribute)', () => {
    for (const flags of ['u', 'v']) {
      const re = new RegExp(PHONE_RULE.pattern, flags);
      expect(VALID.every((p) => re.test(p))).toBe(true);
      expect(INVALID.some((p) => re.test(p))).toBe(false);
    }
  });

  it('gives the profile the hint for a bad number and nothing for an empty optional one', () => {
    expect(phoneProblem('12ab')).toBe(PHONE_RULE.hint);
    expect(phoneProblem('  +44 20 7946 0958  ')).toBeNull();
    expect(phoneProblem('   ')).toBeNull();
    expect(phoneProblem('1 2 3 4 5 6 7 8 9 0 1')).toBe(PHONE_RULE.hint); // 11 digits, but 21 characters
    expect(PHONE_RULE.hint).toBe('Enter a phone number of 7 to 15 digits; spaces, dashes, brackets and a leading + are fine.');
  });

  it('is what the address schema enforces, so a profile phone is always a valid delivery phone', () => {
    const address = TypeCompiler.Compile(AddressInput);
    const base = { fullName: 'Ada Lovelace', addressLine: '1 Main Street', city: 'London', postalCode: 'N1 9GU' };
    for (const phone of VALID) expect(address.Check({ ...base, phone })).toBe(true);
    for (const phone of INVALID) expect([phone, address.Check({ ...base, phone })]).toEqual([phone, false]);
  });
});
