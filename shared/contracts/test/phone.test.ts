import { MARKETS, nationalNumber, phoneProblem } from '../src/index';

const { GB, IE } = MARKETS;

// Ofcom's drama ranges (07700 900xxx, 020 7946 0xxx, 0113 496 0xxx…) never ring anyone.
const UK_VALID = [
  '07700 900123',
  '07700900123',
  '+44 7700 900123',
  '+447700900123',
  '+44 (0)7700 900123',
  '0044 7700 900123',
  '020 7946 0958',
  '(020) 7946 0958',
  '+44 20 7946 0958',
  '+44 (0) 20-7946-0958',
  '0113 496 0000',
  '0113.496.0000',
  '01632 960123',
  '0300 123 4567',
  '0800 123 456',
  '0808 157 0192',
];
const UK_INVALID = [
  '7700 900123', // no trunk 0 nor +44
  '0770 090 012', // a mobile one digit short
  '077009001234', // one digit too many
  '0906 123 4567', // premium rate
  '0500 123 456', // no longer in use
  '0400 123 4567', // not allocated
  '+1 212 555 0100', // another country
  '+353 87 123 4567',
  '07700 9001ab',
  '07700 900123 ext 2',
  '0770+0900123',
  '++44 7700 900123',
];

describe('phoneProblem: the market’s phone numbers, for the profile and every address', () => {
  it('takes the usual written forms of a UK number: 0, +44, +44 (0) and 0044, with spaces, dots, dashes or brackets', () => {
    for (const phone of UK_VALID) expect([phone, phoneProblem(phone, GB.phone)]).toEqual([phone, null]);
  });

  it('refuses numbers of the wrong length, ranges nobody can be called back on, and other countries', () => {
    for (const phone of UK_INVALID) expect([phone, phoneProblem(phone, GB.phone)]).toEqual([phone, GB.phone.hint]);
    expect(GB.phone.hint).toBe('Enter a UK phone number, like 07700 900123 or +44 20 7946 0958.');
  });

  it('reads every form of one number as the same national number', () => {
    for (const written of ['020 7946 0958', '+44 20 7946 0958', '+44 (0)20 7946 0958', '0044 20 7946 0958', '+44 020 7946 0958']) {
      expect([written, nationalNumber(written, GB.phone)]).toEqual([written, '2079460958']);
    }
  });

  it('leaves an empty optional phone alone and refuses one longer than a phone field holds', () => {
    expect(phoneProblem('   ', GB.phone)).toBeNull();
    expect(phoneProblem('0 7 7 0 0 9 0 0 1 2 3 4', GB.phone)).toBe(GB.phone.hint); // 11 digits, but 23 characters
  });

  it('follows the market: Irish numbers in Ireland, not UK ones', () => {
    for (const phone of ['087 123 4567', '+353 87 123 4567', '+353 (0)1 234 5678', '01 234 5678', '021 123 4567', '091 12 3456']) {
      expect([phone, phoneProblem(phone, IE.phone)]).toEqual([phone, null]);
    }
    for (const phone of ['07700 900123', '+44 20 7946 0958', '087 123 456', '0871234567890']) {
      expect([phone, phoneProblem(phone, IE.phone)]).toEqual([phone, IE.phone.hint]);
    }
  });
});
