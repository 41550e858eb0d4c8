/**
 * The safety rules (docs/domain.md#safety), written once for the product page, the cart and the server's order checks, so that
 * what a shopper is warned about on the page is exactly what checkout asks them to acknowledge.
 */
export interface HealthProfile {
  allergies?: readonly string[] | null;
  healthConditions?: readonly string[] | null;
  /** ISO date of birth. */
  DOB?: string | null;
}

export interface SafetyFacts {
  allergens: readonly string[];
  contraindications: readonly string[];
  /** An allergy to a medicine's active ingredient is an allergy to the medicine ("ibuprofen" vs "Ibuprofen 400mg"). */
  activeIngredients?: readonly string[];
  minAge?: number;
}

export interface SafetyMatch {
  /** The product's allergens and active ingredients the person is allergic to. */
  allergens: string[];
  /** The product's contraindications found in the person's health conditions. */
  conditions: string[];
  /** The product's minimum age when the person is younger, else null. */
  underAge: number | null;
}

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

export function safetyMatch(profile: HealthProfile | null | undefined, product: SafetyFacts, now: Date = new Date()): SafetyMatch {
  if (!profile) return { allergens: [], conditions: [], underAge: null };
  const allergies = profile.allergies ?? [];
  const conditions = profile.healthConditions ?? [];
  const hitAllergens = [...product.allergens, ...(product.activeIngredients ?? [])].filter((item) => allergies.some((a) => termsMatch(a, item)));
  const age = profile.DOB ? ageOn(profile.DOB, now) : null;
  return {
    allergens: [...new Set(hitAllergens)],
    conditions: product.contraindications.filter((c) => conditions.some((h) => termsMatch(h, c))),
    underAge: product.minAge && product.minAge > 0 && age !== null && age < product.minAge ? product.minAge : null,
  };
}

export const hasSafetyWarnings = (m: SafetyMatch): boolean => m.allergens.length > 0 || m.conditions.length > 0 || m.underAge !== null;

/** Where a prescription-only medicine comes from, said wherever one is shown: it never reaches an online order. */
export const PRESCRIPTION_ROUTE =
  'Prescription only: this medicine cannot be ordered online. Ask your doctor or prescriber for a prescription and bring it to the pharmacy, where a pharmacist will dispense it.';

/**
 * The one wording of each reason a shopper cannot add or order a product, used by the catalog's safety answer, the
 * cart, sign-in's cart check and checkout alike.
 */
export function safetyBlockMessage(code: 'UNDER_AGE' | 'NO_DOB' | 'PRESCRIPTION_REQUIRED', minAge = 0): string {
  if (code === 'PRESCRIPTION_REQUIRED') return PRESCRIPTION_ROUTE;
  if (code === 'NO_DOB') return `You must be at least ${minAge} to buy this. Add your date of birth to your profile to continue.`;
  return `You must be at least ${minAge} to buy this.`;
}
