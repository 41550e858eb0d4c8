import type { CatalogExposes } from '@pharmacy/contracts';

// Placeholder home-page widget until the catalog team ships it.
function FeaturedProducts() {
  return null;
}

export default FeaturedProducts satisfies CatalogExposes['./FeaturedProducts']['default'];
