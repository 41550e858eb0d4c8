// Remote "admin": exactly the exposes of AdminExposes in shared/contracts/src/remotes.ts.
const { createRemoteConfig } = require('@pharmacy/webpack-config');

module.exports = (_env, argv) =>
  createRemoteConfig({
    dir: __dirname,
    name: 'admin',
    port: 3004,
    mode: argv.mode,
    exposes: {
      './AdminLayout': './src/exposes/AdminLayout.tsx',
      './DashboardPage': './src/exposes/DashboardPage.tsx',
      './ProductsPage': './src/exposes/ProductsPage.tsx',
      './OrdersPage': './src/exposes/OrdersPage.tsx',
      './UsersPage': './src/exposes/UsersPage.tsx',
    },
  });
