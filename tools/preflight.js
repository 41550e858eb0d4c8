// What the scripts need before they run, each missing piece reported as one plain sentence saying what to do,
// instead of a spawn ENOENT or a "Cannot find module" stack trace.
'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const PNPM_VERSION = require(path.join(ROOT, 'package.json')).packageManager.split('@')[1];
const INSTALL = `npx -y pnpm@${PNPM_VERSION} install`;

/** A tool the script cannot run without; the message says what to run. */
class MissingTool extends Error {
  constructor(message) {
    super(message);
    this.name = 'MissingTool';
  }
}

/** A module of the installed dependencies (`typescript/bin/tsc`, `jest/bin/jest`, `ts-node`…), found from `root` up. */
function need(request, { root = ROOT, purpose } = {}) {
  const name = request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0];
  // Looked up by hand from `root`, like Node does, so the answer does not depend on where this file lives.
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'node_modules', name, 'package.json'))) return require.resolve(path.join(dir, 'node_modules', request));
    if (dir === path.dirname(dir)) break;
  }
  throw new MissingTool(`${name} is not installed${purpose ? ` (${purpose})` : ''}: run \`${INSTALL}\` first.`);
}

/**
 * How to run pnpm: the project's own copy (a devDependency, so the version is the one the lockfile was made with)
 * through this Node, else a pnpm on PATH. Returns [command, ...leading args]. `env`: the environment whose PATH
 * is searched (the caller's by default).
 */
function pnpmCommand({ root = ROOT, env = process.env } = {}) {
  const local = path.join(root, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');
  if (fs.existsSync(local)) return [process.execPath, local];
  const exe = process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm';
  const probe = spawnSync(exe, ['--version'], { env, stdio: 'ignore', shell: process.platform === 'win32' });
  if (!probe.error && probe.status === 0) return [exe];
  throw new MissingTool(`pnpm is not installed here and not on PATH: run \`${INSTALL}\` first.`);
}

/** A file a previous step makes (a build output); `hint` says which step. */
function needFile(file, hint) {
  if (!fs.existsSync(file)) throw new MissingTool(`${path.relative(ROOT, file) || file} is missing: ${hint}.`);
  return file;
}

/** The Chromium the browser tests and the first-load benchmark drive (CHROMIUM_PATH, validated by the caller). */
function needChromium(executable) {
  let ok = false;
  try {
    fs.accessSync(executable, fs.constants.X_OK);
    ok = fs.statSync(executable).isFile();
  } catch {
    ok = false;
  }
  if (!ok) {
    throw new MissingTool(
      `Chromium is not at ${executable}: install it (on Debian \`apt-get install chromium\`) or set CHROMIUM_PATH to a Chromium or Chrome executable.`,
    );
  }
  return executable;
}

/**
 * The environment schema of the services (shared/service-kit/src/config/variables.ts), loaded from TypeScript like
 * `pnpm dev` does, so a tool works from a fresh clone: `readEnv(process.env, ['DATA_DIR'])`.
 */
function envSchema() {
  require(need('ts-node', { purpose: 'the tools read the configuration schema through it' })).register({
    project: path.join(ROOT, 'tsconfig.json'),
    transpileOnly: true,
    swc: true,
    compilerOptions: { module: 'commonjs' },
  });
  resolveWorkspaceSources();
  return require(path.join(ROOT, 'shared/service-kit/src/config/variables'));
}

/**
 * `pnpm dev` runs with --conditions=source, so `@pharmacy/<pkg>` is its TypeScript source; a tool is already running
 * when it learns it needs the schema (Node reads --conditions only at start), so the same mapping is made here.
 * Without it the schema's imports from contracts would need a build first.
 */
function resolveWorkspaceSources() {
  const Module = require('node:module');
  if (Module._resolveFilename.workspaceSources) return;
  const resolve = Module._resolveFilename;
  const withSources = function (request, parent, ...rest) {
    if (/^@pharmacy\/[^/]+$/.test(request)) {
      const manifest = resolve.call(this, `${request}/package.json`, parent, ...rest);
      const source = require(manifest).exports?.['.']?.source;
      if (source) return path.join(path.dirname(manifest), source);
    }
    return resolve.call(this, request, parent, ...rest);
  };
  withSources.workspaceSources = true;
  Module._resolveFilename = withSources;
}

/** Runs a script's main: a missing tool is printed as its one sentence and exits 2; anything else is a real failure. */
function runMain(main) {
  Promise.resolve()
    .then(main)
    .then(
      (code) => process.exit(typeof code === 'number' ? code : 0),
      (err) => {
        if (err instanceof MissingTool) {
          console.error(`✖ ${err.message}`);
          process.exit(2);
        }
        console.error(err);
        process.exit(1);
      },
    );
}

module.exports = { MissingTool, need, pnpmCommand, needFile, needChromium, envSchema, runMain, INSTALL, ROOT };
