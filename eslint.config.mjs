// pnpm lint: one ESLint run over every package's sources, tests, benchmarks, tools and browser journeys, with zero
// warnings allowed (the test command runs it after the type-check). Syntax-level typescript-eslint rules only: the
// type-check already runs once per test run, and type-aware linting would run the compiler a second time (on the
// 2-core machine the whole tree took 11 s syntax-only, 65 s with no-floating-promises and no-misused-promises).
import comments from '@eslint-community/eslint-plugin-eslint-comments';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Code that runs in the browser: the host, the remotes and the shared browser packages. */
const BROWSER = ['host-shell/**', 'mfe-*/**', 'shared/ui/**', 'shared/session/**'];

/**
 * The boundaries of docs/architecture.md#how-the-code-is-cut, as import rules on shipped code (`src/`; a test may
 * start a real peer service). What crosses a boundary goes through shared/contracts, an /internal route or a
 * remote's exposed module, never an import.
 */
const SERVICES = ['account', 'catalog', 'checkout'];
const REMOTES = ['mfe-account', 'mfe-admin', 'mfe-cart-checkout', 'mfe-catalog'];
const DEEP = {
  group: ['@pharmacy/*/src', '@pharmacy/*/src/**', '@pharmacy/*/dist', '@pharmacy/*/dist/**'],
  message: 'Import a package by its name; what it exports from its index is its interface (docs/architecture.md#how-the-code-is-cut).',
};
const serviceImport = (names, message, extra = {}) => ({ group: names.map((n) => `@pharmacy/${n}-service`), message, ...extra });
const remoteImport = (names, message) => ({ group: names.map((n) => `@pharmacy/${n}`), message });
const NO_REMOTE = remoteImport([...REMOTES, 'host-shell'], 'A service never imports browser code.');
const boundary = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns: [DEEP, ...patterns] }] } });
const BOUNDARIES = [
  boundary(['**/*.{ts,tsx,js,mjs,cjs}'], []),
  ...SERVICES.map((name) =>
    boundary(
      [`services/${name}/src/**`],
      [
        serviceImport(SERVICES.filter((n) => n !== name).concat('gateway'), `A service calls another through its /internal routes and a client (docs/architecture.md#services), never by import.`),
        NO_REMOTE,
      ],
    ),
  ),
  // The distributed gateway runs on contracts and service-kit alone: it loads the services in embedded mode only,
  // by a dynamic import (services/gateway/src/embedded.ts), which this rule does not see.
  boundary(['services/gateway/src/**'], [
    serviceImport(SERVICES, 'The gateway loads a service only in embedded mode, with import() (docs/architecture.md#services).', { allowTypeImports: true }),
    NO_REMOTE,
  ]),
  ...REMOTES.map((name) =>
    boundary(
      [`${name}/src/**`],
      [
        remoteImport(REMOTES.filter((n) => n !== name).concat('host-shell'), 'A remote loads another remote\'s widget at run time (loadRemote), never by import.'),
        serviceImport([...SERVICES, 'gateway'], 'Browser code reaches a service through /api only.'),
      ],
    ),
  ),
  boundary(['host-shell/src/**'], [
    remoteImport(REMOTES, 'The host loads remotes at run time (docs/architecture.md#frontend-and-federation), never by import.'),
    serviceImport([...SERVICES, 'gateway'], 'Browser code reaches a service through /api only.'),
  ]),
  boundary(['shared/*/src/**'], [
    serviceImport([...SERVICES, 'gateway'], 'Shared packages sit below the verticals and import none of them.'),
    remoteImport([...REMOTES, 'host-shell'], 'Shared packages sit below the verticals and import none of them.'),
  ]),
];

/**
 * A store is the only code that opens its collections by name: a feature reaches another's documents through that
 * feature's store (docs/architecture.md#services). Being moved by the order-steps work: the two files listed last.
 */
const STORES_OPEN_COLLECTIONS = {
  files: SERVICES.map((name) => `services/${name}/src/**/*.ts`),
  ignores: ['**/store.ts', '**/*-store.ts', '**/store-*.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      { selector: "CallExpression[callee.property.name='collection']", message: "Open a collection in its feature's store (store.ts) and hand it over from there." },
    ],
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', 'data/**', '**/.cache/**'] },

  js.configs.recommended,
  ...tseslint.configs.recommended,

  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@eslint-community/eslint-comments': comments },
    rules: {
      // An inline disable is an exception to a rule: it names the rule and says why, after `--`.
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: ['eslint-enable'] }],
      '@eslint-community/eslint-comments/no-unlimited-disable': 'error',
      // An unused name is a leftover; a leading underscore marks one kept on purpose (a positional argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'prefer-const': 'error',
      'no-var': 'error',
      // A thrown value is an Error: the envelope's error handler and the logs read its message and stack.
      'no-throw-literal': 'error',
    },
  },

  // Shipped code: the services log through Fastify's logger and the browser code reports only failures; a
  // console.log left from debugging does not ship. A promise rejects with an Error for the same reason as a throw.
  {
    files: ['**/src/**'],
    rules: {
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'prefer-promise-reject-errors': 'error',
    },
  },

  // The scripts, jest and webpack configs are CommonJS run by Node.
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: {
      // CommonJS files load their modules with require(); that is not the TypeScript import style the rule guards.
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  { files: ['**/*.mjs'], languageOptions: { sourceType: 'module', globals: { ...globals.node } } },

  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // A type-only import says so: a file compiled alone (swc, isolatedModules) cannot tell another module's
      // types from its values, and a reader sees which imports cost nothing at run time.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  { files: BROWSER.map((p) => `${p}/*.{ts,tsx}`), languageOptions: { globals: { ...globals.browser } } },
  { files: ['**/test/**', '**/*.test.*', 'e2e/**', 'tools/**'], languageOptions: { globals: { ...globals.jest } } },

  // React: hooks are called unconditionally in the same order, and an effect names everything it reads.
  {
    files: ['**/*.tsx', ...BROWSER.map((p) => `${p}/*.ts`)],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  ...BOUNDARIES,
  STORES_OPEN_COLLECTIONS,
);
