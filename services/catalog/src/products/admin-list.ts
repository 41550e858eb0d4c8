import { LOW_STOCK_THRESHOLD, type AdminProductQuery, type Product } from '@pharmacy/contracts';
import type { Collection, SortSpec } from '@pharmacy/db';
import { literalMatch } from '@pharmacy/service-kit';
import { toApiProduct, type ProductDoc } from './model';

/**
 * Staff's product list, paged and sorted by the store from its indexes (ensureCatalogIndexes): newest first, or for
 * the restock list the lowest stock first; ties by title as written, then id. The search matches title, brand or
 * category, ignoring case, literally. Shoppers' listings keep coming from the read model.
 */
export async function adminProductPage(
  products: Collection<ProductDoc>,
  { search, lowStock, page, limit }: AdminProductQuery,
): Promise<{ items: Product[]; total: number }> {
  const parts: Array<Record<string, unknown>> = [];
  const needle = search?.trim();
  if (needle) parts.push({ $or: [{ title: literalMatch(needle) }, { brand: literalMatch(needle) }, { category: literalMatch(needle) }] });
  if (lowStock) parts.push({ totalStock: { $lte: LOW_STOCK_THRESHOLD } });
  const filter = parts.length > 1 ? { $and: parts } : (parts[0] ?? {});
  const sort: SortSpec = lowStock ? { totalStock: 1, title: 1, _id: 1 } : { createdAt: -1, title: 1, _id: 1 };
  const [docs, total] = await Promise.all([products.find(filter, { sort, skip: (page - 1) * limit, limit }), products.countDocuments(filter)]);
  return { items: docs.map(toApiProduct), total };
}
