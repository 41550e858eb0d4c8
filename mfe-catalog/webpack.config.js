// Remote "catalog": exactly the exposes of CatalogExposes in shared/contracts/src/remotes.ts.
const { createRemoteConfig } = require('@pharmacy/webpack-config');

module.exports = (_env, argv) =>
  createRemoteConfig({
    dir: __dirname,
    name: 'catalog',
    port: 3001,
    mode: argv.mode,
    exposes: {
      './ProductListing': './src/exposes/ProductListing.tsx',
      './ProductDetails': './src/exposes/ProductDetails.tsx',
      './SearchBox': './src/exposes/SearchBox.tsx',
      './FeatureCarousel': './src/exposes/FeatureCarousel.tsx',
      './FeaturedProducts': './src/exposes/FeaturedProducts.tsx',
    },
  });
