import SearchableMap from 'minisearch/SearchableMap';
import { categoryLabel } from '@pharmacy/contracts';

/** The fields a product is searched by (a stored document and the API form both have them). */
export interface Searchable {
  _id: string;
  title: string;
  brand: string;
  category: string;
  description: string;
  activeIngredients: string[];
}

/** Field ids in minisearch's order (the order results were ranked in before this index), with their boosts. */
const FIELDS = 5;
const BOOST = [4, 2, 1.5, 1, 3]; // title, brand, category, description, ingredients
const fieldTexts = (p: Searchable): string[] => [p.title, p.brand, categoryLabel(p.category), p.description, p.activeIngredients.join(' ')];

// minisearch's defaults, kept so ranking, prefix and typo tolerance answer as they did.
const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}]+/u;
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
const prefixSearch = (term: string) => term.length >= 2;
// Typos: one edit from 4 letters, two from 8 ("ibuprofn" -> "ibuprofen").
const fuzzyDistance = (term: string) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0);

/**
 * A posting is one number: (document short id * 8 + field) * 1024 + term frequency (capped at 1023). A term's
 * postings are a plain array of such numbers in insertion order (so sorted by short id): 8 bytes each, against
 * minisearch's two Map levels per term (~50 bytes a posting, ~145 MB of heap at 100,000 products).
 */
const TF_SPAN = 1024;
const DOC_SPAN = 8 * TF_SPAN;
const MAX_TF = TF_SPAN - 1;

interface Hit {
  score: number;
  /** query terms that matched (minisearch's `queryTerms`: how many decides the quality factor) */
  terms: string[];
  /** catalog terms that matched, as keys (minisearch's `match`; its key order is the order `terms` is returned in) */
  match: Record<string, true>;
}

const addUnique = (target: string[], term: string) => {
  if (!target.includes(term)) target.push(term);
};

/**
 * The full-text index over title, brand, category, description and active ingredients: ranked BM25+, prefix and
 * fuzzy matching, scored exactly as minisearch scored them (its radix tree still finds the terms a prefix or a typo
 * reaches), but with compact postings: one number per (term, field, product) instead of nested Maps, so the index
 * is a small part of the heap and few objects for the garbage collector to trace. The keyword is only ever
 * tokenised into terms, never turned into a regex or a database query.
 */
export class ProductSearchIndex {
  private terms = new SearchableMap<number[]>();
  private shortIds = new Map<string, number>();
  private ids: Array<string | undefined> = [];
  /** Unique tokens per field of each document (minisearch's field length), by short id * FIELDS + field. */
  private lengths = new Uint32Array(0);
  private totalLength = new Array<number>(FIELDS).fill(0);
  private count = 0;

  load(products: Iterable<Searchable>): void {
    this.terms = new SearchableMap<number[]>();
    this.shortIds = new Map();
    this.ids = [];
    this.lengths = new Uint32Array(0);
    this.totalLength.fill(0);
    this.count = 0;
    for (const p of products) this.add(p);
  }

  /** Adds a product, or replaces it: `previous` is what it was indexed with (its text finds its postings). */
  upsert(p: Searchable, previous?: Searchable): void {
    if (previous) this.remove(previous);
    this.add(p);
  }

  /** Removes a product: `p` is what it was indexed with. */
  remove(p: Searchable): void {
    const shortId = this.shortIds.get(p._id);
    if (shortId === undefined) return;
    const texts = fieldTexts(p);
    for (let field = 0; field < FIELDS; field++) {
      this.totalLength[field] -= this.lengths[shortId * FIELDS + field];
      this.lengths[shortId * FIELDS + field] = 0;
      for (const term of new Set(tokens(texts[field]))) this.dropPostings(term, shortId);
    }
    this.shortIds.delete(p._id);
    this.ids[shortId] = undefined;
    this.count--;
  }

  /**
   * Ranked ids and the catalog words that matched. Every word must match (AND) when that finds anything,
   * otherwise any word may (OR), so a long query with one stray word still finds something.
   */
  search(keyword: string): Array<{ id: string; terms: string[] }> {
    const perTerm = tokens(keyword).map((term) => this.termHits(term));
    let results = combine(perTerm, 'AND', this.copyHits);
    if (results.size === 0) results = combine(perTerm, 'OR', (h) => h);
    const ranked: Array<{ id: string; terms: string[]; score: number }> = [];
    for (const [shortId, hit] of results) {
      ranked.push({ id: this.ids[shortId]!, terms: Object.keys(hit.match), score: hit.score * (hit.terms.length || 1) });
    }
    ranked.sort((a, b) => b.score - a.score);
    return ranked.map(({ id, terms }) => ({ id, terms }));
  }

  private add(p: Searchable): void {
    if (this.shortIds.has(p._id)) this.remove(p);
    const shortId = this.ids.length;
    this.ids.push(p._id);
    this.shortIds.set(p._id, shortId);
    this.count++;
    if ((shortId + 1) * FIELDS > this.lengths.length) {
      const grown = new Uint32Array(Math.max(1024, this.lengths.length * 2));
      grown.set(this.lengths);
      this.lengths = grown;
    }
    const texts = fieldTexts(p);
    for (let field = 0; field < FIELDS; field++) {
      const raw = texts[field].split(SPACE_OR_PUNCTUATION);
      const length = new Set(raw).size;
      this.lengths[shortId * FIELDS + field] = length;
      this.totalLength[field] += length;
      const frequencies = new Map<string, number>();
      for (const token of raw) {
        const term = token.toLowerCase();
        if (term) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
      }
      for (const [term, tf] of frequencies) {
        const posting = (shortId * 8 + field) * TF_SPAN + Math.min(tf, MAX_TF);
        const list = this.terms.get(term);
        if (list) list.push(posting);
        else this.terms.set(term, [posting]);
      }
    }
  }

  private dropPostings(term: string, shortId: number): void {
    const list = this.terms.get(term);
    if (!list) return;
    // Postings are sorted by short id: find the first of this document's, then cut all of them.
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (list[mid] < shortId * DOC_SPAN) lo = mid + 1;
      else hi = mid;
    }
    let end = lo;
    while (end < list.length && Math.floor(list[end] / DOC_SPAN) === shortId) end++;
    if (end > lo) list.splice(lo, end - lo);
    if (list.length === 0) this.terms.delete(term);
  }

  /** One query term's hits: the exact term, then longer terms it prefixes, then terms within its typo distance. */
  private termHits(term: string): Map<number, Hit> {
    const results = new Map<number, Hit>();
    this.score(term, term, 1, this.terms.get(term), results);
    const prefixed = prefixSearch(term) ? this.terms.atPrefix(term) : undefined;
    const distance = fuzzyDistance(term);
    const fuzzy = distance ? this.terms.fuzzyGet(term, distance) : undefined;
    if (prefixed) {
      for (const [found, list] of prefixed) {
        const extra = found.length - term.length;
        if (!extra) continue;
        fuzzy?.delete(found); // scored as a prefix match only
        this.score(term, found, (PREFIX_WEIGHT * found.length) / (found.length + 0.3 * extra), list, results);
      }
    }
    if (fuzzy) {
      for (const [found, [list, edits]] of fuzzy) {
        if (!edits) continue;
        this.score(term, found, (FUZZY_WEIGHT * found.length) / (found.length + edits), list, results);
      }
    }
    return results;
  }

  private score(queryTerm: string, found: string, weight: number, list: number[] | undefined, results: Map<number, Hit>): void {
    if (!list) return;
    const matching = new Array<number>(FIELDS).fill(0);
    for (const posting of list) if (this.live(posting)) matching[Math.floor(posting / TF_SPAN) % 8]++;
    for (let field = 0; field < FIELDS; field++) {
      if (!matching[field]) continue;
      const average = this.totalLength[field] / this.count;
      const idf = Math.log(1 + (this.count - matching[field] + 0.5) / (matching[field] + 0.5));
      for (const posting of list) {
        if (Math.floor(posting / TF_SPAN) % 8 !== field || !this.live(posting)) continue;
        const shortId = Math.floor(posting / DOC_SPAN);
        const tf = posting % TF_SPAN;
        const length = this.lengths[shortId * FIELDS + field];
        const bm25 = idf * (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b + (BM25.b * length) / average)));
        const points = weight * BOOST[field] * bm25;
        const hit = results.get(shortId);
        if (hit) {
          hit.score += points;
          addUnique(hit.terms, queryTerm);
          hit.match[found] = true;
        } else {
          results.set(shortId, { score: points, terms: [queryTerm], match: { [found]: true } });
        }
      }
    }
  }

  /** A posting of a removed product (one removed with other text than it was indexed with) never counts. */
  private live(posting: number): boolean {
    return this.ids[Math.floor(posting / DOC_SPAN)] !== undefined;
  }

  /** The AND pass changes the hits it combines; the OR pass after it needs them as they were. */
  private readonly copyHits = (h: Hit): Hit => ({ score: h.score, terms: [...h.terms], match: { ...h.match } });
}

/** minisearch's tokenizer and term processing: split on spaces and punctuation, lower case, no empty terms. */
function tokens(text: string): string[] {
  return text
    .split(SPACE_OR_PUNCTUATION)
    .map((t) => t.toLowerCase())
    .filter(Boolean);
}

/** minisearch's AND and OR combinators (the same scores, terms and order of results). */
function combine(perTerm: Array<Map<number, Hit>>, mode: 'AND' | 'OR', own: (h: Hit) => Hit): Map<number, Hit> {
  if (perTerm.length === 0) return new Map();
  const maps = perTerm.map((m) => new Map([...m].map(([k, h]) => [k, own(h)] as const)));
  return maps.reduce((a, b) => {
    if (mode === 'OR') {
      for (const [id, hit] of b) {
        const existing = a.get(id);
        if (!existing) a.set(id, hit);
        else {
          existing.score += hit.score;
          Object.assign(existing.match, hit.match);
          for (const t of hit.terms) addUnique(existing.terms, t);
        }
      }
      return a;
    }
    const combined = new Map<number, Hit>();
    for (const [id, hit] of b) {
      const existing = a.get(id);
      if (!existing) continue;
      for (const t of hit.terms) addUnique(existing.terms, t);
      combined.set(id, { score: existing.score + hit.score, terms: existing.terms, match: Object.assign(existing.match, hit.match) });
    }
    return combined;
  });
}
