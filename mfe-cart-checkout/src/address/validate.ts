import { ADDRESS_RULES, PHONE_RULE, type AddressInput } from '@pharmacy/contracts';

export type AddressErrors = Partial<Record<keyof AddressInput, string>>;

/** The server's rules (contracts ADDRESS_RULES), checked as the shopper types. */
export function validateAddress(a: AddressInput): AddressErrors {
  const e: AddressErrors = {};
  const len = (v: string | undefined) => (v ?? '').trim().length;
  const between = (field: 'fullName' | 'addressLine' | 'city', label: string) => {
    const { min, max } = ADDRESS_RULES[field];
    if (len(a[field]) < min) e[field] = `${label} needs at least ${min} characters.`;
    else if (len(a[field]) > max) e[field] = `${label} can have at most ${max} characters.`;
  };
  between('fullName', 'Full name');
  between('addressLine', 'Address line');
  between('city', 'City');
  if (!new RegExp(ADDRESS_RULES.postalCode.pattern).test(a.postalCode.trim())) e.postalCode = 'Enter a postal code of 2 to 10 letters or digits.';
  // The shop's one phone rule, the profile's too (required here: an empty phone fails the pattern).
  if (a.phone.trim().length > PHONE_RULE.maxLength || !new RegExp(PHONE_RULE.pattern).test(a.phone.trim())) e.phone = PHONE_RULE.hint;
  if (len(a.notes) > ADDRESS_RULES.notes.max) e.notes = `Notes can have at most ${ADDRESS_RULES.notes.max} characters.`;
  return e;
}

export const emptyAddress: AddressInput = { fullName: '', addressLine: '', city: '', postalCode: '', phone: '', notes: '' };

export const trimAddress = (a: AddressInput): AddressInput => ({
  fullName: a.fullName.trim(), addressLine: a.addressLine.trim(), city: a.city.trim(), postalCode: a.postalCode.trim(), phone: a.phone.trim(),
  notes: (a.notes ?? '').trim(),
});
