import type { CatalogExposes } from '@pharmacy/contracts';

// Placeholder home-page widget until the catalog team ships it.
function FeatureCarousel() {
  return null;
}

export default FeatureCarousel satisfies CatalogExposes['./FeatureCarousel']['default'];
