import type { Product } from '@pharmacy/contracts';
import type { SessionUser } from '@pharmacy/session';

const norm = (s: string) => s.trim().toLowerCase();
/** "peanut" matches "peanut oil" and "NSAIDs" matches "nsaid": either name may be the longer one. */
const overlaps = (a: string, b: string) => {
  const x = norm(a).replace(/s$/, '');
  const y = norm(b).replace(/s$/, '');
  return x.length > 2 && y.length > 2 && (x.includes(y) || y.includes(x));
};
const matches = (mine: string[] | undefined, product: string[]) =>
  product.filter((p) => (mine ?? []).some((m) => overlaps(m, p)));

export interface SafetyWarnings {
  allergens: string[];
  conditions: string[];
  /** The product's minimum age when the user is younger, else null. */
  underAge: number | null;
}

export function ageOn(dob: string, today = new Date()): number | null {
  const birth = new Date(dob);
  if (Number.isNaN(birth.getTime())) return null;
  let age = today.getFullYear() - birth.getFullYear();
  const m = today.getMonth() - birth.getMonth();
  if (m < 0 || (m === 0 && today.getDate() < birth.getDate())) age--;
  return age;
}

/** ARCHITECTURE §5 safety: the signed-in user's allergies, health conditions and age against the product. */
export function safetyWarnings(user: SessionUser | null, product: Product, today = new Date()): SafetyWarnings {
  if (!user) return { allergens: [], conditions: [], underAge: null };
  const age = user.DOB ? ageOn(user.DOB, today) : null;
  return {
    allergens: matches(user.allergies, product.allergens),
    conditions: matches(user.healthConditions, product.contraindications),
    underAge: product.minAge > 0 && age !== null && age < product.minAge ? product.minAge : null,
  };
}

export const hasWarnings = (w: SafetyWarnings) => w.allergens.length > 0 || w.conditions.length > 0 || w.underAge !== null;
