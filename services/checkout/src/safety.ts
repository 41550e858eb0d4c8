import { CheckoutErrorCodes, safetyBlockMessage, type CartCapped, type SafetyBlock, type SafetyBlockCode } from '@pharmacy/contracts';
import type { QuoteLine } from './clients/catalog';

/**
 * The catalog marks a quoted line unavailable for several reasons; only NOT_FOUND means the product is gone.
 * Too many for the stock or the per-order limit is a cap (see capFor), prescription-only and age are problems.
 */
export const isGone = (line: QuoteLine): boolean => line.reasonCode === 'NOT_FOUND';

/**
 * The catalog's age answer for the quoted profile (docs/domain.md#safety): only a quote made with a profile can
 * carry it, so a visitor's line never does. The words are the ones the product page shows.
 */
export function ageBlock(line: QuoteLine): SafetyBlock | undefined {
  if (line.reasonCode === 'UNDER_AGE' || line.reasonCode === 'NO_DOB') return { code: line.reasonCode, message: safetyBlockMessage(line.reasonCode, line.minAge) };
  return undefined;
}

export interface LineProblem {
  message: string;
  /** The error code an order refused for it carries (age has its own, so clients can point to the profile). */
  code?: typeof CheckoutErrorCodes.AGE_RESTRICTED;
  /** The safety block it is, if it is one (a cart line carries it as `problemCode`). */
  block?: SafetyBlockCode;
}

/**
 * Why this line cannot be ordered, or undefined when it can. A prescription medicine's answer is the shopper's
 * prescriptions', not the catalog's (prescriptions/supply.ts coverageOf).
 */
export function lineProblem(line: QuoteLine): LineProblem | undefined {
  if (isGone(line)) return { message: line.reason || 'This product is no longer sold.' };
  if (line.totalStock <= 0) return { message: 'Out of stock.' };
  const age = ageBlock(line);
  if (age) return { message: age.message, code: CheckoutErrorCodes.AGE_RESTRICTED, block: age.code };
  return undefined;
}

/**
 * A controlled drug or a medicine kept in the fridge is handed over at the pharmacy, never posted: an order holding
 * one is click and collect only (docs/domain.md#controlled-and-refrigerated-medicines).
 */
export const collectOnly = (line: Pick<QuoteLine, 'controlled' | 'refrigerated'>): boolean => line.controlled === true || line.refrigerated === true;

/** The catalog's warnings for the quoted shopper, as the messages a cart line and an order item keep. */
export const warningMessages = (line: QuoteLine): string[] => (line.warnings ?? []).map((w) => w.message);

/**
 * The most of this product one order may hold now (a prescription medicine: also what the shopper's prescription has
 * left); for a larger quantity, what was lowered and why, as fields and in words.
 */
export function capFor(line: QuoteLine, prescriptionLeft = Number.POSITIVE_INFINITY): {
  max: number;
  cappedAt(requested: number): CartCapped | undefined;
  reasonFor(requested: number): string | undefined;
} {
  const stock = isGone(line) ? 0 : Math.max(0, line.totalStock);
  const perOrder = line.maxPerOrder !== null && line.maxPerOrder > 0 ? line.maxPerOrder : Number.POSITIVE_INFINITY;
  const max = Math.min(stock, perOrder, prescriptionLeft);
  const reason: CartCapped['reason'] = max === 0 ? 'stock' : prescriptionLeft === max && prescriptionLeft < stock ? 'prescription' : perOrder <= stock ? 'maxPerOrder' : 'stock';
  const cappedAt = (requested: number): CartCapped | undefined => (requested <= max ? undefined : { requested, allowed: max, reason });
  return {
    max,
    cappedAt,
    reasonFor(requested) {
      const capped = cappedAt(requested);
      if (!capped) return undefined;
      if (max === 0) return 'This product is out of stock.';
      if (capped.reason === 'maxPerOrder') return `Limited to ${max} per order, so the quantity was set to ${max}.`;
      if (capped.reason === 'prescription') return `Your prescription has ${max} left, so the quantity was set to ${max}.`;
      return `Only ${max} left in stock, so the quantity was set to ${max}.`;
    },
  };
}
