import {
  calendarDayIn,
  marketFor,
  PRESCRIPTION_REFUSALS,
  prescriptionUsableOn,
  type MarketCode,
  type PrescriptionItem,
  type PrescriptionRefusalCode,
  type PrescriptionStanding,
  type PrescriptionStatus,
} from '@pharmacy/contracts';

/** The stored fields a standing is worked out from (docs/domain.md#prescriptions). */
export interface StandingFacts {
  status: PrescriptionStatus;
  writtenOn?: string;
  items: Pick<PrescriptionItem, 'quantityLeft' | 'repeatsAllowed' | 'repeatsUsed'>[];
}

/**
 * What a shopper can do with a prescription on `today` (the shop's date, YYYY-MM-DD). The ONE place this is decided:
 * cart add, order create, My prescriptions and the pharmacist's queue all ask it.
 */
export function prescriptionStanding(p: StandingFacts, today: string): PrescriptionStanding {
  if (p.status !== 'verified') return p.status;
  if (!p.writtenOn || !prescriptionUsableOn(p.writtenOn, today)) return 'expired';
  const usedUp = p.items.length > 0 && p.items.every((i) => i.quantityLeft === 0 && i.repeatsUsed >= i.repeatsAllowed);
  return usedUp ? 'used_up' : 'verified';
}

/** The refusal a standing other than verified carries, as its code (the words are PRESCRIPTION_REFUSALS[code]). */
export const STANDING_REFUSALS: Record<Exclude<PrescriptionStanding, 'verified'>, PrescriptionRefusalCode> = {
  awaiting_check: 'PRESCRIPTION_AWAITING_CHECK',
  rejected: 'PRESCRIPTION_REJECTED',
  expired: 'PRESCRIPTION_EXPIRED',
  used_up: 'PRESCRIPTION_USED_UP',
};

/** The words a shopper reads for why a prescription of this standing cannot be used, or undefined when it can. */
export const standingRefusal = (standing: PrescriptionStanding): string | undefined =>
  standing === 'verified' ? undefined : PRESCRIPTION_REFUSALS[STANDING_REFUSALS[standing]];

// Prescriptions are dated by the calendar where the pharmacy stands, not by UTC: at 00:30 BST a prescription whose
// last day was "yesterday" in UTC is still usable, and one that expired at midnight is not.
/** The shop's date (YYYY-MM-DD) at `now` in the market's time zone. */
export const shopToday = (now: Date, market: MarketCode): string => calendarDayIn(marketFor(market).timeZone, now);
