import { TypeCompiler } from '@sinclair/typebox/compiler';
import {
  type AddressInput,
  DEFAULT_MARKET_CODE,
  DeliveryOptions,
  MARKET_CODES,
  MARKETS,
  Market,
  addressInline,
  calendarDayIn,
  addressLines,
  addressProblems,
  cleanAddress,
  deliveryAreaProblem,
  deliveryFeeCents,
  deliveryOptionsFor,
  normalisePostalCode,
  pricesIncludeTax,
  taxIncludedText,
} from '../src/index';

const { GB, IE } = MARKETS;

const ukAddress: AddressInput = { fullName: 'Ravi Patel', line1: '3 Mill Road', city: 'Leeds', postalCode: 'LS1 5AB', phone: '0113 496 0000' };
const irishAddress: AddressInput = { fullName: 'Aoife Byrne', line1: '21 Grafton Street', city: 'Dublin 2', region: 'Dublin', postalCode: 'D02 X285', phone: '087 123 4567' };

describe('markets: one definition per market, the default GB', () => {
  it('defaults to a GB pharmacy: pounds, VAT included at 20%, UK addresses, GPhC registration', () => {
    expect(DEFAULT_MARKET_CODE).toBe('GB');
    const gb = MARKETS[DEFAULT_MARKET_CODE];
    expect(gb).toMatchObject({ currency: 'GBP', tax: { name: 'VAT', ratePercent: 20 }, country: { code: 'GB', name: 'United Kingdom' } });
    expect(gb.address.postalCode.label).toBe('Postcode');
    expect(gb.regulation.regulator.abbreviation).toBe('GPhC');
    expect(pricesIncludeTax(gb)).toBe('Prices include VAT at 20%.');
  });

  it('has every market fit the schema the services answer it with (nothing is dropped by the serializer)', () => {
    const check = TypeCompiler.Compile(Market);
    expect(Object.keys(MARKETS)).toEqual([...MARKET_CODES]);
    for (const code of MARKET_CODES) {
      expect([code, [...check.Errors(MARKETS[code])].map((e) => `${e.path}: ${e.message}`)]).toEqual([code, []]);
      expect(MARKETS[code].code).toBe(code);
    }
  });

  it('changes every shopper-facing fact with the second market', () => {
    const facts = (m: Market) => [
      m.currency,
      pricesIncludeTax(m),
      m.address.postalCode.label,
      m.address.region.required,
      m.phone.hint,
      m.delivery.freeDeliveryOverCents,
      m.delivery.area.description,
      m.pharmacies.map((p) => p.address).join(),
      m.regulation.regulator.name,
      m.regulation.premises.registrationNumber,
      m.regulation.superintendent.name,
      m.regulation.verify.href,
      m.health.emergencyNumber,
    ];
    const [gb, ie] = [facts(GB), facts(IE)];
    gb.forEach((fact, i) => expect([i, fact]).not.toEqual([i, ie[i]]));
    expect(GB.regulation.distanceSellingLogo).toBeNull();
    expect(IE.regulation.distanceSellingLogo?.href).toMatch(/^https:\/\/psi\.ie\//);
  });

  it('labels its registration details and addresses as examples', () => {
    for (const code of MARKET_CODES) expect(MARKETS[code].demo).toBe(true);
  });
});

describe('postcodes', () => {
  it('writes a UK postcode the Royal Mail way and an Eircode the An Post way', () => {
    expect(normalisePostalCode(' sw1a1aa ', GB.address.postalCodeRule)).toBe('SW1A 1AA');
    expect(normalisePostalCode('ls1  5ab', GB.address.postalCodeRule)).toBe('LS1 5AB');
    expect(normalisePostalCode('d02x285', IE.address.postalCodeRule)).toBe('D02 X285');
  });

  it('takes real UK postcode shapes and refuses what cannot be one', () => {
    const valid = ['SW1A 1AA', 'EC1A 1BB', 'W1A 0AX', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'GU1 3HJ', 'GIR 0AA', 'BT1 1AA'];
    const invalid = ['62704', 'SW1A', 'QA1 1AA', 'SW1A 1CA', 'LS1 5A', 'AAA 1AA', 'D02 X285'];
    for (const postalCode of valid) expect([postalCode, addressProblems({ ...ukAddress, postalCode }, GB).postalCode]).toEqual([postalCode, undefined]);
    for (const postalCode of invalid) expect([postalCode, addressProblems({ ...ukAddress, postalCode }, GB).postalCode]).toEqual([postalCode, 'Enter a UK postcode, like SW1A 1AA.']);
  });

  it('takes Eircodes in Ireland and refuses UK postcodes there', () => {
    expect(addressProblems(irishAddress, IE)).toEqual({});
    expect(addressProblems({ ...irishAddress, postalCode: 'T12 K8AF' }, IE)).toEqual({});
    expect(addressProblems({ ...irishAddress, postalCode: 'LS1 5AB' }, IE).postalCode).toBe('Enter an Eircode, like D02 X285.');
  });
});

describe('addressProblems: the form and the service check an address with one function', () => {
  it('accepts a complete UK address with the optional parts left out', () => {
    expect(addressProblems(ukAddress, GB)).toEqual({});
  });

  it('names each missing or broken field with the market’s label', () => {
    expect(addressProblems({ fullName: ' ', line1: 'ab', city: '', postalCode: '', phone: '' }, GB)).toEqual({
      fullName: 'Full name is required.',
      line1: 'Address line 1 needs at least 3 characters.',
      city: 'Town or city is required.',
      postalCode: 'Postcode is required.',
      phone: 'Phone is required: the courier calls it if they cannot find you.',
    });
    expect(addressProblems({ ...ukAddress, phone: '087 123 4567', notes: 'x'.repeat(501) }, GB)).toEqual({
      phone: GB.phone.hint,
      notes: 'Notes can have at most 500 characters.',
    });
  });

  it('asks Ireland’s county from its list, and keeps it as listed', () => {
    expect(addressProblems({ ...irishAddress, region: '' }, IE)).toEqual({ region: 'County is required.' });
    expect(addressProblems({ ...irishAddress, region: 'Yorkshire' }, IE)).toEqual({ region: 'Choose a county from the list.' });
    expect(cleanAddress({ ...irishAddress, region: 'cork' }, IE).region).toBe('Cork');
    expect(addressProblems({ ...ukAddress, region: 'West Yorkshire' }, GB)).toEqual({});
  });

  it('keeps addresses in the market’s country only', () => {
    expect(addressProblems({ ...ukAddress, country: 'US' }, GB)).toEqual({ country: 'This shop keeps addresses in one country: United Kingdom.' });
    expect(addressProblems({ ...ukAddress, country: 'gb' }, GB)).toEqual({});
  });

  it('cleans what it keeps: trimmed, single spaces, the postcode written properly, the market’s country', () => {
    expect(cleanAddress({ ...ukAddress, fullName: '  Ravi   Patel ', postalCode: 'ls15ab' }, GB)).toEqual({
      fullName: 'Ravi Patel', line1: '3 Mill Road', line2: '', city: 'Leeds', region: '', postalCode: 'LS1 5AB', country: 'GB', phone: '0113 496 0000', notes: '',
    });
  });
});

describe('deliveryAreaProblem: who the shop can deliver to', () => {
  const at = (postalCode: string, country = 'GB') => deliveryAreaProblem({ postalCode, country }, GB);

  it('delivers to England, Scotland and Wales', () => {
    for (const postalCode of ['LS1 5AB', 'EH1 1YZ', 'CF10 1EP', 'B1 1AA', 'IV2 3BW']) expect([postalCode, at(postalCode)]).toEqual([postalCode, null]);
  });

  it('says which place it cannot send to, and what the shopper can do instead', () => {
    expect(at('BT1 1AA')).toBe(
      'We cannot deliver to Northern Ireland (postcodes starting BT). We deliver to England, Scotland and Wales: choose click and collect, or another address.',
    );
    expect(at('IM1 1AA')).toMatch(/^We cannot deliver to the Isle of Man/);
    expect(at('JE2 3AB')).toMatch(/^We cannot deliver to Jersey/);
    expect(at('GY1 1AA')).toMatch(/^We cannot deliver to Guernsey/);
  });

  it('refuses an address saved before the rule, whose postcode is not a UK one, or in another country', () => {
    expect(at('62704')).toBe('We cannot deliver to this address: "62704" is not a postcode we know. Edit the address, or choose click and collect, or another address.');
    expect(at('LS1 5AB', 'IE')).toBe('We deliver to England, Scotland and Wales only: choose click and collect, or another address.');
    expect(deliveryAreaProblem({ postalCode: 'D02 X285', country: 'IE' }, IE)).toBeNull();
  });
});

describe('addresses in words', () => {
  it('writes the lines it has, in the envelope’s order, and the short form for a sentence', () => {
    const address = { line1: '3 Mill Road', line2: 'Flat 2', city: 'Leeds', region: 'West Yorkshire', postalCode: 'LS1 5AB' };
    expect(addressLines(address)).toEqual(['3 Mill Road', 'Flat 2', 'Leeds', 'West Yorkshire', 'LS1 5AB']);
    expect(addressLines({ ...address, line2: '', region: '' })).toEqual(['3 Mill Road', 'Leeds', 'LS1 5AB']);
    expect(addressInline({ ...address, line2: '' })).toBe('3 Mill Road, Leeds, LS1 5AB');
  });

  it('words the tax a total includes alike everywhere', () => {
    expect(taxIncludedText('VAT', '£3.33', 20)).toBe('Includes £3.33 VAT (20%)');
  });
});

describe('delivery from the market', () => {
  it('prices each method from the market’s fees and threshold', () => {
    expect(deliveryFeeCents('standard', 2999, GB.delivery)).toBe(399);
    expect(deliveryFeeCents('standard', 3000, GB.delivery)).toBe(0);
    expect(deliveryFeeCents('express', 5000, GB.delivery)).toBe(799);
    expect(deliveryFeeCents('collect', 10, GB.delivery)).toBe(0);
    expect(deliveryFeeCents('standard', 3999, IE.delivery)).toBe(450);
  });

  it('states the options as the checkout answers them: currency, fees, threshold, tax rate and pharmacies', () => {
    const options = deliveryOptionsFor(IE);
    expect(TypeCompiler.Compile(DeliveryOptions).Check(options)).toBe(true);
    expect(options).toMatchObject({ currency: 'EUR', freeDeliveryOver: 40, freeDeliveryOverCents: 4000, taxRatePercent: 23 });
    expect(options.methods.map((m) => [m.method, m.feeCents])).toEqual([['standard', 450], ['express', 995], ['collect', 0]]);
    expect(options.pharmacies).toEqual(IE.pharmacies);
  });
});

describe("the pharmacy's calendar day", () => {
  it('turns at midnight in the market time zone, to the minute, also when asked again within a minute', () => {
    // British Summer Time: the day ends at 23:00 UTC.
    expect(calendarDayIn('Europe/London', new Date('2026-07-01T22:59:59.999Z'))).toBe('2026-07-01');
    expect(calendarDayIn('Europe/London', new Date('2026-07-01T22:59:00.000Z'))).toBe('2026-07-01');
    expect(calendarDayIn('Europe/London', new Date('2026-07-01T23:00:00.000Z'))).toBe('2026-07-02');
    expect(calendarDayIn('Europe/London', new Date('2026-07-01T22:59:30.000Z'))).toBe('2026-07-01');
    // Winter: midnight UTC; and each zone keeps its own day.
    expect(calendarDayIn('Europe/London', new Date('2026-12-31T23:59:59.000Z'))).toBe('2026-12-31');
    expect(calendarDayIn('Asia/Kathmandu', new Date('2026-12-31T23:59:59.000Z'))).toBe('2027-01-01');
    expect(calendarDayIn('Europe/London', new Date('2027-01-01T00:00:00.000Z'))).toBe('2027-01-01');
    expect(calendarDayIn('Asia/Kathmandu', new Date('2026-12-31T18:14:59.000Z'))).toBe('2026-12-31');
    expect(calendarDayIn('Asia/Kathmandu', new Date('2026-12-31T18:15:00.000Z'))).toBe('2027-01-01');
  });
});
