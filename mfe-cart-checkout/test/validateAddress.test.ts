import { PHONE_RULE } from '@pharmacy/contracts';
import { emptyAddress, validateAddress } from '../src/address/validate';

const address = { ...emptyAddress, fullName: 'Ada Lovelace', addressLine: '1 Main Street', city: 'London', postalCode: 'N1 9GU' };

describe('validateAddress: the phone follows the shop’s one phone rule', () => {
  it('takes every number the profile takes', () => {
    for (const phone of ['+44 20 7946 0958', '+44 (20) 7946-0958', '(020) 7946 0958', '555.123.4567']) {
      expect(validateAddress({ ...address, phone })).toEqual({});
    }
  });

  it('refuses a missing, short, lettered or overlong number with the profile’s hint', () => {
    for (const phone of ['', '123456', '12ab345678', '1 2 3 4 5 6 7 8 9 0 1']) {
      expect(validateAddress({ ...address, phone })).toEqual({ phone: PHONE_RULE.hint });
    }
  });
});
