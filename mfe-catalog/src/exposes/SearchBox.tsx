import type { CatalogExposes } from '@pharmacy/contracts';
import { SearchBox as Box } from '../search/SearchBox';

/** Header widget: search with suggestions as you type; Enter opens /pharmacy/products?q=term. */
function SearchBox(props: { onNavigate?: () => void }) {
  return <Box {...props} />;
}

export default SearchBox satisfies CatalogExposes['./SearchBox']['default'];
