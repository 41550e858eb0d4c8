import { DEFAULT_SORT, isSortBy, type SortBy } from '@pharmacy/contracts';

/** The listing's whole view lives in the URL, so a link or a reload shows the same page. */
export interface ListingParams {
  categories: string[];
  brands: string[];
  sortBy: SortBy;
  page: number;
  /** A search term: the page shows search results instead of the filtered listing. */
  q: string;
}

const list = (value: string | null) => (value ? value.split(',').map((v) => v.trim()).filter(Boolean) : []);

export function readParams(search: URLSearchParams): ListingParams {
  const sort = search.get('sortBy');
  const page = Number(search.get('page'));
  return {
    categories: list(search.get('category')),
    brands: list(search.get('brand')),
    sortBy: isSortBy(sort) ? sort : DEFAULT_SORT,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    q: (search.get('q') ?? '').trim(),
  };
}

/** Only non-default values are written, so URLs stay short and shareable. */
export function writeParams(p: ListingParams): URLSearchParams {
  const out = new URLSearchParams();
  if (p.q) out.set('q', p.q);
  if (p.categories.length) out.set('category', p.categories.join(','));
  if (p.brands.length) out.set('brand', p.brands.join(','));
  if (p.sortBy !== DEFAULT_SORT) out.set('sortBy', p.sortBy);
  if (p.page > 1) out.set('page', String(p.page));
  return out;
}

export const toggle = (values: string[], value: string) =>
  values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
