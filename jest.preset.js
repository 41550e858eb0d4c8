// One place for how every package runs its tests: swc transforms TS/TSX, workspace packages resolve to
// their TypeScript source through the "source" export condition.
const path = require('node:path');

const swcTransform = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

// ESM-only dependencies that CommonJS code requires (Node 20 can, jest's runtime cannot): transform them.
const ESM_PACKAGES = ['cookie', 'content-disposition'];
const esm = ESM_PACKAGES.join('|');
const transformIgnorePatterns = [`/node_modules/(?!\\.pnpm/(${esm})@|(${esm})/)`];

/** @param {string} dir package folder; @param {'node'|'dom'} env */
function preset(dir, env = 'node', overrides = {}) {
  const dom = env === 'dom';
  return {
    displayName: path.relative(__dirname, dir) || 'root',
    rootDir: dir,
    testEnvironment: dom ? 'jsdom' : 'node',
    testEnvironmentOptions: {
      customExportConditions: dom ? ['source', 'browser', 'require', 'default'] : ['source', 'node', 'require', 'default'],
    },
    transform: { '^.+\\.(t|j)sx?$': swcTransform, '^.+\\.mjs$': swcTransform },
    transformIgnorePatterns,
    // Tests sit in each package's test/ folder, never beside the source (tools/test/layout.test.js keeps it so).
    testMatch: ['<rootDir>/test/**/*.test.ts?(x)'],
    setupFiles: dom ? [path.join(__dirname, 'tools/jest-dom-setup.js')] : [],
    setupFilesAfterEnv: [path.join(__dirname, 'tools/jest-timeout.js'), ...(dom ? ['@testing-library/jest-dom', path.join(__dirname, 'tools/jest-dom-wait.js')] : [])],
    moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'json'],
    ...overrides,
  };
}

module.exports = { preset, swcTransform, ESM_PACKAGES };
