import type { SafetyProfile } from '@pharmacy/contracts';
import type { QuoteLine } from './catalog-client';

const norm = (s: string) => s.trim().toLowerCase();
/** "Penicillin" matches "penicillin" and "penicillins"; very short words only match exactly. */
function matches(a: string, b: string): boolean {
  const x = norm(a);
  const y = norm(b);
  if (!x || !y) return false;
  if (x === y) return true;
  return Math.min(x.length, y.length) >= 4 && (x.includes(y) || y.includes(x));
}

/** Safety warnings for this user and product (ARCHITECTURE §5): ordering needs an acknowledgement. */
export function safetyWarnings(line: Pick<QuoteLine, 'allergens' | 'contraindications'>, profile: SafetyProfile | null): string[] {
  if (!profile) return [];
  const warnings: string[] = [];
  for (const allergen of line.allergens ?? []) {
    const hit = profile.allergies.find((a) => matches(a, allergen));
    if (hit) warnings.push(`Contains ${allergen}, which you listed as an allergy (${hit}).`);
  }
  for (const contra of line.contraindications ?? []) {
    const hit = profile.healthConditions.find((c) => matches(c, contra));
    if (hit) warnings.push(`Not recommended for people with ${contra}, which is in your health profile (${hit}).`);
  }
  return warnings;
}

/**
 * The catalog marks a quoted line unavailable for several reasons; only NOT_FOUND means the product is gone.
 * Too many for the stock or the per-order limit is a cap (see capFor), prescription-only a problem.
 */
export const isGone = (line: QuoteLine): boolean => line.reasonCode === 'NOT_FOUND';

/** Whole years between an ISO date of birth and now (UTC). */
export function ageOn(dob: string, now: Date): number | null {
  const d = new Date(dob);
  if (Number.isNaN(d.getTime())) return null;
  let age = now.getUTCFullYear() - d.getUTCFullYear();
  const beforeBirthday =
    now.getUTCMonth() < d.getUTCMonth() || (now.getUTCMonth() === d.getUTCMonth() && now.getUTCDate() < d.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

/**
 * Why this line cannot be ordered, or undefined when it can. `profile` is null for visitors (their age is
 * checked when they order, signed in).
 */
export function lineProblem(line: QuoteLine, profile: SafetyProfile | null, now: Date): string | undefined {
  if (isGone(line)) return line.reason || 'This product is no longer sold.';
  if (line.totalStock <= 0) return 'Out of stock.';
  if (line.requiresPrescription) {
    return 'Prescription only: this medicine cannot be ordered online. Please bring your prescription to the pharmacy.';
  }
  if (profile && line.minAge > 0) {
    if (!profile.DOB) return `You must be at least ${line.minAge} to buy this. Add your date of birth to your profile to continue.`;
    const age = ageOn(profile.DOB, now);
    if (age === null || age < line.minAge) return `You must be at least ${line.minAge} to buy this.`;
  }
  return undefined;
}

/** The most of this product one order may hold now, and the reason when it is below what was asked. */
export function capFor(line: QuoteLine): { max: number; reasonFor(requested: number): string | undefined } {
  const stock = isGone(line) ? 0 : Math.max(0, line.totalStock);
  const perOrder = line.maxPerOrder !== null && line.maxPerOrder > 0 ? line.maxPerOrder : Number.POSITIVE_INFINITY;
  const max = Math.min(stock, perOrder);
  return {
    max,
    reasonFor(requested) {
      if (requested <= max) return undefined;
      if (max === 0) return 'This product is out of stock.';
      if (perOrder <= stock) return `Limited to ${max} per order, so the quantity was set to ${max}.`;
      return `Only ${max} left in stock, so the quantity was set to ${max}.`;
    },
  };
}
