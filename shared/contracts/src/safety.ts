/**
 * The safety rules every side shares (docs/domain.md#safety). The catalog service computes warnings and blocks from
 * its knowledge table; what lives here is the text rule it falls back on for a term the table does not know, how
 * ages are counted, and the words of each block, so the catalog, the cart, sign-in's cart check and checkout say
 * the same thing.
 */

const norm = (s: string) => s.trim().toLowerCase().replace(/s$/, '');

/**
 * Either name may be the longer one: "NSAIDs" matches "nsaid", "peanut" matches "peanut oil", "ibuprofen" matches
 * "Ibuprofen 400mg". A pharmacy would rather warn once too often, so any shared word of 3+ letters counts.
 */
export function termsMatch(a: string, b: string): boolean {
  const x = norm(a);
  const y = norm(b);
  if (!x || !y) return false;
  if (x === y) return true;
  return Math.min(x.length, y.length) >= 3 && (x.includes(y) || y.includes(x));
}

/** Whole years from an ISO date of birth to `now` (UTC, so server and browser agree). */
export function ageOn(dob: string, now: Date = new Date()): number | null {
  const birth = new Date(dob);
  if (Number.isNaN(birth.getTime())) return null;
  const age = now.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday =
    now.getUTCMonth() < birth.getUTCMonth() || (now.getUTCMonth() === birth.getUTCMonth() && now.getUTCDate() < birth.getUTCDate());
  return beforeBirthday ? age - 1 : age;
}

/**
 * Where a prescription-only medicine comes from, said wherever one is shown: it is ordered against a prescription a
 * pharmacist verified (docs/domain.md#ordering-against-a-prescription).
 */
export const PRESCRIPTION_ROUTE =
  'Prescription only: add your prescription and a pharmacist will check it; once it is verified you can order this medicine up to the quantity prescribed.';

/** What an unknown age reads, wherever the shopper can add their date of birth on the spot. */
export const ADD_DOB_TO_BUY = 'Add your date of birth to buy this';

/** Why the shop asks for a date of birth, said in one line wherever it asks (docs/domain.md#safety). */
export const DOB_WHY = 'Some medicines have a minimum age by law; we check it before you buy.';

/**
 * The one wording of each reason a shopper cannot add or order a product, used by the catalog's safety answer, the
 * cart, sign-in's cart check and checkout alike. An unknown age is not a refusal: it asks for the date of birth.
 */
export function safetyBlockMessage(code: 'UNDER_AGE' | 'NO_DOB' | 'PRESCRIPTION_REQUIRED', minAge = 0): string {
  if (code === 'PRESCRIPTION_REQUIRED') return PRESCRIPTION_ROUTE;
  if (code === 'NO_DOB') return `${ADD_DOB_TO_BUY}: it is sold from age ${minAge}.`;
  return `You must be at least ${minAge} to buy this.`;
}
