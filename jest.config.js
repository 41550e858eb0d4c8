// The whole suite: every package's unit/service tests, the scripts' tests (tools/) and the browser journeys (e2e/).
const fs = require('node:fs');
const path = require('node:path');

const dirs = ['shared', 'services'].flatMap((d) => fs.readdirSync(path.join(__dirname, d)).map((n) => path.join(d, n)))
  .concat(['host-shell', 'mfe-catalog', 'mfe-cart-checkout', 'mfe-account', 'mfe-admin', 'tools', 'e2e'])
  .filter((d) => fs.existsSync(path.join(__dirname, d, 'jest.config.js')));

module.exports = {
  projects: dirs.map((d) => `<rootDir>/${d}`),
  maxWorkers: 2,
};
