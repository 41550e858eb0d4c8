import type { Market, Pharmacy } from './schema';
import { STREET_LINES } from './street';

/** The registered premises, which is also a pharmacy to collect from. */
const GUILDFORD: Pharmacy = {
  id: 'high-street',
  name: 'Pharmacy & Care Guildford',
  address: '112 High Street, Guildford GU1 3HJ',
  openingHours: ['Mon-Fri 8:00-19:00', 'Sat 9:00-17:00', 'Sun closed'],
};

/**
 * Great Britain (the default market): pounds, prices including VAT at the standard rate, UK addresses and phone
 * numbers, delivery to England, Scotland and Wales, a pharmacy registered with the GPhC (docs/domain.md#market).
 * The registration details, names and pharmacy addresses are examples (`demo`): a real pharmacy puts its own here.
 * Phone examples are from Ofcom's ranges kept for drama, which never ring anyone.
 */
export const GB: Market = {
  code: 'GB',
  country: { code: 'GB', name: 'United Kingdom' },
  currency: 'GBP',
  timeZone: 'Europe/London',
  tax: { name: 'VAT', ratePercent: 20 },
  address: {
    ...STREET_LINES,
    region: { label: 'County', required: false, autoComplete: 'address-level1' },
    postalCode: { label: 'Postcode', required: true, autoComplete: 'postal-code' },
    postalCodeRule: {
      // Royal Mail's formats (A9 9AA, A99 9AA, AA9 9AA, AA99 9AA, A9A 9AA, AA9A 9AA, and GIR 0AA) with the letters
      // each position can hold.
      pattern: '^(?:GIR 0AA|[A-PR-UWYZ](?:[0-9]{1,2}|[A-HK-Y][0-9]{1,2}|[0-9][A-HJKPSTUW]|[A-HK-Y][0-9][ABEHMNPRVWXY]) [0-9][ABD-HJLNP-UW-Z]{2})$',
      example: 'SW1A 1AA',
      hint: 'Enter a UK postcode, like SW1A 1AA.',
      inwardLength: 3,
    },
  },
  phone: {
    callingCode: '44',
    // 01 and 02 landlines, 03 national rate, 07 mobiles, 0800 and 0808 freephone: what a courier can call back.
    ranges: [
      { prefix: '1', lengths: [9, 10] },
      { prefix: '2', lengths: [10] },
      { prefix: '3', lengths: [10] },
      { prefix: '7', lengths: [10] },
      { prefix: '800', lengths: [9, 10] },
      { prefix: '808', lengths: [10] },
    ],
    example: '07700 900123',
    hint: 'Enter a UK phone number, like 07700 900123 or +44 20 7946 0958.',
  },
  delivery: {
    standardFeeCents: 399,
    expressFeeCents: 799,
    freeDeliveryOverCents: 3000,
    area: {
      description: 'England, Scotland and Wales',
      // Registered with the GPhC, the pharmacy supplies Great Britain; these have their own regulators.
      excluded: [
        { postcodeArea: 'BT', place: 'Northern Ireland' },
        { postcodeArea: 'IM', place: 'the Isle of Man' },
        { postcodeArea: 'GY', place: 'Guernsey' },
        { postcodeArea: 'JE', place: 'Jersey' },
      ],
    },
  },
  pharmacies: [
    GUILDFORD,
    {
      id: 'riverside',
      name: 'Pharmacy & Care York Riverside',
      address: '4 Skeldergate, York YO1 6DH',
      openingHours: ['Mon-Sat 9:00-18:00', 'Sun 10:00-16:00'],
    },
    {
      id: 'station',
      name: 'Pharmacy & Care Leeds Station',
      address: '1 New Station Street, Leeds LS1 5DL',
      openingHours: ['Mon-Fri 7:00-21:00', 'Sat-Sun 9:00-18:00'],
    },
  ],
  regulation: {
    regulator: { name: 'General Pharmaceutical Council', abbreviation: 'GPhC' },
    owner: 'Pharmacy & Care Ltd',
    premises: { name: GUILDFORD.name, address: GUILDFORD.address, registrationNumber: '1234567', phone: '01632 960123' },
    superintendent: { name: 'Priya Shah', registrationNumber: '2012345' },
    verify: { href: 'https://www.pharmacyregulation.org/registers', label: 'Check our registration on the GPhC register' },
    // Not required of sellers based in Great Britain since 1 January 2021 (docs/domain.md#market).
    distanceSellingLogo: null,
  },
  health: {
    emergencyNumber: '999',
    urgentHelp: 'For urgent advice that is not an emergency, call NHS 111 or go to 111.nhs.uk.',
  },
  demo: true,
};
