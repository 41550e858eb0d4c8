// Webpack 5 + Module Federation configs for the host and the remotes (docs/architecture.md#frontend-and-federation).
// One place decides what is shared, how TS is compiled and how each app is served, so the five apps
// cannot drift apart (a single differing shared entry is enough to load React twice).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');

const GATEWAY = 'http://localhost:5000';

/** Runtime libraries that must exist once on the page (docs/architecture.md#frontend-and-federation). */
const SINGLETONS = [
  'react',
  'react/', // React 19 subpaths (react/jsx-runtime) are otherwise bundled per app
  'react-dom',
  'react-dom/', // react-dom/client
  'react-router-dom', // the client API only (react-router-dom.mjs); react-router itself is bundled into it
  'react-redux',
  'redux',
  '@reduxjs/toolkit',
  'redux-saga',
  'redux-saga/', // redux-saga/effects is silently bundled twice without it
  'styled-components',
];
/**
 * Workspace packages that hold no state: each app bundles the parts it uses (tree-shaken) instead of sharing
 * one copy, so a remote built against newer contracts never runs on the host's older ones.
 */
const BUNDLED_PER_APP = new Set(['@pharmacy/contracts']);
/** Subpath entries whose version cannot be checked meaningfully. */
const NO_VERSION_CHECK = new Set(['redux-saga/']);

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Version range of `name` as the app declares it; workspace links resolve to the linked package's version. */
function requiredVersionOf(dir, deps, name) {
  const spec = deps[name];
  if (!spec) return false;
  if (spec.startsWith('workspace:')) {
    const linked = path.join(dir, 'node_modules', name, 'package.json');
    return fs.existsSync(linked) ? `^${readJson(linked).version}` : false;
  }
  return spec;
}

/** Installed version of `name` as seen from the app (subpath entries like `redux-saga/` cannot infer it). */
function installedVersion(dir, name) {
  try {
    return readJson(require.resolve(`${name}/package.json`, { paths: [dir] })).version;
  } catch {
    return undefined;
  }
}

/** The `shared` map for an app: every runtime singleton plus the @pharmacy/* packages that hold state. */
function sharedFor(dir) {
  const pkg = readJson(path.join(dir, 'package.json'));
  const deps = { ...pkg.dependencies };
  const shared = {};
  for (const key of SINGLETONS) {
    const base = key.endsWith('/') ? key.slice(0, -1) : key;
    // subpath entries and our react-router-dom module cannot infer the version from the file they resolve to
    const version = key.endsWith('/') || key === 'react-router-dom' ? installedVersion(dir, base) : undefined;
    shared[key] = {
      singleton: true,
      requiredVersion: NO_VERSION_CHECK.has(key) ? false : requiredVersionOf(dir, deps, base),
      ...(version ? { version } : {}),
    };
  }
  // ui (the toast store) and session (the store, the API client) must exist once on the page
  for (const name of Object.keys(deps).filter((d) => d.startsWith('@pharmacy/') && !BUNDLED_PER_APP.has(d))) {
    shared[name] = { singleton: true, requiredVersion: requiredVersionOf(dir, deps, name) };
  }
  return { shared, pkg };
}

/**
 * styled-components names each component from a counter of the components created before it, so the server build
 * and the browser build (and two remotes) gave one id to different components: a page hydrated with the server's
 * style sheet put a remote's rules in the group of whichever server component had its id, before the rules they
 * override (a listing opened from another page showed the phone's Filters button at 1280 px). The plugin gives
 * each component an id from its file and place in it, the same in every build of the file
 * (docs/architecture.md#server-rendering).
 */
const STYLED_COMPONENTS_PLUGIN = [require.resolve('@swc/plugin-styled-components'), { ssr: true, displayName: false, fileName: false }];

function swcRule() {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: require.resolve('swc-loader'),
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2020',
          // the plugin's compiled cache stays out of the work tree
          experimental: { plugins: [STYLED_COMPONENTS_PLUGIN], cacheRoot: path.join(__dirname, 'node_modules', '.cache', 'swc') },
        },
      },
    },
  };
}

/**
 * `react-router-dom` is our client-API module (see react-router-dom.mjs), which imports React Router's production
 * build: its package exports only the development build, whose checks a minifier cannot remove.
 */
function routerAliases(dir) {
  let routerDir;
  try {
    const dom = path.dirname(require.resolve('react-router-dom/package.json', { paths: [dir] }));
    routerDir = path.dirname(require.resolve('react-router/package.json', { paths: [dom] }));
  } catch {
    return {};
  }
  return {
    'react-router-dom$': path.join(__dirname, 'react-router-dom.mjs'),
    'react-router$': path.join(routerDir, 'dist/production/index.mjs'),
    'react-router/dom$': path.join(routerDir, 'dist/production/dom-export.mjs'),
  };
}

/**
 * Every emitted text file of 1 KB or more gets a brotli (quality 11) and a gzip (level 9) sibling, made once at build:
 * the gateway sends those bytes as they are (@fastify/static preCompressed) instead of compressing per request at the
 * low quality it can afford on the fly. Part of each app's own build, so a remote deployed on its own carries them.
 */
function precompressPlugins(production) {
  if (!production) return [];
  const test = /\.(js|css|html|svg|json|txt)$/;
  return [
    new CompressionPlugin({
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
      test,
      threshold: 1024,
      minRatio: 0.9,
    }),
    new CompressionPlugin({ filename: '[path][base].gz', algorithm: 'gzip', compressionOptions: { level: 9 }, test, threshold: 1024, minRatio: 0.9 }),
  ];
}

/**
 * The server build resolves `react-router-dom` to React Router itself: StaticRouter lives there, and nothing is
 * shipped to a browser from it.
 */
function serverRouterAliases(dir) {
  const aliases = routerAliases(dir);
  if (!aliases['react-router$']) return {};
  return { 'react-router-dom$': aliases['react-router$'], 'react-router$': aliases['react-router$'] };
}

/**
 * What an app's server build shares with the page's other server builds: the same singletons as in the browser
 * (sharedFor), which the host's server build provides (host-shell/src/server/shared.ts) and a remote's server build
 * takes from it, so that one React, one router, one styled-components sheet render the whole page.
 */
function isServerShared(request, sharedKeys) {
  // 'react/' covers react/jsx-runtime; a subpath the browser does not share (@pharmacy/ui/dialog) is bundled here too
  return sharedKeys.some((key) => (key.endsWith('/') ? request.startsWith(key) : request === key));
}

/**
 * An app's server build (docs/architecture.md#server-rendering): one CommonJS file, dist/server/ssr.js, that the
 * gateway loads to render public pages. Part of the app's own build, so a remote deployed on its own brings the
 * server rendering of its modules with it. `shareFrom`: a remote takes the singletons from the host at load time.
 */
function serverConfig({ dir, mode, name, entry, shareFrom }) {
  const base = baseConfig({ dir, mode });
  const sharedKeys = shareFrom ? Object.keys(sharedFor(dir).shared) : [];
  return {
    ...base,
    name: `${name}-server`,
    target: 'node20',
    entry: { ssr: entry },
    devtool: false,
    resolve: { ...base.resolve, alias: serverRouterAliases(dir) },
    output: { path: path.join(dir, 'dist', 'server'), filename: '[name].js', library: { type: 'commonjs2' }, publicPath: '/', clean: true },
    externalsPresets: { node: true },
    externals: shareFrom ? [({ request }, callback) => (isServerShared(request, sharedKeys) ? callback(null, `commonjs ${request}`) : callback())] : [],
    module: {
      ...base.module,
      // asset URLs are the browser build's; the server build only needs to know them
      generator: { 'asset/resource': { emit: false } },
    },
    // readable stack traces in the gateway's log; nothing here goes over the network
    optimization: { minimize: false, splitChunks: false },
    plugins: [new (require('webpack').optimize.LimitChunkCountPlugin)({ maxChunks: 1 })],
    cache: { ...base.cache, name: `${name}-server-${base.mode}` },
  };
}

/** A remote's server entry: its exposed modules by name, as the gateway asks for them ('./ProductListing'). */
function remoteServerEntry(dir, exposes) {
  const file = path.join(dir, 'node_modules', '.cache', 'ssr-entry.js');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const lines = Object.entries(exposes).map(([key, request]) => `  ${JSON.stringify(key)}: require(${JSON.stringify(resolveFile(dir, request))}),`);
  const source = `// generated by @pharmacy/webpack-config from the remote's exposes\nmodule.exports = {\n${lines.join('\n')}\n};\n`;
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== source) fs.writeFileSync(file, source);
  return file;
}

/** What host and remotes have in common. */
function baseConfig({ dir, mode }) {
  const production = mode !== 'development';
  return {
    context: dir,
    mode: production ? 'production' : 'development',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    target: 'web',
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'],
      // workspace packages (contracts) resolve to their TypeScript source, like tsc and jest
      conditionNames: ['source', '...'],
      alias: routerAliases(dir),
    },
    module: {
      // a name missing from a module (say, from react-router-dom.mjs) fails the build instead of being undefined
      parser: { javascript: { exportsPresence: 'error' } },
      rules: [
        swcRule(),
        { test: /\.(png|jpe?g|gif|webp|avif|svg|ico)$/i, type: 'asset/resource' },
        { test: /\.(woff2?)$/i, type: 'asset/resource' },
      ],
    },
    cache: {
      type: 'filesystem',
      cacheDirectory: path.join(dir, 'node_modules/.cache/webpack'),
      buildDependencies: { config: [__filename, path.join(__dirname, 'react-router-dom.mjs'), path.join(dir, 'package.json')] },
    },
    performance: { hints: false },
    optimization: { minimize: production },
    stats: 'errors-warnings',
    // 'warn' would print every federation module the persistent cache cannot serialize (harmless)
    infrastructureLogging: { level: 'error' },
  };
}

function federation({ dir, name, exposes, remotes }) {
  const { shared, pkg } = sharedFor(dir);
  return new ModuleFederationPlugin({
    name,
    ...(exposes ? { filename: 'remoteEntry.js', exposes } : {}),
    ...(remotes ? { remotes } : {}),
    shared,
    dts: false,
    manifest: true,
    // a dead remote must not stop start-up: use what is already loaded rather than asking every remote
    shareStrategy: 'loaded-first',
    // "type": "commonjs" apps cannot take the generated runtime entry file
    ...(pkg.type !== 'module' ? { virtualRuntimeEntry: true } : {}),
    // The host ships the federation runtime once and remotes use it, instead of ~25 KB gzip per remoteEntry.js
    experiments: {
      ...(exposes ? { externalRuntime: true } : { provideExternalRuntime: true }),
      // browser-only build of the runtime: drops its Node loading paths
      optimization: { target: 'web' },
    },
  });
}

/**
 * The host (shell): HTML page, router, runtime remotes. Built with `remotes: {}`; remotes are registered at
 * start from /remotes.json.
 * @param {{ dir: string, port?: number, mode?: 'production' | 'development' }} options
 */
function createHostConfig({ dir, port = 3000, mode = 'production' }) {
  const client = hostClientConfig({ dir, port, mode });
  const serverEntry = path.join(dir, 'src', 'server', 'index.tsx');
  // production builds also emit the server render; the dev server renders in the browser only
  return client.mode === 'production' && fs.existsSync(serverEntry) ? [client, serverConfig({ dir, mode, name: 'host', entry: serverEntry })] : client;
}

function hostClientConfig({ dir, port, mode }) {
  const base = baseConfig({ dir, mode });
  const production = base.mode === 'production';
  return {
    ...base,
    name: 'host',
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(dir, 'dist'),
      publicPath: '/',
      // [contenthash] is not available for the federated host's entry here (docs/architecture.md#toolchain-traps); [fullhash] is
      filename: production ? '[name].[fullhash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      // dist/server is the server build's (emitted by the other compiler of this build)
      clean: { keep: /^server\// },
    },
    plugins: [
      federation({ dir, name: 'host', remotes: {} }),
      new HtmlWebpackPlugin({
        templateContent: htmlTemplate,
        inject: 'body',
        scriptLoading: 'defer',
        // without an icon every browser asks for /favicon.ico and logs the 404
        ...(fs.existsSync(path.join(dir, 'src/favicon.svg')) ? { favicon: path.join(dir, 'src/favicon.svg') } : {}),
      }),
      ...precompressPlugins(production),
    ],
    devServer: {
      port,
      historyApiFallback: true,
      hot: true,
      proxy: [{ context: ['/api', '/remotes.json', '/mfe'], target: GATEWAY, changeOrigin: false }],
    },
  };
}

const htmlTemplate = () => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="theme-color" content="#0f766e" />
    <meta name="description" content="Pharmacy &amp; Care: order medicines and health products online from a registered pharmacy, with advice from licensed pharmacists and fast delivery." />
    <title>Pharmacy &amp; Care</title>
  </head>
  <body>
    <noscript>Pharmacy &amp; Care needs JavaScript to show the shop. Please enable it and reload the page.</noscript>
    <div id="root"></div>
  </body>
</html>`;

/** Absolute path of a module request relative to `dir`, trying the usual extensions. */
function resolveFile(dir, request) {
  const abs = path.resolve(dir, request);
  if (path.extname(abs) && fs.existsSync(abs)) return abs;
  for (const ext of ['.tsx', '.ts', '.jsx', '.js']) if (fs.existsSync(abs + ext)) return abs + ext;
  return abs;
}

/**
 * A remote: exposes page components and widgets, emits remoteEntry.js and mf-manifest.json into dist/.
 * Every exposed module records the React it imported for the one-React browser proof, under the remote's
 * `name` (record-react-loader.js): a loader adds the line so that no remote keeps a copy of it and replacing
 * an exposed file cannot drop it (an array `import` per expose would too, but it garbles mf-manifest.json).
 * @param {{ dir: string, name: string, port: number, exposes: Record<string, string>,
 *           mode?: 'production' | 'development' }} options
 */
function createRemoteConfig({ dir, name, port, exposes, mode = 'production' }) {
  const client = remoteClientConfig({ dir, name, port, exposes, mode });
  if (client.mode !== 'production') return client;
  return [client, serverConfig({ dir, mode, name, entry: remoteServerEntry(dir, exposes), shareFrom: 'host' })];
}

function remoteClientConfig({ dir, name, port, exposes, mode }) {
  const base = baseConfig({ dir, mode });
  const production = base.mode === 'production';
  const exposedFiles = new Set(Object.values(exposes).map((file) => resolveFile(dir, file)));
  const recordReactRules = [
    {
      test: (resource) => exposedFiles.has(resource),
      use: [{ loader: require.resolve('./record-react-loader'), options: { name } }],
    },
  ];
  return {
    ...base,
    name,
    entry: {},
    output: {
      path: path.join(dir, 'dist'),
      // chunks load from wherever the remote is served (/mfe/<folder>/ or a dev server); '/' breaks them
      publicPath: 'auto',
      uniqueName: name,
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: { keep: /^server\// },
    },
    module: { rules: [...base.module.rules, ...recordReactRules] },
    optimization: { ...base.optimization, runtimeChunk: false },
    plugins: [federation({ dir, name, exposes }), ...precompressPlugins(production)],
    devServer: {
      port,
      hot: true,
      allowedHosts: 'all',
      headers: {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
        'Access-Control-Allow-Headers': '*',
      },
      static: false,
    },
  };
}

module.exports = { createHostConfig, createRemoteConfig, sharedFor };
