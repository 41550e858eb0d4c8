import type { CatalogExposes } from '@pharmacy/contracts';

// Placeholder until the catalog team ships the header search.
function SearchBox(_props: { onNavigate?: () => void }) {
  return null;
}

export default SearchBox satisfies CatalogExposes['./SearchBox']['default'];
