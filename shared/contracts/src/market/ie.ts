import type { Market, Pharmacy } from './schema';
import { STREET_LINES } from './street';

const COUNTIES = [
  'Carlow', 'Cavan', 'Clare', 'Cork', 'Donegal', 'Dublin', 'Galway', 'Kerry', 'Kildare', 'Kilkenny', 'Laois', 'Leitrim', 'Limerick',
  'Longford', 'Louth', 'Mayo', 'Meath', 'Monaghan', 'Offaly', 'Roscommon', 'Sligo', 'Tipperary', 'Waterford', 'Westmeath', 'Wexford', 'Wicklow',
];

/** The registered premises, which is also a pharmacy to collect from. */
const GRAFTON_STREET: Pharmacy = {
  id: 'grafton-street',
  name: 'Pharmacy & Care Grafton Street',
  address: '21 Grafton Street, Dublin 2, D02 X285',
  openingHours: ['Mon-Fri 8:00-19:00', 'Sat 9:00-18:00', 'Sun 12:00-17:00'],
};

/**
 * Ireland: euro, prices including VAT at the standard rate, Irish addresses with county and Eircode, Irish phone
 * numbers, a pharmacy registered with the PSI and on its Internet Supply List, which the EU common logo links to
 * (docs/domain.md#market). Registration details, names and addresses are examples (`demo`).
 */
export const IE: Market = {
  code: 'IE',
  country: { code: 'IE', name: 'Ireland' },
  currency: 'EUR',
  timeZone: 'Europe/Dublin',
  tax: { name: 'VAT', ratePercent: 23 },
  address: {
    ...STREET_LINES,
    region: { label: 'County', required: true, autoComplete: 'address-level1', options: COUNTIES },
    postalCode: { label: 'Eircode', required: true, autoComplete: 'postal-code' },
    postalCodeRule: {
      // A routing key (a letter and two digits, or D6W) and a four-character unique identifier.
      pattern: '^(?:[AC-FHKNPRTV-Y][0-9]{2}|D6W) [0-9AC-FHKNPRTV-Y]{4}$',
      example: 'D02 X285',
      hint: 'Enter an Eircode, like D02 X285.',
      inwardLength: 4,
    },
  },
  phone: {
    callingCode: '353',
    // 083-089 mobiles; 01 Dublin and the other area codes' landlines.
    ranges: [
      { prefix: '83', lengths: [9] },
      { prefix: '85', lengths: [9] },
      { prefix: '86', lengths: [9] },
      { prefix: '87', lengths: [9] },
      { prefix: '89', lengths: [9] },
      { prefix: '1', lengths: [8] },
      { prefix: '2', lengths: [8, 9] },
      { prefix: '4', lengths: [7, 8, 9] },
      { prefix: '5', lengths: [7, 8, 9] },
      { prefix: '6', lengths: [7, 8, 9] },
      { prefix: '7', lengths: [7, 8, 9] },
      { prefix: '9', lengths: [7, 8, 9] },
    ],
    example: '087 123 4567',
    hint: 'Enter an Irish phone number, like 087 123 4567 or +353 1 234 5678.',
  },
  delivery: {
    standardFeeCents: 450,
    expressFeeCents: 995,
    freeDeliveryOverCents: 4000,
    area: { description: 'addresses across the Republic of Ireland', excluded: [] },
  },
  pharmacies: [
    GRAFTON_STREET,
    {
      id: 'patrick-street',
      name: 'Pharmacy & Care Cork',
      address: '80 Saint Patrick Street, Cork, T12 K8AF',
      openingHours: ['Mon-Sat 9:00-18:00', 'Sun closed'],
    },
  ],
  regulation: {
    regulator: { name: 'Pharmaceutical Society of Ireland', abbreviation: 'PSI' },
    owner: 'Pharmacy & Care Ireland Ltd',
    premises: { name: GRAFTON_STREET.name, address: GRAFTON_STREET.address, registrationNumber: '4321', phone: '01 234 5678' },
    superintendent: { name: 'Aoife Byrne', registrationNumber: '12345' },
    supervising: { name: 'Cian Walsh', registrationNumber: '23456' },
    verify: { href: 'https://www.thepsi.ie/information-and-resources/information-about-our-public-registers', label: 'Check our registration on the PSI public registers' },
    distanceSellingLogo: {
      href: 'https://psi.ie/registration/internet-supply/internet-supply-overview',
      label: 'EU common logo: check that we are on the PSI Internet Supply List',
    },
  },
  health: {
    emergencyNumber: '112 or 999',
    urgentHelp: 'For urgent advice that is not an emergency, contact your GP or the GP out-of-hours service.',
  },
  demo: true,
};
