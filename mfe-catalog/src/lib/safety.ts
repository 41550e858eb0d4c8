import { hasSafetyWarnings, safetyMatch, type Product, type SafetyMatch } from '@pharmacy/contracts';
import type { SessionUser } from '@pharmacy/session';

/** What the product page warns a signed-in user about; the same rules decide what checkout asks them to confirm. */
export type SafetyWarnings = SafetyMatch;

export function safetyWarnings(user: SessionUser | null, product: Product, today = new Date()): SafetyWarnings {
  return safetyMatch(user, product, today);
}

export const hasWarnings = hasSafetyWarnings;
