/**
 * The knowledge table (table.ts) indexed for matching: every concept (ingredient, class, excipient, condition) under
 * one key, every name a person may write under its normalised form, and each concept's ancestors (an ingredient's
 * classes and what it carries, a condition's broader conditions). Built once when the module loads.
 */
import { CLASSES, COMBINATIONS, CONDITIONS, EXCIPIENTS, INGREDIENTS } from './table';

export type ConceptKind = 'ingredient' | 'class' | 'excipient' | 'condition';

export interface Concept {
  key: string;
  kind: ConceptKind;
  name: string;
  /** Conditions: the clinical name shown beside the everyday one. */
  clinical?: string;
  /** Classes: one member in words ("an NSAID"). */
  member?: string;
  crossReactive?: boolean;
  /** Direct parents: an ingredient's classes, an excipient's or condition's broader ones, a class's parent classes. */
  parents: string[];
  /** Ingredients: the allergens (excipients) it carries. */
  carries: string[];
  /** Ingredients: the conditions it is not advised with. */
  conditions: string[];
  brands: string[];
  /** Other names, for hints. */
  names: string[];
}

/** How a written name reaches its concepts. */
export type NameRole = 'name' | 'synonym' | 'brand' | 'misspelling' | 'combination';

export interface NameHit {
  /** The name as the table writes it. */
  label: string;
  role: NameRole;
  /** Concept keys it stands for (a combination stands for each of its parts). */
  concepts: string[];
  /** A combination's own name, when the hit came through one. */
  combination?: string;
}

/* ---------------------------------------------------------------- normalising */

const FOLD: Record<string, string> = { æ: 'ae', œ: 'oe', ß: 'ss', ø: 'o', ł: 'l' };

/** One word singular: "nsaids" -> "nsaid", "allergies" -> "allergy", "rashes" -> "rash"; "us"/"is"/"ss" endings are kept. */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is|ys)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Words of a name, compared alike whatever the case, accents, plurals, punctuation and hyphens ("Co-Codamol's" -> co codamol). */
export function words(text: string): string[] {
  const folded = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[æœßøł]/g, (c) => FOLD[c])
    .replace(/['’]s\b/g, '')
    .replace(/&/g, ' and ');
  return folded
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map(singular);
}

/** The lookup key: the words run together, so spaces and hyphens never matter ("co codamol" = "cocodamol"). */
export const keyOf = (text: string): string => words(text).join('');

/* ---------------------------------------------------------------- the index */

const concepts = new Map<string, Concept>();
const names = new Map<string, NameHit[]>();

const conceptKey = (kind: ConceptKind, id: string) => `${kind}:${id}`;

function addName(label: string, hit: Omit<NameHit, 'label'>): void {
  const key = keyOf(label);
  if (!key) return;
  const list = names.get(key) ?? [];
  // The same label for the same concepts once (a name listed twice, or as both a name and a brand).
  if (!list.some((h) => h.concepts.join() === hit.concepts.join())) list.push({ label, ...hit });
  names.set(key, list);
}

function addConcept(concept: Concept, entry: { name: string; names?: string[]; misspellings?: string[]; brands?: string[] }): void {
  if (concepts.has(concept.key)) throw new Error(`The safety table names ${concept.key} twice.`);
  concepts.set(concept.key, concept);
  const one = [concept.key];
  addName(entry.name, { role: 'name', concepts: one });
  for (const n of entry.names ?? []) addName(n, { role: 'synonym', concepts: one });
  for (const b of entry.brands ?? []) addName(b, { role: 'brand', concepts: one });
  for (const m of entry.misspellings ?? []) addName(m, { role: 'misspelling', concepts: one });
}

const blank = { parents: [], carries: [], conditions: [], brands: [], names: [] };

for (const c of CLASSES) {
  addConcept(
    { ...blank, key: conceptKey('class', c.id), kind: 'class', name: c.name, member: c.member, crossReactive: c.crossReactive, parents: (c.parents ?? []).map((p) => conceptKey('class', p)), names: c.names ?? [] },
    c,
  );
}
for (const e of EXCIPIENTS) {
  // An excipient's parent is another excipient, or a class (benzalkonium chloride is a quaternary ammonium compound).
  const parents = (e.parents ?? []).map((p) => (CLASSES.some((c) => c.id === p) ? conceptKey('class', p) : conceptKey('excipient', p)));
  addConcept({ ...blank, key: conceptKey('excipient', e.id), kind: 'excipient', name: e.name, parents, names: e.names ?? [] }, e);
}
for (const c of CONDITIONS) {
  addConcept(
    { ...blank, key: conceptKey('condition', c.id), kind: 'condition', name: c.name, clinical: c.clinical, parents: (c.parents ?? []).map((p) => conceptKey('condition', p)), names: c.names ?? [] },
    // The clinical name is a name people write too ("renal impairment").
    { ...c, names: [...(c.clinical ? [c.clinical] : []), ...(c.names ?? [])] },
  );
}
for (const i of INGREDIENTS) {
  addConcept(
    {
      ...blank,
      key: conceptKey('ingredient', i.id),
      kind: 'ingredient',
      name: i.name,
      parents: (i.classes ?? []).map((c) => conceptKey('class', c)),
      carries: (i.allergens ?? []).map((e) => conceptKey('excipient', e)),
      conditions: (i.conditions ?? []).map((c) => conceptKey('condition', c)),
      brands: i.brands ?? [],
      names: i.names ?? [],
    },
    i,
  );
}
for (const combo of COMBINATIONS) {
  const parts = combo.parts.map((p) => (p.startsWith('excipient:') ? conceptKey('excipient', p.slice('excipient:'.length)) : conceptKey('ingredient', p)));
  for (const label of [combo.name, ...(combo.names ?? []), ...(combo.brands ?? []), ...(combo.misspellings ?? [])]) {
    addName(label, { role: label === combo.name ? 'combination' : (combo.misspellings ?? []).includes(label) ? 'misspelling' : 'combination', concepts: parts, combination: combo.name });
  }
}

// Every reference must name something the table holds: a typo in the data would silently drop a warning.
for (const c of concepts.values()) {
  for (const ref of [...c.parents, ...c.carries, ...c.conditions]) {
    if (!concepts.has(ref)) throw new Error(`The safety table's ${c.key} refers to ${ref}, which it does not hold.`);
  }
}
for (const hits of names.values()) {
  for (const h of hits) for (const ref of h.concepts) if (!concepts.has(ref)) throw new Error(`The safety table's "${h.label}" refers to ${ref}, which it does not hold.`);
}

export const concept = (key: string): Concept => {
  const c = concepts.get(key);
  if (!c) throw new Error(`No concept ${key} in the safety table.`);
  return c;
};

export const allNames = (): Iterable<[string, NameHit[]]> => names.entries();
export const lookupKey = (key: string): NameHit[] => names.get(key) ?? [];

const ancestorCache = new Map<string, Set<string>>();
/** Everything above a concept: an ingredient's classes and their parents, a condition's broader conditions. */
export function ancestors(key: string): Set<string> {
  let found = ancestorCache.get(key);
  if (found) return found;
  found = new Set<string>();
  const queue = [...concept(key).parents];
  while (queue.length) {
    const next = queue.pop()!;
    if (found.has(next)) continue;
    found.add(next);
    queue.push(...concept(next).parents);
  }
  ancestorCache.set(key, found);
  return found;
}

/** The ingredients of a class (and of its sub-classes), for hints. */
export function membersOf(classKey: string): Concept[] {
  return [...concepts.values()].filter((c) => c.kind === 'ingredient' && ancestors(c.key).has(classKey));
}

/* ---------------------------------------------------------------- edit distance */

/** Optimal string alignment distance, stopping early past `max` (a swapped pair of letters counts as one edit). */
export function editDistance(a: string, b: string, max = 1): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prevPrev[j - 2] + 1);
      row.push(d);
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length];
}
