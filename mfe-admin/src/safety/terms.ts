/** The longest and most terms the catalog's recognise call takes (SafetyRecogniseBody). */
const TERM_MAX = 80;
const TERMS_MAX = 60;

/** How a term is looked up in an answer: the table ignores case and surrounding spaces. */
export const termKey = (term: string): string => term.trim().toLowerCase();

/**
 * The profile terms worth asking about: trimmed, once each, within the call's limits. A term longer than the call
 * takes cannot be a name the table knows, so it is left out and shown as not recognised.
 */
export function termsToCheck(terms: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of terms) {
    const term = raw.trim();
    const key = termKey(term);
    if (!term || term.length > TERM_MAX || seen.has(key)) continue;
    seen.add(key);
    out.push(term);
  }
  return out.slice(0, TERMS_MAX);
}
