import type { CatalogExposes } from '@pharmacy/contracts';
import { FeatureCarousel as Carousel } from '../home/FeatureCarousel';

/** Home page widget: the feature banners. */
function FeatureCarousel() {
  return <Carousel />;
}

export default FeatureCarousel satisfies CatalogExposes['./FeatureCarousel']['default'];
