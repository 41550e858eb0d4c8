import { CatalogRoutes, pathTo, type SafetyRecognition, type SafetyTerm } from '@pharmacy/contracts';
import { api, apiList, unwrap } from '@pharmacy/session';
import type { ComboboxSuggestion } from '@pharmacy/ui';

/** Which list a term goes on: the catalog suggests ingredients, classes and excipients for one, conditions for the other. */
export type TermsFor = 'allergy' | 'condition';

// The catalog's knowledge table (docs/product.md#shopper-account): public calls, nothing about the shopper is kept.
/** The catalog refuses longer queries; a longer text cannot name a term anyway. */
const QUERY_MAX = 80;
const SUGGESTIONS = 8;
/** The recognise call takes at most this many terms (a profile holds at most 30 of each kind). */
const RECOGNISE_MAX = 60;

/** "NSAID; brands Nurofen, Advil · matches Nurofen": the hint, and the name typed when it is not the term itself. */
export function termDescription(t: SafetyTerm): string | undefined {
  const matched = t.matched && t.matched.toLowerCase() !== t.term.toLowerCase() ? `matches ${t.matched}` : null;
  return [t.hint, matched].filter(Boolean).join(' · ') || undefined;
}

/** The catalog's safety-term calls the health profile makes; `accountQueries` (../queries.ts) reads through them. */
export const termsApi = {
  suggest: async (kind: TermsFor, query: string, signal: AbortSignal): Promise<ComboboxSuggestion[]> => {
    const { items } = await apiList.get<SafetyTerm>(pathTo(CatalogRoutes.safety.terms), { query: { q: query.slice(0, QUERY_MAX), for: kind, limit: SUGGESTIONS }, signal });
    return items.filter((t) => typeof t?.term === 'string' && t.term.trim()).map((t) => ({ value: t.term, description: termDescription(t) }));
  },
  /** Only well-formed answers count: an answer this build cannot read marks nothing rather than breaking the page. */
  recognise: async (terms: string[], signal: AbortSignal): Promise<SafetyRecognition[]> => {
    const data: unknown = unwrap(await api.post<SafetyRecognition[]>(pathTo(CatalogRoutes.safety.recognise), { terms: terms.slice(0, RECOGNISE_MAX) }, { signal }));
    if (!Array.isArray(data)) return [];
    return data.filter((a): a is SafetyRecognition => typeof a?.term === 'string' && typeof a?.recognised === 'boolean');
  },
};
