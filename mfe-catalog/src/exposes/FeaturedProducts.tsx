import type { CatalogExposes } from '@pharmacy/contracts';
import { FeaturedProducts as Featured } from '../home/FeaturedProducts';

/** Home page widget: categories and a row of products. */
function FeaturedProducts() {
  return <Featured />;
}

export default FeaturedProducts satisfies CatalogExposes['./FeaturedProducts']['default'];
