import type { AddressFormat } from './schema';

/** The street lines of an address, asked alike in every market the shop serves; the region and postcode differ. */
export const STREET_LINES: Pick<AddressFormat, 'line1' | 'line2' | 'city'> = {
  line1: { label: 'Address line 1', required: true, autoComplete: 'address-line1' },
  line2: { label: 'Address line 2', required: false, autoComplete: 'address-line2' },
  city: { label: 'Town or city', required: true, autoComplete: 'address-level2' },
};
