import { CATEGORIES, type Product, type ProductFacets, type SortBy } from '@pharmacy/contracts';
import { toApiProduct, type CatalogProduct, type ProductDoc } from './model';
import { ProductSearchIndex } from './search';

/**
 * One product, held once: its API form (what listing pages serialise) and the few stored fields the API form
 * does not carry. The store's copy of the document is not kept: at 100,000 products those copies (plain objects
 * with two dozen fields, built key by key) were ~150 MB of heap and the largest part of the old generation's GC work.
 */
interface Entry {
  api: Product;
  priceCents: number;
  salePriceCents: number;
  /** effectivePriceCents: the price sorts compare. */
  sortCents: number;
  reviewTotal: number;
  createdAtMs: number;
  titleKey: string;
  brandKey: string;
  /**
   * get()'s answer, built on first ask and kept until the entry is rebuilt (a quote asks for each line's product at
   * every cart add and order; building it anew each time was 0.6 % of the gateway's time in bench:orders). Frozen:
   * every caller shares it.
   */
  product: CatalogProduct | undefined;
}

export interface ListParams {
  categories: string[];
  brands: string[];
  sortBy: SortBy;
  page: number;
  limit: number;
}

/** A small insertion-ordered cache: the oldest entry goes first when full. */
class BoundedCache<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    return this.map.get(key);
  }
  set(key: string, value: V): void {
    if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value as string);
    this.map.set(key, value);
  }
  clear(): void {
    this.map.clear();
  }
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
// Plain comparisons of precomputed lower-case keys: a collator would make each re-sort of 10,000 products ~10x slower.
const byTitle = (a: Entry, b: Entry) => cmp(a.titleKey, b.titleKey) || cmp(a.api._id, b.api._id);
const byPrice = (a: Entry, b: Entry) => a.sortCents - b.sortCents || byTitle(a, b);

const SORTS: Record<SortBy, (a: Entry, b: Entry) => number> = {
  'price-lowtohigh': byPrice,
  'price-hightolow': (a, b) => -byPrice(a, b),
  'title-atoz': byTitle,
  'title-ztoa': (a, b) => -byTitle(a, b),
};

/**
 * One page of products and how many match in all (the route adds the paging figures it was asked for). A page is
 * cached and handed out as the same object until the next write, so the route can serialise it once.
 */
export interface ProductPage {
  items: Product[];
  total: number;
}

export type ProductReadModel = ReturnType<typeof createProductReadModel>;

/**
 * The catalog's in-memory read model: every product held once, kept sorted per sort order, with category
 * and brand sets for filtering and a cache of pages. The store stays the source of truth:
 * this loads from it at start and every write made by this process updates it (then drops the caches),
 * so listing and search never query the database per request, on nedb or MongoDB alike.
 */
export function createProductReadModel() {
  const byId = new Map<string, Entry>();
  const byCategory = new Map<string, Set<string>>();
  const byBrand = new Map<string, Set<string>>();
  let sorted: Partial<Record<SortBy, Entry[]>> = {};
  const pages = new BoundedCache<ProductPage>(2000);
  const searches = new BoundedCache<ProductPage & { terms: string[] }>(2000);
  const facetCounts = new BoundedCache<ProductFacets>(500);
  /** Ranked hits per keyword: only add/edit/delete change them, not stock or review counters. */
  const rankedHits = new BoundedCache<Array<{ id: string; terms: string[] }>>(2000);
  const index = new ProductSearchIndex();

  function load(docs: ProductDoc[]): void {
    byId.clear();
    byCategory.clear();
    byBrand.clear();
    for (const doc of docs) put(doc);
    index.load(docs);
    changed(true);
  }

  /** The product's stored fields (a fresh object per call: the caller may keep or change it). */
  function get(id: string): CatalogProduct | undefined {
    const entry = byId.get(id);
    if (!entry) return undefined;
    return (entry.product ??= Object.freeze(toCatalogProduct(entry)));
  }

  function getApi(id: string): Product | undefined {
    return byId.get(id)?.api;
  }

  /** Adds or replaces a product (after an admin add/edit). */
  function upsert(doc: ProductDoc): void {
    // The index finds a product's postings by the text it was indexed with: the API form holds that text.
    const previous = byId.get(doc._id)?.api;
    drop(doc._id);
    put(doc);
    index.upsert(doc, previous);
    changed(true);
  }

  function remove(id: string): void {
    const previous = byId.get(id)?.api;
    drop(id);
    if (previous) index.remove(previous);
    changed(true);
  }

  /** Stock or review counters changed: nothing it is sorted or indexed by, so only the entry is rebuilt. */
  function refresh(doc: ProductDoc): void {
    const entry = byId.get(doc._id);
    if (!entry) return;
    const { api } = entry;
    const resort = entry.priceCents !== doc.priceCents || entry.salePriceCents !== doc.salePriceCents ||
      (['title', 'brand', 'category', 'description'] as const).some((k) => api[k] !== doc[k]);
    if (resort || api.activeIngredients.join() !== doc.activeIngredients.join()) {
      return upsert(doc);
    }
    // Sorted arrays hold these same entry objects, so updating in place keeps every order valid.
    Object.assign(entry, entryOf(doc));
    changed(false);
  }

  function list(params: ListParams): ProductPage {
    const key = `${params.sortBy}|${params.categories.join(',')}|${params.brands.join(',')}|${params.page}|${params.limit}`;
    const cached = pages.get(key);
    if (cached !== undefined) return cached;
    const accept = filter(params.categories, params.brands);
    const start = (params.page - 1) * params.limit;
    const end = start + params.limit;
    const items: Product[] = [];
    let total = 0;
    for (const entry of sortedBy(params.sortBy)) {
      if (accept && !accept(entry.api._id)) continue;
      if (total >= start && total < end) items.push(entry.api);
      total++;
    }
    const result = { items, total };
    pages.set(key, result);
    return result;
  }

  function search(keyword: string, page: number, limit: number): ProductPage & { terms: string[] } {
    const normalized = keyword.trim().toLowerCase().replace(/\s+/g, ' ');
    const key = `${normalized}|${page}|${limit}`;
    const cached = searches.get(key);
    if (cached !== undefined) return cached;
    let hits = rankedHits.get(normalized);
    if (!hits) {
      hits = normalized ? index.search(normalized) : [];
      rankedHits.set(normalized, hits);
    }
    const start = (page - 1) * limit;
    const pageHits = hits.slice(start, start + limit).filter((h) => byId.has(h.id));
    const terms = new Set<string>();
    for (const h of pageHits) for (const t of h.terms) terms.add(t);
    const result = { items: pageHits.map((h) => byId.get(h.id)!.api), total: hits.length, terms: [...terms] };
    searches.set(key, result);
    return result;
  }

  /**
   * The filter panel's counts for the chosen filters, as "disjunctive facets": a group's counts apply every other
   * group's choices but not its own (ticking a second brand widens the results, so a brand's count must not be
   * narrowed by the brands already ticked). Every brand is listed, even at 0, so the panel can disable it rather
   * than offer a choice that leads to no results. One pass over the chosen sets, cached until the next write.
   */
  function facets(params: { categories: string[]; brands: string[] }): ProductFacets {
    const key = `${params.categories.join(',')}|${params.brands.join(',')}`;
    const cached = facetCounts.get(key);
    if (cached !== undefined) return cached;
    // A product has one category and one brand, so the chosen sets of one group never overlap: walking them
    // visits each matching product once, with no union built.
    const inCategory = params.categories.length ? chosen(byCategory, params.categories) : null;
    const inBrand = params.brands.length ? chosen(byBrand, params.brands) : null;
    const chosenBrands = new Set(params.brands);

    let total = byId.size;
    const brandCounts = new Map<string, number>();
    if (inCategory) {
      total = 0;
      for (const ids of inCategory) {
        for (const id of ids) {
          const brandKey = byId.get(id)!.brandKey;
          brandCounts.set(brandKey, (brandCounts.get(brandKey) ?? 0) + 1);
          if (!inBrand || chosenBrands.has(brandKey)) total++;
        }
      }
    }
    const categoryCounts = new Map<string, number>();
    if (inBrand) {
      let inChosenBrands = 0;
      for (const ids of inBrand) {
        inChosenBrands += ids.size;
        for (const id of ids) {
          const category = byId.get(id)!.api.category;
          categoryCounts.set(category, (categoryCounts.get(category) ?? 0) + 1);
        }
      }
      if (!inCategory) total = inChosenBrands;
    }

    const brands = [...byBrand.entries()]
      .map(([brandKey, ids]) => ({
        name: byId.get(ids.values().next().value as string)!.api.brand,
        count: inCategory ? (brandCounts.get(brandKey) ?? 0) : ids.size,
      }))
      .sort((a, b) => collator.compare(a.name, b.name));
    const result: ProductFacets = {
      categories: CATEGORIES.map((c) => ({
        id: c.id,
        label: c.label,
        count: inBrand ? (categoryCounts.get(c.id) ?? 0) : (byCategory.get(c.id)?.size ?? 0),
      })),
      brands,
      total,
    };
    facetCounts.set(key, result);
    return result;
  }

  function entryOf(doc: ProductDoc): Entry {
    return {
      api: toApiProduct(doc),
      priceCents: doc.priceCents,
      salePriceCents: doc.salePriceCents,
      sortCents: doc.salePriceCents > 0 ? doc.salePriceCents : doc.priceCents,
      reviewTotal: doc.reviewTotal,
      createdAtMs: new Date(doc.createdAt).getTime(),
      titleKey: doc.title.toLowerCase(),
      brandKey: doc.brand.toLowerCase(),
      // Also what a refresh in place (Object.assign) writes over the entry: the old answer goes with it.
      product: undefined,
    };
  }

  function put(doc: ProductDoc): void {
    byId.set(doc._id, entryOf(doc));
    addTo(byCategory, doc.category, doc._id);
    addTo(byBrand, doc.brand.toLowerCase(), doc._id);
  }

  function drop(id: string): void {
    const old = byId.get(id);
    if (!old) return;
    byId.delete(id);
    removeFrom(byCategory, old.api.category, id);
    removeFrom(byBrand, old.brandKey, id);
  }

  function changed(reorder: boolean): void {
    if (reorder) {
      sorted = {};
      rankedHits.clear();
    }
    pages.clear();
    searches.clear();
    facetCounts.clear();
  }

  function sortedBy(sortBy: SortBy): Entry[] {
    let list = sorted[sortBy];
    if (!list) {
      list = [...byId.values()].sort(SORTS[sortBy]);
      sorted[sortBy] = list;
    }
    return list;
  }

  /** The sets of the chosen values of one filter group (values nothing carries add nothing). */
  function chosen(map: Map<string, Set<string>>, keys: string[]): Array<Set<string>> {
    return keys.map((k) => map.get(k)).filter((set): set is Set<string> => !!set);
  }

  /** A membership test for the selected categories AND brands (any value within one filter), or null for none. */
  function filter(categories: string[], brands: string[]): ((id: string) => boolean) | null {
    const union = (map: Map<string, Set<string>>, keys: string[]) => {
      const sets = keys.map((k) => map.get(k)).filter((s): s is Set<string> => !!s);
      return (id: string) => sets.some((s) => s.has(id));
    };
    const inCategory = categories.length ? union(byCategory, categories) : null;
    const inBrand = brands.length ? union(byBrand, brands) : null;
    if (!inCategory && !inBrand) return null;
    return (id) => (!inCategory || inCategory(id)) && (!inBrand || inBrand(id));
  }

  return { load, get, getApi, upsert, remove, refresh, list, search, facets };
}

/** The stored fields the API form keeps exactly as stored (it shows the others as decimals or strings). */
const AS_STORED = [
  '_id', 'title', 'description', 'category', 'brand', 'totalStock', 'version', 'reviewCount', 'averageReview', 'image', 'activeIngredients',
  'allergens', 'contraindications', 'dosageForm', 'packSize', 'maxPerOrder', 'minAge', 'requiresPrescription', 'pharmacyOnly',
  'controlled', 'refrigerated',
] as const satisfies ReadonlyArray<keyof CatalogProduct & keyof Product>;
type AsStored = (typeof AS_STORED)[number];

/** The stored fields back from an entry (what get() promises; the API form keeps every one it shows). */
function toCatalogProduct(e: Entry): CatalogProduct {
  const stored: Pick<CatalogProduct, AsStored> = Object.fromEntries(AS_STORED.map((key) => [key, e.api[key]])) as Pick<Product, AsStored>;
  return {
    ...stored,
    priceCents: e.priceCents,
    salePriceCents: e.salePriceCents,
    reviewTotal: e.reviewTotal,
    createdAt: new Date(e.createdAtMs),
    updatedAt: new Date(e.api.updatedAt),
  };
}

function addTo(map: Map<string, Set<string>>, key: string, id: string) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(id);
}

function removeFrom(map: Map<string, Set<string>>, key: string, id: string) {
  const set = map.get(key);
  if (!set) return;
  set.delete(id);
  if (set.size === 0) map.delete(key);
}
