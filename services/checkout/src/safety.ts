import { ageOn, safetyMatch, termsMatch, type CartCapped, type SafetyProfile } from '@pharmacy/contracts';
import type { QuoteLine } from './catalog-client';

/**
 * Safety warnings for this user and product (docs/domain.md#safety), by the same rules the product page uses:
 * ordering needs an acknowledgement.
 */
export function safetyWarnings(
  line: Pick<QuoteLine, 'allergens' | 'contraindications' | 'activeIngredients'>,
  profile: SafetyProfile | null,
): string[] {
  if (!profile) return [];
  const match = safetyMatch(profile, line);
  const because = (list: readonly string[], item: string) => list.find((x) => termsMatch(x, item)) ?? item;
  return [
    ...match.allergens.map((a) => `Contains ${a}, which you listed as an allergy (${because(profile.allergies, a)}).`),
    ...match.conditions.map((c) => `Not recommended for people with ${c}, which is in your health profile (${because(profile.healthConditions, c)}).`),
  ];
}

/**
 * The catalog marks a quoted line unavailable for several reasons; only NOT_FOUND means the product is gone.
 * Too many for the stock or the per-order limit is a cap (see capFor), prescription-only a problem.
 */
export const isGone = (line: QuoteLine): boolean => line.reasonCode === 'NOT_FOUND';

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

/** The most of this product one order may hold now; for a larger quantity, what was lowered and why, as fields and in words. */
export function capFor(line: QuoteLine): {
  max: number;
  cappedAt(requested: number): CartCapped | undefined;
  reasonFor(requested: number): string | undefined;
} {
  const stock = isGone(line) ? 0 : Math.max(0, line.totalStock);
  const perOrder = line.maxPerOrder !== null && line.maxPerOrder > 0 ? line.maxPerOrder : Number.POSITIVE_INFINITY;
  const max = Math.min(stock, perOrder);
  const cappedAt = (requested: number): CartCapped | undefined =>
    requested <= max ? undefined : { requested, allowed: max, reason: max > 0 && perOrder <= stock ? 'maxPerOrder' : 'stock' };
  return {
    max,
    cappedAt,
    reasonFor(requested) {
      const capped = cappedAt(requested);
      if (!capped) return undefined;
      if (max === 0) return 'This product is out of stock.';
      if (capped.reason === 'maxPerOrder') return `Limited to ${max} per order, so the quantity was set to ${max}.`;
      return `Only ${max} left in stock, so the quantity was set to ${max}.`;
    },
  };
}
