// The one phone rule of the shop: the profile's phone, a delivery address's phone, both services and both forms
// check numbers with phoneProblem and the market's PhoneRule, so a number saved in one place is never refused in
// the other (docs/domain.md#addresses).
import { ACCOUNT_LIMITS } from '../account.rules';
import type { PhoneRule } from './schema';

/** Written with spaces, dots, dashes or brackets; a + only in front. */
const WRITTEN = /^\+?[0-9 ().-]+$/;

/**
 * The national number (the digits after the trunk 0) a written number stands for, or null when it is not written
 * as a number of this market: "+44 20 7946 0958", "+44 (0)20 7946 0958", "0044 20 7946 0958" and "020 7946 0958"
 * are all 2079460958.
 */
export function nationalNumber(value: string, rule: PhoneRule): string | null {
  const v = value.trim();
  if (!WRITTEN.test(v)) return null;
  const digits = v.replace(/[^0-9]/g, '');
  const international = v.startsWith('+') ? digits : digits.startsWith('00') ? digits.slice(2) : null;
  if (international !== null) {
    if (!international.startsWith(rule.callingCode)) return null;
    const rest = international.slice(rule.callingCode.length);
    // "+44 (0)20…" (and "+44 020…"): the trunk 0 written after the calling code, which no national number starts with
    return rest.startsWith('0') ? rest.slice(1) : rest;
  }
  return digits.startsWith('0') ? digits.slice(1) : null;
}

/** The market's hint when the value is not one of its phone numbers; null when it is, or when it is left empty. */
export function phoneProblem(value: string, rule: PhoneRule): string | null {
  if (!value.trim()) return null; // optional in a profile; an address makes it required itself
  if (value.trim().length > ACCOUNT_LIMITS.phoneMax) return rule.hint;
  const national = nationalNumber(value, rule);
  const fits = national !== null && rule.ranges.some((r) => national.startsWith(r.prefix) && r.lengths.includes(national.length));
  return fits ? null : rule.hint;
}
