/**
 * Typeahead suggestions and recognition of profile terms from the knowledge table: what a shopper types into their
 * allergies or conditions is offered as the table's name ("nurofen" -> Ibuprofen, "high bp" -> High blood pressure),
 * aware of prefixes, other names, brands and misspellings.
 */
import type { SafetyRecognition, SafetyTerm, SafetyTermKind } from '@pharmacy/contracts';
import { allNames, concept, editDistance, keyOf, membersOf, words, type Concept, type NameHit } from './knowledge';
import { resolve, type Domain } from './match';

const noArticle = (member: string) => member.replace(/^(a|an) /, '');

function hintFor(c: Concept): string | undefined {
  switch (c.kind) {
    case 'ingredient': {
      const classes = c.parents.map((k) => noArticle(concept(k).member ?? concept(k).name));
      const brands = c.brands.length ? `brands ${c.brands.slice(0, 3).join(', ')}` : '';
      return [classes.join(', '), brands].filter(Boolean).join('; ') || undefined;
    }
    case 'class': {
      const members = membersOf(c.key).slice(0, 3).map((m) => m.name.toLowerCase());
      return members.length ? `for example ${members.join(', ')}` : undefined;
    }
    case 'condition':
      return c.clinical ?? (c.names.length ? `also ${c.names.slice(0, 2).join(', ')}` : undefined);
    default:
      return c.names.length ? `also ${c.names.slice(0, 2).join(', ')}` : undefined;
  }
}

interface Candidate {
  term: string;
  kind: SafetyTermKind;
  hint?: string;
  /** Lower ranks first: exact, the name's start, another name's start, a word's start, one letter off. */
  rank: number;
  matched?: string;
}

/** What a name stands for as a suggestion: one concept, or a combination offered as itself ("Co-codamol"). */
function suggestionsOf(hit: NameHit, domain: Domain): Array<Omit<Candidate, 'rank'>> {
  if (hit.combination) {
    if (domain !== 'allergy') return [];
    const parts = hit.concepts.map((k) => concept(k).name.toLowerCase());
    return [{ term: hit.combination, kind: 'ingredient', hint: `contains ${parts.join(', ')}`, matched: hit.label === hit.combination ? undefined : hit.label }];
  }
  return hit.concepts
    .map((k) => concept(k))
    .filter((c) => (domain === 'condition' ? c.kind === 'condition' : c.kind !== 'condition'))
    .map((c) => ({ term: c.name, kind: c.kind, hint: hintFor(c), matched: keyOf(hit.label) === keyOf(c.name) ? undefined : hit.label }));
}

/** Every table name with its words, read once: typeahead compares against them on each new question. */
let searchable: Array<{ key: string; phrase: string; hit: NameHit }> | null = null;
const names = () =>
  (searchable ??= [...allNames()].flatMap(([key, hits]) => hits.map((hit) => ({ key, phrase: ` ${words(hit.label).join(' ')}`, hit }))));

const cache = new Map<string, SafetyTerm[]>();
const CACHE_KEPT = 2000;

/** Up to `limit` suggestions for what has been typed so far; the same object for the same question (cached). */
export function suggestTerms(q: string, domain: Domain, limit: number): SafetyTerm[] {
  const typed = words(q);
  const key = typed.join('');
  const cacheKey = `${domain}|${typed.join(' ')}|${limit}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const best = new Map<string, Candidate>();
  if (key) {
    const phrase = ` ${typed.join(' ')}`;
    for (const { key: nameKey, phrase: nameWords, hit } of names()) {
      let rank: number | null = null;
      if (nameKey === key) rank = 0;
      else if (nameKey.startsWith(key)) rank = hit.role === 'name' ? 1 : 2;
      else if (nameWords.includes(phrase)) rank = 3;
      else if (key.length >= 4 && editDistance(key, nameKey.slice(0, key.length)) <= 1) rank = 4;
      if (rank === null) continue;
      if (hit.role === 'misspelling' && rank > 0) rank = Math.max(rank, 2);
      for (const s of suggestionsOf(hit, domain)) {
        const id = `${s.kind}|${s.term}`;
        const known = best.get(id);
        if (!known || rank < known.rank || (rank === known.rank && !s.matched && known.matched)) best.set(id, { ...s, rank });
      }
    }
  }
  const list = [...best.values()]
    // The closest completion of what was typed first: the shorter name that matched ("hypert" -> hypertension).
    .sort((a, b) => a.rank - b.rank || (a.matched ?? a.term).length - (b.matched ?? b.term).length || a.term.localeCompare(b.term))
    .slice(0, limit)
    .map(({ rank: _rank, ...term }) => term);
  if (cache.size >= CACHE_KEPT) cache.clear();
  cache.set(cacheKey, list);
  return list;
}

/** Which profile terms the table knows (as an allergy or as a condition), with its name for them. */
export function recogniseTerms(terms: readonly string[]): SafetyRecognition[] {
  return terms.map((term) => {
    for (const domain of ['allergy', 'condition'] as const) {
      const r = resolve(term, domain);
      if (!r.recognised) continue;
      const combination = r.hits.find((h) => h.combination)?.combination;
      return { term, recognised: true, canonical: combination ?? concept(r.concepts[0]).name };
    }
    return { term, recognised: false };
  });
}
