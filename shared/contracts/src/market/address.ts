// Addresses in the market's shape (docs/domain.md#addresses): the address form checks them as the shopper types and
// the checkout service with the same functions before it saves one, so the two never disagree.
import type { AddressInput, OrderAddress } from '../checkout';
import { ADDRESS_RULES } from '../checkout.rules';
import { phoneProblem } from './phone';
import type { Market, PostalCodeRule } from './schema';

/** The parts of an address the market names and labels, in the form's order. */
export const ADDRESS_PARTS = ['line1', 'line2', 'city', 'region', 'postalCode'] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];
export type AddressField = 'fullName' | AddressPart | 'country' | 'phone' | 'notes';
export type AddressProblems = Partial<Record<AddressField, string>>;

/** An address as it is kept: every field present, trimmed, the postcode written the market's way. */
export type CleanAddress = Required<AddressInput>;

const squash = (value: string | undefined) => (value ?? '').trim().replace(/\s+/g, ' ');

/** "sw1a1aa" → "SW1A 1AA", "d02x285" → "D02 X285": capitals, one space before the inward part. */
export function normalisePostalCode(value: string, rule: PostalCodeRule): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return compact.length > rule.inwardLength ? `${compact.slice(0, -rule.inwardLength)} ${compact.slice(-rule.inwardLength)}` : compact;
}

/** A county as the market lists it ("cork" → "Cork"), or as typed where it has no list. */
function regionOf(value: string, market: Market): string {
  const options = market.address.region.options;
  return options?.find((o) => o.toLowerCase() === value.toLowerCase()) ?? value;
}

/** The address as the shop keeps it; a missing country is the market's own (the form does not ask). */
export function cleanAddress(input: AddressInput, market: Market): CleanAddress {
  return {
    fullName: squash(input.fullName),
    line1: squash(input.line1),
    line2: squash(input.line2),
    city: squash(input.city),
    region: regionOf(squash(input.region), market),
    postalCode: normalisePostalCode(squash(input.postalCode), market.address.postalCodeRule),
    country: squash(input.country).toUpperCase() || market.country.code,
    phone: squash(input.phone),
    notes: (input.notes ?? '').trim(),
  };
}

/** Every field that breaks the market's rules, with a message a shopper can act on; empty when the address is fine. */
export function addressProblems(input: AddressInput, market: Market): AddressProblems {
  const a = cleanAddress(input, market);
  const format = market.address;
  const problems: AddressProblems = {};
  const length = (field: AddressField, label: string, value: string, rule: { min?: number; max: number }, required: boolean) => {
    if (!value) {
      if (required) problems[field] = `${label} is required.`;
    } else if (rule.min !== undefined && value.length < rule.min) problems[field] = `${label} needs at least ${rule.min} characters.`;
    else if (value.length > rule.max) problems[field] = `${label} can have at most ${rule.max} characters.`;
  };
  length('fullName', 'Full name', a.fullName, ADDRESS_RULES.fullName, true);
  length('line1', format.line1.label, a.line1, ADDRESS_RULES.line, true);
  length('line2', format.line2.label, a.line2, { max: ADDRESS_RULES.line.max }, format.line2.required);
  length('city', format.city.label, a.city, ADDRESS_RULES.city, format.city.required);
  length('region', format.region.label, a.region, ADDRESS_RULES.region, format.region.required);
  if (a.region && format.region.options && !format.region.options.includes(a.region)) {
    problems.region = `Choose a ${format.region.label.toLowerCase()} from the list.`;
  }
  if (!a.postalCode) problems.postalCode = `${format.postalCode.label} is required.`;
  else if (!new RegExp(format.postalCodeRule.pattern, 'u').test(a.postalCode)) problems.postalCode = format.postalCodeRule.hint;
  if (a.country !== market.country.code) problems.country = `This shop keeps addresses in one country: ${market.country.name}.`;
  const phone = a.phone ? phoneProblem(a.phone, market.phone) : 'Phone is required: the courier calls it if they cannot find you.';
  if (phone) problems.phone = phone;
  length('notes', 'Notes', a.notes, ADDRESS_RULES.notes, false);
  return problems;
}

/**
 * Why the shop cannot deliver to this address, in words, or null when it can: it is in another country, its postcode
 * is not one of the market's (an address saved before the shop had this rule), or it is in an excluded postcode area.
 */
export function deliveryAreaProblem(address: Pick<OrderAddress, 'country' | 'postalCode'>, market: Market): string | null {
  const area = market.delivery.area;
  const choose = 'choose click and collect, or another address';
  if ((address.country || market.country.code) !== market.country.code) return `We deliver to ${area.description} only: ${choose}.`;
  const rule = market.address.postalCodeRule;
  const code = normalisePostalCode(address.postalCode, rule);
  if (!new RegExp(rule.pattern, 'u').test(code)) {
    return `We cannot deliver to this address: "${address.postalCode}" is not a ${market.address.postalCode.label.toLowerCase()} we know. Edit the address, or ${choose}.`;
  }
  const areaCode = /^[A-Z]+/.exec(code)?.[0];
  const excluded = area.excluded.find((e) => e.postcodeArea === areaCode);
  return excluded ? `We cannot deliver to ${excluded.place} (postcodes starting ${excluded.postcodeArea}). We deliver to ${area.description}: ${choose}.` : null;
}

type Lines = Pick<OrderAddress, 'line1' | 'city' | 'postalCode'> & Partial<Pick<OrderAddress, 'line2' | 'region'>>;

/** The address as written on an envelope, one entry per line (the name and phone are the caller's). */
export const addressLines = (a: Lines): string[] => [a.line1, a.line2, a.city, a.region, a.postalCode].filter((l): l is string => !!l);

/** The address on one line ("3 Mill Road, Leeds, LS1 5AB"), for a sentence or a button's name. */
export const addressInline = (a: Lines): string => [a.line1, a.line2, a.city, a.postalCode].filter(Boolean).join(', ');
