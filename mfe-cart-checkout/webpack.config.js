// Remote "cartCheckout": exactly the exposes of CartCheckoutExposes in shared/contracts/src/remotes.ts.
const { createRemoteConfig } = require('@pharmacy/webpack-config');

module.exports = (_env, argv) =>
  createRemoteConfig({
    dir: __dirname,
    name: 'cartCheckout',
    port: 3002,
    mode: argv.mode,
    exposes: {
      './CartPage': './src/exposes/CartPage.tsx',
      './AddressPage': './src/exposes/AddressPage.tsx',
      './CheckoutPage': './src/exposes/CheckoutPage.tsx',
      './PaymentReturnPage': './src/exposes/PaymentReturnPage.tsx',
      './PaymentCancelPage': './src/exposes/PaymentCancelPage.tsx',
      './CartBadge': './src/exposes/CartBadge.tsx',
      './AddToCart': './src/exposes/AddToCart.tsx',
    },
  });
