/**
 * Safety matching (docs/domain.md#safety): a shopper's profile terms and a product's facts are each read through the
 * knowledge table into concepts, and a warning arises where they meet. When in doubt it warns: a missed warning is
 * worse than an extra one, so a term the table does not know is still compared as text, and a long term one letter
 * away from a table name is read as that name (and reported as unrecognised, for the pharmacist).
 */
import { termsMatch, type SafetyWarning } from '@pharmacy/contracts';
import { ancestors, concept, editDistance, keyOf, lookupKey, allNames, words, type Concept, type ConceptKind, type NameHit } from './knowledge';

export type Domain = 'allergy' | 'condition';

const DOMAIN_KINDS: Record<Domain, ConceptKind[]> = {
  allergy: ['ingredient', 'class', 'excipient'],
  condition: ['condition'],
};

/** How a term was read: `exact` (a table name as written, give or take case, plurals and punctuation), `cleaned`
 * (after dropping a strength, a salt or words like "allergic to"), `part` (a table name inside a longer text),
 * `guess` (one letter away from a table name). Only exact and cleaned count as recognised. */
export type Reading = 'exact' | 'cleaned' | 'part' | 'guess';

export interface ResolvedTerm {
  /** As written. */
  term: string;
  hits: NameHit[];
  /** The concept keys of every hit, in the domain asked for. */
  concepts: string[];
  reading: Reading | null;
  recognised: boolean;
}

/* ---------------------------------------------------------------- reading a text */

// Strengths as products and people write them: "400mg", "5% w/w", "100mg/5ml", "1000 IU", "1450ppm", "30/500mg".
const STRENGTH =
  /\b\d+(?:[.,]\d+)?(?:\s*\/\s*\d+(?:[.,]\d+)?)?\s*(?:mg|mcg|µg|ug|micrograms?|g|grams?|ml|l|iu|units?|ppm|%)(?:\s*\/\s*\d*(?:[.,]\d+)?\s*(?:mg|g|ml|l|dose|spray|tablet))?(?:\s*w\/[wv])?/gi;
const SALTS = new Set(
  ['hydrochloride', 'dihydrochloride', 'hcl', 'maleate', 'phosphate', 'sulphate', 'sulfate', 'dipropionate', 'citrate', 'gluconate', 'digluconate',
    'bisglycinate', 'fumarate', 'acetate', 'butyrate', 'hydrobromide', 'tartrate', 'teoclate', 'sodium', 'potassium', 'monohydrate', 'anhydrous'].map(keyOf),
);
// Words around a term that say how, not what: "allergic to penicillin", "peanut allergy", "severe asthma".
const FILLER = new Set(
  ['allergy', 'allergic', 'allergies', 'intolerance', 'intolerant', 'sensitivity', 'reaction', 'reactions', 'to', 'of', 'the', 'i', 'am', 'have',
    'had', 'my', 'severe', 'mild', 'history', 'suffer', 'from', 'anaphylaxis', 'anaphylactic', 'diagnosed', 'with', 'a', 'an'].map(keyOf),
);

/** The main text and any text in brackets, each without strengths: "Adrenaline (epinephrine) 300mcg" -> Adrenaline, epinephrine. */
function readings(text: string): string[] {
  const inBrackets = [...text.matchAll(/\(([^)]*)\)/g)].map((m) => m[1]);
  const main = text.replace(/\([^)]*\)/g, ' ');
  return [main, ...inBrackets.flatMap((t) => t.split(/[,;]/))].map((t) => t.replace(STRENGTH, ' ').trim()).filter(Boolean);
}

function inDomain(hits: NameHit[], domain: Domain): NameHit[] {
  const kinds = DOMAIN_KINDS[domain];
  return hits
    .map((h) => ({ ...h, concepts: h.concepts.filter((k) => kinds.includes(concept(k).kind)) }))
    .filter((h) => h.concepts.length > 0);
}

/** Every table name inside the words, longest first, none overlapping ("penicillin and sulfa" -> penicillin, sulfa). */
function parts(ws: string[], domain: Domain): NameHit[] {
  const found: NameHit[] = [];
  const used = new Array<boolean>(ws.length).fill(false);
  for (let len = Math.min(ws.length - 1, 6); len >= 1; len--) {
    for (let start = 0; start + len <= ws.length; start++) {
      if (used.slice(start, start + len).some(Boolean)) continue;
      const key = ws.slice(start, start + len).join('');
      // Short fragments ("uc", "tb") are only trusted as a whole term, never inside a longer text.
      if (key.length < 4 || (len === 1 && (FILLER.has(key) || SALTS.has(key)))) continue;
      const hits = inDomain(lookupKey(key), domain);
      if (hits.length === 0) continue;
      found.push(...hits);
      for (let i = start; i < start + len; i++) used[i] = true;
    }
  }
  return found;
}

let guessKeys: string[] | null = null;
/** Table names one edit away from a key of 6 letters or more ("ibuprofan" -> ibuprofen). */
function guesses(key: string, domain: Domain): NameHit[] {
  if (key.length < 6 || /\d/.test(key)) return [];
  guessKeys ??= [...allNames()].map(([k]) => k).filter((k) => k.length >= 5);
  const found: NameHit[] = [];
  for (const k of guessKeys) if (editDistance(key, k) <= 1) found.push(...inDomain(lookupKey(k), domain));
  return found;
}

const resolved = new Map<string, ResolvedTerm>();
const RESOLVED_KEPT = 5000;

/** Reads a term (a profile entry, or a product's ingredient, allergen or contraindication) into table concepts. */
export function resolve(term: string, domain: Domain): ResolvedTerm {
  const cacheKey = `${domain}|${term}`;
  const cached = resolved.get(cacheKey);
  if (cached) return cached;
  const result = read(term, domain);
  if (resolved.size >= RESOLVED_KEPT) resolved.clear();
  resolved.set(cacheKey, result);
  return result;
}

function read(term: string, domain: Domain): ResolvedTerm {
  const done = (hits: NameHit[], reading: Reading | null): ResolvedTerm => ({
    term,
    hits,
    concepts: [...new Set(hits.flatMap((h) => h.concepts))],
    reading,
    recognised: reading === 'exact' || reading === 'cleaned',
  });
  const exact = inDomain(lookupKey(keyOf(term)), domain);
  if (exact.length) return done(exact, 'exact');

  // Without strengths, salts and filler words, each bracketed name on its own.
  const cleaned: NameHit[] = [];
  const texts = readings(term);
  for (const text of texts) {
    const ws = words(text).filter((w) => !FILLER.has(w));
    let hits = inDomain(lookupKey(ws.join('')), domain);
    if (!hits.length) hits = inDomain(lookupKey(ws.filter((w) => !SALTS.has(w)).join('')), domain);
    cleaned.push(...hits);
  }
  if (cleaned.length) return done(cleaned, 'cleaned');

  const inside = texts.flatMap((text) => parts(words(text), domain));
  if (inside.length) return done(inside, 'part');

  const guessed = texts.flatMap((text) => guesses(words(text).filter((w) => !FILLER.has(w)).join(''), domain));
  if (guessed.length) return done(guessed, 'guess');
  return done([], null);
}

/* ---------------------------------------------------------------- a product's concepts */

export interface ProductFacts {
  activeIngredients: readonly string[];
  allergens: readonly string[];
  contraindications: readonly string[];
}

/** Something in the product a profile term can match: a concept of the table, or a text the table does not know. */
interface Item {
  /** Null for a text the table does not know. */
  key: string | null;
  /** As the product names it, without the strength ("acetylsalicylic acid", "peptic ulcer"). */
  productTerm: string;
  /** Conditions the table adds: the ingredients that bring it. */
  because: string[];
}

export interface ProductConcepts {
  allergy: Item[];
  condition: Item[];
}

const productTermOf = (text: string) => readings(text)[0] ?? text.trim();

/**
 * Keyed by the texts matched, not by the product object: the read model hands out a new object whenever a product's
 * stock moves (each purchase), and a cache by identity missed on nearly every quote. Cleared when it grows past the
 * catalogue's size many times over (texts edited again and again).
 */
const conceptCache = new Map<string, ProductConcepts>();
const CONCEPT_CACHE_MAX = 50_000;
const conceptKey = (p: ProductFacts) => `${p.activeIngredients.join('\u0001')}\u0002${p.allergens.join('\u0001')}\u0002${p.contraindications.join('\u0001')}`;

/**
 * What a product holds for matching: its ingredients, then the allergens it lists that its ingredients do not
 * already account for (an aspirin product listing "salicylates, NSAIDs" holds aspirin once), then its
 * contraindications with the conditions the table gives for its ingredients.
 */
export function productConcepts(product: ProductFacts): ProductConcepts {
  const cacheKey = conceptKey(product);
  const cached = conceptCache.get(cacheKey);
  if (cached) return cached;
  const allergy: Item[] = [];
  const covered = new Set<string>();
  const cover = (key: string) => {
    covered.add(key);
    for (const a of ancestors(key)) covered.add(a);
    for (const c of concept(key).carries) {
      covered.add(c);
      for (const a of ancestors(c)) covered.add(a);
    }
  };
  for (const text of product.activeIngredients) {
    const r = resolve(text, 'allergy');
    if (r.concepts.length === 0) allergy.push({ key: null, productTerm: productTermOf(text), because: [] });
    for (const key of r.concepts) {
      if (allergy.some((i) => i.key === key)) continue;
      allergy.push({ key, productTerm: productTermOf(text), because: [] });
      cover(key);
    }
  }
  for (const text of product.allergens) {
    const r = resolve(text, 'allergy');
    if (r.concepts.length === 0) allergy.push({ key: null, productTerm: productTermOf(text), because: [] });
    for (const key of r.concepts) {
      if (covered.has(key)) continue;
      allergy.push({ key, productTerm: productTermOf(text), because: [] });
      cover(key);
    }
  }

  const condition: Item[] = [];
  for (const text of product.contraindications) {
    const r = resolve(text, 'condition');
    if (r.concepts.length === 0) condition.push({ key: null, productTerm: productTermOf(text), because: [] });
    for (const key of r.concepts) if (!condition.some((i) => i.key === key)) condition.push({ key, productTerm: productTermOf(text), because: [] });
  }
  for (const item of allergy) {
    if (!item.key) continue;
    for (const key of concept(item.key).conditions) {
      const listed = condition.find((i) => i.key === key);
      if (listed) {
        // The product already names it; the ingredient is kept only when it is the table that adds the condition.
        if (listed.because.length) listed.because.push(item.productTerm);
        continue;
      }
      condition.push({ key, productTerm: lower(concept(key).name), because: [item.productTerm] });
    }
  }
  const result = { allergy, condition };
  if (conceptCache.size >= CONCEPT_CACHE_MAX) conceptCache.clear();
  conceptCache.set(cacheKey, result);
  return result;
}

/* ---------------------------------------------------------------- warnings */

/** "Ibuprofen" -> "ibuprofen" in a sentence; names that start with two capitals (NSAIDs, E45) or are proper keep theirs. */
function lower(text: string): string {
  if (/^[A-Z][A-Z0-9]/.test(text) || /^(Crohn|Graves|Night Nurse|Vicks)/.test(text)) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

const noArticle = (member: string) => member.replace(/^(a|an) /, '');
const sameWords = (a: string, b: string) => keyOf(a) === keyOf(b);

/** The profile term as written, and when the table read it as something else, how ("Nurofen (a brand of ibuprofen)"). */
function profileSide(r: ResolvedTerm, key: string): { text: string; via?: string } {
  const target = concept(key);
  const hit = r.hits.find((h) => h.concepts.includes(key));
  const name = lower(target.name);
  if (!hit || r.reading === 'part') return sameWords(r.term, target.name) ? { text: r.term } : { text: `${r.term} (which names ${name})`, via: `${r.term} names ${name}` };
  if (r.reading === 'guess' || hit.role === 'misspelling') return { text: `${r.term} (read as ${name})`, via: `read as ${name}` };
  if (hit.combination) return { text: `${r.term} (which contains ${name})`, via: `${hit.combination} contains ${name}` };
  if (hit.role === 'brand') return { text: `${r.term} (a brand of ${name})`, via: `the brand ${hit.label}` };
  if (hit.role === 'synonym' && !sameWords(r.term, target.name)) return { text: `${r.term} (another name for ${name})`, via: `another name for ${name}` };
  return { text: r.term };
}

/** The product side in words: its own name, with the table's when they differ ("acetylsalicylic acid (aspirin)"). */
function productSide(item: Item): string {
  const own = lower(item.productTerm);
  if (!item.key) return own;
  const name = lower(concept(item.key).name);
  return sameWords(own, name) || keyOf(own).includes(keyOf(name)) ? own : `${own} (${name})`;
}

/** The class both belong to that makes an allergy to one an allergy to the other (NSAIDs, penicillins…). */
function sharedCrossReactiveClass(a: string, b: string): Concept | null {
  const up = (k: string) => (concept(k).kind === 'class' ? new Set([k, ...ancestors(k)]) : ancestors(k));
  const theirs = up(b);
  for (const k of up(a)) {
    const c = concept(k);
    if (c.kind === 'class' && c.crossReactive && theirs.has(k)) return c;
  }
  return null;
}

function allergyWarning(item: Item & { key: string }, r: ResolvedTerm, profileKey: string): SafetyWarning | null {
  const p = concept(item.key);
  const q = concept(profileKey);
  const product = productSide(item);
  const base = { kind: 'allergy' as const, productTerm: item.productTerm, profileTerm: r.term };
  const you = profileSide(r, profileKey);
  if (p.key === q.key) {
    return { ...base, ...(you.via ? { via: you.via } : {}), message: `Contains ${product}; you told us you are allergic to ${you.text}.` };
  }
  if (q.kind === 'class' && ancestors(p.key).has(q.key)) {
    const member = q.member ?? `one of the ${lower(q.name)}`;
    return { ...base, via: you.via ? `${member} (${you.via})` : member, message: `Contains ${product}, ${member}; you told us you are allergic to ${you.text}.` };
  }
  if (q.kind === 'excipient' && (p.carries.includes(q.key) || ancestors(p.key).has(q.key) || p.carries.some((c) => ancestors(c).has(q.key)))) {
    const source = lower(q.name);
    return { ...base, via: `made from ${source}`, message: `Contains ${product}, which comes from ${source}; you told us you are allergic to ${you.text}.` };
  }
  if (p.kind === 'excipient' && ancestors(q.key).has(p.key)) {
    return { ...base, via: `${lower(q.name)} comes from ${lower(p.name)}`, message: `Contains ${product}; you told us you are allergic to ${you.text}, which comes from ${lower(p.name)}.` };
  }
  const shared = sharedCrossReactiveClass(p.key, q.key);
  if (shared) {
    const kind = noArticle(shared.member ?? shared.name);
    const like = p.kind === 'class' ? `${product}` : `${product}, ${shared.member} like ${lower(q.name)}`;
    return {
      ...base,
      via: p.kind === 'class' ? `${lower(q.name)} is ${shared.member}` : `${shared.member}, like ${lower(q.name)}`,
      message: `Contains ${like}; you told us you are allergic to ${you.text}, and people allergic to one ${kind} often react to others.`,
    };
  }
  return null;
}

function conditionLabel(c: Concept): string {
  const name = lower(c.name);
  return c.clinical && !sameWords(c.clinical, c.name) ? `${name} (${c.clinical})` : name;
}

function conditionWarning(item: Item & { key: string }, r: ResolvedTerm, profileKey: string): SafetyWarning | null {
  const p = concept(item.key);
  const q = concept(profileKey);
  const base = { kind: 'condition' as const, productTerm: item.productTerm, profileTerm: r.term };
  const cause = item.because.length ? ` It contains ${joinWords([...new Set(item.because.map(lower))])}.` : '';
  const causeVia = item.because.length ? `contains ${joinWords([...new Set(item.because.map(lower))])}` : undefined;
  const via = (...parts: Array<string | undefined>) => {
    const said = parts.filter(Boolean).join('; ');
    return said ? { via: said } : {};
  };
  const written = sameWords(r.term, q.name) || (q.clinical !== undefined && sameWords(r.term, q.clinical)) ? '' : ` as "${r.term}"`;
  if (p.key === q.key) {
    const you = profileSide(r, profileKey);
    return { ...base, ...via(you.via ?? (written ? `another name for ${lower(q.name)}` : undefined), causeVia), message: `Not advised with ${conditionLabel(p)}, which is in your health profile${written}.${cause}` };
  }
  if (ancestors(p.key).has(q.key)) {
    const kind = `a kind of ${lower(q.name)}`;
    return { ...base, ...via(kind, causeVia), message: `Not advised with ${conditionLabel(p)}, ${kind}, which is in your health profile${written}.${cause}` };
  }
  if (ancestors(q.key).has(p.key)) {
    return {
      ...base,
      ...via(`${lower(q.name)} is one of these`, causeVia),
      message: `Not advised with ${conditionLabel(p)}; your health profile lists ${r.term}, which is one of these.${cause}`,
    };
  }
  return null;
}

function joinWords(list: string[]): string {
  return list.length <= 1 ? list.join('') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

/**
 * Words compared as text (the old rule: a shared word of 3+ letters either way): a profile term the table cannot
 * read (or only guessed) against what the product says, and any profile term against a product text the table does
 * not know.
 */
function textWarning(kind: Domain, item: Item, r: ResolvedTerm): SafetyWarning | null {
  const theirs = item.key ? [item.productTerm, concept(item.key).name] : [item.productTerm];
  const ours = item.key ? [r.term] : [r.term, ...r.concepts.map((k) => concept(k).name)];
  if (!theirs.some((t) => ours.some((o) => termsMatch(o, t)))) return null;
  const product = lower(item.productTerm);
  const base = { kind, productTerm: item.productTerm, profileTerm: r.term, via: 'the names match' };
  return kind === 'allergy'
    ? { ...base, message: `Contains ${product}; you told us you are allergic to ${r.term}.` }
    : { ...base, message: `Not advised with ${product}; your health profile lists ${r.term}.` };
}

export interface HealthTerms {
  allergies: readonly string[];
  healthConditions: readonly string[];
}

/**
 * The product's warnings for these profile terms: one per thing in the product and profile term (an aspirin product
 * warns an NSAID allergy once, not once for aspirin and again for the "NSAIDs" on its label).
 */
export function warningsFor(product: ProductFacts, profile: HealthTerms): SafetyWarning[] {
  const held = productConcepts(product);
  const out: SafetyWarning[] = [];
  const check = (domain: Domain, terms: readonly string[], items: Item[]) => {
    for (const term of terms) {
      const r = resolve(term, domain);
      for (const item of items) {
        let warning: SafetyWarning | null = null;
        if (item.key) {
          const key = item.key;
          for (const q of r.concepts) {
            warning = domain === 'allergy' ? allergyWarning({ ...item, key }, r, q) : conditionWarning({ ...item, key }, r, q);
            if (warning) break;
          }
        }
        // Read only in part, by a guess or not at all, or a product text the table does not know: the words count.
        if (!warning && (!r.recognised || !item.key)) warning = textWarning(domain, item, r);
        if (warning) out.push(warning);
      }
    }
  };
  check('allergy', profile.allergies, held.allergy);
  check('condition', profile.healthConditions, held.condition);
  return out;
}

/** The profile's terms the table does not recognise (kept as text and flagged for the pharmacist). */
export function unrecognisedTerms(profile: HealthTerms): string[] {
  return [
    ...profile.allergies.filter((t) => !resolve(t, 'allergy').recognised),
    ...profile.healthConditions.filter((t) => !resolve(t, 'condition').recognised),
  ];
}
