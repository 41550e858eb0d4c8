import type { OrderAddress } from '@pharmacy/contracts';

/**
 * An address as stored by any version of the shop, in today's shape (docs/domain.md#addresses): the one-line
 * `addressLine` (and the first shop's `address`) is line 1, a `pincode` or `postcode` the postal code, `town` the
 * city, `county` or `state` the region; an address saved before the shop had countries is in the market's country.
 * Nothing is rewritten on disk: the next change of the address saves it in the new shape.
 */
export function readAddress(stored: object, country: string): OrderAddress {
  const d = stored as Record<string, unknown>;
  const text = (...names: string[]): string => {
    for (const name of names) if (typeof d[name] === 'string' && d[name]) return d[name] as string;
    return '';
  };
  return {
    addressId: text('addressId'),
    fullName: text('fullName', 'name'),
    line1: text('line1', 'addressLine', 'address'),
    line2: text('line2'),
    city: text('city', 'town'),
    region: text('region', 'county', 'state'),
    postalCode: text('postalCode', 'postcode', 'pincode'),
    country: text('country') || country,
    phone: text('phone'),
    notes: text('notes'),
  };
}
