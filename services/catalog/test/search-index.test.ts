import MiniSearch from 'minisearch';
import { categoryLabel } from '@pharmacy/contracts';
import { generate } from '../bench/generate';
import { ProductSearchIndex, type Searchable } from '../src/products/search';

/**
 * The compact index replaced minisearch to save memory (~145 MB of heap at 100,000 products). Shoppers depend on the
 * ranking staying the same, so it is compared with minisearch as the catalog configured it, on generated products
 * after edits and deletions (minisearch vacuumed, so its lazily discarded documents are gone too).
 */
const reference = () =>
  new MiniSearch<{ id: string; title: string; brand: string; category: string; description: string; ingredients: string }>({
    fields: ['title', 'brand', 'category', 'description', 'ingredients'],
    searchOptions: {
      boost: { title: 4, ingredients: 3, brand: 2, category: 1.5, description: 1 },
      prefix: (term) => term.length >= 2,
      fuzzy: (term) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : false),
      maxFuzzy: 2,
    },
  });
const asIndexed = (p: Searchable) => ({
  id: p._id,
  title: p.title,
  brand: p.brand,
  category: categoryLabel(p.category),
  description: p.description,
  ingredients: p.activeIngredients.join(' '),
});
const referenceSearch = (m: ReturnType<typeof reference>, keyword: string) => {
  let results = m.search(keyword, { combineWith: 'AND' });
  if (results.length === 0) results = m.search(keyword, { combineWith: 'OR' });
  return results.map((r) => ({ id: String(r.id), terms: r.terms }));
};

describe('ProductSearchIndex', () => {
  it('ranks, prefixes, forgives typos and reports matched words exactly as minisearch did, after edits and deletions', async () => {
    const products = generate(2000);
    const current = new Map(products.map((p) => [p._id, p as Searchable]));
    const index = new ProductSearchIndex();
    index.load(products);
    const mini = reference();
    mini.addAll(products.map(asIndexed));

    for (let i = 0; i < 40; i++) {
      const before = current.get(products[i * 7]._id)!;
      const after = { ...before, title: `${before.title} Extra ${i}`, description: 'Soothing gel, fast.' };
      index.upsert(after, before);
      mini.replace(asIndexed(after));
      current.set(after._id, after);
    }
    for (let i = 0; i < 20; i++) {
      const gone = current.get(products[i * 13 + 1]._id)!;
      index.remove(gone);
      mini.discard(gone._id);
      current.delete(gone._id);
    }
    await mini.vacuum();

    const keywords = ['ibuprofen', 'ibuprofn', 'para', 'paracetmol tablets', 'relief gel', 'skin care', 'vita', 'extra', 'extra 3', 'soothing', 'caps', '200mg', 'zzz cream', 'carewel', 'cold flu', '12'];
    for (const keyword of keywords) {
      expect({ keyword, hits: index.search(keyword) }).toEqual({ keyword, hits: referenceSearch(mini, keyword) });
    }
  });

  it('forgets a removed product and the old words of an edited one', () => {
    const index = new ProductSearchIndex();
    const p: Searchable = { _id: 'a', title: 'Loratadine Tablets', brand: 'Allerclear', category: 'allergy', description: 'Non-drowsy.', activeIngredients: ['Loratadine'] };
    index.load([p, { ...p, _id: 'b', title: 'Cetirizine Tablets', activeIngredients: ['Cetirizine'] }]);
    expect(index.search('loratadine').map((h) => h.id)).toEqual(['a']);

    const edited = { ...p, title: 'Desloratadine Tablets', activeIngredients: ['Desloratadine'] };
    index.upsert(edited, p);
    expect(index.search('loratadine')).toEqual([]);
    expect(index.search('desloratadine').map((h) => h.id)).toEqual(['a']);

    index.remove(edited);
    expect(index.search('desloratadine')).toEqual([]);
    expect(index.search('tablets').map((h) => h.id)).toEqual(['b']);
  });
});
