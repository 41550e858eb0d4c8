import MiniSearch, { type SearchResult } from 'minisearch';
import { categoryLabel } from '@pharmacy/contracts';
import type { ProductDoc } from './model';

interface Indexed {
  id: string;
  title: string;
  brand: string;
  category: string;
  description: string;
  ingredients: string;
}

const toIndexed = (p: ProductDoc): Indexed => ({
  id: p._id,
  title: p.title,
  brand: p.brand,
  category: categoryLabel(p.category),
  description: p.description,
  ingredients: p.activeIngredients.join(' '),
});

/**
 * The full-text index over title, brand, category, description and active ingredients (minisearch:
 * ranked BM25+, prefix and fuzzy matching). The keyword is only ever tokenised into terms, never turned
 * into a regex or a database query.
 */
export class ProductSearchIndex {
  private index = ProductSearchIndex.create();

  private static create() {
    return new MiniSearch<Indexed>({
      fields: ['title', 'brand', 'category', 'description', 'ingredients'],
      idField: 'id',
      searchOptions: {
        boost: { title: 4, ingredients: 3, brand: 2, category: 1.5, description: 1 },
        prefix: (term) => term.length >= 2,
        // Typos: one edit from 4 letters, two from 8 ("ibuprofn" -> "ibuprofen").
        fuzzy: (term) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : false),
        maxFuzzy: 2,
      },
    });
  }

  load(products: Iterable<ProductDoc>): void {
    this.index = ProductSearchIndex.create();
    this.index.addAll(Array.from(products, toIndexed));
  }

  upsert(p: ProductDoc): void {
    if (this.index.has(p._id)) this.index.replace(toIndexed(p));
    else this.index.add(toIndexed(p));
  }

  remove(id: string): void {
    if (this.index.has(id)) this.index.discard(id);
  }

  /**
   * Ranked ids and the catalog words that matched. Every word must match (AND) when that finds anything,
   * otherwise any word may (OR), so a long query with one stray word still finds something.
   */
  search(keyword: string): Array<{ id: string; terms: string[] }> {
    let results: SearchResult[] = this.index.search(keyword, { combineWith: 'AND' });
    if (results.length === 0) results = this.index.search(keyword, { combineWith: 'OR' });
    return results.map((r) => ({ id: String(r.id), terms: r.terms }));
  }
}
